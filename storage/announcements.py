"""Announcement rows (:class:`bot.match_clock.announcement.Announcement`).

The database is the source of truth for what the bot still has to say, and when.

A row starts ``pending``; it ends ``sent`` (on time), ``late`` (sent after a restart, marked late), ``dropped``
(missed by too much, or Telegram refused it for good) or ``cancelled`` (its schedule changed). Only pending rows
change.

Many workers on one database (``handlers.claimed_announcer``) claim due rows instead of keeping timers:
:func:`claim_due` leases them to one worker (``claimed_by``, ``claimed_until``); the steps of sending take the
worker as ``holder`` and change the row only while that worker still holds it, so a worker whose lease ran out
(taken for dead, its row taken over) cannot go on sending it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import LiteralString

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
        claimed_by=row["claimed_by"],
        claimed_until=None if row["claimed_until"] is None else from_text(row["claimed_until"]),
        retry_at=None if row["retry_at"] is None else from_text(row["retry_at"]),
        failures=row["failures"],
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


async def close(tx: Tx, announcement_id: int, state: AnnouncementState, at: datetime, reason: str | None = None,
                *, holder: str | None = None) -> bool:
    """End a pending row as ``state``.

    ``False`` if it was no longer pending (someone else ended it) or, with ``holder``, no longer claimed by that worker.
    """
    if state is AnnouncementState.PENDING:
        raise ValueError("close() ends a row; pending is not an end")
    sent_at = utc_text(at) if state in (AnnouncementState.SENT, AnnouncementState.LATE) else None
    closing: LiteralString = (
        "UPDATE announcements SET state = ?, sent_at = ?, closed_at = ?, last_error = coalesce(?, last_error),"
        " claimed_by = NULL, claimed_until = NULL WHERE announcement_id = ? AND state = 'pending'")
    values = (state.value, sent_at, utc_text(at), reason, announcement_id)
    if holder is None:
        changed = await tx.execute(closing, values)
    else:
        changed = await tx.execute(closing + _HELD, (*values, holder))
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


_HELD: LiteralString = " AND claimed_by = ?"
"""The condition a worker's step adds: the row is still claimed by it (its ``holder`` is the last parameter)."""


async def begin_attempt(tx: Tx, announcement_id: int, body: str, parts_total: int, *, holder: str | None = None
                        ) -> Announcement | None:
    """Begin one more attempt of a pending row and mark its next piece in flight.

    Count one more attempt, keep ``body`` (of ``parts_total`` pieces) unless an earlier attempt stored one, and
    mark the first piece still to send as in flight; the row as it now is, or ``None`` if it is no longer
    pending (or, with ``holder``, no longer claimed by that worker)."""
    beginning: LiteralString = (
        "UPDATE announcements SET attempts = attempts + 1, body = coalesce(body, ?), parts_total = ?,"
        " part_in_flight = CASE WHEN parts_sent < ? THEN parts_sent END"
        " WHERE announcement_id = ? AND state = 'pending'")
    values = (body, parts_total, parts_total, announcement_id)
    if holder is None:
        changed = await tx.execute(beginning, values)
    else:
        changed = await tx.execute(beginning + _HELD, (*values, holder))
    return await get(tx, announcement_id) if changed == 1 else None


async def record_parts_sent(tx: Tx, announcement_id: int, parts_sent: int, *, holder: str | None = None) -> bool:
    """Telegram accepted the first ``parts_sent`` pieces; the next one (if any) is now in flight.

    ``False`` when the row is no longer pending or, with ``holder``, no longer claimed by that worker (who must stop
    sending it)."""
    recording: LiteralString = (
        # CASE, not max(a, b): SQLite's two-argument max is GREATEST on PostgreSQL.
        "UPDATE announcements SET parts_sent = CASE WHEN parts_sent > ? THEN parts_sent ELSE ? END,"
        " part_in_flight = CASE WHEN parts_sent > ? THEN"
        " CASE WHEN parts_sent < parts_total THEN parts_sent END"
        " ELSE CASE WHEN ? < parts_total THEN CAST(? AS INTEGER) END END"
        " WHERE announcement_id = ? AND state = 'pending'")
    values = (parts_sent, parts_sent, parts_sent, parts_sent, parts_sent, announcement_id)
    if holder is None:
        return await tx.execute(recording, values) == 1
    return await tx.execute(recording + _HELD, (*values, holder)) == 1


async def record_failure(tx: Tx, announcement_id: int, error: str, *, holder: str | None = None) -> None:
    """The piece in flight was refused or never arrived: nothing is in flight any more."""
    failing: LiteralString = "UPDATE announcements SET last_error = ?, part_in_flight = NULL WHERE announcement_id = ?"
    if holder is None:
        await tx.execute(failing, (error[:500], announcement_id))
    else:
        await tx.execute(failing + _HELD, (error[:500], announcement_id, holder))


async def settle_in_flight(tx: Tx, announcement_id: int) -> Announcement | None:
    """At start-up, for a row whose process died during a request.

    Count the piece in flight as sent (Telegram may have accepted it, and an announcement goes out at most once). The
    row afterwards."""
    await tx.execute(
        "UPDATE announcements SET parts_sent = CASE WHEN parts_sent > part_in_flight + 1 THEN parts_sent"
        " ELSE part_in_flight + 1 END, part_in_flight = NULL"
        " WHERE announcement_id = ? AND state = 'pending' AND part_in_flight IS NOT NULL",
        (announcement_id,),
    )
    return await get(tx, announcement_id)


# Claims: many workers, one database (handlers.claimed_announcer).

ChatRange = tuple[int, int]
"""Chat ids from the first to the last, both included: the ids of a platform (``bot.services.platform_ids``)."""

CHAT_RANGES = 3
"""At most this many ranges per claim (Telegram's ids are one range, WeCom's two)."""
_NO_CHATS: ChatRange = (1, 0)

_IN_RANGES: LiteralString = (
    " AND ((chat_id BETWEEN ? AND ?) OR (chat_id BETWEEN ? AND ?) OR (chat_id BETWEEN ? AND ?))")
_UNHELD: LiteralString = " AND (claimed_until IS NULL OR claimed_until <= ?)"
_CLAIMABLE: LiteralString = (
    "SELECT announcement_id FROM announcements WHERE state = 'pending' AND coalesce(retry_at, due_at) <= ?"
    + _UNHELD + _IN_RANGES + " ORDER BY coalesce(retry_at, due_at), announcement_id LIMIT ?")


def _range_values(chat_ranges: Sequence[ChatRange]) -> tuple[int, ...]:
    if not 1 <= len(chat_ranges) <= CHAT_RANGES:
        raise ValueError(f"between 1 and {CHAT_RANGES} chat ranges, not {len(chat_ranges)}")
    padded = [*chat_ranges, *([_NO_CHATS] * (CHAT_RANGES - len(chat_ranges)))]
    return tuple(bound for chat_range in padded for bound in chat_range)


async def claim_due(tx: Tx, *, holder: str, now: datetime, until: datetime, limit: int,
                    chat_ranges: Sequence[ChatRange]) -> list[Announcement]:
    """Claim for ``holder`` at most ``limit`` due rows no worker holds, earliest first.

    Pending rows of chats in ``chat_ranges`` whose next attempt is due at ``now`` and that no worker holds (never
    claimed, or the claim lapsed), claimed until ``until``; the rows as claimed.

    PostgreSQL: the rows are picked ``FOR UPDATE SKIP LOCKED``, so workers claiming at the same moment each take
    other rows without waiting for each other. SQLite has no row locks: the transaction's ``BEGIN IMMEDIATE``
    makes claims one at a time, which picks disjoint rows just the same."""
    picking: LiteralString = _CLAIMABLE + " FOR UPDATE SKIP LOCKED" if tx.engine == "postgresql" else _CLAIMABLE
    now_text = utc_text(now)
    picked = await tx.fetch_all(picking, (now_text, now_text, *_range_values(chat_ranges), limit))
    claimed = []
    for row in picked:
        # The claim checks again that nobody holds the row: what was picked is claimed once whatever the picking.
        found = await tx.fetch_one(
            "UPDATE announcements SET claimed_by = ?, claimed_until = ? WHERE announcement_id = ?"
            " AND state = 'pending'" + _UNHELD + " RETURNING *",
            (holder, utc_text(until), row["announcement_id"], now_text))
        if found is not None:
            claimed.append(_announcement(found))
    return claimed


async def next_attempt(tx: Tx, *, now: datetime, chat_ranges: Sequence[ChatRange]) -> datetime | None:
    """The earliest next attempt of a pending row of those chats that no worker holds at ``now``; ``None`` if none."""
    value = await tx.fetch_value(
        "SELECT min(coalesce(retry_at, due_at)) FROM announcements WHERE state = 'pending'" + _UNHELD + _IN_RANGES,
        (utc_text(now), *_range_values(chat_ranges)))
    return None if value is None else from_text(value)


async def renew_claims(tx: Tx, holder: str, until: datetime) -> int:
    """Extend every claim of ``holder`` to ``until`` (its heartbeat while it sends); how many it holds."""
    return await tx.execute(
        "UPDATE announcements SET claimed_until = ? WHERE claimed_by = ? AND state = 'pending'",
        (utc_text(until), holder))


async def retry_at(tx: Tx, announcement_id: int, holder: str, at: datetime) -> bool:
    """``holder`` lets go of the row, to be tried again at ``at`` (one more failure counted).

    ``False`` if it no longer held it."""
    changed = await tx.execute(
        "UPDATE announcements SET retry_at = ?, failures = failures + 1, claimed_by = NULL, claimed_until = NULL"
        " WHERE announcement_id = ? AND state = 'pending' AND claimed_by = ?",
        (utc_text(at), announcement_id, holder))
    return changed == 1


async def release_claims(tx: Tx, holder: str) -> int:
    """A worker stopping lets go of the rows it holds with no piece in flight (they are taken over at once).

    A row with a piece in flight stays claimed until the claim lapses, then is settled under the in-flight rule."""
    return await tx.execute(
        "UPDATE announcements SET claimed_by = NULL, claimed_until = NULL"
        " WHERE claimed_by = ? AND state = 'pending' AND part_in_flight IS NULL", (holder,))
