"""The match clock with real tournaments: /new, /signup, /set, /draw, /result and /schedule together."""

import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.clock import ManualClock
from bot.ruleset.scoring import Side
from tests.handlers.match_clock_fixtures import announced_until
from tests.handlers.tournament_helpers import DispatchedClub as Club


@pytest.fixture
def timers() -> bool:
    """The announcements the commands plan fire as the clock moves."""
    return True


# The clock fixture starts at 2026-05-01 09:00 UTC, 17:00 in Shanghai.
ROUND_1 = datetime(2026, 5, 1, 11, 30, tzinfo=UTC)  # 19:30 in Shanghai
ROUND_2 = datetime(2026, 5, 1, 13, 0, tzinfo=UTC)  # 21:00


async def drawn_club(club: Club, players: int = 8) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(players)
    for setting in ("time_limit 50", "checkin 15", "remind 20"):
        [reply] = await club.say(club.admin, f"/set {setting}")
        assert "设置已修改" in reply
    await club.say(club.admin, "/draw")


async def test_a_scheduled_round_of_a_real_tournament(club: Club, clock: ManualClock) -> None:
    await drawn_club(club)
    [scheduled] = await club.say(club.admin, "/schedule 1 2026-05-01 19:30")
    assert "2026-05-01 19:10 — 赛前提醒及对阵" in scheduled and "19:45 — 签到检查" in scheduled
    bracket = (await club.state()).require_bracket()
    [table_1, table_2] = bracket.table_matches(1)
    [reminder] = await announced_until(club.bot, clock, ROUND_1 - timedelta(minutes=20))
    assert "还有 20 分钟" in reminder and "第 1 桌：" in reminder and "签到已开放" in reminder
    [checked] = await club.say(club.seat(table_1, Side.LEFT), "/here")
    assert "签到成功" in checked and "第 1 桌" in checked
    await club.say(club.seat(table_1, Side.RIGHT, 1), "/here")
    await club.say(club.seat(table_2, Side.RIGHT), "/here")
    [start] = await announced_until(club.bot, clock, ROUND_1)
    assert "限时 50 分钟，20:20 结束" in start
    [call] = await announced_until(club.bot, clock, ROUND_1 + timedelta(minutes=15))
    assert "<code>/result 2 弃权 左</code>" in call and "第 1 桌：" not in call
    # The referee (here the organiser) confirms the forfeit with the command the bot showed.
    [forfeit, *_] = await club.say(club.admin, "/result 2 forfeit left")
    assert "弃权" in forfeit
    said = await announced_until(club.bot, clock, ROUND_1 + timedelta(minutes=50))
    assert [text for text in said if "还剩 10 分钟" in text] and "比赛时间到" in said[-1]


async def test_a_round_completed_early_waits_for_the_next_rounds_reminder(club: Club, clock: ManualClock) -> None:
    await drawn_club(club)
    await club.say(club.admin, "/schedule 2 2026-05-01 21:00")
    texts = await club.play_round(random.Random(3), by_players=False)
    assert "第 2 轮 2026-05-01 21:00 开始：对阵表将在 20:40 随赛前提醒公布" in texts[-1]
    assert not any("第 1 桌：" in text for text in texts[1:])
    [reminder] = await announced_until(club.bot, clock, ROUND_2 - timedelta(minutes=20))
    assert "第 1 桌：" in reminder and "决赛" in reminder


async def test_without_a_start_time_the_next_round_is_posted_at_once(club: Club, clock: ManualClock) -> None:
    await drawn_club(club)
    texts = await club.play_round(random.Random(3), by_players=False)
    assert "第 1 桌：" in texts[-1] and "随赛前提醒公布" not in texts[-1]


async def test_set_remind_moves_the_reminders_and_set_tz_reads_times_there(club: Club, clock: ManualClock) -> None:
    await club.say(club.admin, "/new Spring Cup")
    await club.say(club.admin, "/schedule 1 2026-05-01 19:30")
    await club.say(club.admin, "/set remind 45")
    [listing] = await club.say(club.member, "/schedule")
    assert "2026-05-01 18:45 — 赛前提醒及对阵（待发）" in listing and "19:00" not in listing
    await club.say(club.admin, "/set tz Europe/Berlin")
    [berlin] = await club.say(club.admin, "/schedule 2 2026-05-01 19:30")
    assert "Europe/Berlin" in berlin
    [listing] = await club.say(club.member, "/schedule")
    # Round 1 keeps its instant (19:30 in Shanghai is 13:30 in Berlin); round 2 was read in Berlin.
    assert "<b>第 1 轮</b>：2026-05-01 13:30" in listing and "<b>第 2 轮</b>：2026-05-01 19:30" in listing
    [settings] = await club.say(club.member, "/settings")
    assert "提醒 45" in settings and "签到 关闭" in settings


async def test_a_cancelled_tournament_announces_nothing(club: Club, clock: ManualClock) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/schedule 1 2026-05-01 19:30")
    await club.say(club.admin, "/cancel 周五杯")
    assert await announced_until(club.bot, clock, ROUND_1 + timedelta(hours=2)) == []
