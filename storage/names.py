"""The names people chose for themselves with ``/name`` (on any platform), by internal user id."""

from __future__ import annotations

from datetime import datetime

from storage.database import Tx


async def choose_name(tx: Tx, user_id: int, name: str, at: datetime) -> None:
    await tx.execute(
        "INSERT INTO chosen_names (user_id, name, chosen_at) VALUES (?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, chosen_at = excluded.chosen_at",
        (user_id, name, at.isoformat()))


async def all_names(tx: Tx) -> dict[int, str]:
    return {int(row["user_id"]): row["name"] for row in await tx.fetch_all("SELECT user_id, name FROM chosen_names")}
