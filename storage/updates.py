"""Update idempotency: Telegram re-delivers updates it has not seen confirmed; each is applied once."""

from __future__ import annotations

from datetime import datetime

from storage.database import Tx


async def claim_update(tx: Tx, update_id: int, chat_id: int | None, at: datetime) -> bool:
    """Record ``update_id``; ``False`` if it was recorded before (a re-delivery to ignore)."""
    changed = await tx.execute(
        "INSERT INTO processed_updates (update_id, chat_id, processed_at) VALUES (?, ?, ?)"
        " ON CONFLICT (update_id) DO NOTHING",
        (update_id, chat_id, at.isoformat()),
    )
    return changed == 1


async def is_processed(tx: Tx, update_id: int) -> bool:
    return await tx.fetch_one("SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,)) is not None


async def forget_updates_before(tx: Tx, before: datetime) -> int:
    """Drop ids older than ``before`` (Telegram keeps undelivered updates for at most 24 hours)."""
    return await tx.execute("DELETE FROM processed_updates WHERE processed_at < ?", (before.isoformat(),))


async def last_update_id(tx: Tx) -> int:
    """The highest update id recorded, 0 if none (an offline simulation continues numbering from there)."""
    return int(await tx.fetch_value("SELECT coalesce(max(update_id), 0) FROM processed_updates"))
