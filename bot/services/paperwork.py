"""What ``/print`` and ``python -m bot print`` print from: a tournament with everything its pages need.

One read gathers the tournament, the round asked for (default: the round being played), the attached notice, the
timetable and the referees; the table cards' result tokens are issued (or read back) for that round
(``bot.services.table_links``). Only organisers and referees may print: the cards carry every pair's token.

``/print #<id>`` names the tournament: in a group one of the group's own, in a private chat any group's — the
cards' tokens are safer there — for whoever organises or referees in that group (as if they asked in it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from bot.clock import system_clock
from bot.config import Settings
from bot.errors import UsageError
from bot.match_clock.timetable import RoundStart
from bot.services import Services
from bot.services.caller import Caller, ChatKind
from bot.services.roles import Role, Roles
from bot.services.table_links import RoundTokens, current_round_number, round_tokens
from bot.services.tournament.state import NoTournamentYetError, TournamentState, load_state, read_state
from bot.services.tournament.views import RoundTables, round_tables_of
from bot.tournament.points_stage import points_standings
from bot.tournament.ranking import StandingRow
from bot.tournament.record import TournamentStatus
from bot.tournament.standings import Standings, standings
from storage import Storage, notices, timetable, tournament_people
from storage import tournaments as tournament_rows


class NoSuchRoundToPrint(UsageError):
    """A round that has not started (or does not exist)."""

    key = "print.bad_round"


class PrintWhichTournament(UsageError):
    """``/print`` in a private chat without ``#<id>``: a private chat has no tournament of its own."""

    key = "print.which_tournament"


class NoSuchTournamentToPrint(UsageError):
    """``#<id>`` names no tournament (of this group, when asked in a group), or a cancelled one."""

    key = "print.unknown_tournament"


class NothingDrawnToPrint(UsageError):
    """Tables, names, cards or slips asked for before the draw."""

    key = "print.no_round"


@dataclass(frozen=True, slots=True)
class PrintMaterial:
    """A tournament and what its printed pages show."""

    state: TournamentState
    round: RoundTables | None
    """The round asked for (or being played); ``None`` before the draw."""
    round_number: int | None
    """That round numbered as ``/tables N`` numbers it."""
    last_round: int | None
    """The round being played (the highest that may be printed)."""
    tokens: RoundTokens | None
    """The pairs' result tokens of that round (their links are ``None`` without ``GUANDAN_PUBLIC_URL``)."""
    notice: str | None
    timetable: tuple[RoundStart, ...]
    referees: tuple[str, ...]
    placings: Standings | None
    """A knockout's placings (also of the knockout after the groups, once drawn)."""
    points: tuple[StandingRow, ...]
    """A Swiss tournament's or group stage's standings."""
    first_round: RoundTables | None
    """Round 1's tables (the booklet's draw), ``None`` before the draw."""
    printed_at: datetime
    links: bool
    """``GUANDAN_PUBLIC_URL`` is set: the cards carry QR codes."""


async def print_material(services: Services, caller: Caller, round_number: int | None = None, *,
                         needs_round: bool = False, chosen: int | None = None) -> PrintMaterial:
    """What ``/print`` prints from, for an organiser or referee.

    The chat's tournament (its latest finished one after the final), or tournament ``chosen`` (``#<id>``), for an
    organiser or referee."""
    state = await printable_tournament(services, caller, chosen)
    return await _material(services, state, round_number, needs_round=needs_round)


async def printable_tournament(services: Services, caller: Caller, chosen: int | None = None) -> TournamentState:
    """What :func:`print_material` prints from, once the caller may print it (nothing issued or written)."""
    if chosen is None:
        if caller.is_private:
            raise PrintWhichTournament()
        await services.roles.require(caller, Role.REFEREE)
        return await read_state(services, caller.chat_id, claim=caller.claim)
    async with services.storage.read() as tx:
        record = await tournament_rows.get_tournament(tx, chosen)
    if record is None or record.status is TournamentStatus.CANCELLED or (
            not caller.is_private and record.chat_id != caller.chat_id):
        raise NoSuchTournamentToPrint(id=chosen)
    # In a private chat the caller acts as a member of the tournament's group: its administrators and the
    # tournament's creator and referees may print, nobody else (a private chat makes its user an organiser only of
    # the private chat itself).
    in_group = caller if not caller.is_private else replace(
        caller, chat_id=record.chat_id, chat_kind=ChatKind.SUPERGROUP, sender_chat_id=None, chat_title=None)
    await services.roles.require(in_group, Role.REFEREE)
    async with services.storage.read() as tx:
        return await load_state(tx, services.tournaments, record)


async def print_material_by_id(services: Services, tournament_id: int, round_number: int | None = None, *,
                               needs_round: bool = False) -> PrintMaterial:
    """Tournament ``tournament_id`` of the database (``python -m bot print``: whoever holds the file may)."""
    async with services.storage.read() as tx:
        record = await tournament_rows.get_tournament(tx, tournament_id)
        if record is None:
            raise NoTournamentYetError()
        state = await load_state(tx, services.tournaments, record)
    return await _material(services, state, round_number, needs_round=needs_round)


async def print_material_from_database(settings: Settings, tournament_id: int, round_number: int | None = None, *,
                                        needs_round: bool = False) -> PrintMaterial:
    """:func:`print_material_by_id` on the database of ``settings``, for ``python -m bot print``.

    The database is opened for this, its migrations applied on SQLite."""
    storage = Storage(settings.database)
    await storage.open()
    try:
        services = Services(settings, storage, Roles(), system_clock)
        return await print_material_by_id(services, tournament_id, round_number, needs_round=needs_round)
    finally:
        await storage.close()


async def _material(services: Services, state: TournamentState, round_number: int | None, *,
                    needs_round: bool) -> PrintMaterial:
    current = current_round_number(state)
    tables = tokens = None
    if current is None:
        if needs_round or round_number is not None:
            raise NothingDrawnToPrint()
    else:
        number = current if round_number is None else round_number
        if not 1 <= number <= current:
            raise NoSuchRoundToPrint(round=number, last=current)
        tables = round_tables_of(state, number)
        tokens = await round_tokens(services, state, number)
        round_number = number
    async with services.storage.read() as tx:
        attached = await notices.notice(tx, state.tournament_id)
        starts = await timetable.timetable(tx, state.tournament_id)
        named = await tournament_people.referees(tx, state.tournament_id)
    placings = None if state.bracket is None else standings(state.bracket)
    points = () if state.points_stage is None else points_standings(state.points_stage)
    return PrintMaterial(
        state=state, round=tables, round_number=round_number, last_round=current, tokens=tokens,
        notice=None if attached is None else attached.text, timetable=tuple(starts),
        referees=tuple(referee.display_name for referee in named), placings=placings, points=points,
        first_round=None if current is None else round_tables_of(state, 1),
        printed_at=services.clock(), links=services.settings.public_url is not None)
