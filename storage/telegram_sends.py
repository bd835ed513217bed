"""The rows of ``telegram_sends`` (migration 0010).

Telegram's per-group message slots that every process of one bot shares (``bot.services.send_budget``)."""

from __future__ import annotations

from storage.database import Tx


async def recent_slots(tx: Tx, chat_id: int, since: float) -> list[tuple[float, int]]:
    """The chat's slots after ``since`` (seconds since the epoch), in time order, as (time, messages).

    Older rows are deleted on the way."""
    await tx.execute("DELETE FROM telegram_sends WHERE chat_id = ? AND slot_at <= ?", (chat_id, since))
    rows = await tx.fetch_all(
        "SELECT slot_at, messages FROM telegram_sends WHERE chat_id = ? ORDER BY slot_at, send_id", (chat_id,))
    return [(float(row["slot_at"]), int(row["messages"])) for row in rows]


async def slots_after(tx: Tx, chat_id: int, since: float) -> list[tuple[float, int]]:
    """The chat's slots after ``since``, in time order (a read: nothing deleted)."""
    rows = await tx.fetch_all(
        "SELECT slot_at, messages FROM telegram_sends WHERE chat_id = ? AND slot_at > ? ORDER BY slot_at, send_id",
        (chat_id, since))
    return [(float(row["slot_at"]), int(row["messages"])) for row in rows]


async def add_slot(tx: Tx, chat_id: int, at: float, messages: int) -> None:
    await tx.insert("INSERT INTO telegram_sends (chat_id, slot_at, messages) VALUES (?, ?, ?) RETURNING send_id",
                    (chat_id, at, messages))
