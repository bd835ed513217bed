from datetime import timedelta

import pytest

from bot.clock import ManualClock
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.roles import ChatAdministrators, NotOrganiser, NotReferee, OwnChat, Role, Roles

GROUP = -100
ADMIN, MEMBER = ChatUser(1, "Admin"), ChatUser(2, "Member")


class CountingLookup:
    def __init__(self, admins: set[int]) -> None:
        self.admins = admins
        self.calls = 0

    async def __call__(self, chat_id: int) -> frozenset[int]:
        self.calls += 1
        return frozenset(self.admins)


def in_group(person: ChatUser | None, sender_chat_id: int | None = None) -> Caller:
    return Caller(GROUP, ChatKind.SUPERGROUP, person, sender_chat_id)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def lookup() -> CountingLookup:
    return CountingLookup({ADMIN.user_id})


@pytest.fixture
def roles(lookup: CountingLookup, clock: ManualClock) -> Roles:
    return Roles(OwnChat(), ChatAdministrators(lookup, clock, timedelta(minutes=2)))


@pytest.mark.parametrize(
    ("caller", "organiser"),
    [
        (in_group(ADMIN), True),
        (in_group(MEMBER), False),
        (in_group(None, sender_chat_id=GROUP), True),  # anonymous administrator
        (in_group(None, sender_chat_id=-555), False),  # a linked channel is not an administrator
        (Caller(MEMBER.user_id, ChatKind.PRIVATE, MEMBER), True),  # one's own private chat
    ],
)
async def test_who_is_an_organiser(roles: Roles, caller: Caller, organiser: bool) -> None:
    assert await roles.has(caller, Role.ORGANISER) is organiser


async def test_an_organiser_may_also_act_as_referee(roles: Roles) -> None:
    assert await roles.roles_of(in_group(ADMIN)) == {Role.ORGANISER, Role.REFEREE}


async def test_require_raises_the_roles_denial(roles: Roles) -> None:
    with pytest.raises(NotOrganiser):
        await roles.require(in_group(MEMBER), Role.ORGANISER)
    with pytest.raises(NotReferee):
        await roles.require(in_group(MEMBER), Role.REFEREE)
    await roles.require(in_group(ADMIN), Role.ORGANISER)


async def test_administrators_are_cached_per_chat_until_the_ttl(
    roles: Roles, lookup: CountingLookup, clock: ManualClock
) -> None:
    for _ in range(3):
        await roles.has(in_group(MEMBER), Role.ORGANISER)
    assert lookup.calls == 1
    lookup.admins.add(MEMBER.user_id)
    clock.advance(minutes=1)
    assert not await roles.has(in_group(MEMBER), Role.ORGANISER)
    clock.advance(minutes=1)
    assert await roles.has(in_group(MEMBER), Role.ORGANISER)
    assert lookup.calls == 2


async def test_forgetting_a_chat_refetches(roles: Roles, lookup: CountingLookup) -> None:
    await roles.has(in_group(MEMBER), Role.ORGANISER)
    roles.forget_chat(GROUP)
    await roles.has(in_group(MEMBER), Role.ORGANISER)
    assert lookup.calls == 2


async def test_a_tournament_source_plugs_in(roles: Roles) -> None:
    class Referees:
        async def roles_of(self, caller: Caller) -> frozenset[Role]:
            return frozenset({Role.REFEREE}) if caller.user_id == MEMBER.user_id else frozenset()

    roles.add_source(Referees())
    assert await roles.roles_of(in_group(MEMBER)) == {Role.REFEREE}


async def test_a_wecom_refusal_names_who_organises_there_never_the_group_owner() -> None:
    from bot.errors import PermissionDenied
    from bot.i18n import Language, t
    from bot.services.platform_ids import WeComDirectory
    from bot.services.roles import NotWeComOrganiser, NotWeComOrganiserNoneListed, WeComOrganisers
    from bot.tournament.entries import WECOM_FIRST_USER_ID

    person = ChatUser(WECOM_FIRST_USER_ID + 3, "p3", None, "zh")
    caller = Caller(-(1 << 60) - 1, ChatKind.GROUP, person)

    async def refusal(roles: Roles) -> PermissionDenied:
        with pytest.raises(PermissionDenied) as refused:
            await roles.require(caller, Role.ORGANISER)
        return refused.value

    listed = await refusal(Roles(WeComOrganisers(frozenset({"xiaoli", "laowang"}), WeComDirectory())))
    assert isinstance(listed, NotWeComOrganiser)
    said = t(listed.key, Language.ZH, **listed.params)
    assert said == "只有比赛的创建者或本群的组织者（laowang / xiaoli）可以这样做。"
    nobody = await refusal(Roles())
    assert isinstance(nobody, NotWeComOrganiserNoneListed) and "WECOM_ORGANISERS" in t(nobody.key, Language.ZH)
    assert not t(nobody.key, Language.ZH).startswith("只有群主")
