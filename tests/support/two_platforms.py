"""One group on Telegram (through the dispatcher, answers rendered as Telegram HTML) and on WeCom (over the
long-connection stand-in, answers as markdown): scenario tables written once run on both where the behaviour is
shared. Person 0 organises; people 1, 2 … play; ``@p1``, ``@p2`` … point at them on both (a Telegram username, a
WeCom userid)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.richtext import to_telegram_html
from bot.services.caller import ChatUser
from tests.support.dispatched import BOT_USERNAME, Chat, DispatchedBot
from tests.support.wecom_offline import WeComClub

GROUP = Chat.group(-4_000_321, "周五掼蛋")
ORGANISER = ChatUser(101, "老王", "laowang", "zh")
PLAYERS = tuple(ChatUser(3000 + number, f"选手{number}", f"p{number}", "zh") for number in range(1, 9))


@dataclass
class Evening:
    """One group on one platform: ``say(who, text)`` gives the rendered messages; ``tag(n)``: how player ``n``'s
    mention looks there; ``mention``: the bot's @-mention a message puts first to speak to it (a Chinese verb, a
    question: WeCom's every message has it)."""

    say: Callable[[int, str], Awaitable[list[str]]]
    tag: Callable[[int], str]
    mention: str

    async def ask(self, who: int, text: str) -> list[str]:
        """``who`` writes ``text`` after the bot's @-mention."""
        return await self.say(who, self.mention + text)


@asynccontextmanager
async def telegram(tmp_path: Path) -> AsyncIterator[Evening]:
    async with DispatchedBot.running(Settings(db_path=tmp_path / "tg.sqlite3"), clock=ManualClock()) as bot:
        bot.set_admins(GROUP, ORGANISER)

        async def say(who: int, text: str) -> list[str]:
            person = ORGANISER if who == 0 else PLAYERS[who - 1]
            return [to_telegram_html(answer.text) for answer in await bot.answers(GROUP, person, text)]

        for person in PLAYERS:  # the bot has seen everyone (a Telegram @username names only people it has seen)
            await bot.answers(GROUP, person, "/help")
        yield Evening(say, lambda number: f'<a href="tg://user?id={3000 + number}">', f"@{BOT_USERNAME} ")


@asynccontextmanager
async def wecom(tmp_path: Path) -> AsyncIterator[Evening]:
    async with WeComClub.running(Settings(db_path=tmp_path / "wecom.sqlite3")) as club:
        async def say(who: int, text: str) -> list[str]:
            return await club.say(club.admin if who == 0 else club.person(who), text)

        yield Evening(say, lambda number: f"<@p{number}>", "")


PLATFORMS = {"telegram": telegram, "wecom": wecom}


@pytest.fixture(params=sorted(PLATFORMS))
async def evening(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Evening]:
    """The group, once on each platform."""
    async with PLATFORMS[request.param](tmp_path) as running:
        yield running


def parts(messages: list[str]) -> list[str]:
    """Each message the bot said (WeCom collects a command's messages into one reply, a blank line apart)."""
    return [part for message in messages for part in message.split("\n\n")]


async def drawn_final(evening: Evening) -> tuple[int, int]:
    """A knockout of four singles drawn: a left and a right player of table 1."""
    await evening.say(0, "/new 周五杯")
    for number in range(1, 5):
        await evening.say(number, "/signup")
    drawn = await evening.say(0, "/draw")
    [line] = [line for part in parts(drawn) for line in part.split("\n") if "第 1 桌" in line and " 对 " in line]
    left, right = line.split(" 对 ")
    return (next(number for number in range(1, 5) if evening.tag(number) in left),
            next(number for number in range(1, 5) if evening.tag(number) in right))
