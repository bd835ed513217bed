"""Read-only questions about a chat's tournament: ``/entries``, ``/bracket``, ``/tables``, ``/standings`` (and for
a scheduler: the tables of a round of any tournament by id). Nothing here writes; after the final they answer
about the chat's latest finished tournament."""

from __future__ import annotations

from dataclasses import dataclass

from bot.ruleset.variants import RuleVariant
from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.state import NoTournamentYetError, TournamentState, load_state, read_state
from bot.tournament.bracket import Bracket
from bot.tournament.matches import Match
from bot.tournament.points_event import points_standings
from bot.tournament.ranking import StandingRow
from bot.tournament.standings import Standings, standings
from storage import tournaments


@dataclass(frozen=True, slots=True)
class EntriesView:
    state: TournamentState


async def entries_view(services: Services, caller: Caller) -> EntriesView:
    return EntriesView(await read_state(services, caller.chat_id))


@dataclass(frozen=True, slots=True)
class BracketView:
    state: TournamentState
    bracket: Bracket | None
    """``None`` while a Swiss event or group stage is played (its tables are in ``state.event``)."""


async def bracket_view(services: Services, caller: Caller) -> BracketView:
    state = await read_state(services, caller.chat_id)
    if state.event is not None and state.bracket is None:
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
    """The tables of ``round_number`` (default: the round being played). A Swiss or groups tournament counts its
    points rounds first and the knockout after the groups on from them; ``round`` of the result is the stage's
    own number."""
    event, bracket = state.event, state.bracket
    if event is not None and (bracket is None or (round_number is not None and round_number <= event.rounds)):
        number = event.current_round if round_number is None else round_number
        return RoundTables(state, number, event.rounds, event.table_matches(number))
    bracket = state.require_bracket()
    offset = 0 if event is None else event.rounds
    number = bracket.current_round if round_number is None else round_number - offset
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
    standings: Standings | None
    """A knockout's placings (also of the knockout after the groups, once drawn)."""
    points: tuple[StandingRow, ...] = ()
    """A Swiss event's or group stage's standings, with their tie-break columns."""


async def standings_view(services: Services, caller: Caller) -> StandingsView:
    """``/standings``: placings so far (the final ranking once the tournament is finished)."""
    state = await read_state(services, caller.chat_id)
    if state.event is not None:
        placings = None if state.bracket is None else standings(state.bracket)
        return StandingsView(state, placings, points_standings(state.event))
    return StandingsView(state, standings(state.require_bracket()))
