"""A Swiss tournament or a group stage as the chat plays it: every table a :class:`~bot.tournament.matches.Match`.

The pure cores (:class:`~bot.tournament.swiss.SwissStage`, :class:`~bot.tournament.round_robin.GroupStage`) know
the pairings and the decided results. At the tables results are reported, confirmed, disputed and decided as in a
knockout (:mod:`bot.tournament.results`), so each table also lives here as a ``Match`` of kind ``swiss`` or
``group`` (``best_of`` 1, ``slot`` = table − 1). Match ids are numbered through the stage, round by round, from 1.

:class:`PointsStage` is the container :mod:`bot.tournament.results` works on in place of a bracket
(:mod:`bot.tournament.stages`): :meth:`PointsStage.store_changes` stores changed tables and records every decided
result in the pure core (a correction replaces the result there, in any round: the rounds paired after it stay as
they were played; whether a paired round without results is paired again is the service's call);
:meth:`PointsStage.settle` also moves the stage on once a round is
complete — the next Swiss round is paired from the standings, the next group round starts — and records
``round.started``. Tables are numbered by rank in a Swiss round (table 1 holds the leading pairs) and across the
groups in a group round.

A group round starts when the one before is complete, every group's round ``n`` at the same time: the tables of
later rounds are known from the draw and wait (``waiting``) until then.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from bot.errors import TournamentError
from bot.ruleset.scoring import Side
from bot.ruleset.variants import RuleVariant
from bot.tournament.advance import match_details
from bot.tournament.bracket import MatchId, UnknownMatchError, UnknownTableError
from bot.tournament.group_knockout import qualifier_tiers
from bot.tournament.matches import Game, Match, MatchKind, MatchState
from bot.tournament.outcome import Outcome, OutcomeKind
from bot.tournament.points import bye_points
from bot.tournament.ranking import StandingRow
from bot.tournament.round_robin import (
    GroupStage,
    GroupTable,
    clear_group_result,
    group_label,
    group_standings,
    record_group_result,
)
from bot.tournament.swiss import (
    PairingFlaw,
    RoundHasResultsError,
    SwissStage,
    SwissTable,
    pair_next_round,
    swiss_standings,
    unpair_last_round,
)
from bot.tournament.swiss import record_result as record_swiss_result
from bot.tournament.teams import Event, Team

PointsCore = SwissStage | GroupStage


class NextRoundStartedError(TournamentError):
    """A correction of a Swiss round whose next round is under way (a result is reported in it) or over."""

    key = "swiss.next_round_started"


@dataclass(frozen=True, slots=True)
class PointsStage:
    """A Swiss tournament or a group stage with every table as a match.

    The pure core (``core``), every table paired so far as a match (``store``, by match id − 1), each
    round's match ids in table order (``tables``), the round being played and its undecided tables."""

    core: PointsCore
    store: tuple[Match, ...]
    tables: tuple[tuple[int, ...], ...]
    current_round: int
    open_matches: int

    @property
    def swiss(self) -> SwissStage | None:
        return self.core if isinstance(self.core, SwissStage) else None

    @property
    def groups(self) -> GroupStage | None:
        return self.core if isinstance(self.core, GroupStage) else None

    @property
    def kind(self) -> MatchKind:
        return MatchKind.SWISS if isinstance(self.core, SwissStage) else MatchKind.GROUP

    @property
    def teams(self) -> tuple[Team, ...]:
        if isinstance(self.core, SwissStage):
            return self.core.teams
        return tuple(sorted((team for group in self.core.groups for team in group), key=lambda team: team.team_id))

    @property
    def rounds(self) -> int:
        """Rounds of the stage: the Swiss rounds planned, or the rounds of the largest group's round robin."""
        return self.core.planned_rounds if isinstance(self.core, SwissStage) else len(self.core.rounds)

    @property
    def finished(self) -> bool:
        """Every round is decided (a group stage may still lead to a knockout)."""
        return self.core.finished if isinstance(self.core, SwissStage) else self.core.complete

    def match(self, number: int) -> Match:
        if not 1 <= number <= len(self.store):
            raise UnknownMatchError(match=number)
        return self.store[number - 1]

    def table_matches(self, round_number: int | None = None) -> tuple[Match, ...]:
        """The tables of a paired round in table order (default: the current round)."""
        number = self.current_round if round_number is None else round_number
        if not 1 <= number <= len(self.tables):
            return ()
        return tuple(self.store[ident - 1] for ident in self.tables[number - 1])

    def find(self, where: int | MatchId, round_number: int | None = None) -> Match:
        """A table number of ``round_number`` (default: the current round), or a :class:`MatchId`."""
        if isinstance(where, MatchId):
            return self.match(where.number)
        number = self.current_round if round_number is None else round_number
        if not 1 <= number <= len(self.tables) or not 1 <= where <= len(self.tables[number - 1]):
            raise UnknownTableError(table=where, round=number)
        return self.store[self.tables[number - 1][where - 1] - 1]

    def playable(self) -> tuple[Match, ...]:
        return tuple(match for match in self.table_matches() if match.state.open)

    def match_of(self, person: str) -> Match | None:
        """The current-round table at which ``person`` plays, if their pair has one now (not on a bye)."""
        for match in self.table_matches():
            if any(team is not None and person in team.members for team in (match.left, match.right)):
                return match
        return None

    def group_of(self, match: Match) -> int | None:
        """The group (0 = A) a group table belongs to; ``None`` in a Swiss tournament."""
        if isinstance(self.core, GroupStage) and match.table is not None:
            return self.core.round(match.round).table(match.table).group
        return None

    def group_label_of(self, match: Match) -> str:
        group = self.group_of(match)
        return "" if group is None else group_label(group)

    def flaws(self, match: Match) -> tuple[PairingFlaw, ...]:
        """Why a Swiss table breaks a pairing rule (a rematch, one unit), which no pairing of its round avoided."""
        if isinstance(self.core, SwissStage) and match.table is not None:
            return self.core.round(match.round).table(match.table).flaws
        return ()

    def byes(self, round_number: int) -> tuple[Team, ...]:
        """The pairs with a bye in a round (one in a Swiss round of an odd field; one per odd group)."""
        if isinstance(self.core, SwissStage):
            if not 1 <= round_number <= len(self.core.rounds):
                return ()
            bye = self.core.round(round_number).bye
            return () if bye is None else (bye,)
        if not 1 <= round_number <= len(self.core.rounds):
            return ()
        return tuple(team for _, team in self.core.round(round_number).byes)

    def store_changes(self, changes: Mapping[int, Match], open_change: int = 0) -> PointsStage:
        """The stage with ``changes`` stored and their decided results recorded in the core.

        ``changes`` are by match id; the pure core raises its errors. A correction may be of any earlier round."""
        store = list(self.store)
        core = self.core
        for ident, match in changes.items():
            before = store[ident - 1]
            store[ident - 1] = match
            if match.state is MatchState.CONFIRMED and match.games:
                core = _record(core, match, replace_result=before.state is MatchState.CONFIRMED)
        return PointsStage(core, tuple(store), self.tables, self.current_round, self.open_matches + open_change)

    def settle(self, decided: Match, actor: str, at: datetime, events: list[Event]) -> PointsStage:
        """Store ``decided`` and, when it completes the round, move the stage on.

        Store ``decided`` (an open table of the current round, now decided) and, when it completes the round,
        move the stage on (:func:`advance`)."""
        stage = self.store_changes({decided.match_id: decided}, -1)
        return advance(stage, actor, at, events) if stage.open_matches == 0 else stage

    @property
    def withdrawn(self) -> frozenset[int]:
        """Team ids of the pairs that left after the draw.

        A Swiss tournament or a group stage (their standings rows stay, marked)."""
        return self.core.withdrawn

    def with_groups(self, core: GroupStage) -> PointsStage:
        """The stage with ``core`` (the same tables): a pair withdrawn or reinstated."""
        return replace(self, core=core)

    def with_swiss(self, core: SwissStage) -> PointsStage:
        """The stage with ``core`` (the same rounds paired): the current round's tables seat the core's pairs."""
        store = list(self.store)
        if self.tables:
            for ident, table in zip(self.tables[-1], core.current.tables, strict=True):
                match = store[ident - 1]
                if (match.left, match.right) != (table.left, table.right):
                    store[ident - 1] = match.with_team(Side.LEFT, table.left).with_team(Side.RIGHT, table.right)
        return PointsStage(core, tuple(store), self.tables, self.current_round, self.open_matches)

    def unpaired(self) -> PointsStage:
        """The Swiss tournament without its current round, which has no report or result yet.

        ``unpair_last_round`` refuses otherwise. A correction of the round before may then pair it again."""
        assert isinstance(self.core, SwissStage)
        if any(match.reports or match.games for match in self.table_matches()):
            raise RoundHasResultsError(round=self.current_round)
        core = unpair_last_round(self.core)
        keep = len(self.store) - len(self.tables[-1])
        return PointsStage(core, self.store[:keep], self.tables[:-1], self.current_round - 1, 0)


def advance(stage: PointsStage, actor: str, at: datetime, events: list[Event]) -> PointsStage:
    """After the current round's last result.

    Pair the next Swiss round (or start the next group round) and record ``round.started``; after the last round record
    ``points.finished``. Does nothing while a table is open."""
    if stage.open_matches:
        return stage
    core = stage.core
    if isinstance(core, SwissStage):
        if len(core.rounds) < core.planned_rounds:
            paired = pair_next_round(core)
            first = len(stage.store) + 1
            new = tuple(_swiss_match(first + index, table) for index, table in enumerate(paired.current.tables))
            started = PointsStage(paired, stage.store + new, (*stage.tables, tuple(match.match_id for match in new)),
                                  paired.current.number, len(new))
            bye = paired.current.bye
            events.append(Event(at, actor, "round.started", {
                "round": str(paired.current.number), "tables": str(len(new)),
                "bye": "" if bye is None else str(bye.team_id),
                "flawed": ",".join(str(table.table) for table in paired.current.flawed_tables)}))
            return started
        events.append(Event(at, actor, "points.finished", {"rounds": str(len(core.rounds))}))
        return stage
    store = list(stage.store)
    number = stage.current_round
    while True:
        number += 1
        if number > len(core.rounds):
            events.append(Event(at, actor, "points.finished", {"rounds": str(len(core.rounds))}))
            return PointsStage(core, tuple(store), stage.tables, number - 1, 0)
        # Tables of a pair that withdrew are decided before their round starts (walkovers): only the others open.
        idents = [ident for ident in stage.tables[number - 1] if not store[ident - 1].state.decided]
        for ident in idents:
            store[ident - 1] = store[ident - 1].started(store[ident - 1].table or 0)
        events.append(Event(at, actor, "round.started", {"round": str(number), "tables": str(len(idents))}))
        if idents:
            return PointsStage(core, tuple(store), stage.tables, number, len(idents))


def forfeit_unplayed(stage: PointsStage, team: Team, actor: str, at: datetime,
                     variant: RuleVariant) -> tuple[PointsStage, tuple[Event, ...]]:
    """A group stage with a withdrawn pair's waiting tables decided as walkovers for its opponents.

    A group stage's waiting tables (rounds not started) of a pair that withdrew, decided as walkovers for its
    opponents, so every later round starts without it; its open table of the current round is decided as any
    result is, by the caller."""
    changes: dict[int, Match] = {}
    events = []
    for match in stage.store:
        if match.state is not MatchState.WAITING or team.team_id not in _team_ids(match):
            continue
        side = Side.LEFT if match.left is not None and match.left.team_id == team.team_id else Side.RIGHT
        outcome = Outcome.forfeit(side)
        changes[match.match_id] = match.with_games(MatchState.CONFIRMED, (Game(outcome, outcome.score(variant)),),
                                                   (), side.other)
        events.append(Event(at, actor, "result.decided",
                            match_details(match, seat="official", outcome=outcome.text, withdrawn=str(team.team_id))))
    return (stage.store_changes(changes) if changes else stage), tuple(events)


def restore_unplayed(stage: PointsStage, team: Team) -> tuple[PointsStage, int]:
    """A reinstated pair's group tables not started, waiting to be played again; with how many.

    The walkovers its withdrawal decided there are taken back."""
    core = stage.core
    assert isinstance(core, GroupStage)
    store = list(stage.store)
    count = 0
    for index, match in enumerate(stage.store):
        if match.round > stage.current_round and match.state.decided and team.team_id in _team_ids(match):
            store[index] = match.with_games(MatchState.WAITING, (), (), None)
            assert match.table is not None
            core = clear_group_result(core, match.round, match.table)
            count += 1
    return replace(stage, core=core, store=tuple(store)), count


def _team_ids(match: Match) -> tuple[int, ...]:
    return tuple(team.team_id for team in (match.left, match.right) if team is not None)


def _record(core: PointsCore, match: Match, *, replace_result: bool) -> PointsCore:
    assert match.table is not None
    result = match.games[-1].outcome
    if isinstance(core, SwissStage):
        return record_swiss_result(core, match.table, result, round_number=match.round, replace_result=replace_result,
                                   past_round=replace_result)
    return record_group_result(core, match.round, match.table, result, replace_result=replace_result)


def _swiss_match(ident: int, table: SwissTable, state: MatchState = MatchState.PENDING) -> Match:
    return Match(ident, table.round, table.table - 1, MatchKind.SWISS, 1, table.left, table.right, state, table.table)


def _group_match(ident: int, table: GroupTable, state: MatchState) -> Match:
    return Match(ident, table.round, table.table - 1, MatchKind.GROUP, 1, table.left, table.right, state, table.table)


def start_points_stage(core: PointsCore) -> PointsStage:
    """The stage as drawn: a Swiss tournament's round 1, or every group round (round 1 playable, the others waiting)."""
    store: list[Match] = []
    tables: list[tuple[int, ...]] = []
    if isinstance(core, SwissStage):
        for played in core.rounds:
            idents = []
            for table in played.tables:
                store.append(_swiss_match(len(store) + 1, table))
                idents.append(len(store))
            tables.append(tuple(idents))
    else:
        for group_round in core.rounds:
            idents = []
            state = MatchState.PENDING if group_round.number == 1 else MatchState.WAITING
            for group_table in group_round.tables:
                store.append(_group_match(len(store) + 1, group_table, state))
                idents.append(len(store))
            tables.append(tuple(idents))
    return PointsStage(core, tuple(store), tuple(tables), 1, len(tables[0]) if tables else 0)


def restore_points_stage(core: PointsCore, stored: Iterable[Match]) -> PointsStage:
    """The stage of ``core`` (rebuilt from storage, with the decided results) and its stored tables.

    The current round is the last Swiss round paired, or the first group round with an open table (else the last)."""
    store = tuple(sorted(stored, key=lambda match: match.match_id))
    by_round: dict[int, list[tuple[int, int]]] = {}
    for match in store:
        by_round.setdefault(match.round, []).append((match.table or 0, match.match_id))
    tables = tuple(tuple(ident for _, ident in sorted(by_round.get(number, [])))
                   for number in range(1, max(by_round, default=0) + 1))
    current = len(core.rounds) if isinstance(core, SwissStage) else core.current_round or len(core.rounds)
    undecided = sum(1 for ident in (tables[current - 1] if tables else ()) if not store[ident - 1].state.decided)
    return PointsStage(core, store, tables, current, undecided)


def changed_tables(before: PointsStage | None, after: PointsStage) -> list[Match]:
    """Tables of ``after`` that are not the very objects of ``before`` (new rounds' tables included)."""
    if before is None:
        return list(after.store)
    return [match for index, match in enumerate(after.store)
            if index >= len(before.store) or match is not before.store[index]]


def repaired_rounds(before: PointsStage | None, after: PointsStage) -> tuple[int, ...]:
    """Rounds of ``after`` paired differently from (or not paired in) ``before``: their byes are to be stored."""
    def pairing(stage: PointsStage, number: int) -> tuple[object, ...]:
        teams = tuple((match.left, match.right) for match in stage.table_matches(number))
        return teams, stage.byes(number)

    known = 0 if before is None else len(before.tables)
    return tuple(number for number in range(1, len(after.tables) + 1)
                 if number > known or (before is not None and pairing(before, number) != pairing(after, number)))


@dataclass(frozen=True, slots=True)
class RoundPairings:
    """Who meets whom in a round, by team ids, and its byes.

    Tables as table number → left, right; a re-paired round is compared with it to say only what changed."""

    round: int
    tables: tuple[tuple[int, int | None, int | None], ...]
    byes: tuple[int, ...]

    @classmethod
    def of(cls, stage: PointsStage, round_number: int) -> RoundPairings:
        return cls(round_number, tuple((match.table or 0, _team_id(match.left), _team_id(match.right))
                         for match in stage.table_matches(round_number)),
                     tuple(team.team_id for team in stage.byes(round_number)))

    def changed_tables(self, stage: PointsStage) -> tuple[int, ...]:
        """Table numbers of ``stage``'s round whose pairs differ from these (either way round is the same table)."""
        before = {table: frozenset((left, right)) for table, left, right in self.tables}
        return tuple(match.table or 0 for match in stage.table_matches(self.round)
                     if before.get(match.table or 0) != frozenset((_team_id(match.left), _team_id(match.right))))

    def byes_changed(self, stage: PointsStage) -> bool:
        return self.byes != tuple(team.team_id for team in stage.byes(self.round))


def _team_id(team: Team | None) -> int | None:
    return None if team is None else team.team_id


def results_recorded(stage: PointsStage) -> bool:
    """Whether a result was reported or decided, or a round after the first has started.

    Whether anything was reported or decided at a table, or a round after the first has started (a draw can
    no longer be taken back)."""
    if stage.current_round > 1:
        return True
    return any(match.games or match.reports or match.state not in (MatchState.PENDING, MatchState.WAITING)
               for match in stage.store)


def score_groups(stage: PointsStage) -> tuple[frozenset[int], ...]:
    """The Swiss pairs by points, highest first (team ids): what the next round is paired within."""
    if stage.swiss is None:
        return ()
    by_points: dict[float, set[int]] = {}
    for row in swiss_standings(stage.swiss):
        by_points.setdefault(float(row.points), set()).add(row.team.team_id)
    return tuple(frozenset(by_points[points]) for points in sorted(by_points, reverse=True))


def later_results(stage: PointsStage, round_number: int) -> bool:
    """Whether a table of a round after ``round_number`` has a report or a result.

    A correction then asks for a confirmation first."""
    return any(match.reports or match.games
               for number in range(round_number + 1, len(stage.tables) + 1) for match in stage.table_matches(number))


def points_standings(stage: PointsStage) -> tuple[StandingRow, ...]:
    """The standings so far.

    A Swiss tournament's, or every group's one after the other (group A first; ``rank`` within the group), each row with
    its tie-break columns (:mod:`bot.tournament.ranking`)."""
    if isinstance(stage.core, SwissStage):
        return swiss_standings(stage.core)
    return tuple(row for rows in group_standings(stage.core) for row in rows)


def leader(stage: PointsStage) -> Team | None:
    """The pair on top: the Swiss leader, or the best group winner (as the knockout would seed it)."""
    if isinstance(stage.core, SwissStage):
        rows = swiss_standings(stage.core)
        return rows[0].team if rows else None
    tiers = qualifier_tiers(group_standings(stage.core), 1, bye_points(stage.core.variant))
    return tiers[0][0][1] if tiers and tiers[0] else None


def forfeit_wins(stage: PointsStage, up_to: int | None = None) -> dict[int, int]:
    """Tables each pair won because the other pair forfeited (their walkover points are in its points), by team.

    ``up_to``: counting rounds 1 … ``up_to`` only (default: up to the round being played — a later group round's
    walkovers, decided when a pair withdrew, count once it starts)."""
    counts: dict[int, int] = {}
    last = stage.current_round if up_to is None else up_to
    for match in stage.store:
        if match.round > last:
            continue
        if match.state is not MatchState.CONFIRMED or not match.games:
            continue
        outcome = match.games[-1].outcome
        if outcome.kind is OutcomeKind.FORFEIT and outcome.winner is not None:
            winner = match.team(outcome.winner)
            if winner is not None:
                counts[winner.team_id] = counts.get(winner.team_id, 0) + 1
    return counts


@dataclass(frozen=True, slots=True)
class StandingsMoment:
    """When the standings stand.

    After ``completed`` whole rounds, or during round ``playing`` with ``done`` of its ``count`` tables decided (their
    points already counted)."""

    completed: int
    playing: int | None = None
    done: int = 0
    count: int = 0


def standings_moment(stage: PointsStage) -> StandingsMoment:
    completed = sum(1 for number in range(1, len(stage.tables) + 1)
                    if stage.table_matches(number) and all(match.state.decided
                                                           for match in stage.table_matches(number)))
    tables = stage.table_matches()
    done = sum(1 for match in tables if match.state.decided)
    if 0 < done < len(tables):
        return StandingsMoment(completed, stage.current_round, done, len(tables))
    return StandingsMoment(completed)


def as_after(stage: PointsStage, round_number: int) -> PointsStage:
    """``stage`` as its standings stood after round ``round_number``.

    The later rounds left out (their results and byes do not count). Only the pure core is cut; the tables (``store``)
    stay as they are."""
    return replace(stage, core=stage.core.up_to(round_number))


def standings_after(stage: PointsStage, round_number: int) -> tuple[StandingRow, ...]:
    """The standings after round ``round_number`` (:func:`points_standings` of the stage cut there)."""
    return points_standings(as_after(stage, round_number))
