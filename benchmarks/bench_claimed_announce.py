"""Announcements claimed by several workers on one database (``handlers.claimed_announcer``): how late each goes
out, and that each goes out once, also when a worker dies in the middle.

N announcement rows, each in its own group, fall due over a few seconds (``--spread``; several at each instant). W
workers — each a :class:`ClaimingAnnouncer` with its own :class:`Storage` (its own pool), all in this one process
and event loop, so they share one core: a lower bound on what separate processes do — claim and send them through a
fake courier that takes ``--latency`` ms per message (no Telegram pacing: that is ``handlers.telegram.sending``'s
and measured by its own benchmark). Printed per run: rows, wall time, lateness (the courier's acceptance minus the
due time, on the real clock) p50 / p99 / max, rows sent twice, rows left unsent.

``--kill``: one worker is cancelled (dies) at the middle of the spread; the rows it was sending wait for its lease
(``handlers.claimed_announcer.LEASE``, 10 s) and are then settled by the in-flight rule by another worker — counted
as sent, not repeated — so its max lateness shows the lease.

Run: ``.venv/bin/python benchmarks/bench_claimed_announce.py [--rows 300] [--spread 5] [--latency 20]
[--workers 1 2 3] [--kill]`` (PostgreSQL at ``GUANDAN_TEST_POSTGRES``; a database is created and dropped; SQLite
with one worker is run too for comparison).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import _paths  # noqa: F401

from bot.clock import system_clock
from bot.match_clock.announcement import AnnouncementState
from bot.match_clock.plan import AnnouncementKind
from bot.services import Services
from bot.services.platform_ids import Platform
from bot.services.roles import OwnChat, Roles
from handlers.claimed_announcer import ClaimingAnnouncer
from storage import Storage, announcements, timetable
from tests.support.board import InMemoryBoard
from tests.support.postgres import SessionDatabase, settings_for

FIRST_CHAT = -6_000_000_000


@dataclass
class Courier:
    latency: float
    accepted: list[tuple[int, float]] = field(default_factory=list)
    """(chat id, time.time() when accepted)."""

    def split(self, text: str) -> Sequence[str]:
        return [text]

    async def send(self, chat_id: int, piece: str) -> None:
        await asyncio.sleep(self.latency)
        self.accepted.append((chat_id, time.time()))


async def seed(target: Path | str, board: InMemoryBoard, rows: int, start: datetime, spread: float) -> dict[int, float]:
    """The rows, due from ``start`` over ``spread`` seconds; each chat's due time (epoch seconds)."""
    storage = Storage(target)
    await storage.open(migrate=True)
    due_of: dict[int, float] = {}
    try:
        async with storage.transaction() as tx:
            for number in range(rows):
                chat_id = FIRST_CHAT - number
                # Stored to the second (storage.timestamps): rows of one second fall due together.
                due = (start + timedelta(seconds=spread * number / rows)).replace(microsecond=0)
                board.add(number + 1, chat_id, f"俱乐部 {number + 1}")
                await timetable.set_round_start(tx, number + 1, 1, chat_id, due, "bench", start)
                await announcements.add(tx, tournament_id=number + 1, chat_id=chat_id, round_number=1,
                                        kind=AnnouncementKind.START, due=due, at=start)
                due_of[chat_id] = due.timestamp()
    finally:
        await storage.close()
    return due_of


async def run(target: Path | str, workers: int, rows: int, spread: float, latency: float, kill: bool) -> str:
    board = InMemoryBoard()
    start = system_clock() + timedelta(seconds=2)
    due_of = await seed(target, board, rows, start, spread)
    courier = Courier(latency)
    running: list[tuple[Storage, ClaimingAnnouncer]] = []
    for number in range(workers):
        storage = Storage(target)
        await storage.open()
        services = Services(settings_for(target), storage, Roles(OwnChat()), system_clock, board=board)
        announcer = ClaimingAnnouncer(services, worker=f"w{number + 1}")
        announcer.add_courier(Platform.TELEGRAM, courier)
        announcer.start()
        running.append((storage, announcer))
    began = time.perf_counter()
    if kill and workers > 1:
        # Just after a due second in the middle, while every worker is sending that second's rows.
        kill_at = min(due_of.values()) + int(spread / 2) + latency * 1.5
        await asyncio.sleep(max(kill_at - time.time(), 0))
        print(f"         killing w1 while it sends {running[0][1].sending} rows")
        running[0][1].stop()
    storage = running[-1][0]
    while True:
        async with storage.read() as tx:
            pending = await announcements.pending(tx)
        if not pending:
            break
        if time.perf_counter() - began > 2 + spread + 90:
            break
        await asyncio.sleep(0.1)
    wall = time.perf_counter() - began - 2
    async with storage.read() as tx:
        states = Counter(row.state for row in [await announcements.get(tx, number) for number in range(1, rows + 1)]
                         if row is not None)
    for _, announcer in running:
        announcer.stop()
    await asyncio.sleep(0.1)
    for storage, _ in running:
        await storage.close()
    counts = Counter(chat_id for chat_id, _ in courier.accepted)
    lateness = sorted(accepted - due_of[chat_id] for chat_id, accepted in courier.accepted)
    twice = sum(1 for count in counts.values() if count > 1)
    unsent = rows - len(counts)
    counted = states[AnnouncementState.SENT] - len(counts)
    p99 = lateness[min(len(lateness) - 1, int(len(lateness) * 0.99))] if lateness else float("nan")
    return (f"{rows} rows, {workers} worker(s){' (one killed)' if kill and workers > 1 else ''}: "
            f"done {wall:.1f} s after the first was due; lateness p50 {statistics.median(lateness) * 1000:.0f} ms, "
            f"p99 {p99 * 1000:.0f} ms, max {lateness[-1] * 1000:.0f} ms; sent twice {twice}; not sent {unsent} "
            f"(of which counted as sent by the in-flight rule {counted}); states "
            + ", ".join(f"{state.value} {count}" for state, count in sorted(states.items())))


async def main(arguments: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        print("sqlite  ", await run(Path(folder) / "bench.sqlite3", 1, arguments.rows, arguments.spread,
                                    arguments.latency / 1000, False))
    database = SessionDatabase()
    await database.create_async()
    try:
        for workers in arguments.workers:
            target = await database.new_target_async()
            print("postgres", await run(target, workers, arguments.rows, arguments.spread, arguments.latency / 1000,
                                        arguments.kill))
    finally:
        await database.drop_async()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=300)
    parser.add_argument("--spread", type=float, default=5.0, help="seconds over which the rows fall due")
    parser.add_argument("--latency", type=float, default=20.0, help="ms the courier takes per message")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--kill", action="store_true", help="cancel one worker half-way")
    asyncio.run(main(parser.parse_args()))
