"""Check-in: from a round's reminder until its start plus the grace, each pair confirms it is at its table (``/here``).

At start + grace the bot lists the tables with a pair missing and asks a referee to decide; it never declares a forfeit
itself (seed 000: "比赛开始后超过15分钟未到赛场视为弃权" — the referee applies it).

A pair counts as present when one of its members checks in (partners sit at the same table), or when a referee
checks it in (members registered by name have no account to do it themselves).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from bot.errors import TournamentError
from bot.match_clock.local_time import local_text
from bot.match_clock.timetable import RoundStart
from bot.ruleset.scoring import Side
from bot.services.caller import Caller
from bot.services.match_clock.board import BoardTable, BoardTournament, TournamentBoard
from bot.services.match_clock.timetable import tournament_in
from bot.services.roles import Role
from storage import Tx, history, timetable

if TYPE_CHECKING:
    from bot.services import Services


class CheckInOff(TournamentError):
    key = "schedule.checkin_off"


class CheckInNotOpen(TournamentError):
    key = "schedule.checkin_not_open"


class CheckInClosed(TournamentError):
    key = "schedule.checkin_closed"


class NotPlaying(TournamentError):
    key = "schedule.not_playing"


class NoSuchTable(TournamentError):
    key = "schedule.no_such_table"


class TablesNotKnown(TournamentError):
    key = "schedule.tables_not_known"


@dataclass(frozen=True, slots=True)
class CheckedIn:
    round: int
    table: int
    side: Side
    pair: str
    first: bool
    """``False``: the pair had checked in already."""
    after_start: bool


@dataclass(frozen=True, slots=True)
class MissingPairs:
    table: BoardTable
    sides: tuple[Side, ...]


def checkin_window(start: RoundStart, tournament: BoardTournament) -> tuple[datetime, datetime] | None:
    """From the reminder to start + grace (that instant excluded: the missing pairs are listed then).

    ``None`` when check-in is off."""
    if tournament.checkin_grace is None:
        return None
    return start.starts_at - tournament.remind, start.starts_at + tournament.checkin_grace


async def _open_round(tx: Tx, tournament: BoardTournament, now: datetime) -> RoundStart:
    if tournament.checkin_grace is None:
        raise CheckInOff()
    upcoming = []
    for start in await timetable.timetable(tx, tournament.tournament_id):
        window = checkin_window(start, tournament)
        if window is None or start.round <= tournament.completed_rounds:
            continue
        opens, closes = window
        if opens <= now < closes:
            return start
        if now < opens:
            upcoming.append((opens, start))
    if upcoming:
        opens, start = min(upcoming, key=lambda item: item[0])
        raise CheckInNotOpen(round=start.round, opens=local_text(opens, tournament.zone))
    raise CheckInClosed()


def _seat(tables: tuple[BoardTable, ...], user_id: int | None) -> tuple[BoardTable, Side] | None:
    for table in tables:
        if user_id in table.left.member_ids:
            return table, Side.LEFT
        if user_id in table.right.member_ids:
            return table, Side.RIGHT
    return None


async def check_in(services: Services, caller: Caller, *, table_number: int | None = None,
                   side: Side | None = None) -> CheckedIn:
    """The caller's pair checks in.

    With ``table_number`` and ``side`` that pair, on a referee's call (the caller's role decided in the transaction; the
    handler refused others early)."""
    now, board = services.clock(), services.board
    referee_call = table_number is not None and side is not None
    roles = await services.roles.for_caller(caller) if referee_call else None
    async with services.storage.transaction(claim=caller.claim) as tx:
        if roles is not None:
            await roles.require(tx, Role.REFEREE)
        tournament = await tournament_in(tx, board, caller.chat_id)
        start = await _open_round(tx, tournament, now)
        tables = await board.tables(tx, tournament.tournament_id, start.round)
        if tables is None:
            raise TablesNotKnown(round=start.round)
        if table_number is not None and side is not None:
            found = next((table for table in tables if table.table == table_number), None)
            if found is None:
                raise NoSuchTable(table=table_number, round=start.round)
            table, seated = found, side
        else:
            seat = _seat(tables, caller.user_id)
            if seat is None:
                raise NotPlaying(round=start.round)
            table, seated = seat
        first = await timetable.check_in(
            tx, tournament.tournament_id, start.round, table.table, seated.value, caller.actor_key, now)
        if first:
            await history.append(
                tx, chat_id=tournament.chat_id, tournament_id=tournament.tournament_id, actor=caller.actor_key,
                kind="schedule.checkin", at=now,
                details={"round": start.round, "table": table.table, "side": seated.value})
    pair = table.left if seated is Side.LEFT else table.right
    return CheckedIn(start.round, table.table, seated, pair.name, first, now > start.starts_at)


async def missing_pairs(tx: Tx, board: TournamentBoard, tournament_id: int, round_number: int
                        ) -> tuple[MissingPairs, ...] | None:
    """Open tables of the round with a pair that has not checked in; ``None`` if the tables are not known."""
    tables = await board.tables(tx, tournament_id, round_number)
    if tables is None:
        return None
    present = {(entry.table, entry.side) for entry in await timetable.check_ins(tx, tournament_id, round_number)}
    missing = []
    for table in tables:
        if not table.open:
            continue
        sides = tuple(side for side in (Side.LEFT, Side.RIGHT) if (table.table, side.value) not in present)
        if sides:
            missing.append(MissingPairs(table, sides))
    return tuple(missing)
