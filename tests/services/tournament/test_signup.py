import asyncio

import pytest

from bot.services import Services
from bot.services.caller import Caller, ChatUser
from bot.services.roles import NotOrganiser
from bot.services.tournament.draw import make_draw
from bot.services.tournament.setup import change_mode, change_setting, create_tournament
from bot.services.tournament.signup import (
    AmbiguousNameError,
    InvitationGoneError,
    Invited,
    NoEntryNamedError,
    NoInvitationError,
    Partner,
    PartnerIsBotError,
    SignedUp,
    SignUpAsYourselfError,
    SignUpRequest,
    WhichInvitationError,
    accept,
    sign_up,
    withdraw,
)
from bot.services.tournament.state import NoTournamentError, read_state
from bot.tournament.entries import EntryStatus, Gender, RegistrationMode
from bot.tournament.registration import (
    AlreadyDrawnError,
    DuplicateEntryError,
    GenderRequiredError,
    NotEnteredError,
    RegistrationClosedError,
    SamePersonTwiceError,
    WrongModeError,
)
from storage import history, users
from tests.services.conftest import GROUP, OTHER_GROUP, in_group, player
from tests.storage.conftest import AT

ALICE = player(1, "Alice", "alice")
BOB = player(2, "Bob", "bob")
CAROL = player(3, "Carol", "carol")


def partner_of(caller: Caller) -> Partner:
    assert caller.person is not None
    return Partner(caller.person.user_id, caller.person.username, caller.person.display_name)


@pytest.fixture
async def open_pairs(services: Services, admin: Caller) -> Services:
    await create_tournament(services, admin, "Friday Cup")
    return services


async def entries(services: Services) -> list[tuple[tuple[str, ...], EntryStatus]]:
    state = await read_state(services, GROUP)
    return [(entry.person_keys, entry.status) for entry in state.registration.entries]


async def test_signing_up_alone_makes_a_single(open_pairs: Services) -> None:
    signed = await sign_up(open_pairs, ALICE, SignUpRequest())
    assert isinstance(signed, SignedUp) and signed.entry.is_single and signed.waiting_position is None
    assert await entries(open_pairs) == [(("tg:1001",), EntryStatus.ACTIVE)]
    with pytest.raises(DuplicateEntryError):
        await sign_up(open_pairs, ALICE, SignUpRequest())


async def test_mixed_mode_needs_a_gender(open_pairs: Services, admin: Caller) -> None:
    await change_mode(open_pairs, admin, RegistrationMode.MIXED)
    with pytest.raises(GenderRequiredError):
        await sign_up(open_pairs, ALICE, SignUpRequest())
    signed = await sign_up(open_pairs, ALICE, SignUpRequest(gender=Gender.FEMALE))
    assert isinstance(signed, SignedUp) and signed.entry.members[0].gender is Gender.FEMALE


async def test_a_post_on_behalf_of_the_group_cannot_sign_up(open_pairs: Services) -> None:
    with pytest.raises(SignUpAsYourselfError):
        await sign_up(open_pairs, in_group(None, sender_chat_id=GROUP), SignUpRequest())


async def test_organisers_enter_people_without_an_account_by_name(open_pairs: Services, admin: Caller) -> None:
    pair = await sign_up(open_pairs, admin, SignUpRequest(names=("张三", "李四")))
    single = await sign_up(open_pairs, admin, SignUpRequest(names=("王五",), gender=Gender.MALE))
    assert isinstance(pair, SignedUp) and pair.by_organiser and pair.entry.name == "张三 / 李四"
    assert isinstance(single, SignedUp) and single.entry.members[0].gender is Gender.MALE
    assert await entries(open_pairs) == [(("name:张三", "name:李四"), EntryStatus.ACTIVE),
                                         (("name:王五",), EntryStatus.ACTIVE)]


async def test_players_may_not_enter_others_by_name(open_pairs: Services) -> None:
    with pytest.raises(NotOrganiser):
        await sign_up(open_pairs, ALICE, SignUpRequest(names=("张三",)))
    assert await entries(open_pairs) == []


async def test_an_invited_partner_joins_only_by_accepting(open_pairs: Services) -> None:
    invited = await sign_up(open_pairs, ALICE, SignUpRequest(partner=partner_of(BOB)))
    assert isinstance(invited, Invited) and invited.invitation.invitee_user_id == 1002
    assert await entries(open_pairs) == []
    with pytest.raises(NoInvitationError):
        await accept(open_pairs, CAROL)
    accepted = await accept(open_pairs, BOB)
    assert accepted.entry.name == "Alice / Bob"
    assert await entries(open_pairs) == [(("tg:1001", "tg:1002"), EntryStatus.ACTIVE)]
    with pytest.raises(NoInvitationError):
        await accept(open_pairs, BOB)


async def test_an_unseen_username_is_resolved_when_its_owner_accepts(open_pairs: Services) -> None:
    invited = await sign_up(open_pairs, ALICE, SignUpRequest(partner=Partner(None, "Bob", "@Bob")))
    assert isinstance(invited, Invited) and invited.invitation.invitee_user_id is None
    with pytest.raises(NoInvitationError):
        await accept(open_pairs, CAROL)
    accepted = await accept(open_pairs, BOB)
    assert accepted.entry.person_keys == ("tg:1001", "tg:1002")
    async with open_pairs.storage.read() as tx:
        kinds = [entry.kind for entry in await history.for_tournament(tx, accepted.state.tournament_id)]
    assert kinds[-3:] == ["invitation.sent", "invitation.accepted", "entry.signed_up"]


async def test_a_seen_username_is_resolved_at_once(open_pairs: Services) -> None:
    async with open_pairs.storage.transaction() as tx:
        await users.remember_user(tx, 1002, "bob", "Bob", "en", AT)
    invited = await sign_up(open_pairs, ALICE, SignUpRequest(partner=Partner(None, "BOB", "@BOB")))
    assert isinstance(invited, Invited) and invited.invitation.invitee_user_id == 1002
    impostor = in_group(ChatUser(1003, "Other", "bob"))  # took the username later: the invitation names user 1002
    with pytest.raises(NoInvitationError):
        await accept(open_pairs, impostor)


async def test_choosing_between_invitations(open_pairs: Services) -> None:
    async with open_pairs.storage.transaction() as tx:
        await users.remember_user(tx, 1001, "alice", "Alice", "en", AT)
    await sign_up(open_pairs, ALICE, SignUpRequest(partner=partner_of(BOB)))
    await sign_up(open_pairs, CAROL, SignUpRequest(partner=partner_of(BOB)))
    with pytest.raises(WhichInvitationError) as caught:
        await accept(open_pairs, BOB)
    assert caught.value.params["names"] == ("Alice", "Carol")
    accepted = await accept(open_pairs, BOB, inviter_username="alice")
    assert accepted.entry.name == "Alice / Bob"
    state = await read_state(open_pairs, GROUP)
    with pytest.raises(InvitationGoneError):
        await accept(open_pairs, BOB, invitation_id=accepted.invitation.invitation_id)
    assert len(state.registration.entries) == 1


@pytest.mark.parametrize(
    ("partner", "error"),
    [(Partner(1001, "alice", "Alice"), SamePersonTwiceError), (Partner(7, "helper_bot", "Bot", is_bot=True),
                                                                PartnerIsBotError)],
)
async def test_impossible_invitations(open_pairs: Services, partner: Partner, error: type[Exception]) -> None:
    with pytest.raises(error):
        await sign_up(open_pairs, ALICE, SignUpRequest(partner=partner))


async def test_no_invitation_in_mixed_mode_or_for_someone_entered(open_pairs: Services, admin: Caller) -> None:
    await sign_up(open_pairs, BOB, SignUpRequest())
    with pytest.raises(DuplicateEntryError):
        await sign_up(open_pairs, ALICE, SignUpRequest(partner=partner_of(BOB)))
    await withdraw(open_pairs, BOB)
    await change_mode(open_pairs, admin, RegistrationMode.MIXED)
    with pytest.raises(WrongModeError):
        await sign_up(open_pairs, ALICE, SignUpRequest(partner=partner_of(BOB)))


async def test_withdrawing_moves_the_waiting_list_up(open_pairs: Services, admin: Caller) -> None:
    await change_setting(open_pairs, admin, "capacity", "2")
    for number in range(1, 6):
        await sign_up(open_pairs, player(number), SignUpRequest())
    withdrawn = await withdraw(open_pairs, player(2))
    assert withdrawn.entry is not None and withdrawn.entry.status is EntryStatus.WITHDRAWN
    assert [entry.entry_id for entry in withdrawn.promoted] == [5]
    with pytest.raises(NotEnteredError):
        await withdraw(open_pairs, player(2))


async def test_withdrawing_a_pending_invitation(open_pairs: Services) -> None:
    await sign_up(open_pairs, ALICE, SignUpRequest(partner=partner_of(BOB)))
    withdrawn = await withdraw(open_pairs, ALICE)
    assert withdrawn.entry is None and withdrawn.cancelled_invitations == 1
    with pytest.raises(NoInvitationError):
        await accept(open_pairs, BOB)


async def test_organisers_withdraw_by_name_or_number(open_pairs: Services, admin: Caller) -> None:
    await sign_up(open_pairs, admin, SignUpRequest(names=("张三", "李四")))
    await sign_up(open_pairs, admin, SignUpRequest(names=("王五",)))
    await sign_up(open_pairs, admin, SignUpRequest(names=("王五（工会）",)))
    with pytest.raises(NotOrganiser):
        await withdraw(open_pairs, ALICE, "李四")
    with pytest.raises(NoEntryNamedError):
        await withdraw(open_pairs, admin, "赵六")
    assert (await withdraw(open_pairs, admin, "李四")).entry.entry_id == 1  # type: ignore[union-attr]
    assert (await withdraw(open_pairs, admin, "3")).entry.entry_id == 3  # type: ignore[union-attr]


async def test_two_entries_sharing_a_name_need_the_number(open_pairs: Services, admin: Caller) -> None:
    await sign_up(open_pairs, player(1, "Lily"), SignUpRequest())
    await sign_up(open_pairs, player(2, "lily"), SignUpRequest())
    with pytest.raises(AmbiguousNameError) as caught:
        await withdraw(open_pairs, admin, "LILY")
    assert caught.value.params["numbers"] == ("#1", "#2")


async def test_after_the_draw_nothing_changes(open_pairs: Services, admin: Caller) -> None:
    for number in range(1, 5):
        await sign_up(open_pairs, player(number), SignUpRequest())
    await make_draw(open_pairs, admin)
    with pytest.raises(RegistrationClosedError):
        await sign_up(open_pairs, player(9), SignUpRequest())
    with pytest.raises(AlreadyDrawnError):
        await withdraw(open_pairs, player(1))
    with pytest.raises(RegistrationClosedError):
        await sign_up(open_pairs, player(9), SignUpRequest(partner=partner_of(player(8))))


async def test_another_chat_never_reaches_this_tournament(open_pairs: Services) -> None:
    elsewhere = in_group(ALICE.person, OTHER_GROUP)
    with pytest.raises(NoTournamentError):
        await sign_up(open_pairs, elsewhere, SignUpRequest())
    assert await entries(open_pairs) == []


async def test_racing_sign_ups_never_exceed_the_capacity(open_pairs: Services, admin: Caller) -> None:
    await change_setting(open_pairs, admin, "capacity", "2")
    for number in range(1, 4):
        await sign_up(open_pairs, player(number), SignUpRequest())
    await asyncio.gather(*(sign_up(open_pairs, player(number), SignUpRequest()) for number in range(4, 10)))
    state = await read_state(open_pairs, GROUP)
    assert len(state.registration.active) == 4 and len(state.registration.waiting) == 5
