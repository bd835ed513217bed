"""Read-only questions about a chat's tournament: ``/entries``, ``/bracket``, ``/tables``, ``/standings`` (and for
a scheduler: the tables of a round of any tournament by id). Nothing here writes; after the final they answer
about the chat's latest finished tournament."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.ruleset.variants import RuleVariant
from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.state import NoTournamentYetError, TournamentState, load_state, read_state
from bot.tournament.bracket import Bracket
from bot.tournament.matches import Match, MatchState
from bot.tournament.standings import Placing, Standings, standings
from storage import tournaments


@dataclass(frozen=True, slots=True)
class EntriesView:
    state: TournamentState


async def entries_view(services: Services, caller: Caller) -> EntriesView:
    return EntriesView(await read_state(services, caller.chat_id))


@dataclass(frozen=True, slots=True)
class BracketView:
    state: TournamentState
    bracket: Bracket


async def bracket_view(services: Services, caller: Caller) -> BracketView:
    state = await read_state(services, caller.chat_id)
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
    bracket = state.require_bracket()
    number = bracket.current_round if round_number is None else round_number
    return RoundTables(state, number, bracket.rounds, bracket.table_matches(number))


async def tables_view(services: Services, caller: Caller) -> RoundTables:
    """``/tables``: the current round of the chat's tournament."""
    return round_tables_of(await read_state(services, caller.chat_id))


async def chat_rule_variant(services: Services, chat_id: int) -> RuleVariant | None:
    """The rule choices of the chat's open tournament (``None`` without one), so rule answers can say what this
    tournament plays."""
    async with services.storage.read() as tx:
        record = await tournaments.open_tournament(tx, chat_id)
    return None if record is None else record.settings.variant()


async def open_tournaments(services: Services) -> list[tuple[int, int]]:
    """(tournament id, chat id) of every open tournament — for a scheduler re-creating its jobs at start-up."""
    async with services.storage.read() as tx:
        return await tournaments.open_tournament_ids(tx)


async def round_tables(services: Services, tournament_id: int, round_number: int | None = None) -> RoundTables:
    """The tables of ``round_number`` (default: the current round) of tournament ``tournament_id`` — for a
    scheduler posting round tables or check-in lists without a chat message to answer."""
    async with services.storage.read() as tx:
        record = await tournaments.get_tournament(tx, tournament_id)
        if record is None:
            raise NoTournamentYetError()
        state = await load_state(tx, services.tournaments, record)
    return round_tables_of(state, round_number)


@dataclass(frozen=True, slots=True)
class StandingsView:
    state: TournamentState
    standings: Standings


async def standings_view(services: Services, caller: Caller) -> StandingsView:
    """``/standings``: placings so far (the final ranking once the tournament is finished)."""
    state = await read_state(services, caller.chat_id)
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


@dataclass(frozen=True, slots=True)
class MyTable:
    state: TournamentState
    where: Whereabouts
    match: Match | None = None
    """The caller's match of the current round (if their pair has one)."""
    placing: Placing | None = None


async def my_table(services: Services, caller: Caller) -> MyTable:
    """``/mytable``: the caller's table this round, their bye, that they are through or out (and their place)."""
    state = await read_state(services, caller.chat_id)
    bracket = state.require_bracket()
    key = caller.actor_key
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
