"""Admitting an update before any handler sees it, and recording it when it is done (see ``storage.updates``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from bot.claims import ChatSeen, UpdateClaim
from bot.services.acquaintances import Acquaintances
from bot.services.caller import Caller, ChatUser
from storage import Storage, chats, updates, users
from storage.admission import admission, admission_in
from storage.database import StorageUnavailable

log = logging.getLogger(__name__)


async def admit_update(
    storage: Storage, update_id: int, caller: Caller | None, people: tuple[ChatUser, ...], at: datetime,
    on_recorded: Callable[[int], None] | None = None, acquaintances: Acquaintances | None = None,
) -> UpdateClaim | None:
    """``None`` for an update applied before (a re-delivery).

    Otherwise remember its chat and ``people`` (sender, replied-to user ...) and return its claim. The platform hands
    the claim to the handlers on the update's :class:`Caller` (``Caller.claim``); the one transaction that changes
    something records it (and calls ``on_recorded``), :func:`settle_update` records it if none did.

    Remembering is best effort: on a full disk or a read-only database the update still goes on, so questions
    are answered and changes fail with their own clear message. With ``acquaintances``, chats and people written
    lately and unchanged are not written again (most updates then only read). Remembering is not the update's
    change: it runs without the claim, under the chat's lock (``storage.postgres``) rather than the database's.
    """
    known = acquaintances or Acquaintances(refresh_after=timedelta(0))
    new_chat = caller is not None and not known.knows_chat(caller, at)
    new_people = [person for person in people if not known.knows(person, at)]
    seen: ChatSeen | None = None
    try:
        if not new_chat and not new_people:
            if caller is None:
                if await updates.was_processed(storage, update_id):
                    return None
            else:
                processed, seen = await admission(storage, update_id, caller.chat_id, *_sender(caller))
                if processed:
                    return None
        else:
            # The chat's lock, not the whole database's: on PostgreSQL, workers remembering the people of different
            # chats run side by side; a person met in two chats at once is one row, which PostgreSQL's row lock
            # orders (people in id order, so two transactions never wait for each other crosswise).
            async with storage.transaction(chats=None if caller is None else (caller.chat_id,)) as tx:
                if caller is None:
                    if await updates.is_processed(tx, update_id):
                        return None
                else:
                    processed, seen = await admission_in(tx, update_id, caller.chat_id, *_sender(caller))
                    if processed:
                        return None
                if new_chat and caller is not None:
                    await chats.remember_chat(tx, caller.chat_id, caller.chat_kind.value, caller.chat_title, at)
                for person in sorted(new_people, key=lambda person: person.user_id):
                    await users.remember_user(
                        tx, person.user_id, person.username, person.display_name, person.language_code, at
                    )
            if new_chat and caller is not None:
                known.wrote_chat(caller, at)
            for person in new_people:
                known.wrote(person, at)
    except StorageUnavailable:
        log.warning("update %s: the database refuses writes; its people were not remembered", update_id)
        if await updates.was_processed(storage, update_id):
            return None
    return UpdateClaim(update_id, None if caller is None else caller.chat_id, at, on_recorded, seen=seen)


def _sender(caller: Caller) -> tuple[int | None, str | None]:
    person = caller.person
    return (None, None) if person is None else (person.user_id, person.username)


async def update_applied(storage: Storage, update_id: int) -> bool:
    """Whether the update's change was committed (its id is recorded with it).

    ``False`` when the database cannot say (it may be what failed)."""
    try:
        return await updates.was_processed(storage, update_id)
    except Exception:
        log.warning("update %s: could not read whether it was applied", update_id)
        return False


async def settle_update(storage: Storage, claim: UpdateClaim | None) -> None:
    """Record the update of ``claim`` if none of its transactions did.

    It changed nothing. So a re-delivery is not answered twice. Best effort: an unrecorded question is merely answered
    again."""
    if claim is None or claim.recorded:
        return
    try:
        await updates.record_update(storage, claim.update_id, claim.chat_id, claim.at)
    except StorageUnavailable:
        log.warning("update %s: the database refuses writes; it was not recorded", claim.update_id)
    claim.mark_recorded()
