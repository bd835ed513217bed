"""Admitting an update before any handler sees it: once per update id, remembering who sent it."""

from __future__ import annotations

from datetime import datetime

from bot.services.caller import Caller, Person
from storage import Storage, chats, updates, users


async def admit_update(
    storage: Storage, update_id: int, caller: Caller | None, people: tuple[Person, ...], at: datetime
) -> bool:
    """Claim ``update_id`` and remember its chat and ``people`` (sender, replied-to user ...); ``False`` for a
    re-delivery.

    The claim commits before the handler runs, so a re-delivered update is never applied twice. The price: if
    the process dies between this claim and the handler's own commit, that one command is dropped — its sender
    got no reply and sends it again.
    """
    async with storage.transaction() as tx:
        if not await updates.claim_update(tx, update_id, None if caller is None else caller.chat_id, at):
            return False
        if caller is not None:
            await chats.remember_chat(tx, caller.chat_id, caller.chat_kind.value, caller.chat_title, at)
        for person in people:
            await users.remember_user(
                tx, person.user_id, person.username, person.display_name, person.language_code, at
            )
    return True
