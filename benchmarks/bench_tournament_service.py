"""Tournament services on a real database — an SQLite file, or PostgreSQL with ``--engine postgresql`` — : a
1,024-pair tournament beside 1,000 finished ones.

Measured (wall time on the machine at hand; each query figure the median of several calls):

* sign-up of 1,024 named pairs by an organiser (one transaction each), the draw;
* one result on the big bracket: with the loaded tournament cached (the usual case) and after dropping the cache
  (a restart, or another process wrote in between);
* ``/tables``, ``/standings``, ``/export`` and ``/bracket`` of the big tournament (service + text), and of one
  of the 1,000 finished tournaments, cold (nothing cached).

With each figure of the first part also the bot's own CPU time (``time.process_time``: what a worker saturates
on) and, on PostgreSQL, the statements sent to the server (round trips).

Targets (to be confirmed there): every command under 0.1 s with the cache, a result under 20 ms.
Run: ``.venv/bin/python benchmarks/bench_tournament_service.py`` (also part of ``make bench``);
``… --engine postgresql`` runs the same on a scratch database of the server at ``GUANDAN_TEST_POSTGRES`` (default
``postgresql://postgres@127.0.0.1:5432/postgres``), created and dropped by the run.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path

import _paths  # noqa: F401

from bot.clock import ManualClock
from bot.config import Settings
from bot.i18n import Language
from bot.presenters import tournament_tables as text
from bot.services import Services
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.roles import ChatAdministrators, OwnChat, Roles
from bot.services.tournament.draw import make_draw
from bot.services.tournament.export import export_tournament
from bot.services.tournament.results import TableRef, record_result
from bot.services.tournament.setup import create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up
from bot.services.tournament.views import bracket_view, standings_view, tables_view
from bot.tournament.outcome import Outcome

BIG_PAIRS = 1_024
FINISHED = 1_000
BIG_GROUP = -1_000_000
ADMIN = ChatUser(1, "Organiser")


def organiser(chat_id: int) -> Caller:
    return Caller(chat_id, ChatKind.GROUP, ADMIN)


async def timed(action: Callable[[], Awaitable[object]], rounds: int = 7) -> float:
    durations = []
    for _ in range(rounds):
        started = time.perf_counter()
        await action()
        durations.append(time.perf_counter() - started)
    return statistics.median(durations)


async def small_finished_tournament(services: Services, chat_id: int) -> None:
    caller = organiser(chat_id)
    await create_tournament(services, caller, f"Cup {chat_id}")
    for number in range(4):
        await sign_up(services, caller, SignUpRequest(names=(f"A{number}", f"B{number}")))
    await make_draw(services, caller)
    for _ in range(3):
        bracket = (await tables_view(services, caller)).state.require_bracket()
        for match in bracket.playable():
            await record_result(services, caller, TableRef(match.table or 0), Outcome.parse("K A+"))


class Meter:
    """Wall time, the bot's CPU time and (PostgreSQL) the statements sent, from :meth:`start` to :meth:`report`."""

    def __init__(self, storage: object) -> None:
        self.storage = storage

    def trips(self) -> int:
        return int(getattr(self.storage, "round_trips", 0))

    def start(self) -> None:
        self.wall, self.cpu, self.sent = time.perf_counter(), time.process_time(), self.trips()

    def report(self, count: int = 1) -> str:
        wall = (time.perf_counter() - self.wall) / count * 1000
        cpu = (time.process_time() - self.cpu) / count * 1000
        trips = f", {(self.trips() - self.sent) / count:.1f} statements" if hasattr(self.storage, "round_trips") else ""
        return f"{wall:.1f} ms wall, {cpu:.2f} ms CPU{trips}"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=("sqlite", "postgresql"), default="sqlite")
    engine = parser.parse_args().engine
    with tempfile.TemporaryDirectory() as folder:
        if engine == "sqlite":
            path = Path(folder) / "bench.sqlite3"
            await run(Settings(db_path=path), path)
            return
        from tests.support.postgres import SessionDatabase

        database = SessionDatabase(name=f"guandan_bench_{time.monotonic_ns()}")
        await database.create_async()
        try:
            await run(Settings(db_url=database.url), database.url)
        finally:
            await database.drop_async()


async def run(settings: Settings, target: Path | str) -> None:
    async def admins(chat_id: int) -> frozenset[int]:
        return frozenset({ADMIN.user_id})

    clock = ManualClock()
    from storage import Storage

    storage = Storage(target)
    await storage.open() if isinstance(target, Path) else await storage.open(migrate=True)
    print(f"{storage.engine}: {storage.describe()}")
    roles = Roles(OwnChat(), ChatAdministrators(admins, clock, timedelta(hours=1)))
    services = Services(settings, storage, roles, clock, entropy=lambda size: bytes(size))
    meter = Meter(storage)

    meter.start()
    for number in range(FINISHED):
        await small_finished_tournament(services, -2_000_000 - number)
    print(f"{FINISHED} finished 4-pair tournaments played: {meter.report(FINISHED)} per tournament")

    big = organiser(BIG_GROUP)
    await create_tournament(services, big, "Big Cup")
    meter.start()
    for number in range(BIG_PAIRS):
        await sign_up(services, big, SignUpRequest(names=(f"甲{number}", f"乙{number}")))
    print(f"sign-up of {BIG_PAIRS} pairs: {meter.report(BIG_PAIRS)} each")
    meter.start()
    await make_draw(services, big)
    print(f"draw of {BIG_PAIRS} pairs (stored): {meter.report()}")

    tables = (await tables_view(services, big)).matches
    results = iter(tables)

    async def one_result() -> None:
        match = next(results)
        await record_result(services, big, TableRef(match.table or 0), Outcome.parse("K A+"))

    print(f"one result, cached: {await timed(one_result, 101) * 1000:.1f} ms")
    meter.start()
    for _ in range(100):
        await one_result()
    print(f"one result, cached, 100 in turn: {meter.report(100)} each")

    async def cold_result() -> None:
        services.tournaments.forget((await tables_view(services, big)).state.tournament_id)
        await one_result()

    print(f"one result after dropping the cache: {await timed(cold_result, 9) * 1000:.1f} ms")

    lang = Language.EN

    async def show_tables(caller: Caller) -> None:
        text.tables_text(await tables_view(services, caller), lang)

    async def show_standings(caller: Caller) -> None:
        view = await standings_view(services, caller)
        assert view.standings is not None  # a knockout
        text.standings_text(view.state, view.standings, lang)

    async def show_bracket(caller: Caller) -> None:
        text.bracket_text((await bracket_view(services, caller)).state, lang)

    async def export(caller: Caller) -> None:
        await export_tournament(services, caller)

    small = organiser(-2_000_000 - FINISHED // 2)
    commands: tuple[tuple[str, Callable[[Caller], Awaitable[None]]], ...] = (
        ("/tables", show_tables), ("/standings", show_standings), ("/bracket", show_bracket), ("/export", export))
    for name, action in commands:
        await action(big)  # loads and caches the big tournament
        cached = await timed(lambda: action(big))  # noqa: B023 - awaited within the iteration

        async def cold() -> None:
            services.tournaments.clear()
            await action(small)  # noqa: B023

        big_cold = 0.0
        for _ in range(3):
            services.tournaments.clear()
            started = time.perf_counter()
            await action(big)
            big_cold = max(big_cold, time.perf_counter() - started)
        print(f"{name}: {BIG_PAIRS} pairs {cached * 1000:.1f} ms cached, {big_cold * 1000:.0f} ms cold; "
              f"a finished 4-pair tournament among {FINISHED + 1}, cold {await timed(cold) * 1000:.1f} ms")
    await storage.close()


if __name__ == "__main__":
    asyncio.run(main())
