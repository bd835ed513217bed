"""The timetable (when each round starts) and the check-ins of pairs."""

from __future__ import annotations

from datetime import datetime

from bot.match_clock.timetable import CheckIn, RoundStart
from storage.database import Row, Tx
from storage.timestamps import from_text, utc_text


def _round_start(row: Row) -> RoundStart:
    return RoundStart(row["tournament_id"], row["round"], row["chat_id"], from_text(row["starts_at"]), row["set_by"])


async def set_round_start(tx: Tx, tournament_id: int, round_number: int, chat_id: int, starts_at: datetime,
                          set_by: str, at: datetime) -> None:
    await tx.execute(
        "INSERT INTO round_schedules (tournament_id, round, chat_id, starts_at, set_by, set_at)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id, round) DO UPDATE SET"
        " chat_id = excluded.chat_id, starts_at = excluded.starts_at, set_by = excluded.set_by,"
        " set_at = excluded.set_at",
        (tournament_id, round_number, chat_id, utc_text(starts_at), set_by, utc_text(at)),
    )


async def remove_round_start(tx: Tx, tournament_id: int, round_number: int) -> bool:
    changed = await tx.execute(
        "DELETE FROM round_schedules WHERE tournament_id = ? AND round = ?", (tournament_id, round_number))
    return changed == 1


async def round_start(tx: Tx, tournament_id: int, round_number: int) -> RoundStart | None:
    row = await tx.fetch_one(
        "SELECT * FROM round_schedules WHERE tournament_id = ? AND round = ?", (tournament_id, round_number))
    return None if row is None else _round_start(row)


async def timetable(tx: Tx, tournament_id: int) -> list[RoundStart]:
    rows = await tx.fetch_all(
        "SELECT * FROM round_schedules WHERE tournament_id = ? ORDER BY round", (tournament_id,))
    return [_round_start(row) for row in rows]


async def check_in(tx: Tx, tournament_id: int, round_number: int, table: int, side: str, actor: str,
                   at: datetime) -> bool:
    """Record that the pair on ``side`` of ``table`` is there; ``False`` if it had checked in already."""
    changed = await tx.execute(
        "INSERT INTO checkins (tournament_id, round, table_number, side, actor, at) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT DO NOTHING",
        (tournament_id, round_number, table, side, actor, utc_text(at)),
    )
    return changed == 1


async def check_ins(tx: Tx, tournament_id: int, round_number: int) -> list[CheckIn]:
    rows = await tx.fetch_all(
        "SELECT * FROM checkins WHERE tournament_id = ? AND round = ? ORDER BY table_number, side",
        (tournament_id, round_number))
    return [CheckIn(row["table_number"], row["side"], row["actor"], from_text(row["at"])) for row in rows]

