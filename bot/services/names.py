"""The name the bot shows for a person, chosen with ``/name`` (alias 改名) on any platform.

A chosen name wins over the name the platform gives (a Telegram profile name, a WeCom userid: WeCom tells a bot no
names at all). It is stored (``storage.names``) and kept in memory (:class:`ChosenNames`, loaded at start), and
applied where a command meets its caller and the person it points at (``handlers.registry``,
``handlers.buttons``), so new sign-ups, invitations and referee lists use it. Entries made before keep the name they
were made with: a tournament's lists do not change under it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.errors import UsageError
from bot.services.caller import Caller, ChatUser
from bot.tournament.names import clean_name
from storage import Storage, history, names

if TYPE_CHECKING:
    from bot.services import Services


class NameForWhomError(UsageError):
    """A post made on behalf of a chat has no person to name."""

    key = "names.no_person"


class ChosenNames:
    """Every chosen name, by internal user id; one per process (one process serves a database)."""

    def __init__(self) -> None:
        self._names: dict[int, str] = {}

    async def load(self, storage: Storage) -> None:
        async with storage.read() as tx:
            self._names = await names.all_names(tx)

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

    def remember(self, user_id: int, name: str) -> None:
        self._names[user_id] = name


async def choose_name(services: Services, caller: Caller, text: str) -> str:
    """Store ``text`` (cleaned; refused when empty or too long) as the caller's name; the name."""
    if caller.person is None:
        raise NameForWhomError()
    name, at = clean_name(text), services.clock()
    async with services.storage.transaction(claim=caller.claim) as tx:
        await names.choose_name(tx, caller.person.user_id, name, at)
        await history.append(tx, chat_id=caller.chat_id, actor=caller.actor_key, kind="person.named", at=at,
                             details={"name": name})
    services.names.remember(caller.person.user_id, name)
    return name
