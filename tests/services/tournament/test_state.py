import random
from dataclasses import replace

import pytest

from bot.services import Services
from bot.services.caller import Caller
from bot.services.chats import move_chat
from bot.services.tournament.draw import make_draw
from bot.services.tournament.results import TableRef, record_result
from bot.services.tournament.setup import create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up
from bot.services.tournament.state import (
    NoTournamentError,
    NoTournamentYetError,
    TournamentCache,
    load_state,
    read_state,
)
from bot.tournament.outcome import Outcome
from storage import history, tournaments
from tests.services.conftest import GROUP, OTHER_GROUP, in_group, player
from tests.services.tournament_helpers import play_round, singles_tournament, state_of


async def test_no_tournament_yet(services: Services) -> None:
    with pytest.raises(NoTournamentYetError):
        await read_state(services, GROUP)
    with pytest.raises(NoTournamentError):
        await read_state(services, GROUP, finished=False)


async def test_every_change_counts_a_version_and_the_cache_follows(services: Services, admin: Caller) -> None:
    created = await create_tournament(services, admin, "Cup")
    versions = [created.record.version]
    for number in range(1, 5):
        signed = await sign_up(services, player(number), SignUpRequest())
        versions.append(signed.state.record.version)
    assert versions == list(range(1, 6))
    cache = services.tournaments
    hits = cache.hits
    state = await state_of(services)
    assert cache.hits == hits + 1 and state.record.version == 5


class RolledBack(Exception):
    pass


async def test_a_transaction_that_wrote_reads_its_own_rows_and_leaves_the_cache_alone(
    services: Services, admin: Caller
) -> None:
    """A re-plan after ``/set remind`` loads the tournament in the transaction that changed it, before its version
    is counted: it must see the new setting, and the cache must never learn a state that was not committed."""
    await create_tournament(services, admin, "Cup")
    state = await state_of(services)  # cached now
    with pytest.raises(RolledBack):
        async with services.storage.transaction() as tx:
            await tournaments.set_settings(tx, state.tournament_id, replace(state.record.settings, remind=45))
            record = await tournaments.get_tournament(tx, state.tournament_id)
            assert record is not None and record.version == state.record.version
            loaded = await load_state(tx, services.tournaments, record)
            assert loaded.record.settings.remind == 45
            raise RolledBack
    assert (await state_of(services)).record.settings.remind == state.record.settings.remind == 30


async def test_a_change_made_elsewhere_is_seen(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 4)
    await state_of(services)  # cached
    async with services.storage.transaction() as tx:  # another process signs someone up
        record = await tournaments.open_tournament(tx, GROUP)
        assert record is not None
        await tournaments.touch(tx, record.tournament_id, services.clock())
    misses = services.tournaments.misses
    await state_of(services)
    assert services.tournaments.misses == misses + 1


async def test_a_failed_change_leaves_the_cache_and_the_database_alone(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 4)
    await make_draw(services, admin)
    before = await state_of(services)
    with pytest.raises(Exception):  # noqa: B017 - any refusal will do
        await record_result(services, admin, TableRef(9), Outcome.parse("K A"))
    after = await state_of(services)
    assert after is before


async def test_the_cache_keeps_the_most_recently_used(services: Services, admin: Caller) -> None:
    states = []
    for chat_id in (GROUP, OTHER_GROUP, OTHER_GROUP - 1):
        await create_tournament(services, in_group(admin.person, chat_id), f"Cup {chat_id}")
        states.append(await read_state(services, chat_id))
    cache = TournamentCache(capacity=2)
    first, second, third = states
    cache.put(first)
    cache.put(second)
    assert cache.get(first.tournament_id, first.record.version) is first  # now the most recent
    cache.put(third)
    assert cache.get(second.tournament_id, second.record.version) is None
    assert cache.get(first.tournament_id, first.record.version + 1) is None  # another version
    assert cache.get(third.tournament_id, third.record.version) is third


async def test_a_group_becoming_a_supergroup_keeps_its_tournament(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 8)
    await make_draw(services, admin)
    await play_round(services, random.Random(3))
    before = await state_of(services)
    assert await move_chat(services.storage, GROUP, OTHER_GROUP, services.clock())
    moved = await read_state(services, OTHER_GROUP)
    assert moved.record.chat_id == OTHER_GROUP and moved.record.version == before.record.version + 1
    assert list(moved.require_bracket().matches()) == list(before.require_bracket().matches())
    with pytest.raises(NoTournamentYetError):
        await read_state(services, GROUP)
    elsewhere = in_group(admin.person, OTHER_GROUP)
    await record_result(services, elsewhere, TableRef(1), Outcome.parse("K A+"))
    async with services.storage.read() as tx:
        assert (await history.for_tournament(tx, moved.tournament_id))[-1].chat_id == OTHER_GROUP
