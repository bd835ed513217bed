"""Fixtures for the handlers' tests, at two levels.

Command behaviour is tested on the dispatcher itself (``tests.support.dispatched``: no platform): ``bot`` is the
dispatcher over real services on a fresh SQLite file and a manual clock (announcement timers where a module's
``timers`` fixture says so); ``group`` is a group in which 老王
(``admin``) is an administrator and Lily (``member``) is not, with each person's private chat; ``club`` is the same
group running tournaments (``tests.handlers.tournament_helpers.DispatchedClub``).

What Telegram itself does (its HTML, buttons as it shows them, anonymous administrators, files, entities) is tested
through the REAL application on the in-process fake Bot API: ``offline`` is the running bot (no rate limiter),
``group_with_admin`` the group there, ``private_member`` Lily's private chat, ``telegram_club`` the club.
"""

import asyncio
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.services.caller import ChatUser
from tests.handlers.tournament_helpers import Club, DispatchedClub
from tests.support.dispatched import Answer, Chat, DispatchedBot
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser, group_chat, private_chat


@dataclass(frozen=True)
class Group:
    """The group on Telegram (the real application on the fake Bot API)."""

    offline: OfflineBot
    chat: dict[str, Any]
    admin: FakeUser
    member: FakeUser

    async def say(self, sender: FakeUser | None, text: str, **options: Any) -> list[str]:
        return await self.offline.say(self.chat, sender, text, **options)


@dataclass(frozen=True)
class DispatchedGroup:
    """The group on the dispatcher: 老王 administers it, Lily does not; each of them also writes privately."""

    bot: DispatchedBot
    chat: Chat = Chat.group(-4_000_123, "周五掼蛋")
    admin: ChatUser = ChatUser(101, "老王", "laowang", "zh-hans")
    member: ChatUser = ChatUser(202, "Lily", "lily", "en")
    """Lily (user 202, English app), not an administrator."""

    async def answers(self, sender: ChatUser, text: str, **options: Any) -> list[Answer]:
        """Everything the bot answered ``sender`` in the group: messages (``.text``, ``.buttons``) and files."""
        return await self.bot.answers(self.chat, sender, text, **options)

    async def say(self, sender: ChatUser, text: str, **options: Any) -> list[str]:
        """The texts (markup; a file's caption) the bot answered ``sender`` in the group."""
        return [answer.text for answer in await self.answers(sender, text, **options)]

    async def say_privately(self, sender: ChatUser, text: str, **options: Any) -> list[str]:
        """The texts the bot answered ``sender`` in their private chat with it."""
        return [answer.text for answer in await self.bot.answers(Chat.private(sender), sender, text, **options)]


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite database the bot has opened once (migrated, no rows) that each test's database starts as: a file
    copy costs a few milliseconds, the migrations tens of them, in every one of a thousand tests."""
    path = tmp_path_factory.mktemp("migrated") / "bot.sqlite3"

    async def open_once() -> None:
        async with DispatchedBot.running(Settings(db_path=path)):
            pass

    asyncio.run(open_once())
    return path


@pytest.fixture
def settings(tmp_path: Path, migrated_sqlite: Path) -> Settings:
    database = tmp_path / "bot.sqlite3"
    shutil.copyfile(migrated_sqlite, database)
    return Settings(db_path=database)


@pytest.fixture
def timers() -> bool:
    """Whether ``bot`` sets timers for the announcements commands plan; a module that runs them overrides this."""
    return False


@pytest.fixture
async def bot(settings: Settings, clock: ManualClock, timers: bool) -> AsyncIterator[DispatchedBot]:
    async with DispatchedBot.running(settings, clock=clock, timers=timers) as running:
        yield running


@pytest.fixture
def group(bot: DispatchedBot) -> DispatchedGroup:
    group = DispatchedGroup(bot)
    bot.set_admins(group.chat, group.admin)
    return group


@pytest.fixture
def club(group: DispatchedGroup) -> DispatchedClub:
    """The group's club: 老王 runs tournaments (``tests.handlers.tournament_helpers``)."""
    return DispatchedClub(group.bot)


@pytest.fixture
async def offline(settings: Settings, clock: ManualClock) -> AsyncIterator[OfflineBot]:
    async with OfflineBot.running(settings, clock=clock) as running:
        yield running


@pytest.fixture
def admin() -> FakeUser:
    return FakeUser(101, "老王", "laowang", language_code="zh-hans")


@pytest.fixture
def member() -> FakeUser:
    return FakeUser(202, "Lily", "lily", language_code="en")


@pytest.fixture
def group_with_admin(offline: OfflineBot, admin: FakeUser, member: FakeUser) -> Group:
    chat = group_chat(-4_000_123, "周五掼蛋")
    offline.telegram.set_admins(int(chat["id"]), admin.to_json())
    return Group(offline, chat, admin, member)


@pytest.fixture
def private_member(offline: OfflineBot, member: FakeUser) -> dict[str, Any]:
    return private_chat(member)


@pytest.fixture
def telegram_club(group_with_admin: Group) -> Club:
    """The club on Telegram: 老王 runs tournaments in the group (``tests.handlers.tournament_helpers``)."""
    return Club(group_with_admin.offline, group_with_admin.chat, group_with_admin.admin, group_with_admin.member)
