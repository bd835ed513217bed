"""Announcement jobs: stable ids re-created from the database at start-up, sent at most once, late after a
restart within the grace and dropped after it, delayed (never dropped) by flood control and network trouble."""

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.match_clock.announcement import AnnouncementState
from bot.match_clock.plan import AnnouncementKind
from bot.services.caller import Caller, ChatKind
from bot.services.match_clock import timetable
from handlers.telegram.context import announcer_of
from handlers.telegram.replies import MESSAGE_LIMIT, text_length
from storage import announcements
from tests.handlers.match_clock_fixtures import ADMIN, CHAT_ID, TOURNAMENT, Clocked, clocked_bot, two_tables
from tests.support.board import InMemoryBoard
from tests.support.harness import OfflineBot
from tests.support.telegram import FakeTelegram

# PTB 22 itself reads RetryAfter.retry_after as seconds when it builds the error, and warns about it.
pytestmark = pytest.mark.filterwarnings("ignore:Deprecated since version v22.2:telegram.warnings.PTBDeprecationWarning")

SCHEDULED_AT = datetime(2026, 5, 1, 2, 0, tzinfo=UTC)
START = datetime(2026, 5, 1, 11, 30, tzinfo=UTC)  # 19:30 in Shanghai
REMINDER = START - timedelta(minutes=30)


@pytest.fixture
def board() -> InMemoryBoard:
    board = InMemoryBoard()
    board.add(TOURNAMENT, CHAT_ID, time_limit_minutes=50)
    two_tables(board)
    return board


def accepted(telegram: FakeTelegram) -> list[str]:
    return telegram.sent_texts(CHAT_ID)


async def schedule_round(bot: Clocked) -> None:
    [reply] = await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    assert "19:30" in reply


async def test_jobs_have_stable_ids_and_no_misfire_limit(tmp_path: Path, board: InMemoryBoard) -> None:
    async with clocked_bot(tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), board) as bot:
        await schedule_round(bot)
        rows = await bot.rows()
        assert bot.job_ids() == sorted(row.job_id for row in rows)
        for row in rows:
            announcer = announcer_of(bot.offline.application)
            job = announcer.job(row.job_id)
            assert job is not None and job.id == row.job_id and job.misfire_grace_time is None
            data = announcer.data_of(job)
            assert data is not None and data.due == row.due


async def test_restart_before_the_reminder_recreates_the_same_jobs(tmp_path: Path, board: InMemoryBoard) -> None:
    db, clock, telegram = tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), FakeTelegram()
    async with clocked_bot(db, clock, board, telegram=telegram) as bot:
        await schedule_round(bot)
        before = bot.job_ids()
    clock.now = REMINDER - timedelta(minutes=1)
    async with clocked_bot(db, clock, board, telegram=telegram) as bot:
        assert bot.job_ids() == before
        [reminder] = await bot.at(REMINDER)
        assert "还有 30 分钟" in reminder and "迟发" not in reminder


async def test_missed_while_down_is_sent_late_once_and_never_again(tmp_path: Path, board: InMemoryBoard) -> None:
    db, clock, telegram = tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), FakeTelegram()
    async with clocked_bot(db, clock, board, telegram=telegram) as bot:
        await schedule_round(bot)
    clock.now = REMINDER + timedelta(minutes=4)
    async with clocked_bot(db, clock, board, telegram=telegram) as bot:
        [late] = await bot.after(seconds=0)
        assert "迟发：本应在 19:00 发出" in late and "桌 1" in late
        assert "还有 26 分钟" in late  # counted from when it is sent (19:04), not the 30 it was planned with
        assert [row.state for row in await bot.rows()][0] is AnnouncementState.LATE
    async with clocked_bot(db, clock, board, telegram=telegram) as bot:
        assert await bot.after(seconds=0) == []
        [start] = await bot.at(START)
        assert "现在开始" in start and "迟发" not in start
    assert sum("还有 26 分钟" in text for text in accepted(telegram)) == 1


async def test_missed_by_more_than_the_grace_is_dropped_and_logged(
    tmp_path: Path, board: InMemoryBoard, caplog: pytest.LogCaptureFixture
) -> None:
    db, clock, telegram = tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), FakeTelegram()
    async with clocked_bot(db, clock, board, telegram=telegram) as bot:
        await schedule_round(bot)
    clock.now = START + timedelta(minutes=8)
    with caplog.at_level(logging.WARNING):
        async with clocked_bot(db, clock, board, telegram=telegram) as bot:
            [start] = await bot.after(seconds=0)
            assert "迟发：本应在 19:30 发出" in start and "现在开始" in start
            states = [row.state for row in await bot.rows()]
    assert states[:2] == [AnnouncementState.DROPPED, AnnouncementState.LATE]
    assert "dropped" in caplog.text and "reminder" in caplog.text
    assert not any("还有 30 分钟" in text for text in accepted(telegram))


async def test_the_late_grace_is_configurable(tmp_path: Path, board: InMemoryBoard) -> None:
    db, clock = tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT)
    async with clocked_bot(db, clock, board) as bot:
        await schedule_round(bot)
    clock.now = REMINDER + timedelta(minutes=25)
    async with clocked_bot(db, clock, board, late_grace=timedelta(minutes=30)) as bot:
        [late] = await bot.after(seconds=0)
        assert "迟发" in late and "还有 5 分钟" in late  # sent at 19:25 for 19:30


@pytest.mark.parametrize("failure", ["retry_after", "bad_gateway", "both"])
async def test_flood_control_and_bad_gateways_delay_but_never_drop(
    tmp_path: Path, board: InMemoryBoard, failure: str
) -> None:
    telegram = FakeTelegram()
    async with clocked_bot(tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), board, telegram=telegram) as bot:
        await schedule_round(bot)
        if failure in ("retry_after", "both"):
            telegram.fail_retry_after("sendMessage", seconds=7, times=3)
        if failure in ("bad_gateway", "both"):
            telegram.fail("sendMessage", status=502, description="Bad Gateway", times=4)
        assert await bot.at(REMINDER) == []
        assert len(bot.job_ids()) == 4  # the reminder's job is back, later; the others wait
        said = await bot.at(REMINDER + timedelta(minutes=5))
        assert len(said) == 1 and "还有 30 分钟" in said[0]
        [row] = [row for row in await bot.rows() if row.kind.value == "reminder"]
        assert row.state is AnnouncementState.SENT and row.attempts > 1
        assert await bot.at(REMINDER + timedelta(minutes=20)) == []
    failed = [call for call in telegram.calls_to("sendMessage") if call.status != 200]
    assert len(failed) == {"retry_after": 3, "bad_gateway": 4, "both": 7}[failure]


async def test_retry_waits_as_long_as_telegram_asks(tmp_path: Path, board: InMemoryBoard) -> None:
    telegram = FakeTelegram()
    async with clocked_bot(tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), board, telegram=telegram) as bot:
        await schedule_round(bot)
        telegram.fail_retry_after("sendMessage", seconds=30)
        assert await bot.at(REMINDER + timedelta(seconds=30)) == []
        [reminder] = await bot.at(REMINDER + timedelta(seconds=31))
        assert "还有 30 分钟" in reminder


async def test_a_long_announcement_resumes_after_the_piece_that_failed(tmp_path: Path) -> None:
    board = InMemoryBoard()
    board.add(TOURNAMENT, CHAT_ID)
    board.seat(TOURNAMENT, 1, *[((f"甲{number} / 乙{number}", frozenset()), (f"丙{number} / 丁{number}", frozenset()))
                                for number in range(300)])
    telegram = FakeTelegram()
    async with clocked_bot(tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), board, telegram=telegram) as bot:
        await schedule_round(bot)
        await bot.at(REMINDER - timedelta(seconds=1))
        original_answer = telegram.answer
        sends = 0

        def second_piece_fails_once(method, params, files=None):  # type: ignore[no-untyped-def]
            nonlocal sends
            if method == "sendMessage":
                sends += 1
                if sends == 2:
                    telegram.fail("sendMessage", status=502, description="Bad Gateway")
            return original_answer(method, params, files)

        telegram.answer = second_piece_fails_once  # type: ignore[method-assign]
        said = await bot.at(REMINDER + timedelta(seconds=5))
    assert len(said) >= 2 and all(text_length(piece) <= MESSAGE_LIMIT for piece in said)
    joined = "\n".join(said)
    assert joined.count("桌 1:") == 1 and joined.count("桌 300:") == 1
    assert said[0].count("桌 1:") == 1  # the first piece went out once


async def test_a_finished_tournament_or_round_announces_nothing(tmp_path: Path, board: InMemoryBoard) -> None:
    async with clocked_bot(tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), board) as bot:
        await schedule_round(bot)
        await bot.at(START)
        board.change(TOURNAMENT, completed_rounds=1)  # every table reported before the time limit
        assert await bot.after(hours=2) == []
        states = [row.state for row in await bot.rows()]
        assert states == [AnnouncementState.SENT] * 2 + [AnnouncementState.CANCELLED] * 2


async def test_a_group_that_became_a_supergroup_gets_its_announcement_there(
    tmp_path: Path, board: InMemoryBoard
) -> None:
    telegram = FakeTelegram()
    supergroup = -1_002_000_000_321
    async with clocked_bot(tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), board, telegram=telegram) as bot:
        await schedule_round(bot)
        telegram.fail_migrated("sendMessage", supergroup)
        board.change(TOURNAMENT, chat_id=supergroup)
        await bot.at(REMINDER)
        [row] = [row for row in await bot.rows() if row.kind.value == "reminder"]
    assert row.state is AnnouncementState.SENT and row.chat_id == supergroup
    assert any("还有 30 分钟" in text for text in telegram.sent_texts(supergroup))


async def test_a_bot_removed_from_the_group_drops_the_announcement(tmp_path: Path, board: InMemoryBoard,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    telegram = FakeTelegram()
    async with clocked_bot(tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), board, telegram=telegram) as bot:
        await schedule_round(bot)
        telegram.fail_forbidden("sendMessage")
        with caplog.at_level(logging.WARNING):
            assert await bot.at(REMINDER) == []
        [row] = [row for row in await bot.rows() if row.kind.value == "reminder"]
    assert row.state is AnnouncementState.DROPPED and "Forbidden" in (row.last_error or "") + caplog.text


async def test_a_send_under_way_when_the_process_died_is_not_repeated(
    tmp_path: Path, board: InMemoryBoard, caplog: pytest.LogCaptureFixture
) -> None:
    db, clock, telegram = tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT), FakeTelegram()
    async with clocked_bot(db, clock, board, telegram=telegram) as bot:
        await schedule_round(bot)
        [reminder] = [row for row in await bot.rows() if row.kind.value == "reminder"]
        # The process died after asking Telegram to send the reminder, before hearing back.
        async with bot.offline.application.bot_data.services.storage.transaction() as tx:
            await announcements.begin_attempt(tx, reminder.announcement_id, "sent before the crash", 1)
    clock.now = REMINDER + timedelta(minutes=1)
    with caplog.at_level(logging.WARNING):
        async with clocked_bot(db, clock, board, telegram=telegram) as bot:
            assert await bot.after(seconds=0) == []
            [row] = [row for row in await bot.rows() if row.kind.value == "reminder"]
    assert row.state is AnnouncementState.SENT and "counted as sent" in caplog.text
    assert not any("还有 30 分钟" in text for text in accepted(telegram))


async def test_the_real_scheduler_fires_a_job_at_its_time(tmp_path: Path) -> None:
    """With APScheduler running on the system clock (as in production), a job fires once, on time."""
    board = InMemoryBoard()
    board.add(TOURNAMENT, CHAT_ID)
    telegram = FakeTelegram()
    async with OfflineBot.running(Settings(db_path=tmp_path / "bot.sqlite3"), board=board,
                                  telegram=telegram) as offline:
        services = offline.application.bot_data.services
        now = services.clock()
        start = (now + timedelta(minutes=30, seconds=1.5)).replace(microsecond=0)  # stored to the second
        due_in = start - timedelta(minutes=30) - now
        caller = Caller(CHAT_ID, ChatKind.GROUP, sender_chat_id=CHAT_ID)
        scheduled = await timetable.schedule_round(services, caller, 1, start)
        announcer = announcer_of(offline.application)
        announcer.apply(scheduled.changes)
        announcer.start()
        try:
            for _ in range(80):
                if accepted(telegram):
                    break
                await asyncio.sleep(0.05)
        finally:
            announcer.stop()
        [reminder] = accepted(telegram)
        fired_after = services.clock() - now
    assert "还有 30 分钟" in reminder and due_in <= fired_after < due_in + timedelta(seconds=2)


async def test_start_up_skips_and_logs_a_row_no_timer_can_hold(
    tmp_path: Path, board: InMemoryBoard, caplog: pytest.LogCaptureFixture
) -> None:
    """A row due in year 9999 (stored before starts were bounded) made PTB's JobQueue raise
    ``OverflowError`` at start-up, and ``python -m bot run`` exited before polling, for every group. Now the row
    is dropped with a warning and the others get their timers."""
    db, clock = tmp_path / "bot.sqlite3", ManualClock(SCHEDULED_AT)
    async with clocked_bot(db, clock, board) as bot:
        await schedule_round(bot)
        services = bot.offline.application.bot_data.services
        async with services.storage.transaction() as tx:
            doomed = await announcements.add(
                tx, tournament_id=TOURNAMENT, chat_id=CHAT_ID, round_number=2, kind=AnnouncementKind.START,
                due=datetime(9999, 12, 31, 23, 0, tzinfo=UTC), at=SCHEDULED_AT)
        good = sorted(row.job_id for row in await bot.rows() if row.announcement_id != doomed.announcement_id)
    with caplog.at_level(logging.WARNING):
        async with clocked_bot(db, clock, board) as bot:
            assert bot.job_ids() == good
            rows = {row.announcement_id: row for row in await bot.rows()}
            assert rows[doomed.announcement_id].state is AnnouncementState.DROPPED
            [reminder] = await bot.at(REMINDER)
            assert "还有 30 分钟" in reminder
    assert any(f"announcement {doomed.announcement_id}" in record.getMessage() for record in caplog.records)
