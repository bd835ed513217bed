"""A Swiss tournament (积分编排): a fixed number of rounds, each paired from the standings after the one before.

Rules (seed 002 篇3 §3.1, §4.1): round 1 is random (首轮比赛随机分组) with the pairs of one unit
apart; each later round is paired from the standings (根据…积分排名，进行第二轮分组) without rematches
(打过的两组选手不再碰面); :mod:`bot.tournament.swiss_pairing` does both. Tables are numbered by rank (table 1
holds the leading pairs); an odd field gives one bye a round, scored as a walkover win (:mod:`bot.tournament.points`).
After the last round the standings (:mod:`bot.tournament.ranking`) are final.

Randomness: :func:`start_swiss` takes ``rng`` = ``seed.stream(SWISS_STREAM)`` of the draw's seed and draws two
things from it, in order: the lot (the last tie-break, :func:`bot.tournament.ranking.draw_lot`), then the order of
round 1. Later rounds are a pure function of the results, so the whole Swiss tournament can be recomputed from the seed
and the results, as ``verify-draw`` does for a knockout.

A Swiss tournament's pairing is an immutable :class:`SwissStage`: :func:`record_result` stores a decided result,
:func:`pair_next_round` pairs the next round once the current one is complete, :attr:`SwissStage.finished` says when the
last round is decided. A result of a round before the current one cannot change any more (the next round was paired from
it): :class:`NextRoundPairedError`. :func:`unpair_last_round` takes back the current round while nothing is recorded in
it, so a service that knows the round has not started can correct the round before and pair again.

How the chat plays it (built; ``bot.tournament.points_stage``, ``bot.services.tournament``):

* A table is a :class:`~bot.tournament.matches.Match` (``kind`` ``swiss`` / ``group``, ``slot`` = table − 1, match
  ids numbered through the stage round by round) in a :class:`~bot.tournament.points_stage.PointsStage`, so
  reports, confirmations, disputes and decisions run through :mod:`bot.tournament.results` as for a knockout
  (:mod:`bot.tournament.stages` hands the decided match to its container); the Swiss core records it here with
  :func:`record_result` (a correction with ``replace_result=True``).
* :class:`~bot.tournament.outcome.Outcome` has a draw kind (``Outcome.draw(level)``, text ``K K draw``); the chat
  takes equal levels without a winner as a draw, and a knockout refuses one.
* Storage keeps each round's pairing as paired (tables, flaws, bye) with the results (migration 0008), never
  recomputed on load; the core is rebuilt with ``SwissStage(teams, planned_rounds, variant, lot, rounds)``, the
  lot recomputed from the seed.
* When the last table of a round is decided, :func:`pair_next_round` runs in the same transaction and the round is
  posted (tables with their flaws, the bye), or the final standings once :attr:`SwissStage.finished`. An
  official's correction of the round before the current one uses :func:`unpair_last_round` while nothing is
  reported in the current round, and pairs it again.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bot.errors import TournamentError
from bot.ruleset.variants import RuleVariant
from bot.tournament.bracket import MIN_PAIRS, DuplicateTeamError, TooFewTeamsError, UnknownTableError
from bot.tournament.format import RoundsOutOfRangeError, UnknownRoundError
from bot.tournament.points import TableResult
from bot.tournament.ranking import Meeting, StandingRow, draw_lot, rank_pairs
from bot.tournament.results import MatchFinishedError, NothingToCorrectError
from bot.tournament.seeding import halves
from bot.tournament.swiss_pairing import PairingRequest, RoundPairing, meeting_key, pair_round
from bot.tournament.teams import Team

SWISS_STREAM = b"swiss"


class NextRoundPairedError(TournamentError):
    """A result of an earlier round cannot change: the round after it was paired from the standings."""

    key = "swiss.next_round_paired"


class RoundIncompleteError(TournamentError):
    key = "swiss.round_incomplete"


class SwissFinishedError(TournamentError):
    key = "swiss.finished"


class RoundHasResultsError(TournamentError):
    """The current round cannot be taken back: results are recorded in it."""

    key = "swiss.round_has_results"


class NothingToUnpairError(TournamentError):
    """Round 1 comes from the draw and stays."""

    key = "swiss.nothing_to_unpair"


class PairingFlaw(enum.StrEnum):
    """Why a table breaks a pairing rule (only when no pairing of the round could keep it)."""

    REMATCH = "rematch"  # the pairs have met before
    SAME_UNIT = "same_unit"  # both pairs belong to one unit


@dataclass(frozen=True, slots=True)
class SwissTable:
    round: int
    table: int
    left: Team
    right: Team
    flaws: tuple[PairingFlaw, ...] = ()
    result: TableResult | None = None


@dataclass(frozen=True, slots=True)
class SwissRound:
    number: int
    tables: tuple[SwissTable, ...]
    bye: Team | None = None

    @property
    def complete(self) -> bool:
        return all(table.result is not None for table in self.tables)

    @property
    def open_tables(self) -> tuple[SwissTable, ...]:
        return tuple(table for table in self.tables if table.result is None)

    @property
    def flawed_tables(self) -> tuple[SwissTable, ...]:
        """Tables with a rematch or two pairs of one unit, which no pairing of this round could avoid."""
        return tuple(table for table in self.tables if table.flaws)

    def table(self, number: int) -> SwissTable:
        if not 1 <= number <= len(self.tables):
            raise UnknownTableError(table=number, round=self.number)
        return self.tables[number - 1]


@dataclass(frozen=True, slots=True)
class SwissStage:
    """A Swiss tournament's pure core: pairs, rounds planned, scoring, lot and rounds paired.

    The lot is team ids, the first winning a tie; at least round 1 is paired."""

    teams: tuple[Team, ...]
    planned_rounds: int
    variant: RuleVariant
    lot: tuple[int, ...]
    rounds: tuple[SwissRound, ...]
    withdrawn: frozenset[int] = frozenset()
    """Team ids of the pairs that left: no longer paired; their rows stay in the standings."""

    @property
    def current(self) -> SwissRound:
        return self.rounds[-1]

    @property
    def finished(self) -> bool:
        """The last planned round is paired and decided."""
        return len(self.rounds) == self.planned_rounds and self.current.complete

    def round(self, number: int) -> SwissRound:
        if not 1 <= number <= len(self.rounds):
            raise UnknownRoundError(round=number, rounds=len(self.rounds))
        return self.rounds[number - 1]

    def up_to(self, number: int) -> SwissStage:
        """The tournament without the rounds after round ``number`` (their results and byes do not count)."""
        return replace(self, rounds=self.rounds[:number])

    def meetings(self) -> tuple[Meeting, ...]:
        """Every decided table so far."""
        return tuple(Meeting(table.left, table.right, table.result)
                     for played in self.rounds for table in played.tables if table.result is not None)

    def byes(self) -> tuple[Team, ...]:
        return tuple(played.bye for played in self.rounds if played.bye is not None)


def start_swiss(teams: Sequence[Team], rounds: int, variant: RuleVariant, rng: random.Random, *,
                strengths: Mapping[int, int] | None = None) -> SwissStage:
    """A Swiss tournament of ``rounds`` rounds with round 1 paired.

    The lot, then round 1 in random order, both drawn from ``rng`` (the draw seed's :data:`SWISS_STREAM`); ``teams`` in
    draw order (team ids). ``strengths`` (team id → summed rating): round 1 pairs the stronger half against the weaker,
    the random order deciding among equals (``bot.tournament.seeding``)."""
    if len(teams) < MIN_PAIRS:
        raise TooFewTeamsError(count=len(teams), minimum=MIN_PAIRS)
    seen: set[int] = set()
    for team in teams:
        if team.team_id in seen:
            raise DuplicateTeamError(team=team.name)
        seen.add(team.team_id)
    if not 1 <= rounds <= len(teams) - 1:
        raise RoundsOutOfRangeError(rounds=rounds, pairs=len(teams), maximum=len(teams) - 1)
    lot = draw_lot(teams, rng)
    order = [team.team_id for team in teams]
    rng.shuffle(order)
    if strengths is not None:
        order.sort(key=lambda ident: -strengths.get(ident, 0))
        order = halves(order)
    stage = SwissStage(tuple(teams), rounds, variant, lot, ())
    request = PairingRequest(tuple(order), (0,) * len(order), _units(teams), {})
    return replace(stage, rounds=(_round(stage, 1, pair_round(request)),))


def swiss_standings(stage: SwissStage) -> tuple[StandingRow, ...]:
    """Standings from every decided table and bye so far (final once :attr:`SwissStage.finished`)."""
    return rank_pairs(stage.teams, stage.meetings(), stage.byes(), stage.variant, stage.lot, swiss=True)


def record_result(stage: SwissStage, table: int, result: TableResult, *, round_number: int | None = None,
                  replace_result: bool = False, past_round: bool = False) -> SwissStage:
    """``stage`` with ``result`` at ``table`` of the current round (or ``round_number``).

    A table that has a result is refused with ``MatchFinishedError`` unless ``replace_result`` (a correction,
    which needs a result to replace: ``NothingToCorrectError``). Any change to a round before the current one is
    refused with :class:`NextRoundPairedError` unless ``past_round``: a correction at any time, the
    rounds paired after it staying as they were played; only the standings move.
    """
    number = len(stage.rounds) if round_number is None else round_number
    played = stage.round(number)
    target = played.table(table)
    if number < len(stage.rounds) and not (past_round and replace_result):
        raise NextRoundPairedError(round=number, table=table, next_round=number + 1)
    if replace_result and target.result is None:
        raise NothingToCorrectError(round=number, table=table, match="-")
    if not replace_result and target.result is not None:
        raise MatchFinishedError(round=number, table=table, match="-")
    tables = list(played.tables)
    tables[table - 1] = replace(target, result=result)
    rounds = list(stage.rounds)
    rounds[number - 1] = replace(played, tables=tuple(tables))
    return replace(stage, rounds=tuple(rounds))


def pair_next_round(stage: SwissStage) -> SwissStage:
    """``stage`` with the next round paired from the current standings.

    Raise :class:`RoundIncompleteError` while a table of the current round has no result and :class:`SwissFinishedError`
    after the last round."""
    if not stage.current.complete:
        raise RoundIncompleteError(round=stage.current.number, open=len(stage.current.open_tables))
    if len(stage.rounds) >= stage.planned_rounds:
        raise SwissFinishedError(rounds=stage.planned_rounds)
    standings = tuple(row for row in swiss_standings(stage) if row.team.team_id not in stage.withdrawn)
    order = tuple(row.team.team_id for row in standings)
    groups: list[int] = []
    for index, row in enumerate(standings):
        groups.append(0 if index == 0 else groups[-1] + (row.points != standings[index - 1].points))
    meetings: dict[tuple[int, int], int] = {}
    for meeting in stage.meetings():
        key = meeting_key(meeting.left.team_id, meeting.right.team_id)
        meetings[key] = meetings.get(key, 0) + 1
    had_bye = frozenset(team.team_id for team in stage.byes())
    request = PairingRequest(order, tuple(groups), _units(stage.teams), meetings, had_bye)
    return replace(stage, rounds=(*stage.rounds, _round(stage, len(stage.rounds) + 1, pair_round(request))))


def withdraw_pair(stage: SwissStage, team_id: int) -> SwissStage:
    """``stage`` with the pair no longer paired from the next round on (its played results stay)."""
    return replace(stage, withdrawn=stage.withdrawn | {team_id})


def reinstate_pair(stage: SwissStage, team_id: int) -> SwissStage:
    """``stage`` with a withdrawn pair paired again from the next round on."""
    return replace(stage, withdrawn=stage.withdrawn - {team_id})


def add_late_pair(stage: SwissStage, team: Team) -> SwissStage:
    """``stage`` with a pair entered after the draw.

    Paired from the next round on with 0 points for the rounds it missed (no bye points); last in the lot."""
    return replace(stage, teams=(*stage.teams, team), lot=(*stage.lot, team.team_id))


class SwapHasResultError(TournamentError):
    """A swap moves pairs of tables that have no result yet."""

    key = "pair_changes.swap_has_result"


class SwapSameTableError(TournamentError):
    key = "pair_changes.swap_same_table"


def swap_pairs(stage: SwissStage, first: int, second: int) -> SwissStage:
    """``stage`` with two pairs (team ids) exchanging their places in the current round (a table seat or the bye).

    The flaws of the tables they move to are worked out again."""
    played = stage.current
    seats: dict[int, tuple[int, str]] = {}
    for index, table in enumerate(played.tables):
        seats[table.left.team_id] = (index, "left")
        seats[table.right.team_id] = (index, "right")
    if first == second or (first in seats and second in seats and seats[first][0] == seats[second][0]):
        raise SwapSameTableError()
    teams = {team.team_id: team for team in stage.teams}
    met = {meeting_key(meeting.left.team_id, meeting.right.team_id) for meeting in stage.meetings()}
    tables = list(played.tables)
    bye = played.bye
    for moving, into in ((first, second), (second, first)):
        if into in seats:
            index, side = seats[into]
            table = tables[index]
            tables[index] = replace(table, left=teams[moving]) if side == "left" else \
                replace(table, right=teams[moving])
        else:
            bye = teams[moving]
    for index in {seats[ident][0] for ident in (first, second) if ident in seats}:
        if tables[index].result is not None or played.tables[index].result is not None:
            raise SwapHasResultError(table=index + 1)
        table = tables[index]
        rematch = meeting_key(table.left.team_id, table.right.team_id) in met
        same_unit = table.left.unit is not None and table.left.unit == table.right.unit
        flaws = tuple(flaw for flaw, present in ((PairingFlaw.REMATCH, rematch), (PairingFlaw.SAME_UNIT, same_unit))
                      if present)
        tables[index] = replace(table, flaws=flaws)
    rounds = (*stage.rounds[:-1], replace(played, tables=tuple(tables), bye=bye))
    return replace(stage, rounds=rounds)


def unpair_last_round(stage: SwissStage) -> SwissStage:
    """``stage`` without its current round, which has no result yet (the caller knows it has not started)."""
    if len(stage.rounds) == 1:
        raise NothingToUnpairError()
    if any(table.result is not None for table in stage.current.tables):
        raise RoundHasResultsError(round=stage.current.number)
    return replace(stage, rounds=stage.rounds[:-1])


def _units(teams: Sequence[Team]) -> dict[int, str | None]:
    return {team.team_id: team.unit for team in teams}


def _round(stage: SwissStage, number: int, pairing: RoundPairing) -> SwissRound:
    teams = {team.team_id: team for team in stage.teams}
    tables = []
    for index, paired in enumerate(pairing.tables, start=1):
        flaws = tuple(flaw for flaw, present in ((PairingFlaw.REMATCH, paired.rematch),
                                                 (PairingFlaw.SAME_UNIT, paired.same_unit)) if present)
        tables.append(SwissTable(number, index, teams[paired.left], teams[paired.right], flaws))
    return SwissRound(number, tuple(tables), None if pairing.bye is None else teams[pairing.bye])
