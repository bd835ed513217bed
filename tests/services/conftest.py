"""Services on a real database, once on each engine (``migrated_target``): ``services`` (a manual clock, a fixed
draw seed, group ``GROUP`` administered by ``ADMIN``), and helpers to make callers and run a tournament through the
service functions."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.services import Services
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.roles import ChatAdministrators, OwnChat, Roles
from bot.services.tournament.roles import TournamentRoles
from storage import Storage
from tests.support.postgres import settings_for

GROUP = -4_000_500
OTHER_GROUP = -4_000_600
ADMIN = ChatUser(1, "老王", "laowang")


def in_group(person: ChatUser | None, chat_id: int = GROUP, sender_chat_id: int | None = None) -> Caller:
    return Caller(chat_id, ChatKind.GROUP, person, sender_chat_id)


def player(number: int, name: str | None = None, username: str | None = None) -> Caller:
    return in_group(ChatUser(1000 + number, name or f"P{number}", username))


@pytest.fixture
def admin() -> Caller:
    return in_group(ADMIN)


@pytest.fixture
async def services(migrated_target: Path | str) -> AsyncIterator[Services]:
    async def admins(chat_id: int) -> frozenset[int]:
        return frozenset({ADMIN.user_id})

    clock = ManualClock()
    storage = Storage(migrated_target)
    await storage.open()
    roles = Roles(OwnChat(), ChatAdministrators(admins, clock, timedelta(minutes=2)), TournamentRoles(storage))
    counter = itertools.count(1)
    try:
        yield Services(settings_for(migrated_target), storage, roles, clock,
                       entropy=lambda size: next(counter).to_bytes(size, "big"))
    finally:
        await storage.close()
