"""The Telegram users the bot has seen (the Bot API cannot look up an ``@username``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from storage.database import Row, Tx


@dataclass(frozen=True, slots=True)
class SeenUser:
    user_id: int
    username: str | None
    display_name: str
    language_code: str | None


def _user(row: Row) -> SeenUser:
    return SeenUser(row["user_id"], row["username"], row["display_name"], row["language_code"])


async def remember_user(
    tx: Tx, user_id: int, username: str | None, display_name: str, language_code: str | None, at: datetime
) -> None:
    """Insert or refresh a user. A username now used by this user is dropped from whoever had it before."""
    if username:
        await tx.execute(
            "UPDATE users SET username = NULL WHERE lower(username) = lower(?) AND user_id != ?",
            (username, user_id),
        )
    await tx.execute(
        "INSERT INTO users (user_id, username, display_name, language_code, last_seen_at) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET username = excluded.username, display_name = excluded.display_name,"
        " language_code = excluded.language_code, last_seen_at = excluded.last_seen_at",
        (user_id, username or None, display_name, language_code, at.isoformat()),
    )


async def get_user(tx: Tx, user_id: int) -> SeenUser | None:
    row = await tx.fetch_one("SELECT * FROM users WHERE user_id = ?", (user_id,))
    return None if row is None else _user(row)


async def find_by_username(tx: Tx, username: str) -> SeenUser | None:
    """The user last seen with ``username`` (with or without the leading ``@``, any case)."""
    row = await tx.fetch_one(
        "SELECT * FROM users WHERE lower(username) = lower(?) ORDER BY last_seen_at DESC LIMIT 1",
        (username.removeprefix("@"),),
    )
    return None if row is None else _user(row)


async def find_by_display_name(tx: Tx, display_name: str, lowest_id: int, highest_id: int) -> SeenUser | None:
    """The user named exactly ``display_name`` whose id lies in ``[lowest_id, highest_id]`` (the lowest such id):
    the offline console's people are found by name (``bot.services.console``)."""
    row = await tx.fetch_one(
        "SELECT * FROM users WHERE display_name = ? AND user_id BETWEEN ? AND ? ORDER BY user_id LIMIT 1",
        (display_name, lowest_id, highest_id),
    )
    return None if row is None else _user(row)


async def highest_user_id(tx: Tx, lowest_id: int, highest_id: int) -> int | None:
    """The highest user id in ``[lowest_id, highest_id]``, ``None`` if there is none."""
    value = await tx.fetch_value(
        "SELECT max(user_id) FROM users WHERE user_id BETWEEN ? AND ?", (lowest_id, highest_id)
    )
    return None if value is None else int(value)
