"""Chat-level services: which language a chat speaks, choosing it, and a group becoming a supergroup."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.claims import UpdateClaim
from bot.i18n import Language, language_for
from bot.services.caller import Caller
from bot.services.roles import Role
from storage import Storage, chats, history

if TYPE_CHECKING:
    from bot.services import Services


def resolve_language(chosen: Language | None, caller: Caller, default: Language) -> Language:
    """The chat's own choice wins.

    A private chat without one follows the user's Telegram language (``zh*`` → zh, anything else → en); a group without
    one speaks ``default`` (``GUANDAN_LANG``)."""
    if chosen is not None:
        return chosen
    if caller.is_private:
        return language_for(caller.person.language_code if caller.person else None)
    return default


async def language_of(storage: Storage, caller: Caller, default: Language) -> Language:
    # Asked for every command: what the intake read with the update's claim, else one single-statement read.
    seen = None if caller.claim is None else caller.claim.fresh_view(caller.chat_id)
    if seen is not None:
        chosen = None if seen.language is None else Language(seen.language)
    else:
        chosen = await chats.chosen_language(storage, caller.chat_id)
    return resolve_language(chosen, caller, default)


async def choose_language(services: Services, caller: Caller, language: Language) -> None:
    """Set the chat's language.

    Organisers only (decided in the transaction; the command's spec refused others before it)."""
    at = services.clock()
    roles = await services.roles.for_caller(caller)
    async with services.storage.transaction(claim=caller.claim) as tx:
        await roles.require(tx, Role.ORGANISER)
        await chats.remember_chat(tx, caller.chat_id, caller.chat_kind.value, caller.chat_title, at)
        await chats.set_language(tx, caller.chat_id, language, at)
        await history.append(
            tx, chat_id=caller.chat_id, actor=caller.actor_key, kind="chat.language", at=at,
            details={"language": language.value},
        )


async def move_chat(storage: Storage, old_chat_id: int, new_chat_id: int, at: datetime, *,
                    claim: UpdateClaim | None = None) -> bool:
    """Carry a group's settings and rows over to its supergroup; ``False`` if that was already done. ``claim``:
    the migration notice's, when it is that update's change (not when a failed send revealed the move)."""
    # Both chats' rows change: on PostgreSQL the transaction waits for the writers of either (storage.postgres).
    async with storage.transaction(claim=claim, chats=(old_chat_id, new_chat_id)) as tx:
        moved = await chats.migrate_chat(tx, old_chat_id, new_chat_id, at)
        if moved:
            await history.append(
                tx, chat_id=new_chat_id, actor="telegram", kind="chat.migrated", at=at,
                details={"from": old_chat_id, "to": new_chat_id},
            )
    return moved
