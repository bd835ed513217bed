"""Chats the bot works in: their chosen language and where a group moved when it became a supergroup."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.i18n import Language
from storage.database import Row, Storage, Tx

# Every table with rows that belong to a chat: (table, chat id column). A group → supergroup move rewrites them.
# Migrations that add chat-owned tables (tournaments ...) add a line here.
CHAT_KEYED_COLUMNS: tuple[tuple[str, str], ...] = (
    ("history", "chat_id"),
    ("tournaments", "chat_id"),
    ("round_schedules", "chat_id"),
    ("announcements", "chat_id"),
    ("club_people", "chat_id"),
    ("seasons", "chat_id"),
    ("club_notices", "chat_id"),
    ("club_claims", "chat_id"),
)


@dataclass(frozen=True, slots=True)
class Chat:
    chat_id: int
    kind: str
    title: str | None
    language: Language | None
    """``None`` until someone chose one with ``/lang``."""
    migrated_to: int | None


def _chat(row: Row) -> Chat:
    language = row["language"]
    return Chat(
        chat_id=row["chat_id"],
        kind=row["kind"],
        title=row["title"],
        language=None if language is None else Language(language),
        migrated_to=row["migrated_to"],
    )


async def get_chat(tx: Tx, chat_id: int) -> Chat | None:
    row = await tx.fetch_one("SELECT * FROM chats WHERE chat_id = ?", (chat_id,))
    return None if row is None else _chat(row)


async def chosen_language(storage: Storage, chat_id: int) -> Language | None:
    """The language the chat chose with ``/lang`` (``None`` if none), read outside a transaction."""
    row = await storage.query_one("SELECT language FROM chats WHERE chat_id = ?", (chat_id,))
    return None if row is None or row[0] is None else Language(row[0])


async def remember_chat(tx: Tx, chat_id: int, kind: str, title: str | None, at: datetime) -> None:
    """Insert the chat or refresh its kind and title; its language stays."""
    await tx.execute(
        "INSERT INTO chats (chat_id, kind, title, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (chat_id) DO UPDATE SET kind = excluded.kind, title = excluded.title,"
        " updated_at = excluded.updated_at",
        (chat_id, kind, title, at.isoformat()),
    )


async def set_language(tx: Tx, chat_id: int, language: Language, at: datetime) -> None:
    await tx.execute(
        "INSERT INTO chats (chat_id, language, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (chat_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at",
        (chat_id, language.value, at.isoformat()),
    )


async def migrate_chat(tx: Tx, old_chat_id: int, new_chat_id: int, at: datetime) -> bool:
    """Move everything of ``old_chat_id`` to ``new_chat_id`` (a group became a supergroup).

    Idempotent: Telegram announces the move twice (in the old and in the new chat); the second call finds the
    old chat already pointing at the new one and returns ``False``.
    """
    old = await get_chat(tx, old_chat_id)
    if old is not None and old.migrated_to == new_chat_id:
        return False
    await tx.execute(
        "INSERT INTO chats (chat_id, kind, title, language, updated_at) VALUES (?, 'supergroup', ?, ?, ?)"
        " ON CONFLICT (chat_id) DO UPDATE SET language = coalesce(chats.language, excluded.language),"
        " title = coalesce(chats.title, excluded.title), updated_at = excluded.updated_at",
        (
            new_chat_id,
            old.title if old else None,
            old.language.value if old and old.language else None,
            at.isoformat(),
        ),
    )
    for table, column in CHAT_KEYED_COLUMNS:
        # Names come from the constant above, never from input.
        await tx.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (new_chat_id, old_chat_id))
    await tx.execute(
        "INSERT INTO chats (chat_id, kind, migrated_to, updated_at) VALUES (?, 'group', ?, ?)"
        " ON CONFLICT (chat_id) DO UPDATE SET migrated_to = excluded.migrated_to, updated_at = excluded.updated_at",
        (old_chat_id, new_chat_id, at.isoformat()),
    )
    return True
