"""WeCom's string ids (a person's userid, a group's chatid) and the INTEGER ids the rest of the database uses.

Each string gets an internal id once, in its kind's reserved range (``bot.services.platform_ids`` says which); a
row is never changed or removed, so an id stays the same person or group for good.
"""

from __future__ import annotations

from datetime import datetime

from storage.database import Tx

USER = "user"
CHAT = "chat"


async def internal_id(tx: Tx, kind: str, wecom_id: str) -> int | None:
    value = await tx.fetch_value(
        "SELECT internal_id FROM wecom_ids WHERE kind = ? AND wecom_id = ?", (kind, wecom_id))
    return None if value is None else int(value)


async def internal_ids_like(tx: Tx, kind: str, wecom_id: str) -> list[int]:
    """The internal ids of the WeCom ids equal to ``wecom_id`` in any case."""
    rows = await tx.fetch_all(
        "SELECT internal_id FROM wecom_ids WHERE kind = ? AND lower(wecom_id) = lower(?) ORDER BY internal_id",
        (kind, wecom_id))
    return [int(row["internal_id"]) for row in rows]


async def allocate(tx: Tx, kind: str, wecom_id: str, first: int, step: int, at: datetime) -> int:
    """The internal id of ``wecom_id``; a new one is the next of the range ``first, first + step, …``."""
    known = await internal_id(tx, kind, wecom_id)
    if known is not None:
        return known
    count = int(await tx.fetch_value("SELECT count(*) FROM wecom_ids WHERE kind = ?", (kind,)))
    chosen = first + step * count
    await tx.execute(
        "INSERT INTO wecom_ids (kind, wecom_id, internal_id, created_at) VALUES (?, ?, ?, ?)",
        (kind, wecom_id, chosen, at.isoformat()))
    return chosen


async def all_ids(tx: Tx) -> list[tuple[str, str, int]]:
    """Every mapping: (kind, WeCom id, internal id)."""
    rows = await tx.fetch_all("SELECT kind, wecom_id, internal_id FROM wecom_ids ORDER BY kind, internal_id")
    return [(row["kind"], row["wecom_id"], int(row["internal_id"])) for row in rows]


async def bot_name(tx: Tx, bot_id: str) -> str | None:
    """The name members @-mention the WeCom bot ``bot_id`` by, as last learned."""
    value = await tx.fetch_value("SELECT name FROM wecom_bot_names WHERE bot_id = ?", (bot_id,))
    return None if value is None else str(value)


async def remember_bot_name(tx: Tx, bot_id: str, name: str, at: datetime) -> None:
    await tx.execute(
        "INSERT INTO wecom_bot_names (bot_id, name, learned_at) VALUES (?, ?, ?)"
        " ON CONFLICT (bot_id) DO UPDATE SET name = excluded.name, learned_at = excluded.learned_at",
        (bot_id, name, at.isoformat()))
