"""Services for the offline console (``handlers.console``).

Its people, who keep their ids across restarts on the same database, and what it remembers of every line, as Telegram's
intake remembers every update (the console's process is built by ``handlers.bootstrap.console_process``).

A console person is a row of the users table with an id in ``[FIRST_CONSOLE_ID, LAST_CONSOLE_ID]``, found by the
name typed after ``:as``. Each new name takes the next id of that range and is written at once, so the ids do not
depend on the order in which a run meets people, and ``/withdraw`` after a restart withdraws the same person. Each
has an ``@username`` (kept in the same row, so ``/signup @x``, ``/accept`` and ``/referee @x`` find them as they
find Telegram users): the one given with ``:as``, else the one they had, else one made from the name.
"""

from __future__ import annotations

import logging
import re

from bot.services import Services
from bot.services.caller import Caller, ChatUser
from storage import chats, users
from storage.database import StorageUnavailable

log = logging.getLogger(__name__)

FIRST_CONSOLE_ID = 1001
LAST_CONSOLE_ID = 999_999
"""Console people take ids from this range, apart from the far larger ids Telegram gives its users today."""

_USERNAME = re.compile(r"[A-Za-z0-9_]{1,32}")
_NOT_IN_USERNAME = re.compile(r"[^A-Za-z0-9_]+")


def is_username(text: str) -> bool:
    """Letters, digits and underscores, at most 32 (what the bot reads after ``@``)."""
    return _USERNAME.fullmatch(text) is not None


def derived_username(name: str, user_id: int) -> str:
    """``Lily`` → ``lily``, ``Mary Ann`` → ``mary_ann``; a name that is not ASCII (``张三``) → ``p<id>``."""
    if name.isascii():
        made = _NOT_IN_USERNAME.sub("_", name).strip("_").lower()[:32]
        if made:
            return made
    return f"p{user_id}"


async def console_person(services: Services, name: str, *, username: str | None = None,
                         language_code: str | None = None) -> ChatUser:
    """The console person named ``name`` (new: the next free console id), written to the users table at once.

    Their username is ``username`` when given (taking it from whoever had it), else the username they had, else
    :func:`derived_username` (``p<id>`` when that one is someone else's)."""
    at = services.clock()
    async with services.storage.transaction() as tx:
        seen = await users.find_by_display_name(tx, name, FIRST_CONSOLE_ID, LAST_CONSOLE_ID)
        if seen is None:
            highest = await users.highest_user_id(tx, FIRST_CONSOLE_ID, LAST_CONSOLE_ID)
            user_id, known = (FIRST_CONSOLE_ID if highest is None else highest + 1), None
        else:
            user_id, known = seen.user_id, seen.username
        chosen = username or known
        if chosen is None:
            chosen = derived_username(name, user_id)
            holder = await users.find_by_username(tx, chosen)
            if holder is not None and holder.user_id != user_id:
                chosen = f"p{user_id}"
        await users.remember_user(tx, user_id, chosen, name, language_code, at)
    person = ChatUser(user_id, name, chosen, language_code)
    services.acquaintances.wrote(person, at)
    return person


async def remember_visit(services: Services, caller: Caller) -> None:
    """What Telegram's intake (``bot.services.intake.admit_update``) remembers of an update, for a console line:
    its chat and its speaker, skipped when written lately and unchanged. Best effort, as there: a database that
    refuses writes still lets the line run."""
    at = services.clock()
    known = services.acquaintances
    new_chat = not known.knows_chat(caller, at)
    person = caller.person if caller.person is not None and not known.knows(caller.person, at) else None
    if not new_chat and person is None:
        return
    try:
        async with services.storage.transaction() as tx:
            if new_chat:
                await chats.remember_chat(tx, caller.chat_id, caller.chat_kind.value, caller.chat_title, at)
            if person is not None:
                await users.remember_user(tx, person.user_id, person.username, person.display_name,
                                          person.language_code, at)
    except StorageUnavailable:
        log.warning("the database refuses writes; the console's speaker was not remembered")
        return
    if new_chat:
        known.wrote_chat(caller, at)
    if person is not None:
        known.wrote(person, at)
