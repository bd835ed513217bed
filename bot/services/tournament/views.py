"""Read-only questions about a chat's tournament.

``/entries``, ``/bracket``, ``/tables``, ``/standings`` (and for a scheduler: the tables of a round of any tournament by
id). Nothing here writes; after the final they answer about the chat's latest finished tournament."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.errors import TournamentError
from bot.ruleset.variants import RuleVariant
from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.state import NoTournamentYetError, TournamentState, load_state, read_state
from bot.tournament.bracket import Bracket
from bot.tournament.matches import Match, MatchState
from bot.tournament.names import name_key
from bot.tournament.points_stage import PointsStage, points_standings
from bot.tournament.ranking import StandingRow
from bot.tournament.record import TournamentStatus
from bot.tournament.standings import Placing, Standings, standings
from bot.tournament.teams import Team
from storage import tournaments


@dataclass(frozen=True, slots=True)
class EntriesView:
    state: TournamentState


async def entries_view(services: Services, caller: Caller) -> EntriesView:
    return EntriesView(await read_state(services, caller.chat_id, claim=caller.claim))


@dataclass(frozen=True, slots=True)
class BracketView:
    state: TournamentState
    bracket: Bracket | None
    """``None`` while a Swiss tournament or group stage is played (its tables are in ``state.points_stage``)."""


async def bracket_view(services: Services, caller: Caller) -> BracketView:
    state = await read_state(services, caller.chat_id, claim=caller.claim)
    if state.points_stage is not None and state.bracket is None:
        return BracketView(state, None)
    return BracketView(state, state.require_bracket())


@dataclass(frozen=True, slots=True)
class RoundTables:
    """The tables of one started round: every real match in table order, and which of them are still open."""

    state: TournamentState
    round: int
    rounds: int
    matches: tuple[Match, ...]

    @property
    def open(self) -> tuple[Match, ...]:
        return tuple(match for match in self.matches if match.state.open)


def round_tables_of(state: TournamentState, round_number: int | None = None) -> RoundTables:
    """The tables of ``round_number`` (default: the round being played).

    A Swiss or groups tournament counts its points rounds first and the knockout after the groups on from them;
    ``round`` of the result is the stage's own number."""
    stage, bracket = state.points_stage, state.bracket
    if stage is not None and (bracket is None or (round_number is not None and round_number <= stage.rounds)):
        number = stage.current_round if round_number is None else round_number
        return RoundTables(state, number, stage.rounds, stage.table_matches(number))
    bracket = state.require_bracket()
    offset = 0 if stage is None else stage.rounds
    number = bracket.current_round if round_number is None else round_number - offset
    return RoundTables(state, number, bracket.rounds, bracket.table_matches(number))


async def tables_view(services: Services, caller: Caller) -> RoundTables:
    """``/tables``: the current round of the chat's tournament."""
    return round_tables_of(await read_state(services, caller.chat_id, claim=caller.claim))


async def chat_rule_variant(services: Services, chat_id: int) -> RuleVariant | None:
    """The rule choices of the chat's open tournament (``None`` without one).

    So rule answers can say what this tournament plays."""
    async with services.storage.read() as tx:
        record = await tournaments.open_tournament(tx, chat_id)
    return None if record is None else record.settings.variant()


async def round_tables(services: Services, tournament_id: int, round_number: int | None = None) -> RoundTables:
    """The tables of a round of tournament ``tournament_id``, for a scheduler.

    ``round_number`` defaults to the current round: for a scheduler posting round tables or check-in lists without a
    chat message to answer."""
    async with services.storage.read() as tx:
        record = await tournaments.get_tournament(tx, tournament_id)
        if record is None:
            raise NoTournamentYetError()
        state = await load_state(tx, services.tournaments, record)
    return round_tables_of(state, round_number)


@dataclass(frozen=True, slots=True)
class StandingsView:
    state: TournamentState
    standings: Standings | None
    """A knockout's placings (also of the knockout after the groups, once drawn)."""
    points: tuple[StandingRow, ...] = ()
    """A Swiss tournament's or group stage's standings, with their tie-break columns."""


async def standings_view(services: Services, caller: Caller) -> StandingsView:
    """``/standings``: placings so far (the final ranking once the tournament is finished)."""
    state = await read_state(services, caller.chat_id, claim=caller.claim)
    if state.points_stage is not None:
        placings = None if state.bracket is None else standings(state.bracket)
        return StandingsView(state, placings, points_standings(state.points_stage))
    return StandingsView(state, standings(state.require_bracket()))


class Whereabouts(enum.StrEnum):
    """Where ``/mytable`` finds the caller."""

    AT_TABLE = "at_table"  # a table of the current round, waiting for its result
    BYE = "bye"  # round 1 without an opponent: through to round 2
    THROUGH = "through"  # won this round; the next one starts when every table has finished
    PLAYOFF_NEXT = "playoff_next"  # lost a semi-final; plays for third place when the final round starts
    OUT = "out"  # lost: their place is known
    FINISHED = "finished"  # the tournament is over: their final place
    RESERVE = "reserve"  # not in a pair: a reserve (or on the waiting list)
    NOT_PLAYING = "not_playing"
    POINTS_BYE = "points_bye"  # a Swiss bye (scored as a walkover win) or a group round's rest
    PLAYED = "played"  # a Swiss or group table decided; the next round starts when every table has finished
    STANDING = "standing"  # a Swiss or groups tournament over (or the pair's groups done): their place in the standings


@dataclass(frozen=True, slots=True)
class MyTable:
    state: TournamentState
    where: Whereabouts
    match: Match | None = None
    """The caller's match of the current round (if their pair has one)."""
    placing: Placing | None = None
    row: StandingRow | None = None
    """In a Swiss tournament or group stage: the pair's line of the standings."""


def _my_points_table(state: TournamentState, stage: PointsStage, key: str) -> MyTable:
    """``/mytable`` in a Swiss tournament or group stage (or for a pair the groups did not send to the knockout)."""
    team = next((team for team in stage.teams if key in team.members), None)
    if team is None:
        reserves = {person.key for person in state.reserves} | {
            member for entry in state.registration.waiting for member in entry.person_keys}
        return MyTable(state, Whereabouts.RESERVE if key in reserves else Whereabouts.NOT_PLAYING)
    row = next(line for line in points_standings(stage) if line.team.team_id == team.team_id)
    if state.record.status is TournamentStatus.FINISHED or state.bracket is not None:
        return MyTable(state, Whereabouts.STANDING, row=row)
    match = stage.match_of(key)
    if match is not None and match.state.open:
        return MyTable(state, Whereabouts.AT_TABLE, match, row=row)
    if any(bye.team_id == team.team_id for bye in stage.byes(stage.current_round)):
        return MyTable(state, Whereabouts.POINTS_BYE, row=row)
    return MyTable(state, Whereabouts.PLAYED, match, row=row)


async def my_table(services: Services, caller: Caller) -> MyTable:
    """``/mytable``: the caller's table this round, their bye, that they are through or out (and their place)."""
    state = await read_state(services, caller.chat_id, claim=caller.claim)
    key = caller.actor_key
    stage = state.points_stage
    if stage is not None and (state.bracket is None or key not in state.bracket.frame.member_teams):
        return _my_points_table(state, stage, key)
    bracket = state.require_bracket()
    team_id = bracket.frame.member_teams.get(key)
    if team_id is None:
        reserves = {person.key for person in state.reserves} | {
            member for entry in state.registration.waiting for member in entry.person_keys}
        return MyTable(state, Whereabouts.RESERVE if key in reserves else Whereabouts.NOT_PLAYING)
    match = next((found for found in bracket.round_matches(bracket.current_round)
                  if any(team is not None and team.team_id == team_id for team in (found.left, found.right))), None)
    placing = next(line for line in standings(bracket).placings if line.team.team_id == team_id)
    if match is not None and match.state.open:
        return MyTable(state, Whereabouts.AT_TABLE, match, placing)
    if placing.place is not None:
        return MyTable(state, Whereabouts.FINISHED if bracket.finished else Whereabouts.OUT, match, placing)
    if match is not None and match.state is MatchState.BYE:
        return MyTable(state, Whereabouts.BYE, match, placing)
    if match is not None and match.winning_team is not None and match.winning_team.team_id != team_id:
        return MyTable(state, Whereabouts.PLAYOFF_NEXT, match, placing)
    return MyTable(state, Whereabouts.THROUGH, match, placing)


# Looking back on a Swiss or groups tournament ----------------------------------------------------------------------


class NotAPointsTournamentError(TournamentError):
    """``/tables 2``, ``/standings 2``, ``/bracket 2`` and ``/pair`` look back on a Swiss or groups tournament."""

    key = "points.looking_back.points_only"


class RoundNotPlayedError(TournamentError):
    key = "points.looking_back.no_such_round"


class NoPairCalledError(TournamentError):
    key = "points.looking_back.no_pair"


class AmbiguousPairError(TournamentError):
    key = "points.looking_back.ambiguous_pair"


@dataclass(frozen=True, slots=True)
class LookBack:
    """The chat's Swiss or groups tournament and a round of it that has been paired."""

    state: TournamentState
    stage: PointsStage
    round: int


def _points_stage(state: TournamentState) -> PointsStage:
    if state.points_stage is None:
        raise NotAPointsTournamentError()
    return state.points_stage


async def look_back(services: Services, caller: Caller, round_number: int) -> LookBack:
    """Round ``round_number`` of the chat's Swiss or groups tournament.

    Refused for a knockout and for a round not paired yet (with the rounds there are)."""
    state = await read_state(services, caller.chat_id, claim=caller.claim)
    stage = _points_stage(state)
    if not 1 <= round_number <= len(stage.tables):
        raise RoundNotPlayedError(round=round_number, rounds=len(stage.tables))
    return LookBack(state, stage, round_number)


@dataclass(frozen=True, slots=True)
class PairView:
    state: TournamentState
    stage: PointsStage
    team: Team


async def pair_view(services: Services, caller: Caller, which: str) -> PairView:
    """``/pair 张三`` or ``/pair 3``: the pair with a member (or a name) called ``which``, or numbered ``which``."""
    state = await read_state(services, caller.chat_id, claim=caller.claim)
    stage = _points_stage(state)
    people = state.people()
    number = which[1:] if which.startswith(("#", "＃")) else which
    if number.isascii() and number.isdigit():
        found = [team for team in stage.teams if team.team_id == int(number)]
    else:
        wanted = name_key(which)
        found = [team for team in stage.teams
                 if name_key(team.name) == wanted
                 or any(name_key(people[key].name) == wanted for key in team.members if key in people)]
    if not found:
        raise NoPairCalledError(name=which)
    if len(found) > 1:
        raise AmbiguousPairError(name=which, numbers=" ".join(f"#{team.team_id}" for team in found))
    return PairView(state, stage, found[0])
