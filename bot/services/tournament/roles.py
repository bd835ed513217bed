"""Tournament roles: its creator organises it, the referees named with ``/referee`` judge its tables.

:class:`TournamentRoles` is a :class:`~bot.services.roles.StoredRoleSource` (``Roles.add_source``): in a group
it looks at the chat's open tournament only, so a role never reaches into another chat or another tournament. A
change reads it in its own transaction (``Roles.for_caller``), so the role it acts on is the one it sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import UsageError
from bot.services import Services
from bot.services.caller import Caller, ChatUser
from bot.services.roles import Role
from bot.services.tournament.state import NoTournamentError, changing
from bot.tournament.names import fit_name
from bot.tournament.people import Referee
from storage import Storage, Tx, tournament_people, tournaments, users


class RefereeUnknownError(UsageError):
    key = "tournament.referee_unknown"


class TournamentRoles:
    def __init__(self, storage: Storage) -> None:
        self._storage = storage

    async def roles_of(self, caller: Caller) -> frozenset[Role]:
        """:meth:`roles_in` in a read of its own."""
        if not caller.chat_kind.is_group or caller.person is None:
            return frozenset()
        seen = None if caller.claim is None else caller.claim.fresh_view(caller.chat_id)
        if seen is not None:  # the intake saw the chat's tournament, and its roles for the sender
            if seen.tournament is None or not seen.tournament.open:
                return frozenset()
            person = caller.person
            if seen.tournament.sender == person.user_id:
                creator, referee = seen.tournament.creator_user_id, seen.tournament.sender_referee
            else:  # someone else than the sender: one statement
                creator, referee = await tournament_people.creator_and_referee(
                    self._storage, seen.tournament.tournament_id, person.user_id, person.username)
            if creator == person.user_id:
                return frozenset({Role.ORGANISER})
            return frozenset({Role.REFEREE}) if referee else frozenset()
        async with self._storage.read() as tx:
            return await self.roles_in(tx, caller)

    async def roles_in(self, tx: Tx, caller: Caller) -> frozenset[Role]:
        """The caller's roles in the chat's open tournament, read in ``tx``."""
        if not caller.chat_kind.is_group or caller.person is None:
            return frozenset()
        person = caller.person
        record, referee = await tournaments.open_tournament_and_referee(tx, caller.chat_id, person.user_id,
                                                                        person.username)
        if record is None:
            return frozenset()
        if record.creator_user_id == person.user_id:
            return frozenset({Role.ORGANISER})
        return frozenset({Role.REFEREE}) if referee else frozenset()


@dataclass(frozen=True, slots=True)
class RefereeTarget:
    """Who ``/referee`` names: a user the bot knows (a reply, or a seen @username) or just an @username."""

    user_id: int | None
    username: str | None
    display_name: str


async def resolve_referee(services: Services, replied_to: ChatUser | None, argument: str | None) -> RefereeTarget:
    if replied_to is not None:
        return RefereeTarget(replied_to.user_id, replied_to.username, fit_name(replied_to.display_name,
                                                                              f"#{replied_to.user_id}"))
    if argument is None or not argument.startswith("@") or len(argument) < 2:
        raise RefereeUnknownError(value=(argument or "")[:40])
    username = argument[1:]
    if not username.replace("_", "").isalnum() or not username.isascii():
        raise RefereeUnknownError(value=argument[:40])
    async with services.storage.read() as tx:
        seen = await users.find_by_username(tx, username)
    if seen is None:
        return RefereeTarget(None, username, "@" + username)
    name = services.names.of(seen.user_id) or seen.display_name
    return RefereeTarget(seen.user_id, seen.username, fit_name(name, f"#{seen.user_id}"))


@dataclass(frozen=True, slots=True)
class RefereeAdded:
    tournament_name: str
    referee: RefereeTarget
    added: bool
    """``False``: they were a referee already."""


async def add_referee(services: Services, caller: Caller, target: RefereeTarget) -> RefereeAdded:
    """An organiser names a referee of the chat's open tournament.

    The handler refused others early; the transaction decides."""
    async with changing(services, caller, required=Role.ORGANISER) as change:
        tid = change.before.tournament_id
        known = await tournament_people.referees(change.tx, tid)
        if any(referee.is_person(target.user_id, target.username) for referee in known):
            return RefereeAdded(change.before.record.name, target, False)
        await tournament_people.add_referee(change.tx, tid, user_id=target.user_id, username=target.username,
                                            display_name=target.display_name, by=caller.actor_key, at=change.at)
        change.record("referee.added", {"user_id": target.user_id, "username": target.username,
                                        "name": target.display_name})
    return RefereeAdded(change.before.record.name, target, True)


async def list_referees(services: Services, caller: Caller) -> tuple[str, list[Referee]]:
    """The open tournament's name and its referees."""
    async with services.storage.read() as tx:
        record = await tournaments.open_tournament(tx, caller.chat_id)
        if record is None:
            raise NoTournamentError()
        return record.name, await tournament_people.referees(tx, record.tournament_id)
