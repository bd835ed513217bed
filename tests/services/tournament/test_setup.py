import pytest

from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.draw import make_draw
from bot.services.tournament.setup import (
    CancelNeedsNameError,
    TournamentAlreadyOpenError,
    cancel_tournament,
    change_mode,
    change_setting,
    create_tournament,
    settings_view,
)
from bot.services.tournament.signup import SignUpRequest, sign_up
from bot.services.tournament.state import NoTournamentError, read_state
from bot.tournament.entries import EntryStatus, RegistrationMode
from bot.tournament.names import NameTooLongError
from bot.tournament.record import TournamentStatus
from bot.tournament.registration import ModeChangeBlockedError
from bot.tournament.settings import SettingLockedError, UnknownSettingError
from storage import history
from tests.services.conftest import GROUP, OTHER_GROUP, in_group, player
from tests.services.tournament_helpers import singles_tournament


async def test_a_new_tournament_opens_in_registration(services: Services, admin: Caller) -> None:
    created = await create_tournament(services, admin, " 周五  掼蛋杯 ")
    record = created.record
    assert (record.name, record.status, record.mode, record.creator, record.creator_user_id) == (
        "周五 掼蛋杯", TournamentStatus.REGISTRATION, RegistrationMode.PAIRS, "tg:1", 1)
    assert record.settings.timezone == "Asia/Shanghai"
    async with services.storage.read() as tx:
        [event, committed] = await history.for_tournament(tx, record.tournament_id)
    assert (event.kind, event.details) == ("tournament.created", {"name": "周五 掼蛋杯"})
    # The draw seed is sealed now; only its commitment is public.
    assert (committed.kind, committed.details) == ("draw.committed", {"commitment": record.commitment})
    assert record.commitment is not None and record.seed is None


async def test_one_open_tournament_per_chat_but_chats_are_separate(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "A")
    with pytest.raises(TournamentAlreadyOpenError):
        await create_tournament(services, admin, "B")
    other = await create_tournament(services, in_group(admin.person, OTHER_GROUP), "B")
    assert other.record.chat_id == OTHER_GROUP


async def test_a_too_long_name_is_refused_and_nothing_is_made(services: Services, admin: Caller) -> None:
    with pytest.raises(NameTooLongError):
        await create_tournament(services, admin, "杯" * 65)
    with pytest.raises(NoTournamentError):
        await read_state(services, GROUP, finished=False)


async def test_mode_change_and_its_refusal(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "A")
    changed = await change_mode(services, admin, RegistrationMode.MIXED)
    assert changed.state.record.mode is changed.state.registration.mode is RegistrationMode.MIXED
    await change_mode(services, admin, RegistrationMode.PAIRS)
    await sign_up(services, player(1), SignUpRequest(names=()))
    await sign_up(services, admin, SignUpRequest(names=("张三", "李四")))
    with pytest.raises(ModeChangeBlockedError):
        await change_mode(services, admin, RegistrationMode.MIXED)
    assert (await read_state(services, GROUP)).record.mode is RegistrationMode.PAIRS


async def test_capacity_sends_the_latest_entries_to_the_waiting_list(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 6)
    changed = await change_setting(services, admin, "capacity", "2")
    statuses = [entry.status for entry in changed.state.registration.entries]
    assert statuses == [EntryStatus.ACTIVE] * 4 + [EntryStatus.WAITING] * 2
    assert changed.state.record.settings.capacity == 2 and changed.value == "2"
    reopened = await change_setting(services, admin, "capacity", "off")
    assert all(entry.status is EntryStatus.ACTIVE for entry in reopened.state.registration.entries)


async def test_settings_are_stored_and_shown(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "A")
    await change_setting(services, admin, "third_place", "playoff")
    await change_setting(services, admin, "time_limit", "75")
    services.tournaments.forget((await read_state(services, GROUP)).tournament_id)
    view = await settings_view(services, admin)
    settings = view.state.record.settings
    assert (settings.third_place.value, settings.time_limit, view.referees) == ("playoff", 75, ())


async def test_unknown_key_and_locked_key_change_nothing(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 4)
    before = await read_state(services, GROUP)
    with pytest.raises(UnknownSettingError):
        await change_setting(services, admin, "colour", "red")
    await make_draw(services, admin)
    with pytest.raises(SettingLockedError):
        await change_setting(services, admin, "final", "bo3")
    after = await read_state(services, GROUP)
    assert after.record.settings == before.record.settings


async def test_cancel_needs_the_name_and_frees_the_chat(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Spring Cup")
    with pytest.raises(CancelNeedsNameError):
        await cancel_tournament(services, admin, "")
    with pytest.raises(CancelNeedsNameError):
        await cancel_tournament(services, admin, "Autumn Cup")
    cancelled = await cancel_tournament(services, admin, "spring cup")
    assert cancelled.record.status is TournamentStatus.CANCELLED
    assert (await create_tournament(services, admin, "Autumn Cup")).record.name == "Autumn Cup"
