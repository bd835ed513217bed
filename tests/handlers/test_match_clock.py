"""``/schedule`` and ``/here`` on the dispatcher: every announcement once, at its instant, in two time
zones and across DST changes; edits, removals, refusals; the check-in flow."""

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.match_clock.announcement import AnnouncementState
from bot.ruleset.variants import TieBreak
from bot.services.match_clock.timetable import JobChanges, replan
from tests.handlers.match_clock_fixtures import (
    ADMIN,
    CHAT_ID,
    PLAYERS,
    REFEREE_LESS_MEMBER,
    TOURNAMENT,
    dispatched_clocked,
    two_tables,
)
from tests.handlers.match_clock_fixtures import DispatchedClocked as Clocked
from tests.support.board import InMemoryBoard

NOW = datetime(2026, 5, 1, 2, 0, tzinfo=UTC)


@pytest.fixture
def board() -> InMemoryBoard:
    return InMemoryBoard()


@pytest.fixture
async def bot(tmp_path: Path, board: InMemoryBoard) -> AsyncIterator[Clocked]:
    async with dispatched_clocked(tmp_path / "bot.sqlite3", ManualClock(NOW), board) as running:
        yield running


async def change_timing(bot: Clocked, **fields: object) -> JobChanges:
    """What ``/set remind|checkin`` does: change the tournament's setting, re-plan its rounds (in the setting's
    transaction, ``bot.services.tournament.setup.change_setting``), then apply the timers."""
    bot.board.change(TOURNAMENT, **fields)
    services = bot.services
    async with services.storage.transaction() as tx:
        changes = await replan(tx, services.board, TOURNAMENT, bot.clock())
    bot.bot.announcer.apply(changes)
    return changes


async def set_checkin(bot: Clocked, minutes: int | None) -> None:
    await change_timing(bot, checkin_grace=None if minutes is None else timedelta(minutes=minutes))


# Every kind once, at its instant --------------------------------------------------------------------------------

CASES = [
    # zone, typed date and time, start in UTC
    ("Asia/Shanghai", "2026-05-01 19:30", datetime(2026, 5, 1, 11, 30, tzinfo=UTC)),
    ("Europe/Berlin", "2026-05-01 19:30", datetime(2026, 5, 1, 17, 30, tzinfo=UTC)),
    # the night clocks go forward: the start is just after the gap, the reminder just before it
    ("Europe/Berlin", "2026-03-29 03:15", datetime(2026, 3, 29, 1, 15, tzinfo=UTC)),
    # the night clocks go back: the second 02:30, chosen with its offset
    ("Europe/Berlin", "2026-10-25 02:30 +01:00", datetime(2026, 10, 25, 1, 30, tzinfo=UTC)),
]


@pytest.mark.parametrize(("zone", "typed", "start"), CASES)
async def test_every_announcement_fires_once_at_its_instant(
    tmp_path: Path, zone: str, typed: str, start: datetime
) -> None:
    board = InMemoryBoard()
    board.add(TOURNAMENT, CHAT_ID, "春季赛", zone=zone, time_limit_minutes=50, rounds=3)
    two_tables(board)
    clock = ManualClock(start - timedelta(days=2))
    async with dispatched_clocked(tmp_path / "bot.sqlite3", clock, board) as bot:
        await set_checkin(bot, 15)
        [reply] = await bot.say(ADMIN, f"/schedule 1 {typed}")
        local = typed.split(" +")[0]
        assert local in reply and zone in reply
        expected = [(-30, "还有 30 分钟"), (0, "现在开始"), (15, "签到检查"), (40, "还剩 10 分钟"), (50, "比赛时间到")]
        for minutes, words in expected:
            due = start + timedelta(minutes=minutes)
            assert await bot.at(due - timedelta(seconds=1)) == []
            [said] = await bot.at(due)
            assert words in said and "春季赛" in said
        assert await bot.after(days=3) == []
        rows = await bot.rows()
        assert [row.state for row in rows] == [AnnouncementState.SENT] * 5
        assert [row.sent_at for row in rows] == [start + timedelta(minutes=minutes) for minutes, _ in expected]
        assert bot.job_ids() == []


async def test_announcement_texts_show_local_times_across_the_dst_change(tmp_path: Path) -> None:
    board = InMemoryBoard()
    board.add(TOURNAMENT, CHAT_ID, "Spring", zone="Europe/Berlin", time_limit_minutes=50)
    two_tables(board)
    start = datetime(2026, 3, 29, 1, 15, tzinfo=UTC)  # 03:15 CEST; 30 minutes earlier it was 01:45 CET
    async with dispatched_clocked(tmp_path / "bot.sqlite3", ManualClock(start - timedelta(hours=5)), board) as bot:
        await bot.say(ADMIN, "/lang en")
        await bot.say(ADMIN, "/schedule 1 2026-03-29 03:15")
        [reminder] = await bot.at(start - timedelta(minutes=30))
        assert "starts at 03:15 (Europe/Berlin), in 30 minutes" in reminder
        assert "Table 1: 张三 / 李四 — 王五 / 赵六" in reminder
        [begin] = await bot.at(start)
        assert "play ends at 04:05" in begin
        [warning] = await bot.at(start + timedelta(minutes=40))
        assert "time is up at 04:05" in warning


async def test_without_a_time_limit_or_check_in_only_reminder_and_start(bot: Clocked, board: InMemoryBoard) -> None:
    board.add(TOURNAMENT, CHAT_ID)
    [reply] = await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    assert reply.count("\n") == 2
    said = await bot.after(days=1)
    assert len(said) == 2 and "对阵表将在抽签后公布" in said[0] and "现在开始" in said[1]


@pytest.mark.parametrize(("tie_break", "words"), [(TieBreak.REACHED_FIRST, "先打到该级的一方获胜"),
                                                 (TieBreak.LAST_DEAL_FIRST, "最后一副牌取得头游的一方获胜"),
                                                 (TieBreak.DECLARER, "主打方（最后一副打的是自己级数的一方）获胜"),
                                                 (TieBreak.DRAW, "积分赛算平局")])
async def test_time_up_says_how_ties_are_decided(bot: Clocked, board: InMemoryBoard, tie_break: TieBreak,
                                                 words: str) -> None:
    board.add(TOURNAMENT, CHAT_ID, time_limit_minutes=35, tie_break=tie_break)
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    said = await bot.after(days=1)
    assert "打完正在进行的这一副牌" in said[-1] and words in said[-1] and "/result" in said[-1]


# The timetable, edits and removals -------------------------------------------------------------------------------

async def test_members_read_the_timetable_but_only_organisers_change_it(bot: Clocked, board: InMemoryBoard) -> None:
    board.add(TOURNAMENT, CHAT_ID, time_limit_minutes=50)
    [empty] = await bot.say(REFEREE_LESS_MEMBER, "/schedule")
    assert "还没有设定" in empty
    [refused] = await bot.say(REFEREE_LESS_MEMBER, "/schedule 1 2026-05-01 19:30")
    assert "组织者" in refused and bot.job_ids() == []
    await bot.say(ADMIN, "/schedule 2 2026-05-02 14:00")
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    [listing] = await bot.say(REFEREE_LESS_MEMBER, "/timetable")
    assert listing.index("第 1 轮") < listing.index("第 2 轮")
    assert "2026-05-01 19:00 — 赛前提醒及对阵（待发）" in listing and "限时：50 分钟" in listing


async def test_moving_a_round_replaces_its_jobs(bot: Clocked, board: InMemoryBoard) -> None:
    board.add(TOURNAMENT, CHAT_ID)
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    first_jobs = bot.job_ids()
    [moved] = await bot.say(ADMIN, "/schedule 1 2026-05-01 20:00")
    assert "20:00" in moved
    assert len(bot.job_ids()) == 2 and not set(first_jobs) & set(bot.job_ids())
    assert await bot.at(datetime(2026, 5, 1, 11, 29, 59, tzinfo=UTC)) == []  # the old 19:00 reminder is gone
    [reminder] = await bot.at(datetime(2026, 5, 1, 11, 30, tzinfo=UTC))
    assert "20:00" in reminder
    states = [row.state for row in await bot.rows()]
    assert states.count(AnnouncementState.CANCELLED) == 2 and states.count(AnnouncementState.SENT) == 1


async def test_removing_a_round_cancels_everything(bot: Clocked, board: InMemoryBoard) -> None:
    board.add(TOURNAMENT, CHAT_ID, time_limit_minutes=50)
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    [removed] = await bot.say(ADMIN, "/schedule 1 off")
    assert "已删除第 1 轮" in removed
    assert bot.job_ids() == [] and await bot.after(days=1) == []
    assert {row.state for row in await bot.rows()} == {AnnouncementState.CANCELLED}
    [again] = await bot.say(ADMIN, "/schedule 1 off")
    assert "没有设定开始时间" in again


async def test_a_reminder_already_due_goes_out_at_once(bot: Clocked, board: InMemoryBoard) -> None:
    board.add(TOURNAMENT, CHAT_ID)
    bot.clock.now = datetime(2026, 5, 1, 11, 20, tzinfo=UTC)  # 19:20 in Shanghai
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    [reminder] = await bot.after(seconds=0)
    assert "还有 10 分钟" in reminder


async def test_changing_the_reminder_lead_replans_without_repeating(bot: Clocked, board: InMemoryBoard) -> None:
    board.add(TOURNAMENT, CHAT_ID)
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    await bot.at(datetime(2026, 5, 1, 11, 0, tzinfo=UTC))  # the 30-minute reminder went out
    changes = await change_timing(bot, remind=timedelta(minutes=20))
    assert [row.kind.value for row in changes.start] == ["start"] and len(changes.stop) == 1


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("/schedule 1 2026-05-01 09:59", "已经过去了"),  # it is 10:00 in Shanghai
        ("/schedule 1 2026-04-30 19:30", "已经过去了"),
        ("/schedule 9 2026-05-01 19:30", "没有第 9 轮：轮次为第 1 至 3 轮"),
        ("/schedule 0 2026-05-01 19:30", "没有第 0 轮"),
        ("/schedule x 2026-05-01 19:30", "不是轮次编号"),
        ("/schedule 1 2026-02-30 19:30", "不是日期"),
        ("/schedule 1 2026-05-01 25:00", "不是时间"),
        ("/schedule 1 2026-05-01", "/schedule"),
        ("/schedule 1 2026-05-01 19:30 +09:00", "时差不是 UTC+09:00"),
        ("/schedule 1 2026-05-01 19:30 +08:00 extra", "多余"),
    ],
)
async def test_bad_schedules_are_refused_and_change_nothing(bot: Clocked, board: InMemoryBoard, command: str,
                                                           words: str) -> None:
    board.add(TOURNAMENT, CHAT_ID, rounds=3)
    [reply] = await bot.say(ADMIN, command)
    assert words in reply
    assert bot.job_ids() == [] and await bot.rows() == []


@pytest.mark.parametrize(
    ("typed", "words"),
    [("2026-03-29 02:30", "没有 02:30 这个时刻：当晚时钟拨快一小时。请另选时间，例如 03:30"),
     ("2026-10-25 02:30", "会出现两次 02:30"), ("2026-10-25 02:30 +03", "而是 +02:00 / +01:00")],
)
async def test_times_the_clocks_skip_or_repeat_are_explained(tmp_path: Path, typed: str, words: str) -> None:
    board = InMemoryBoard()
    board.add(TOURNAMENT, CHAT_ID, zone="Europe/Berlin")
    async with dispatched_clocked(tmp_path / "bot.sqlite3", ManualClock(NOW - timedelta(days=60)), board) as bot:
        [reply] = await bot.say(ADMIN, f"/schedule 1 {typed}")
        assert words in reply and "Europe/Berlin" in reply and bot.job_ids() == []


async def test_a_started_or_played_round_cannot_be_moved(bot: Clocked, board: InMemoryBoard) -> None:
    board.add(TOURNAMENT, CHAT_ID, rounds=3)
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    await bot.at(datetime(2026, 5, 1, 11, 45, tzinfo=UTC))
    [refused] = await bot.say(ADMIN, "/schedule 1 2026-05-01 21:00")
    assert "已于 2026-05-01 19:30 开始" in refused
    board.change(TOURNAMENT, completed_rounds=1)
    [played] = await bot.say(ADMIN, "/schedule 1 2026-05-02 21:00")
    assert "已经比完" in played


async def test_without_a_tournament_there_is_nothing_to_schedule(bot: Clocked) -> None:
    [reply] = await bot.say(ADMIN, "/schedule")
    assert "没有进行中的比赛" in reply


# Check-in --------------------------------------------------------------------------------------------------------

async def test_check_in_flow(bot: Clocked, board: InMemoryBoard) -> None:
    board.add(TOURNAMENT, CHAT_ID, time_limit_minutes=50)
    two_tables(board)
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    [not_used] = await bot.say(PLAYERS["张三"], "/here")
    assert "不使用签到" in not_used
    await set_checkin(bot, 15)
    [early] = await bot.say(PLAYERS["张三"], "/here")
    assert "在 2026-05-01 19:00 随赛前提醒开放" in early
    [reminder] = await bot.at(datetime(2026, 5, 1, 11, 0, tzinfo=UTC))
    assert "签到已开放" in reminder and "/here" in reminder
    [done] = await bot.say(PLAYERS["李四"], "/here")
    assert "签到成功：张三 / 李四（第 1 轮，第 1 桌，左方）" in done
    [again] = await bot.say(PLAYERS["张三"], "/here")
    assert "已经签到过了" in again
    [stranger] = await bot.say(REFEREE_LESS_MEMBER, "/here")
    assert "不在第 1 轮的对阵中" in stranger
    [not_referee] = await bot.say(PLAYERS["钱七"], "/here 2 right")
    assert "裁判" in not_referee
    [by_referee] = await bot.say(ADMIN, "/here 2 right")
    assert "周九 / 吴十" in by_referee
    [no_table] = await bot.say(ADMIN, "/here 7 left")
    assert "没有第 7 桌" in no_table
    [bad_side] = await bot.say(ADMIN, "/here 2 up")
    assert "不是一方" in bad_side
    [late_but_in_time] = await bot.at(datetime(2026, 5, 1, 11, 30, tzinfo=UTC))
    assert "现在开始" in late_but_in_time
    [after_start] = await bot.say(PLAYERS["王五"], "/here")
    assert "签到成功：王五 / 赵六" in after_start
    [call] = await bot.at(datetime(2026, 5, 1, 11, 45, tzinfo=UTC))
    assert "有 1 桌存在未签到的对子" in call
    assert "第 2 桌：钱七 / 孙八（左方）— <code>/result 2 弃权 左</code>" in call
    assert "第 1 桌" not in call and "不会自行判任何人弃权" in call
    [closed] = await bot.say(PLAYERS["钱七"], "/here")
    assert "没有开放的签到" in closed


async def test_the_check_in_call_skips_decided_tables_and_names_both_sides(bot: Clocked, board: InMemoryBoard
                                                                          ) -> None:
    board.add(TOURNAMENT, CHAT_ID)
    two_tables(board)
    await set_checkin(bot, 10)
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    board.close_table(TOURNAMENT, 1, 2)
    said = await bot.at(datetime(2026, 5, 1, 11, 40, tzinfo=UTC))
    assert "/result 1 弃权 双方" in said[-1] and "开赛 10 分钟" in said[-1] and "第 2 桌" not in said[-1]


async def test_everyone_present_is_said_in_one_line(bot: Clocked, board: InMemoryBoard) -> None:
    board.add(TOURNAMENT, CHAT_ID)
    board.seat(TOURNAMENT, 1, (("张三 / 李四", frozenset({201})), ("王五 / 赵六", frozenset({203}))))
    await set_checkin(bot, 15)
    await bot.say(ADMIN, "/schedule 1 2026-05-01 19:30")
    await bot.at(datetime(2026, 5, 1, 11, 0, tzinfo=UTC))
    await bot.say(PLAYERS["张三"], "/here")
    await bot.say(PLAYERS["王五"], "/here")
    said = await bot.at(datetime(2026, 5, 1, 11, 45, tzinfo=UTC))
    assert said[-1].endswith("所有对子均已到场。")
