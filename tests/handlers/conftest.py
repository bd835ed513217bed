"""Fixtures that drive the REAL application (handlers, storage, error handler) through the in-process fake.

``offline`` is the running bot (fresh SQLite file, no rate limiter, a manual clock); ``group_with_admin`` is a
group in which ``admin`` is an administrator and ``member`` is not; ``private_member`` is member's private chat.
"""

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from tests.handlers.tournament_helpers import Club
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser, group_chat, private_chat


@dataclass(frozen=True)
class Group:
    offline: OfflineBot
    chat: dict[str, Any]
    admin: FakeUser
    member: FakeUser

    async def say(self, sender: FakeUser | None, text: str, **options: Any) -> list[str]:
        return await self.offline.say(self.chat, sender, text, **options)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(db_path=tmp_path / "bot.sqlite3")


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
def club(group_with_admin: Group) -> Club:
    """A group whose administrator 老王 runs tournaments (``tests.handlers.tournament_helpers``)."""
    return Club(group_with_admin.offline, group_with_admin.chat, group_with_admin.admin, group_with_admin.member)
