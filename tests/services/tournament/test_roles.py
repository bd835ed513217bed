import pytest

from bot.services import Services
from bot.services.caller import Caller, ChatUser
from bot.services.roles import Role
from bot.services.tournament.roles import (
    RefereeTarget,
    RefereeUnknownError,
    add_referee,
    list_referees,
    resolve_referee,
)
from bot.services.tournament.setup import cancel_tournament, create_tournament
from bot.services.tournament.state import NoTournamentError
from storage import tournament_people, users
from tests.services.conftest import GROUP, OTHER_GROUP, in_group, player
from tests.storage.conftest import AT

CREATOR = player(5, "Creator", "creator")


async def test_the_creator_organises_only_their_own_open_tournament(services: Services, admin: Caller) -> None:
    assert not await services.roles.has(CREATOR, Role.ORGANISER)
    await create_tournament(services, CREATOR, "Cup")
    assert await services.roles.has(CREATOR, Role.ORGANISER)
    assert not await services.roles.has(in_group(CREATOR.person, OTHER_GROUP), Role.ORGANISER)
    await cancel_tournament(services, admin, "Cup")
    assert not await services.roles.has(CREATOR, Role.ORGANISER)


async def test_referees_by_user_id_and_by_username(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Cup")
    known = await add_referee(services, admin, RefereeTarget(1010, None, "Known"))
    by_name = await add_referee(services, admin, RefereeTarget(None, "Whistle", "@Whistle"))
    again = await add_referee(services, admin, RefereeTarget(1010, None, "Known"))
    assert (known.added, by_name.added, again.added) == (True, True, False)
    assert await services.roles.roles_of(player(10)) == frozenset({Role.REFEREE})
    assert await services.roles.has(in_group(ChatUser(4242, "W", "whistle")), Role.REFEREE)
    assert not await services.roles.has(in_group(ChatUser(4243, "W")), Role.REFEREE)
    assert not await services.roles.has(in_group(ChatUser(1010, "Known"), OTHER_GROUP), Role.REFEREE)
    name, named = await list_referees(services, admin)
    assert name == "Cup" and [referee.display_name for referee in named] == ["Known", "@Whistle"]


async def test_resolving_who_becomes_referee(services: Services) -> None:
    async with services.storage.transaction() as tx:
        await users.remember_user(tx, 1020, "seen", "Seen Person", "en", AT)
    assert await resolve_referee(services, None, "@SEEN") == RefereeTarget(1020, "seen", "Seen Person")
    assert await resolve_referee(services, None, "@nobody") == RefereeTarget(None, "nobody", "@nobody")
    replied = ChatUser(1030, "Replied", None)
    assert await resolve_referee(services, replied, None) == RefereeTarget(1030, None, "Replied")
    for bad in (None, "whistle", "@", "@no-dash", "@名字"):
        with pytest.raises(RefereeUnknownError):
            await resolve_referee(services, None, bad)


async def test_no_referees_without_a_tournament(services: Services, admin: Caller) -> None:
    with pytest.raises(NoTournamentError):
        await add_referee(services, admin, RefereeTarget(1, None, "x"))
    with pytest.raises(NoTournamentError):
        await list_referees(services, in_group(admin.person, GROUP))


async def test_a_change_decides_the_stored_roles_in_its_own_transaction(services: Services, admin: Caller) -> None:
    created = await create_tournament(services, admin, "Cup")
    whistle = in_group(ChatUser(4242, "W", "whistle"))
    roles = await services.roles.for_caller(whistle)  # the administrators asked now, before the transaction
    assert roles.outside == frozenset()
    with pytest.raises(RuntimeError, match="rolled back"):
        async with services.storage.transaction() as tx:
            assert not await roles.has(tx, Role.REFEREE)
            await tournament_people.add_referee(tx, created.record.tournament_id, user_id=None, username="whistle",
                                                display_name="@whistle", by="user:1", at=AT)
            assert await roles.has(tx, Role.REFEREE) and not await roles.has(tx, Role.ORGANISER)
            raise RuntimeError("rolled back")
    assert not await services.roles.has(whistle, Role.REFEREE)
    organiser = await services.roles.for_caller(admin)
    assert organiser.outside == frozenset({Role.ORGANISER, Role.REFEREE})  # an administrator: no read needed
