"""The match clock's view of real tournaments: settings, rounds, tables with their players' accounts."""

import random
from datetime import timedelta
from zoneinfo import ZoneInfo

from bot.i18n import Language
from bot.presenters.tournament_tables import round_text
from bot.ruleset.variants import TieBreak
from bot.services import Services
from bot.services.caller import Caller
from bot.services.match_clock.stored_board import StoredTournamentBoard
from bot.services.tournament.draw import make_draw
from bot.services.tournament.setup import cancel_tournament, change_setting
from tests.services.conftest import GROUP
from tests.services.tournament_helpers import play_round, singles_tournament, state_of


def board_of(services: Services) -> StoredTournamentBoard:
    return StoredTournamentBoard(services.tournaments, round_text)


async def test_before_the_draw_only_settings_are_known(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 6, "春季杯")
    for key, value in (("time_limit", "50"), ("tz", "Europe/Berlin"), ("remind", "45"), ("checkin", "15")):
        await change_setting(services, admin, key, value)
    board = board_of(services)
    async with services.storage.read() as tx:
        seen = await board.open_in_chat(tx, GROUP)
        assert seen is not None
        assert await board.tables(tx, seen.tournament_id, 1) is None
        assert await board.round_posting(tx, seen.tournament_id, 1, Language.EN) is None
    assert (seen.name, seen.zone, seen.time_limit) == ("春季杯", ZoneInfo("Europe/Berlin"), timedelta(minutes=50))
    assert (seen.remind, seen.checkin_grace) == (timedelta(minutes=45), timedelta(minutes=15))
    assert (seen.rounds, seen.completed_rounds, seen.finished) == (None, 0, False)
    assert seen.tie_break is TieBreak.DRAW and seen.round_limit == 14  # no deciding rule set (/set equal_levels)


async def test_default_timing_has_no_check_in(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 4)
    async with services.storage.read() as tx:
        seen = await board_of(services).open_in_chat(tx, GROUP)
    assert seen is not None and seen.remind == timedelta(minutes=30) and seen.checkin_grace is None
    assert seen.time_limit is None


async def test_tables_of_started_rounds_with_the_players_accounts(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 16)
    await make_draw(services, admin)
    board = board_of(services)
    state = await state_of(services)
    async with services.storage.read() as tx:
        seen = await board.get(tx, state.tournament_id)
        tables = await board.tables(tx, state.tournament_id, 1)
        later = await board.tables(tx, state.tournament_id, 2)
        posting = await board.round_posting(tx, state.tournament_id, 1, Language.ZH)
    assert seen is not None and (seen.rounds, seen.completed_rounds) == (3, 0)
    assert tables is not None and [table.table for table in tables] == [1, 2, 3, 4] and later is None
    players = set().union(*(table.left.member_ids | table.right.member_ids for table in tables))
    assert players == set(range(1001, 1017))
    assert all(table.open and " / " in table.left.name for table in tables)
    assert posting is not None and "四分之一决赛" in posting
    assert [line[:6] for line in posting.splitlines() if line.startswith("第")] == [f"第 {n} 桌：" for n in range(1, 5)]

    await play_round(services, random.Random(5))
    async with services.storage.read() as tx:
        seen = await board.get(tx, state.tournament_id)
        first = await board.tables(tx, state.tournament_id, 1)
        second = await board.tables(tx, state.tournament_id, 2)
    assert seen is not None and seen.completed_rounds == 1
    assert first is not None and not any(table.open for table in first)
    assert second is not None and len(second) == 2


async def test_a_cancelled_tournament_is_finished_for_the_clock(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 4, "Cup")
    state = await state_of(services)
    await cancel_tournament(services, admin, "Cup")
    board = board_of(services)
    async with services.storage.read() as tx:
        assert await board.open_in_chat(tx, GROUP) is None
        seen = await board.get(tx, state.tournament_id)
        assert await board.get(tx, 999) is None
    assert seen is not None and seen.finished
