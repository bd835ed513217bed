"""``/signup @partner unit=…`` keeps the unit: the invitation says it, and once accepted the pair has it (``/entries``
shows it) — on Telegram through the dispatcher, as on WeCom (``tests/handlers/wecom/test_platform.py``)."""

from __future__ import annotations

from pathlib import Path

from bot.clock import ManualClock
from bot.config import Settings
from bot.services.caller import ChatUser
from tests.support.dispatched import Chat, DispatchedBot

GROUP = Chat.group(-4_000_777, "工会掼蛋")
ORGANISER = ChatUser(101, "老王", "laowang", "zh")
ANN = ChatUser(3001, "安娜", "anna", "zh")
BEN = ChatUser(3002, "本", "ben", "zh")


async def test_an_invitation_with_a_unit_gives_the_pair_its_unit(tmp_path: Path) -> None:
    async with DispatchedBot.running(Settings(db_path=tmp_path / "bot.sqlite3"), clock=ManualClock()) as bot:
        bot.set_admins(GROUP, ORGANISER)
        await bot.say(GROUP, ORGANISER, "/new 周五杯")
        await bot.say(GROUP, BEN, "/entries")  # the bot has seen Ben
        [invited] = await bot.say(GROUP, ANN, "/signup @ben unit=信息中心")
        assert "单位：信息中心" in invited
        await bot.say(GROUP, BEN, "/accept")
        [entries] = await bot.say(GROUP, ORGANISER, "/entries")
        [line] = [line for line in entries.split("\n") if "安娜" in line]
        assert "本" in line and "信息中心" in line
