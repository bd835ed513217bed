"""Which chat platform an internal id belongs to, and WeCom's string ids mapped to internal ones.

Storage keys chats and people by INTEGER ids, as Telegram gives them. WeCom names them by strings — a person by
userid, a group by chatid — so each string gets an internal id once (``storage.platform_ids``), from a range
Telegram never uses:

========================  =====================================  =========================================
what                      Telegram                               WeCom
========================  =====================================  =========================================
a person (user id)        positive, below 2^52                   ``2^60 + n`` (n = 0, 1, …; key ``wecom:<n>``)
a group (chat id)         negative, above -2^53                  ``-2^60 - n``
a private chat            the person's user id                   the person's user id
========================  =====================================  =========================================

So an id alone says its platform (:func:`platform_of_chat`): the match clock sends an announcement through the
platform of its chat. :class:`WeComDirectory` keeps every mapping of the database in memory (loaded at start,
extended as people and groups appear), so rendering a mention or choosing where to push never waits for storage.
"""

from __future__ import annotations

import enum
import hashlib
import logging
from datetime import datetime

from bot.tournament.entries import WECOM_FIRST_USER_ID
from storage import Storage, platform_ids
from storage.database import StorageUnavailable

log = logging.getLogger(__name__)

WECOM_FIRST_CHAT_ID = -(1 << 60)
"""WeCom groups get internal chat ids from here down."""
_WECOM_CHAT_STEP = -1
_WECOM_USER_STEP = 1


class Platform(enum.StrEnum):
    TELEGRAM = "telegram"
    WECOM = "wecom"


def platform_of_chat(chat_id: int) -> Platform:
    """The platform of a chat (a group, or a person's private chat) by the range of its internal id."""
    if chat_id >= WECOM_FIRST_USER_ID or chat_id <= WECOM_FIRST_CHAT_ID:
        return Platform.WECOM
    return Platform.TELEGRAM


_BIGINT_MIN, _BIGINT_MAX = -(1 << 63), (1 << 63) - 1


def chat_id_ranges(platform: Platform) -> tuple[tuple[int, int], ...]:
    """The chat ids of ``platform`` as ranges from the first to the last, both included.

    What a claiming worker claims: ``storage.announcements.claim_due``."""
    if platform is Platform.TELEGRAM:
        return ((WECOM_FIRST_CHAT_ID + 1, WECOM_FIRST_USER_ID - 1),)
    return ((_BIGINT_MIN, WECOM_FIRST_CHAT_ID), (WECOM_FIRST_USER_ID, _BIGINT_MAX))


def is_wecom_user(user_id: int) -> bool:
    return user_id >= WECOM_FIRST_USER_ID


def wecom_update_id(msgid: str) -> int:
    """The update id under which a WeCom message (its ``msgid``) is recorded as applied (``storage.updates``):
    negative, so never a Telegram update id, from 56 bits of its SHA-256. Two messages of the two days an id is kept
    sharing one is as likely as a random 56-bit clash (about 1 in 10^7 for a million messages); the second would be
    taken for a re-delivery."""
    return -1 - int.from_bytes(hashlib.sha256(msgid.encode()).digest()[:7], "big")


async def wecom_bot_name(storage: Storage, bot_id: str) -> str | None:
    """The name members @-mention the WeCom bot ``bot_id`` by, learned before (perhaps by an earlier process)."""
    async with storage.read() as tx:
        return await platform_ids.bot_name(tx, bot_id)


async def remember_wecom_bot_name(storage: Storage, bot_id: str, name: str, at: datetime) -> None:
    """Keep the name members @-mention the bot by.

    Not a change of the update that taught it: a database that refuses writes just means it is learned again after
    a restart."""
    try:
        async with storage.transaction() as tx:
            await platform_ids.remember_bot_name(tx, bot_id, name, at)
    except StorageUnavailable:
        log.warning("WeCom: the bot's name %r could not be kept", name)


class WeComDirectory:
    """WeCom userids and chatids ↔ internal ids, all of them in memory; one per process.

    A mapping never changes once made, so what is held is never stale: a userid or chatid not held is looked up (or
    allocated) in the database; an internal id made by another process is unknown here until then (WeCom runs in one
    process)."""

    def __init__(self) -> None:
        self._users: dict[str, int] = {}
        self._chats: dict[str, int] = {}
        self._by_internal: dict[int, str] = {}

    async def load(self, storage: Storage) -> None:
        async with storage.read() as tx:
            for kind, wecom_id, internal in await platform_ids.all_ids(tx):
                self._remember(kind, wecom_id, internal)

    def _remember(self, kind: str, wecom_id: str, internal: int) -> None:
        (self._users if kind == platform_ids.USER else self._chats)[wecom_id] = internal
        self._by_internal[internal] = wecom_id

    async def _allocate(self, storage: Storage, kind: str, wecom_id: str, first: int, step: int,
                        at: datetime) -> int:
        async with storage.transaction() as tx:
            internal = await platform_ids.allocate(tx, kind, wecom_id, first, step, at)
        self._remember(kind, wecom_id, internal)
        return internal

    async def user_id(self, storage: Storage, userid: str, at: datetime) -> int:
        """The internal user id of a WeCom userid (a new one is written at once)."""
        known = self._users.get(userid)
        if known is not None:
            return known
        return await self._allocate(storage, platform_ids.USER, userid, WECOM_FIRST_USER_ID, _WECOM_USER_STEP, at)

    async def chat_id(self, storage: Storage, chatid: str, at: datetime) -> int:
        """The internal chat id of a WeCom group chatid (a new one is written at once)."""
        known = self._chats.get(chatid)
        if known is not None:
            return known
        return await self._allocate(storage, platform_ids.CHAT, chatid, WECOM_FIRST_CHAT_ID, _WECOM_CHAT_STEP, at)

    def known_user(self, userid: str) -> int | None:
        return self._users.get(userid)

    def wecom_id(self, internal: int) -> str | None:
        """The userid (a person, or their private chat) or chatid (a group) of an internal id; ``None`` if unknown."""
        return self._by_internal.get(internal)

    def users(self) -> dict[str, int]:
        return dict(self._users)
