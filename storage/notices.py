"""The notices (竞赛规程) attached to tournaments: at most one per tournament, replaced by a new one."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from storage.database import Row, Storage, Tx
from storage.timestamps import from_text, utc_text


@dataclass(frozen=True, slots=True)
class StoredNotice:
    tournament_id: int
    text: str
    file_name: str | None
    """The document it was read from; ``None`` for a notice typed after the command."""
    attached_by: str
    attached_at: datetime


def _notice(row: Row) -> StoredNotice:
    return StoredNotice(row["tournament_id"], row["text"], row["file_name"], row["attached_by"],
                        from_text(row["attached_at"]))


async def set_notice(tx: Tx, tournament_id: int, text: str, file_name: str | None, attached_by: str,
                     at: datetime) -> None:
    """Attach ``text`` as the tournament's notice, replacing any earlier one."""
    await tx.execute(
        "INSERT INTO tournament_notices (tournament_id, text, file_name, attached_by, attached_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE SET text = excluded.text,"
        " file_name = excluded.file_name, attached_by = excluded.attached_by, attached_at = excluded.attached_at",
        (tournament_id, text, file_name, attached_by, utc_text(at)),
    )


async def notice(tx: Tx, tournament_id: int) -> StoredNotice | None:
    row = await tx.fetch_one("SELECT * FROM tournament_notices WHERE tournament_id = ?", (tournament_id,))
    return None if row is None else _notice(row)


async def notice_text(storage: Storage, tournament_id: int) -> str | None:
    """The text of the tournament's notice, one statement outside any transaction (a rule question's read)."""
    row = await storage.query_one("SELECT text FROM tournament_notices WHERE tournament_id = ?", (tournament_id,))
    return None if row is None else str(row[0])


async def remove_notice(tx: Tx, tournament_id: int) -> bool:
    """Drop the tournament's notice; whether there was one."""
    return await tx.execute("DELETE FROM tournament_notices WHERE tournament_id = ?", (tournament_id,)) == 1
