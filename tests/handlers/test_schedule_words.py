"""``/schedule`` takes what organisers say — ``明天 19:30``, ``12-03 19:30``, ``19:30`` alone (today, or
tomorrow once past), ``决赛`` / ``半决赛`` as a round — refuses rounds out of order with the reason, and names a
missing time or date as such."""

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.clock import ManualClock
from bot.match_clock.local_time import MissingStart, MissingTime, parse_day, read_start_words
from tests.handlers.match_clock_fixtures import ADMIN, CHAT_ID, TOURNAMENT, dispatched_clocked
from tests.handlers.match_clock_fixtures import DispatchedClocked as Clocked
from tests.support.board import InMemoryBoard

SHANGHAI = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 1, 10, 0, tzinfo=UTC)  # 18:00 in Shanghai


@pytest.mark.parametrize(("text", "day"), [
    ("明天", date(2026, 5, 2)), ("today", date(2026, 5, 1)), ("后天", date(2026, 5, 3)),
    ("12-03", date(2026, 12, 3)), ("5/1", date(2026, 5, 1)), ("04-30", date(2027, 4, 30)),  # passed: next year
    ("02-29", date(2028, 2, 29)), ("2026-06-01", date(2026, 6, 1)),
])
def test_days_as_people_say_them(text: str, day: date) -> None:
    assert parse_day(text, date(2026, 5, 1)) == day


@pytest.mark.parametrize(("words", "local"), [
    (("明天", "19:30"), "2026-05-02 19:30"),
    (("12-03", "19:30"), "2026-12-03 19:30"),
    (("19:30",), "2026-05-01 19:30"),  # still ahead today
    (("17:30",), "2026-05-02 17:30"),  # passed today: tomorrow
    (("19:30", "明天"), "2026-05-02 19:30"),  # either order
    (("2026-05-03", "08:00", "+08:00"), "2026-05-03 08:00"),
])
def test_start_words(words: tuple[str, ...], local: str) -> None:
    assert read_start_words(words, SHANGHAI, NOW).astimezone(SHANGHAI).strftime("%Y-%m-%d %H:%M") == local


def test_a_missing_time_or_start_is_named() -> None:
    with pytest.raises(MissingTime) as raised:
        read_start_words(("明天",), SHANGHAI, NOW)
    assert raised.value.params == {"date": "明天", "example": "2026-05-02 19:30"}
    with pytest.raises(MissingStart):
        read_start_words((), SHANGHAI, NOW)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Clocked]:
    board = InMemoryBoard()
    board.add(TOURNAMENT, CHAT_ID, "春季赛", rounds=3)
    async with dispatched_clocked(tmp_path / "bot.sqlite3", ManualClock(NOW), board) as running:
        yield running


async def test_schedule_tomorrow_a_short_date_and_a_time_alone(bot: Clocked) -> None:
    [tomorrow] = await bot.say(ADMIN, "/schedule 1 明天 19:30")
    assert tomorrow.startswith("第 1 轮开始时间：2026-05-02 19:30（Asia/Shanghai）")
    [short] = await bot.say(ADMIN, "/schedule 2 05-03 19:30")
    assert short.startswith("第 2 轮开始时间：2026-05-03 19:30")
    [alone] = await bot.say(ADMIN, "/schedule 1 19:30")
    assert alone.startswith("第 1 轮开始时间：2026-05-01 19:30")


async def test_the_final_and_the_semi_final_by_name(bot: Clocked) -> None:
    [semi] = await bot.say(ADMIN, "/schedule 半决赛 明天 19:30")
    assert semi.startswith("第 2 轮开始时间：2026-05-02 19:30")
    [final] = await bot.say(ADMIN, "/schedule 决赛 明天 21:00")
    assert final.startswith("第 3 轮开始时间：2026-05-02 21:00")
    [english] = await bot.say(ADMIN, "/schedule final 05-03 10:00")
    assert english.startswith("第 3 轮开始时间：2026-05-03 10:00")


async def test_a_round_before_an_earlier_one_is_refused_with_the_reason(bot: Clocked) -> None:
    await bot.say(ADMIN, "/schedule 2 明天 19:30")
    before = await bot.rows()
    [earlier] = await bot.say(ADMIN, "/schedule 3 明天 19:00")
    assert earlier == ("第 3 轮不能在 2026-05-02 19:00 开始：第 2 轮定在 2026-05-02 19:30 开始，"
                       "后面的轮次必须晚于前面的轮次。请选 2026-05-02 19:30 之后的时间，或先改第 2 轮。")
    [later] = await bot.say(ADMIN, "/schedule 1 明天 19:30")
    assert later.startswith("第 1 轮不能在 2026-05-02 19:30 开始：第 2 轮已定在 2026-05-02 19:30 开始，"
                            "前面的轮次必须早于")
    assert await bot.rows() == before


async def test_a_missing_time_and_a_missing_start_are_named(bot: Clocked) -> None:
    [no_time] = await bot.say(ADMIN, "/schedule 2 明天")
    assert no_time.startswith("“明天”是日期，还缺开始的时刻（24 小时制 HH:MM），"
                              "例如 <code>/schedule 2 2026-05-02 19:30</code>。")
    [no_start] = await bot.say(ADMIN, "/schedule 决赛")
    assert no_start.startswith("还缺开始时间：请写日期和时间")
