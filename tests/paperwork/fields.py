"""Tournaments to print: named pairs (Chinese and Latin names, some with a unit) signed up by the organiser, drawn
and played on through the service functions, on an SQLite file."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.ruleset.scoring import MatchLevel
from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import ChatAdministrators, OwnChat, Roles
from bot.services.tournament.draw import make_draw
from bot.services.tournament.results import TableRef, record_result
from bot.services.tournament.roles import TournamentRoles
from bot.services.tournament.setup import change_setting, create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up
from bot.services.tournament.state import TournamentState, read_state
from bot.tournament.outcome import Outcome
from storage import Storage
from tests.services.conftest import ADMIN, GROUP, in_group

PUBLIC_URL = "https://club.example.org"
SURNAMES = "张王李赵刘陈杨黄周吴徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍建国红梅"
LATIN = ("Mary Jane", "Peter Parker", "Zoë Lin", "Ann Lee", "Oliver Stone", "Émile Roux", "Bob Wu", "Yuki Sato")
UNITS = ("财务处", "机关工会", "Physics Dept")


def people(count: int, seed: int = 1) -> list[str]:
    """``count`` different names: mostly Chinese (surname and one or two given characters), some Latin."""
    rng = random.Random(seed)
    found: list[str] = []
    seen: set[str] = set()
    latin = iter(LATIN)
    while len(found) < count:
        if len(found) % 9 == 4 and (name := next(latin, None)) is not None:
            pass
        else:
            name = rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.choice((1, 2))))
        if name not in seen:
            seen.add(name)
            found.append(name)
    return found


@pytest.fixture
def admin() -> Caller:
    return in_group(ADMIN)


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    async def admins(chat_id: int) -> frozenset[int]:
        return frozenset({ADMIN.user_id})

    clock = ManualClock()
    storage = Storage(tmp_path / "print.sqlite3")
    await storage.open()
    roles = Roles(OwnChat(), ChatAdministrators(admins, clock, timedelta(minutes=2)), TournamentRoles(storage))
    try:
        yield Services(Settings(db_path=tmp_path / "print.sqlite3", public_url=PUBLIC_URL), storage, roles, clock,
                       entropy=random.Random(2024).randbytes)
    finally:
        await storage.close()


async def signed_up(services: Services, admin: Caller, pairs: int, fmt: str = "knockout",
                    name: str = "周五掼蛋杯") -> list[tuple[str, str]]:
    """A tournament of ``pairs`` named pairs in format ``fmt``, before the draw; the pairs' names."""
    await create_tournament(services, admin, name)
    if fmt != "knockout":
        await change_setting(services, admin, "format", fmt)
    names = people(2 * pairs)
    entered = []
    for number, (first, second) in enumerate(zip(names[::2], names[1::2], strict=True)):
        unit = UNITS[number % len(UNITS)] if number % 4 == 0 else None
        await sign_up(services, admin, SignUpRequest(names=(first, second), unit=unit))
        entered.append((first, second))
    return entered


async def drawn(services: Services, admin: Caller, pairs: int, fmt: str = "knockout") -> TournamentState:
    await signed_up(services, admin, pairs, fmt)
    await make_draw(services, admin)
    return await read_state(services, GROUP)


async def play_current_round(services: Services, admin: Caller, seed: int = 3) -> TournamentState:
    """Every open table of the round being played gets an official result (the left pair passes A or not)."""
    rng = random.Random(seed)
    state = await read_state(services, GROUP)
    from bot.services.tournament.views import round_tables_of

    for match in round_tables_of(state).open:
        assert match.table is not None
        loser = MatchLevel.parse(rng.choice(("2", "7", "10", "K", "A")))
        outcome = Outcome.played(MatchLevel.parse("A+"), loser) if rng.random() < 0.5 \
            else Outcome.played(loser, MatchLevel.parse("A+"))
        await record_result(services, admin, TableRef(match.table), outcome)
    return await read_state(services, GROUP)


async def drawn_database(path: Path, pairs: int, fmt: str = "knockout") -> int:
    """An SQLite file holding one drawn tournament of ``pairs`` named pairs; its id."""
    async def admins(chat_id: int) -> frozenset[int]:
        return frozenset({ADMIN.user_id})

    clock = ManualClock()
    storage = Storage(path)
    await storage.open()
    try:
        roles = Roles(OwnChat(), ChatAdministrators(admins, clock, timedelta(minutes=2)), TournamentRoles(storage))
        services = Services(Settings(db_path=path), storage, roles, clock, entropy=random.Random(7).randbytes)
        state = await drawn(services, in_group(ADMIN), pairs, fmt)
        return state.tournament_id
    finally:
        await storage.close()
