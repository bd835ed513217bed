"""Two workers on one database (``bot.services.caches``): what one changes, the other answers, never from a copy
kept in its memory before the change. Each worker is its own :class:`Services` with its own :class:`Storage`
(connection or pool), as two processes would be; the tournament checks run on both engines, the names' version
check on PostgreSQL (SQLite serves one process and adds no read)."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.ruleset.scoring import Side
from bot.services import Services
from bot.services.caller import Caller
from bot.services.chats import move_chat
from bot.services.names import choose_name
from bot.services.roles import ChatAdministrators, OwnChat, Roles
from bot.services.tournament.draw import make_draw
from bot.services.tournament.results import TableRef, confirm_result, record_result
from bot.services.tournament.roles import TournamentRoles
from bot.services.tournament.setup import create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up
from bot.services.tournament.state import read_state
from bot.services.tournament.views import entries_view, standings_view
from bot.tournament.matches import MatchState
from bot.tournament.outcome import Outcome
from storage import Storage
from tests.services.conftest import ADMIN, GROUP, OTHER_GROUP, in_group, player
from tests.services.tournament_helpers import seat
from tests.support.postgres import SessionDatabase, settings_for


async def open_worker(target: Path | str, clock: ManualClock) -> Services:
    async def admins(chat_id: int) -> frozenset[int]:
        return frozenset({ADMIN.user_id})

    storage = Storage(target)
    await storage.open()
    roles = Roles(OwnChat(), ChatAdministrators(admins, clock, timedelta(minutes=2)), TournamentRoles(storage))
    counter = itertools.count(1)
    services = Services(settings_for(target), storage, roles, clock,
                        entropy=lambda size: next(counter).to_bytes(size, "big"))
    await services.names.load(storage)
    return services


async def two_workers(target: Path | str) -> AsyncIterator[tuple[Services, Services]]:
    clock = ManualClock()
    first = await open_worker(target, clock)
    second = await open_worker(target, clock)
    try:
        yield first, second
    finally:
        await first.storage.close()
        await second.storage.close()


@pytest.fixture
async def workers(migrated_target: Path | str) -> AsyncIterator[tuple[Services, Services]]:
    async for pair in two_workers(migrated_target):
        yield pair


@pytest.fixture
async def postgresql_workers(postgres: SessionDatabase) -> AsyncIterator[tuple[Services, Services]]:
    async for pair in two_workers(await postgres.migrated_target()):
        yield pair


def entry_names(services_state: object) -> list[str]:
    registration = services_state.registration  # type: ignore[attr-defined]
    return [person.name for entry in registration.entries for person in entry.members]


async def test_a_sign_up_through_one_worker_is_in_the_other_workers_entries(
    workers: tuple[Services, Services], admin: Caller
) -> None:
    first, second = workers
    await create_tournament(first, admin, "周五杯")
    await sign_up(first, player(1, "张三"), SignUpRequest())
    before = await entries_view(second, admin)  # the second worker loads (and keeps) the tournament now
    assert entry_names(before.state) == ["张三"]
    await sign_up(first, player(2, "李四"), SignUpRequest())
    after = await entries_view(second, admin)
    assert entry_names(after.state) == ["张三", "李四"]
    assert second.tournaments.hits == 0  # a new version: the copy it kept was not used
    again = await entries_view(second, admin)
    assert again.state is after.state and second.tournaments.hits == 1  # unchanged: the copy serves


async def test_a_result_through_one_worker_is_in_the_other_workers_standings(
    workers: tuple[Services, Services], admin: Caller
) -> None:
    first, second = workers
    await create_tournament(first, admin, "周五杯")
    for number in range(1, 9):
        await sign_up(first, player(number), SignUpRequest())
    await make_draw(first, admin)
    before = await standings_view(second, admin)
    match = before.state.require_bracket().playable()[0]
    assert match.table is not None
    await record_result(first, seat(match, Side.LEFT), TableRef(match.table), Outcome.parse("A+ K"))
    await confirm_result(first, seat(match, Side.RIGHT, 1), TableRef(match.table))
    after = await standings_view(second, admin)
    confirmed = after.state.require_bracket().match(match.match_id)
    assert confirmed.state is MatchState.CONFIRMED
    assert after.state.record.version > before.state.record.version


async def test_a_group_moving_to_a_supergroup_is_a_new_version_everywhere(
    workers: tuple[Services, Services], admin: Caller
) -> None:
    first, second = workers
    await create_tournament(first, admin, "周五杯")
    before = await read_state(second, GROUP)
    await move_chat(first.storage, GROUP, OTHER_GROUP, first.clock())
    after = await read_state(second, OTHER_GROUP)
    assert before.record.chat_id == GROUP and after.record.chat_id == OTHER_GROUP


@pytest.mark.postgresql
async def test_a_name_chosen_through_one_worker_is_used_by_the_other(
    postgresql_workers: tuple[Services, Services]
) -> None:
    first, second = postgresql_workers
    someone = player(5, "profile name")
    assert someone.person is not None
    await second.names.refresh(second.storage)
    assert second.names.caller(someone).person == someone.person
    await choose_name(first, someone, "小明")
    await second.names.refresh(second.storage)
    named = second.names.caller(someone).person
    assert named is not None and named.display_name == "小明"
    await choose_name(second, someone, "小明明")
    await first.names.refresh(first.storage)
    assert first.names.of(someone.person.user_id) == "小明明"


@pytest.mark.postgresql
async def test_names_changed_through_both_workers_at_once_reach_both(
    postgresql_workers: tuple[Services, Services]
) -> None:
    first, second = postgresql_workers
    one, other = player(6, "a"), player(7, "b")
    assert one.person is not None and other.person is not None
    await choose_name(first, one, "甲")  # the first worker's copy is now version 1
    await choose_name(second, other, "乙")  # version 2, through the other worker
    await choose_name(first, one, "丙")  # version 3: the first worker's copy missed version 2 and must reload
    await first.names.refresh(first.storage)
    await second.names.refresh(second.storage)
    for services in (first, second):
        assert (services.names.of(one.person.user_id), services.names.of(other.person.user_id)) == ("丙", "乙")


async def test_on_sqlite_the_names_are_used_without_a_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    services = await open_worker(tmp_path / "bot.sqlite3", ManualClock())
    try:
        someone = in_group(player(8, "x").person)
        await choose_name(services, someone, "小红")

        async def no_reads(*args: object, **kwargs: object) -> None:
            raise AssertionError("one process on SQLite: no read to check the names")

        monkeypatch.setattr(services.storage, "query_one", no_reads)
        monkeypatch.setattr(services.storage, "read", no_reads)
        await services.names.refresh(services.storage)
        assert services.names.of(8 + 1000) == "小红"
    finally:
        monkeypatch.undo()
        await services.storage.close()
