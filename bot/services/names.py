"""The name the bot shows for a person, chosen with ``/name`` (alias 改名) on any platform.

A chosen name wins over the name the platform gives (a Telegram profile name, a WeCom userid: WeCom tells a bot no
names at all). It is stored (``storage.names``) and kept in memory (:class:`ChosenNames`, loaded at start), and
applied where a command meets its caller and the person it points at (``handlers.registry``,
``handlers.buttons``), so new sign-ups, invitations and referee lists use it. With several workers on one database
the memory is checked first (:meth:`ChosenNames.refresh`: the names' version, ``bot.services.caches``), so a name
chosen through one worker is used by all. Entries made before keep the name they
were made with: a tournament's lists do not change under it.

A chosen name can never pass for someone else (a member once chose ``lisi`` before the real ``lisi`` had written,
and became referee through ``/referee @lisi``): it may not equal, in any case and with or without a leading ``@``,
another person's chosen name, WeCom userid or Telegram username (:class:`NameTakenError`). The bot cannot list a
chat's members, so the rule holds across every chat it serves; and a mention ``@x`` means the account ``x`` only,
never a chosen name (``handlers.wecom.platform``).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from bot.claims import UpdateClaim
from bot.errors import UsageError
from bot.services.caches import shared_by_workers
from bot.services.caller import Caller, ChatUser
from bot.tournament.names import NameEmptyError, NameTooLongError, clean_name
from storage import Storage, Tx, cache_versions, history, names, platform_ids, users
from storage.database import StorageUnavailable

if TYPE_CHECKING:
    from bot.services import Services


class NameTakenError(UsageError):
    """Another person chose this name, or has it as their account (WeCom userid, Telegram username)."""

    key = "names.taken"


class NameForWhomError(UsageError):
    """A post made on behalf of a chat has no person to name."""

    key = "names.no_person"


NAMES_SCOPE = "chosen_names"
"""The version of every chosen name (``storage.cache_versions``): :func:`choose_name` counts it."""


class ChosenNames:
    """Every chosen name, by internal user id, and the version of the names it holds."""

    def __init__(self) -> None:
        self._names: dict[int, str] = {}
        self._version: int | None = None
        """The names' version loaded (``None``: never loaded)."""

    async def load(self, storage: Storage) -> None:
        async with storage.read() as tx:
            # One snapshot: the names are those of the version read.
            version = await cache_versions.version(tx, NAMES_SCOPE)
            self._names = await names.all_names(tx)
        self._version = version

    async def refresh(self, storage: Storage, claim: UpdateClaim | None = None) -> None:
        """Before the names are used.

        On a database other workers change (``bot.services.caches``), reload them if their version moved (one indexed
        read when it did not, none when the intake read it with the update's ``claim``). On SQLite nothing: this process
        made every change, and :meth:`remember` learnt it."""
        if not shared_by_workers(storage):
            return
        seen = None if claim is None or claim.recorded else claim.seen
        current = seen.names_version if seen is not None else await cache_versions.current_version(storage,
                                                                                                     NAMES_SCOPE)
        if self._version is None or current != self._version:
            await self.load(storage)

    def of(self, user_id: int) -> str | None:
        return self._names.get(user_id)

    def user_ids_named(self, name: str) -> list[int]:
        return sorted(user_id for user_id, chosen in self._names.items() if chosen == name)

    def person(self, person: ChatUser) -> ChatUser:
        """``person`` with their chosen name, if they chose one."""
        chosen = self._names.get(person.user_id)
        return person if chosen is None or chosen == person.display_name else replace(person, display_name=chosen)

    def caller(self, caller: Caller) -> Caller:
        if caller.person is None:
            return caller
        named = self.person(caller.person)
        return caller if named is caller.person else replace(caller, person=named)

    def remember(self, user_id: int, name: str, version: int | None = None) -> None:
        """This process chose ``name`` for ``user_id``, as the names' ``version``.

        The copy is that version if it was the one before (else another worker changed names meanwhile, and
        :meth:`refresh` reloads them)."""
        self._names[user_id] = name
        if version is not None and self._version is not None and version == self._version + 1:
            self._version = version


async def choose_name(services: Services, caller: Caller, text: str) -> str:
    """Store ``text`` (cleaned; refused when empty or too long) as the caller's name; the name."""
    if caller.person is None:
        raise NameForWhomError()
    name, at = clean_name(text), services.clock()
    async with services.storage.transaction(claim=caller.claim) as tx:
        if await _taken(tx, name, caller.person.user_id):
            raise NameTakenError(name=name)
        await names.choose_name(tx, caller.person.user_id, name, at)
        version = await cache_versions.bump(tx, NAMES_SCOPE)
        await history.append(tx, chat_id=caller.chat_id, actor=caller.actor_key, kind="person.named", at=at,
                             details={"name": name})
    services.names.remember(caller.person.user_id, name, version)
    return name


async def name_claimed(tx: Tx, user_id: int, name: str, at: datetime) -> int | None:
    """Make ``name``, claimed by ``user_id``, their chosen name; the names' new version, or ``None``.

    In the claim's own transaction, and only when they never chose one and nobody else has it (``None``: it stays
    as it was). The caller tells :class:`ChosenNames` after the commit (:meth:`ChosenNames.remember`)."""
    if await names.name_of(tx, user_id) is not None:
        return None
    try:
        cleaned = clean_name(name)
    except (NameEmptyError, NameTooLongError):
        return None
    if await _taken(tx, cleaned, user_id):
        return None
    await names.choose_name(tx, user_id, cleaned, at)
    return await cache_versions.bump(tx, NAMES_SCOPE)


async def _taken(tx: Tx, name: str, user_id: int) -> bool:
    """Whether ``name`` is someone else's: their chosen name, WeCom userid or Telegram username."""
    bare = name.removeprefix("@")
    if await names.others_named(tx, name, user_id) or (bare != name and await names.others_named(tx, bare, user_id)):
        return True
    if any(internal != user_id for internal in await platform_ids.internal_ids_like(tx, platform_ids.USER, bare)):
        return True
    holder = await users.find_by_username(tx, bare)
    return holder is not None and holder.user_id != user_id


async def ask_for_name_once(services: Services, caller: Caller) -> bool:
    """Whether to ask the caller to choose a name now (recorded once asked).

    They have none and were never asked (in any process, before any restart: ``storage.names.mark_asked``). Like
    remembering people, it is not the update's change: a database that refuses writes means no question, never a failed
    update."""
    person = caller.person
    if person is None:
        return False
    await services.names.refresh(services.storage, caller.claim)
    if services.names.of(person.user_id) is not None:
        return False
    try:
        async with services.storage.transaction(chats=(caller.chat_id,)) as tx:
            return await names.mark_asked(tx, person.user_id, services.clock())
    except StorageUnavailable:
        return False
