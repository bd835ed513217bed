"""Announcement delivery under Telegram's limits: N tournaments, each in its own group, with a round starting at
the same minute, so every reminder falls due at the same instant.

The real application sends them: the process's one scheduler (``handlers.announcer``, APScheduler) fires one job
per announcement row, each job re-reads its row, renders the reminder (the round's tables), sends it through the
bot's ``GroupPacer`` (the production limiter, ``handlers.telegram.pacing``: 30 messages/s overall, 20/minute per
group) behind its retries (``--limiter ptb``: PTB's ``AIORateLimiter``, once production's limiter) to
the in-process fake Bot API, and marks the row sent. The fake answers at once, so the limiter and the bot's own
work are all that is measured.

The floor is what Telegram's limits allow: M messages need M / 30 s at 30 messages per second (each group gets at
most a few messages, far under its 20 per minute, so the global limit binds). Both limiters let a first 30 through
at once, so a run can beat the floor by up to a second. The ratio to the floor is printed.

A second figure: restoring pending announcements at start-up (``handlers.announcer.Announcer.restore``).

Run: ``.venv/bin/python benchmarks/bench_announce.py [--tournaments 200] [--tables 4] [--limiter pacer|ptb]``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import _paths  # noqa: F401
from telegram.ext import AIORateLimiter, BaseRateLimiter

from bot.config import Settings
from bot.services.caller import Caller, ChatKind
from bot.services.match_clock.timetable import schedule_round
from handlers.bootstrap import ProcessOptions, telegram_application
from handlers.telegram.app import TelegramOptions, startup
from handlers.telegram.app import shutdown as close_storage
from handlers.telegram.context import announcer_of
from handlers.telegram.pacing import GroupPacer
from handlers.telegram.sending import RetryingRequests
from tests.support.board import InMemoryBoard
from tests.support.fake_api import FakeBotApi

GLOBAL_RATE = 30.0
"""Messages per second Telegram allows a bot overall."""
GROUP_RATE_PER_MINUTE = 20
FIRST_CHAT = -5_000_000_000


def make_board(tournaments: int, tables: int) -> InMemoryBoard:
    board = InMemoryBoard()
    for number in range(tournaments):
        board.add(number + 1, FIRST_CHAT - number, f"俱乐部 {number + 1} 周末赛", time_limit_minutes=50)
        board.seat(number + 1, 1, *[
            ((f"甲{table} / 乙{table}", frozenset()), (f"丙{table} / 丁{table}", frozenset()))
            for table in range(tables)])
    return board


LIMITER = "pacer"


def make_limiter() -> BaseRateLimiter[Any]:
    if LIMITER == "ptb":
        return AIORateLimiter(max_retries=3)
    return RetryingRequests(GroupPacer())


async def deliver(tournaments: int, tables: int, folder: Path) -> dict[str, Any]:
    board = make_board(tournaments, tables)
    api = FakeBotApi()
    sent_at: list[float] = []
    answer = api.telegram.answer

    def timed_answer(method: str, params: Any, files: Any = None) -> tuple[int, bytes]:
        if method == "sendMessage":
            sent_at.append(time.monotonic())
        return answer(method, params, files)

    api.telegram.answer = timed_answer  # type: ignore[method-assign]
    application = telegram_application(Settings(db_path=folder / "announce.sqlite3"), ProcessOptions(board=board),
                                       TelegramOptions(request=api, rate_limiter=make_limiter()))
    await application.initialize()
    await startup(application)
    services = application.bot_data.services
    # Every reminder falls due a few seconds from now (set-up time excluded); their rounds start 30 minutes later.
    now = services.clock()
    # Whole seconds, as stored (planned times are whole minutes in practice).
    due = (now + timedelta(seconds=4)).replace(microsecond=0)
    for number in range(tournaments):
        caller = Caller(FIRST_CHAT - number, ChatKind.GROUP, sender_chat_id=FIRST_CHAT - number)
        scheduled = await schedule_round(services, caller, 1, due + timedelta(minutes=30))
        announcer_of(application).apply(scheduled.changes)
    setup_done = services.clock()
    if setup_done >= due:
        raise RuntimeError("set-up took longer than the lead time; raise it")
    due_monotonic = time.monotonic() + (due - services.clock()).total_seconds()
    await application.start()
    announcer_of(application).start()
    try:
        deadline = time.monotonic() + 120
        while True:
            async with services.storage.read() as tx:
                waiting = await tx.fetch_value(
                    "SELECT count(*) FROM announcements WHERE kind = 'reminder' AND state = 'pending'")
            if waiting == 0:
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"{waiting} reminders were still waiting after two minutes")
            await asyncio.sleep(0.05)
    finally:
        announcer_of(application).stop()
        await application.stop()
        await application.shutdown()
        await close_storage(application)
    messages = len(sent_at)
    last = max(sent_at) - due_monotonic
    floor = messages / GLOBAL_RATE
    burst_floor = max(messages - GLOBAL_RATE, 0) / GLOBAL_RATE
    per_group = messages / tournaments
    group_floor = max(0.0, (per_group - GROUP_RATE_PER_MINUTE) / GROUP_RATE_PER_MINUTE * 60)
    return {
        "tournaments": tournaments, "messages": messages, "first": min(sent_at) - due_monotonic, "last": last,
        "floor": max(floor, group_floor), "ratio": last / max(floor, group_floor),
        "burst_floor": max(burst_floor, group_floor), "burst_ratio": last / max(burst_floor, group_floor, 1e-9),
    }


async def restore_time(pending: int, folder: Path) -> float:
    """Seconds for start-up to re-create ``pending`` announcement jobs from the database."""
    board = make_board(pending // 4, 1)
    settings = Settings(db_path=folder / "restore.sqlite3")
    application = telegram_application(settings, ProcessOptions(board=board),
                                       TelegramOptions(request=FakeBotApi(), rate_limiter=None))
    await application.initialize()
    await startup(application)
    services = application.bot_data.services
    now = services.clock()
    for number in range(pending // 4):
        caller = Caller(FIRST_CHAT - number, ChatKind.GROUP, sender_chat_id=FIRST_CHAT - number)
        await schedule_round(services, caller, 1, now + timedelta(hours=2))
    await application.shutdown()
    await close_storage(application)
    application = telegram_application(settings, ProcessOptions(board=board),
                                       TelegramOptions(request=FakeBotApi(), rate_limiter=None))
    await application.initialize()
    began = time.perf_counter()
    await startup(application)
    elapsed = time.perf_counter() - began
    jobs = len(announcer_of(application).jobs())
    await application.shutdown()
    await close_storage(application)
    if jobs != pending:
        raise RuntimeError(f"restored {jobs} jobs, expected {pending}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--tables", type=int, default=4, help="tables listed in each reminder")
    parser.add_argument("--limiter", choices=("pacer", "ptb"), default="pacer")
    args = parser.parse_args()
    global LIMITER
    LIMITER = args.limiter
    print(f"{datetime.now(UTC):%Y-%m-%d}, limits: {GLOBAL_RATE:.0f} messages/s overall, "
          f"{GROUP_RATE_PER_MINUTE}/minute per group ({'PTB AIORateLimiter' if LIMITER == 'ptb' else 'GroupPacer'})")
    with tempfile.TemporaryDirectory() as folder:
        for tables in (args.tables, 250):
            result = asyncio.run(deliver(args.tournaments, tables, Path(folder) / f"t{tables}"))
            print(f"{result['tournaments']} tournaments, {tables} tables each: {result['messages']} messages; "
                  f"first {result['first']:.2f} s after due, all by {result['last']:.2f} s; "
                  f"floor {result['floor']:.2f} s (ratio {result['ratio']:.2f}); "
                  f"with the limiter's first burst of 30: {result['burst_floor']:.2f} s "
                  f"(ratio {result['burst_ratio']:.2f})")
        for pending in (1_000, 4_000):
            seconds = asyncio.run(restore_time(pending, Path(folder) / f"r{pending}"))
            print(f"start-up restores {pending} pending announcements in {seconds * 1000:.0f} ms")


if __name__ == "__main__":
    main()
