"""Building the services, and their start and stop: what a chat platform calls instead of touching storage."""

from datetime import timedelta
from pathlib import Path

from bot.clock import ManualClock
from bot.config import Settings
from bot.i18n import Language
from bot.services.assembly import (
    PROCESSED_UPDATES_KEPT,
    ServiceOptions,
    build_services,
    start_services,
    stop_services,
)
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.match_clock.board import NoTournaments
from bot.services.match_clock.stored_board import StoredTournamentBoard
from bot.services.tournament.state import TournamentState
from storage import updates
from tests.support.postgres import settings_for


async def no_admins(chat_id: int) -> frozenset[int]:
    return frozenset()


def posted(state: TournamentState, round_number: int, language: Language) -> str:
    return f"round {round_number}"


async def test_start_opens_the_storage_and_forgets_old_update_ids_stop_closes_it(
        migrated_target: Path | str) -> None:
    clock = ManualClock()
    services = build_services(settings_for(migrated_target), ServiceOptions(admins=no_admins, post_round=posted,
                                                                            clock=clock))
    await start_services(services)
    async with services.storage.transaction() as tx:
        await updates.claim_update(tx, 1, None, clock() - PROCESSED_UPDATES_KEPT - timedelta(minutes=1))
        await updates.claim_update(tx, 2, None, clock() - PROCESSED_UPDATES_KEPT + timedelta(minutes=1))
    await stop_services(services)
    assert not services.storage.is_open

    await start_services(services)
    async with services.storage.read() as tx:
        assert not await updates.is_processed(tx, 1) and await updates.is_processed(tx, 2)
    await stop_services(services)


async def test_the_board_sees_stored_tournaments_unless_another_is_given(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "bot.sqlite3")
    built = build_services(settings, ServiceOptions(admins=no_admins, post_round=posted))
    assert isinstance(built.board, StoredTournamentBoard)  # its reminders: tests/handlers/test_schedule_tournament.py
    other = NoTournaments()
    assert build_services(settings, ServiceOptions(admins=no_admins, post_round=posted, board=other)).board is other


async def test_group_administrators_organise(migrated_target: Path | str) -> None:
    async def admins(chat_id: int) -> frozenset[int]:
        return frozenset({7})

    services = build_services(settings_for(migrated_target), ServiceOptions(admins=admins, post_round=posted))
    await start_services(services)
    try:
        group = -100
        assert await services.roles.roles_of(Caller(group, ChatKind.GROUP, ChatUser(7, "Ann", None)))
        assert not await services.roles.roles_of(Caller(group, ChatKind.GROUP, ChatUser(8, "Bob", None)))
    finally:
        await stop_services(services)
