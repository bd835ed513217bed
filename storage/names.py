"""The names people chose for themselves with ``/name`` (on any platform), by internal user id."""

from __future__ import annotations

from datetime import datetime

from storage.database import Tx


async def choose_name(tx: Tx, user_id: int, name: str, at: datetime) -> None:
    await tx.execute(
        "INSERT INTO chosen_names (user_id, name, chosen_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, chosen_at = excluded.chosen_at",
        (user_id, name, at.isoformat()))


async def name_of(tx: Tx, user_id: int) -> str | None:
    """The name ``user_id`` chose, if any."""
    value = await tx.fetch_value("SELECT name FROM chosen_names WHERE user_id = ?", (user_id,))
    return None if value is None else str(value)


async def all_names(tx: Tx) -> dict[int, str]:
    return {int(row["user_id"]): row["name"] for row in await tx.fetch_all("SELECT user_id, name FROM chosen_names")}


async def others_named(tx: Tx, name: str, user_id: int) -> list[int]:
    """The people other than ``user_id`` who chose ``name`` (any case)."""
    rows = await tx.fetch_all(
        "SELECT user_id FROM chosen_names WHERE lower(name) = lower(?) AND user_id <> ? ORDER BY user_id",
        (name, user_id))
    return [int(row["user_id"]) for row in rows]


async def mark_asked(tx: Tx, user_id: int, at: datetime) -> bool:
    """Record that ``user_id`` was asked to choose a name; ``False`` when they were asked before."""
    return await tx.execute(
        "INSERT INTO name_prompts (user_id, asked_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING",
        (user_id, at.isoformat())) == 1
