"""A running bot whose tournaments come from an :class:`InMemoryBoard`, on a manual clock, for the match-clock
tests: ``Clocked.at(...)`` moves time and runs whatever jobs fall due, returning what the bot said
(:func:`announced_until` the same on the dispatched bot)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from bot.clock import ManualClock
from bot.config import Settings
from bot.match_clock.announcement import Announcement
from bot.services import Services
from bot.services.caller import ChatUser
from storage import announcements
from tests.support.board import InMemoryBoard
from tests.support.dispatched import Chat, DispatchedBot
from tests.support.harness import OfflineBot
from tests.support.jobs import run_due_jobs, run_due_jobs_of, scheduled, scheduled_in
from tests.support.telegram import FakeTelegram
from tests.support.updates import FakeUser, group_chat

CHAT_ID = -4_000_321
CHAT = group_chat(CHAT_ID, "周五掼蛋")
GROUP = Chat.group(CHAT_ID, "周五掼蛋")
TOURNAMENT = 11
ADMIN = FakeUser(101, "老王", "laowang", language_code="zh-hans")
REFEREE_LESS_MEMBER = FakeUser(909, "路人", "passerby")
PLAYERS = {name: FakeUser(user_id, name) for user_id, name in
           [(201, "张三"), (202, "李四"), (203, "王五"), (204, "赵六"), (205, "钱七"), (206, "孙八")]}


def two_tables(board: InMemoryBoard, round_number: int = 1) -> None:
    """Round ``round_number``: table 1 张三/李四 v 王五/赵六, table 2 钱七/孙八 v 周九/吴十 (registered by name)."""
    board.seat(TOURNAMENT, round_number,
               (("张三 / 李四", frozenset({201, 202})), ("王五 / 赵六", frozenset({203, 204}))),
               (("钱七 / 孙八", frozenset({205, 206})), ("周九 / 吴十", frozenset())))


@dataclass
class Clocked:
    offline: OfflineBot
    clock: ManualClock
    board: InMemoryBoard

    async def say(self, sender: FakeUser, text: str) -> list[str]:
        return await self.offline.say(CHAT, sender, text)

    def sent_count(self) -> int:
        return len(self.offline.telegram.calls)

    def sent_since(self, mark: int) -> list[str]:
        return [call.text for call in self.offline.telegram.calls[mark:]
                if call.method == "sendMessage" and call.status == 200]

    async def at(self, when: datetime) -> list[str]:
        """Move the clock to ``when`` (never back) and run the jobs due by then; the messages sent meanwhile."""
        return await run_until(self.offline, self.clock, when)

    async def after(self, **delta: float) -> list[str]:
        return await self.at(self.clock.now + timedelta(**delta))

    async def rows(self) -> list[Announcement]:
        async with self.offline.application.bot_data.services.storage.read() as tx:
            return await announcements.for_tournament(tx, TOURNAMENT)

    def job_ids(self) -> list[str]:
        return sorted(job.name or "" for job in scheduled(self.offline.application))


async def run_until(offline: OfflineBot, clock: ManualClock, when: datetime) -> list[str]:
    """Move ``clock`` to ``when`` (never back), firing the jobs due on the way in due order, each with the clock at
    its own instant as the scheduler would; the messages Telegram accepted meanwhile."""
    if when < clock.now:
        raise ValueError("time does not go back")
    mark = len(offline.telegram.calls)
    while True:
        pending = [job for job in scheduled(offline.application) if job.data.due <= when]
        if not pending:
            break
        clock.now = max(clock.now, pending[0].data.due)
        await run_due_jobs(offline.application, clock.now)
    clock.now = when
    return [call.text for call in offline.telegram.calls[mark:] if call.method == "sendMessage" and call.status == 200]


def chat_user(user: FakeUser) -> ChatUser:
    """The person ``user`` as the dispatcher knows them."""
    return ChatUser(user.user_id, user.first_name, user.username, user.language_code)


@dataclass
class DispatchedClocked:
    """:class:`Clocked` on the dispatcher (no platform): what the announcements say is what they were given."""

    bot: DispatchedBot
    clock: ManualClock
    board: InMemoryBoard

    @property
    def services(self) -> Services:
        return self.bot.services

    async def say(self, sender: FakeUser, text: str) -> list[str]:
        return [answer.text for answer in await self.bot.answers(GROUP, chat_user(sender), text)]

    async def at(self, when: datetime) -> list[str]:
        """Move the clock to ``when`` (never back) and run the jobs due by then; what was announced meanwhile."""
        return await announced_until(self.bot, self.clock, when)

    async def after(self, **delta: float) -> list[str]:
        return await self.at(self.clock.now + timedelta(**delta))

    async def rows(self) -> list[Announcement]:
        async with self.bot.services.storage.read() as tx:
            return await announcements.for_tournament(tx, TOURNAMENT)

    def job_ids(self) -> list[str]:
        return sorted(job.name or "" for job in scheduled_in(self.bot.announcer))


@asynccontextmanager
async def dispatched_clocked(db: Path, clock: ManualClock, board: InMemoryBoard) -> AsyncIterator[DispatchedClocked]:
    """The dispatched bot with timers, its tournaments from ``board``, 老王 an administrator of the group."""
    async with DispatchedBot.running(Settings(db_path=db), clock=clock, board=board, timers=True) as bot:
        bot.set_admins(GROUP, chat_user(ADMIN))
        yield DispatchedClocked(bot, clock, board)


async def announced_until(bot: DispatchedBot, clock: ManualClock, when: datetime) -> list[str]:
    """:func:`run_until` on the dispatched bot (``timers``): what its announcements said in the chats meanwhile."""
    if when < clock.now:
        raise ValueError("time does not go back")
    mark = len(bot.courier.sent)
    while True:
        pending = [job for job in scheduled_in(bot.announcer) if job.data.due <= when]
        if not pending:
            break
        clock.now = max(clock.now, pending[0].data.due)
        await run_due_jobs_of(bot.announcer, clock.now)
    clock.now = when
    return [piece for _, piece in bot.courier.sent[mark:]]


@asynccontextmanager
async def clocked_bot(db: Path, clock: ManualClock, board: InMemoryBoard, *, telegram: FakeTelegram | None = None,
                      **settings: Any) -> AsyncIterator[Clocked]:
    async with OfflineBot.running(Settings(db_path=db, **settings), clock=clock, board=board,
                                  telegram=telegram) as offline:
        offline.telegram.set_admins(CHAT_ID, ADMIN.to_json())
        yield Clocked(offline, clock, board)
