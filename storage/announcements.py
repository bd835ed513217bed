"""Announcement rows (:class:`bot.match_clock.announcement.Announcement`): the database is the source of truth for
what the bot still has to say, and when.

A row starts ``pending``; it ends ``sent`` (on time), ``late`` (sent after a restart, marked late), ``dropped``
(missed by too much, or Telegram refused it for good) or ``cancelled`` (its schedule changed). Only pending rows
change.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from bot.match_clock.announcement import Announcement, AnnouncementState
from bot.match_clock.plan import AnnouncementKind
from storage.database import Row, Tx
from storage.timestamps import from_text, utc_text


def _announcement(row: Row) -> Announcement:
    return Announcement(
        announcement_id=row["announcement_id"],
        tournament_id=row["tournament_id"],
        chat_id=row["chat_id"],
        round=row["round"],
        kind=AnnouncementKind(row["kind"]),
        due=from_text(row["due_at"]),
        state=AnnouncementState(row["state"]),
        late=bool(row["late"]),
        attempts=row["attempts"],
        body=row["body"],
        parts_sent=row["parts_sent"],
        parts_total=row["parts_total"],
        part_in_flight=row["part_in_flight"],
        last_error=row["last_error"],
        sent_at=None if row["sent_at"] is None else from_text(row["sent_at"]),
    )


async def add(
    tx: Tx, *, tournament_id: int, chat_id: int, round_number: int, kind: AnnouncementKind, due: datetime,
    at: datetime,
) -> Announcement:
    announcement_id = await tx.insert(
        "INSERT INTO announcements (tournament_id, chat_id, round, kind, due_at, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) RETURNING announcement_id",
        (tournament_id, chat_id, round_number, kind.value, utc_text(due), utc_text(at)),
    )
    found = await get(tx, announcement_id)
    assert found is not None
    return found


async def get(tx: Tx, announcement_id: int) -> Announcement | None:
    row = await tx.fetch_one("SELECT * FROM announcements WHERE announcement_id = ?", (announcement_id,))
    return None if row is None else _announcement(row)


async def pending(tx: Tx) -> list[Announcement]:
    """Every pending announcement, earliest first."""
    rows = await tx.fetch_all(
        "SELECT * FROM announcements WHERE state = 'pending' ORDER BY due_at, announcement_id")
    return [_announcement(row) for row in rows]


async def for_tournament(tx: Tx, tournament_id: int, round_number: int | None = None) -> list[Announcement]:
    """All rows of a tournament (or one of its rounds), in the order they were planned."""
    if round_number is None:
        rows = await tx.fetch_all(
            "SELECT * FROM announcements WHERE tournament_id = ? ORDER BY round, due_at, announcement_id",
            (tournament_id,))
    else:
        rows = await tx.fetch_all(
            "SELECT * FROM announcements WHERE tournament_id = ? AND round = ? ORDER BY due_at, announcement_id",
            (tournament_id, round_number))
    return [_announcement(row) for row in rows]


async def pending_for(tx: Tx, tournament_id: int, round_number: int | None = None) -> list[Announcement]:
    return [row for row in await for_tournament(tx, tournament_id, round_number)
            if row.state is AnnouncementState.PENDING]


async def close(tx: Tx, announcement_id: int, state: AnnouncementState, at: datetime, reason: str | None = None
                ) -> bool:
    """End a pending row as ``state``; ``False`` if it was no longer pending (someone else ended it)."""
    if state is AnnouncementState.PENDING:
        raise ValueError("close() ends a row; pending is not an end")
    sent_at = utc_text(at) if state in (AnnouncementState.SENT, AnnouncementState.LATE) else None
    changed = await tx.execute(
        "UPDATE announcements SET state = ?, sent_at = ?, closed_at = ?, last_error = coalesce(?, last_error)"
        " WHERE announcement_id = ? AND state = 'pending'",
        (state.value, sent_at, utc_text(at), reason, announcement_id),
    )
    return changed == 1


async def cancel(tx: Tx, announcement_ids: Iterable[int], at: datetime) -> list[int]:
    """Cancel those of ``announcement_ids`` still pending; the ids cancelled now."""
    cancelled = []
    for announcement_id in announcement_ids:
        if await close(tx, announcement_id, AnnouncementState.CANCELLED, at):
            cancelled.append(announcement_id)
    return cancelled


async def mark_late(tx: Tx, announcement_id: int) -> None:
    await tx.execute(
        "UPDATE announcements SET late = 1 WHERE announcement_id = ? AND state = 'pending'", (announcement_id,))


async def begin_attempt(tx: Tx, announcement_id: int, body: str, parts_total: int) -> Announcement | None:
    """Count one more attempt, keep ``body`` (of ``parts_total`` pieces) unless an earlier attempt stored one, and
    mark the first piece still to send as in flight; the row as it now is, or ``None`` if it is no longer
    pending."""
    changed = await tx.execute(
        "UPDATE announcements SET attempts = attempts + 1, body = coalesce(body, ?), parts_total = ?,"
        " part_in_flight = CASE WHEN parts_sent < ? THEN parts_sent END"
        " WHERE announcement_id = ? AND state = 'pending'",
        (body, parts_total, parts_total, announcement_id),
    )
    return await get(tx, announcement_id) if changed == 1 else None


async def record_parts_sent(tx: Tx, announcement_id: int, parts_sent: int) -> None:
    """Telegram accepted the first ``parts_sent`` pieces; the next one (if any) is now in flight."""
    await tx.execute(
        # CASE, not max(a, b): SQLite's two-argument max is GREATEST on PostgreSQL.
        "UPDATE announcements SET parts_sent = CASE WHEN parts_sent > ? THEN parts_sent ELSE ? END,"
        " part_in_flight = CASE WHEN parts_sent > ? THEN"
        " CASE WHEN parts_sent < parts_total THEN parts_sent END"
        " ELSE CASE WHEN ? < parts_total THEN CAST(? AS INTEGER) END END"
        " WHERE announcement_id = ? AND state = 'pending'",
        (parts_sent, parts_sent, parts_sent, parts_sent, parts_sent, announcement_id),
    )


async def record_failure(tx: Tx, announcement_id: int, error: str) -> None:
    """The piece in flight was refused or never arrived: nothing is in flight any more."""
    await tx.execute(
        "UPDATE announcements SET last_error = ?, part_in_flight = NULL WHERE announcement_id = ?",
        (error[:500], announcement_id))


async def settle_in_flight(tx: Tx, announcement_id: int) -> Announcement | None:
    """At start-up, for a row whose process died during a request: count the piece in flight as sent (Telegram
    may have accepted it, and an announcement goes out at most once). The row afterwards."""
    await tx.execute(
        "UPDATE announcements SET parts_sent = CASE WHEN parts_sent > part_in_flight + 1 THEN parts_sent"
        " ELSE part_in_flight + 1 END, part_in_flight = NULL"
        " WHERE announcement_id = ? AND state = 'pending' AND part_in_flight IS NOT NULL",
        (announcement_id,),
    )
    return await get(tx, announcement_id)
