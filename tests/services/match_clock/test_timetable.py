"""The timetable service on its own: re-planning after changes, and whether a completed round's successor waits
for its reminder."""

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.i18n import Language
from bot.match_clock.announcement import AnnouncementState
from bot.match_clock.plan import AnnouncementKind
from bot.presenters.match_clock import deferred_posting_text
from bot.services import Services
from bot.services.caller import Caller, ChatKind
from bot.services.match_clock.timetable import deferred_round, replan, schedule_round
from bot.services.roles import OwnChat, Roles
from storage import Storage, announcements
from tests.support.board import InMemoryBoard
from tests.support.postgres import settings_for

CHAT = -4_000_700
ORGANISER = Caller(CHAT, ChatKind.GROUP, sender_chat_id=CHAT)
NOW = datetime(2026, 5, 1, 2, 0, tzinfo=UTC)
ROUND_2 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
async def storage(migrated_target: Path | str) -> AsyncIterator[Storage]:
    async with Storage(migrated_target) as opened:
        yield opened


@pytest.fixture
def board() -> InMemoryBoard:
    board = InMemoryBoard()
    board.add(1, CHAT, time_limit_minutes=50, rounds=3)
    return board


@pytest.fixture
def services(migrated_target: Path | str, storage: Storage, board: InMemoryBoard) -> Services:
    return Services(settings_for(migrated_target), storage, Roles(OwnChat()), ManualClock(NOW), board=board)


async def test_a_completed_rounds_successor_waits_for_its_reminder(
    storage: Storage, board: InMemoryBoard, services: Services
) -> None:
    await schedule_round(services, ORGANISER, 2, ROUND_2)
    async with storage.read() as tx:
        waiting = await deferred_round(tx, board, 1, 2, NOW + timedelta(hours=1))
        too_late = await deferred_round(tx, board, 1, 2, ROUND_2 - timedelta(minutes=20))
        unscheduled = await deferred_round(tx, board, 1, 3, NOW)
    assert waiting is not None and waiting.start.starts_at == ROUND_2
    assert waiting.reminder_at == ROUND_2 - timedelta(minutes=30)
    assert too_late is None and unscheduled is None
    assert deferred_posting_text(waiting, Language.EN) == (
        "Round 2 starts at 2026-05-01 20:00: its tables will be posted with the reminder at 19:30.")


async def test_replanning_a_finished_tournament_cancels_everything(
    storage: Storage, board: InMemoryBoard, services: Services
) -> None:
    scheduled = await schedule_round(services, ORGANISER, 2, ROUND_2)
    board.change(1, finished=True)
    async with storage.transaction() as tx:
        changes = await replan(tx, board, 1, NOW)
        left = await announcements.pending_for(tx, 1)
    assert sorted(changes.stop) == sorted(row.announcement_id for row in scheduled.announcements)
    assert changes.start == () and left == []


async def test_replanning_skips_played_rounds_and_keeps_what_was_sent(
    storage: Storage, board: InMemoryBoard, services: Services
) -> None:
    await schedule_round(services, ORGANISER, 1, NOW + timedelta(hours=1))
    await schedule_round(services, ORGANISER, 2, ROUND_2)
    async with storage.transaction() as tx:
        [reminder] = [row for row in await announcements.pending_for(tx, 1, 2) if row.kind is AnnouncementKind.REMINDER]
        await announcements.close(tx, reminder.announcement_id, AnnouncementState.SENT, NOW)
    board.change(1, completed_rounds=1, time_limit=None)
    async with storage.transaction() as tx:
        changes = await replan(tx, board, 1, NOW + timedelta(minutes=5))
        round_1 = await announcements.pending_for(tx, 1, 1)
    assert [(row.round, row.kind) for row in changes.start] == [(2, AnnouncementKind.START)]
    assert len(changes.stop) == 3  # round 2's start, warning and time-up made way for the new plan
    assert len(round_1) == 4  # a played round is not re-planned (its rows end when their jobs find it played)


async def reminder_of(storage: Storage, round_number: int) -> int:
    async with storage.read() as tx:
        [reminder] = [row.announcement_id for row in await announcements.pending_for(tx, 1, round_number)
                      if row.kind is AnnouncementKind.REMINDER]
    return reminder


async def test_a_reminder_being_sent_when_the_round_is_scheduled_again_counts_as_sent_not_cancelled(
    storage: Storage, services: Services
) -> None:
    """Its piece was in flight (the group may have it): the record says sent, and a new start announces anew."""
    await schedule_round(services, ORGANISER, 2, ROUND_2)
    reminder = await reminder_of(storage, 2)
    async with storage.transaction() as tx:
        assert await announcements.begin_attempt(tx, reminder, "round 2 in 30 minutes", 1) is not None
    again = await schedule_round(services, ORGANISER, 2, ROUND_2 + timedelta(minutes=10))
    async with storage.read() as tx:
        sent = await announcements.get(tx, reminder)
    assert sent is not None and sent.state is AnnouncementState.SENT
    assert reminder not in [row.announcement_id for row in again.announcements]
    assert AnnouncementKind.REMINDER in [row.kind for row in again.announcements]


async def test_a_reminder_being_sent_when_a_setting_replans_the_round_is_not_repeated(
    storage: Storage, board: InMemoryBoard, services: Services
) -> None:
    await schedule_round(services, ORGANISER, 2, ROUND_2)
    reminder = await reminder_of(storage, 2)
    async with storage.transaction() as tx:
        assert await announcements.begin_attempt(tx, reminder, "round 2 in 30 minutes", 1) is not None
    board.change(1, time_limit=None)
    async with storage.transaction() as tx:
        changes = await replan(tx, board, 1, NOW + timedelta(minutes=5))
        sent = await announcements.get(tx, reminder)
    assert sent is not None and sent.state is AnnouncementState.SENT
    assert reminder in changes.stop  # its timer, if any, goes
    assert AnnouncementKind.REMINDER not in [row.kind for row in changes.start]
