"""Who may do what in a chat.

A :class:`Roles` service asks each of its :class:`RoleSource` s which roles a :class:`Caller` holds and merges the
answers. Today's sources: the chat itself (in a private chat the caller runs their own chat; an anonymous admin
speaks for the group), the group's Telegram administrators (:class:`ChatAdministrators`, cached per chat for a
short time) and, on WeCom, which gives a bot no list of a group's administrators, the userids of
``WECOM_ORGANISERS`` (:class:`WeComOrganisers`). The tournament layer plugs in its own source (creator →
organiser, named referees → referee) with :meth:`Roles.add_source`: a :class:`StoredRoleSource`, read from the database.

A change decides roles inside its own transaction, so the decision and the change see the same tournament:
:meth:`Roles.for_caller` asks the sources outside the database first (the administrators may take a Bot API call,
which must not hold the database), then :meth:`CallerRoles.require` / :meth:`CallerRoles.has` read the stored
roles with the transaction's ``tx`` and decide. ``bot.services.tournament.state.changing`` does both when asked
(``required=``, ``with_roles=``). :meth:`Roles.roles_of` / :meth:`Roles.require` outside any transaction serve
questions and early refusals (the command table's organiser gate, ``/help``).
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

from bot.clock import Clock
from bot.errors import PermissionDenied
from bot.services.caller import Caller
from bot.services.platform_ids import WeComDirectory, is_wecom_user
from storage import Tx


class Role(enum.StrEnum):
    ORGANISER = "organiser"
    REFEREE = "referee"


class NotOrganiser(PermissionDenied):
    key = "roles.not_organiser"


class NotReferee(PermissionDenied):
    key = "roles.not_referee"


class NotWeComOrganiser(NotOrganiser):
    """WeCom shows a bot no group owner or admins: the refusal names who organises there."""

    key = "roles.not_organiser_wecom"


class NotWeComOrganiserNoneListed(NotOrganiser):
    key = "roles.not_organiser_wecom_none"


def _denial(role: Role, caller: Caller, wecom_organisers: tuple[str, ...]) -> PermissionDenied:
    """The refusal of ``role``: on WeCom an organiser's names who organises (the creator, ``WECOM_ORGANISERS``)."""
    if role is Role.ORGANISER and caller.user_id is not None and is_wecom_user(caller.user_id):
        if wecom_organisers:
            return NotWeComOrganiser(organisers=" / ".join(wecom_organisers))
        return NotWeComOrganiserNoneListed()
    return _DENIALS[role]()


_DENIALS: dict[Role, type[PermissionDenied]] = {Role.ORGANISER: NotOrganiser, Role.REFEREE: NotReferee}

# Authority implies the lesser roles: an organiser may do whatever a referee may.
_IMPLIED: dict[Role, frozenset[Role]] = {Role.ORGANISER: frozenset({Role.ORGANISER, Role.REFEREE})}


class RoleSource(Protocol):
    """Roles a caller holds by who they are in the chat, known without the database."""

    async def roles_of(self, caller: Caller) -> frozenset[Role]: ...


@runtime_checkable
class StoredRoleSource(Protocol):
    """Roles the database grants.

    Read in the transaction that acts on them (``roles_in``), or in a read of their own (``roles_of``)."""

    async def roles_of(self, caller: Caller) -> frozenset[Role]: ...

    async def roles_in(self, tx: Tx, caller: Caller) -> frozenset[Role]: ...


def _implied(roles: frozenset[Role]) -> frozenset[Role]:
    held: set[Role] = set()
    for role in roles:
        held |= _IMPLIED.get(role, {role})
    return frozenset(held)


@dataclass(frozen=True, slots=True)
class CallerRoles:
    """A caller's roles half-decided.

    Those known outside the database (asked before the transaction), and the stored sources still to be read in it."""

    caller: Caller
    outside: frozenset[Role]
    stored: tuple[StoredRoleSource, ...] = ()
    wecom_organisers: tuple[str, ...] = ()

    async def held(self, tx: Tx) -> frozenset[Role]:
        """Every role the caller holds, the stored ones read in ``tx``."""
        held = set(self.outside)
        for source in self.stored:
            held |= await source.roles_in(tx, self.caller)
        return _implied(frozenset(held))

    async def has(self, tx: Tx, role: Role) -> bool:
        # A group administrator needs no database read.
        return role in self.outside or role in await self.held(tx)

    async def require(self, tx: Tx, role: Role, *, held: frozenset[Role] | None = None) -> None:
        """Raise the role's :class:`PermissionDenied` leaf unless the caller holds ``role``, decided in ``tx``.

        ``held``: what :meth:`held` answered in it already."""
        if not (role in held if held is not None else await self.has(tx, role)):
            raise _denial(role, self.caller, self.wecom_organisers)


class OwnChat:
    """A private chat is run by its one user; an anonymous administrator posts as the group itself."""

    async def roles_of(self, caller: Caller) -> frozenset[Role]:
        if caller.is_private or caller.is_anonymous_admin:
            return frozenset({Role.ORGANISER})
        return frozenset()


AdminLookup = Callable[[int], Awaitable[frozenset[int]]]
"""Given a chat id, the user ids of its creator and administrators (one Bot API call)."""


@dataclass(frozen=True, slots=True)
class _Cached:
    admins: frozenset[int]
    fetched_at: datetime


class ChatAdministrators:
    """Group creator and administrators are organisers; the list is cached per chat for ``ttl``.

    Each worker keeps its own copy, and that is as correct across workers as in one process: the list is
    Telegram's (``getChatAdministrators``), changed by no worker, and Telegram does not tell the bot when it changes,
    so any copy, in one process or many, may be up to ``ttl`` behind Telegram and never more
    (``bot.services.caches``)."""

    def __init__(self, lookup: AdminLookup, clock: Clock, ttl: timedelta = timedelta(minutes=2)) -> None:
        self._lookup = lookup
        self._clock = clock
        self._ttl = ttl
        self._cache: dict[int, _Cached] = {}

    async def admins_of(self, chat_id: int) -> frozenset[int]:
        now = self._clock()
        cached = self._cache.get(chat_id)
        if cached is None or now - cached.fetched_at >= self._ttl:
            cached = _Cached(await self._lookup(chat_id), now)
            self._cache[chat_id] = cached
        return cached.admins

    def forget(self, chat_id: int) -> None:
        self._cache.pop(chat_id, None)

    async def roles_of(self, caller: Caller) -> frozenset[Role]:
        if not caller.chat_kind.is_group or caller.user_id is None:
            return frozenset()
        return frozenset({Role.ORGANISER}) if caller.user_id in await self.admins_of(caller.chat_id) else frozenset()


class WeComOrganisers:
    """The WeCom userids of ``WECOM_ORGANISERS`` organise in every WeCom group.

    The creator of a tournament organises it, as everywhere: ``bot.services.tournament.roles``."""

    def __init__(self, userids: frozenset[str], directory: WeComDirectory) -> None:
        self.userids = userids
        self.directory = directory

    async def roles_of(self, caller: Caller) -> frozenset[Role]:
        user_id = caller.user_id
        if not caller.chat_kind.is_group or user_id is None or not is_wecom_user(user_id):
            return frozenset()
        return frozenset({Role.ORGANISER}) if self.directory.wecom_id(user_id) in self.userids else frozenset()


class Roles:
    def __init__(self, *sources: RoleSource) -> None:
        self._sources: list[RoleSource] = list(sources)

    def add_source(self, source: RoleSource) -> None:
        self._sources.append(source)

    @property
    def sources(self) -> tuple[RoleSource, ...]:
        return tuple(self._sources)

    def forget_chat(self, chat_id: int) -> None:
        """Drop what is cached about a chat (it moved, or its administrators changed)."""
        for source in self._sources:
            if isinstance(source, ChatAdministrators):
                source.forget(chat_id)

    async def roles_of(self, caller: Caller) -> frozenset[Role]:
        """Every role ``caller`` holds, the stored ones in a read of their own (a question, an early refusal)."""
        held: set[Role] = set()
        for source in self._sources:
            held |= await source.roles_of(caller)
        return _implied(frozenset(held))

    async def has(self, caller: Caller, role: Role) -> bool:
        return role in await self.roles_of(caller)

    async def require(self, caller: Caller, role: Role) -> None:
        """Raise the role's :class:`PermissionDenied` leaf unless ``caller`` holds ``role``.

        Outside any transaction: a change decides again in its own, :meth:`for_caller`."""
        if not await self.has(caller, role):
            raise _denial(role, caller, self.wecom_organisers)

    async def for_caller(self, caller: Caller) -> CallerRoles:
        """Ask the sources outside the database now, before a transaction begins.

        The stored ones are read in it (:meth:`CallerRoles.held`)."""
        outside: set[Role] = set()
        stored: list[StoredRoleSource] = []
        for source in self._sources:
            if isinstance(source, StoredRoleSource):
                stored.append(source)
            else:
                outside |= await source.roles_of(caller)
        return CallerRoles(caller, _implied(frozenset(outside)), tuple(stored), self.wecom_organisers)

    @property
    def wecom_organisers(self) -> tuple[str, ...]:
        """The userids of ``WECOM_ORGANISERS`` (named in a WeCom refusal)."""
        return tuple(sorted(userid for source in self._sources if isinstance(source, WeComOrganisers)
                            for userid in source.userids))
