"""The match clock in a real process: ``python -m bot run`` against the HTTP fake Bot API schedules a round, is
SIGKILLed before the reminder, restarted after it — the reminder goes out late exactly once — and restarted again —
nothing is sent twice.

Each process runs on a clock shifted by ``GUANDAN_TEST_CLOCK_OFFSET_SECONDS``: the first lives an hour before the
reminder, the second and third a few minutes after it, so the downtime needs no waiting.
"""

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.services import Services
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.roles import OwnChat, Roles
from bot.services.tournament.draw import make_draw
from bot.services.tournament.setup import create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up
from storage import Storage
from tests.support.http_server import BotApiServer
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, UpdateFactory, group_chat

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow

TOKEN = "424242:schedule-process-secret"
ADMIN = FakeUser(11, "老王", "laowang")
GROUP = group_chat(-4_000_888, "周五掼蛋")
ZONE = ZoneInfo("Asia/Shanghai")


async def prepare_tournament(db: Path) -> None:
    """A drawn tournament of four pairs in GROUP, made through the services (the commands are tested elsewhere)."""
    storage = Storage(db)
    await storage.open()
    try:
        services = Services(Settings(db_path=db), storage, Roles(OwnChat()), ManualClock(datetime.now(UTC)))
        admin = Caller(int(GROUP["id"]), ChatKind.GROUP, sender_chat_id=int(GROUP["id"]))
        await create_tournament(services, admin, "进程杯")
        for number in range(8):
            player = Caller(int(GROUP["id"]), ChatKind.GROUP, ChatUser(500 + number, f"选手{number}"))
            await sign_up(services, player, SignUpRequest())
        await make_draw(services, admin)
    finally:
        await storage.close()


@pytest.fixture
def server() -> Iterator[BotApiServer]:
    with BotApiServer() as running:
        running.on_server(lambda: running.telegram.set_admins(int(GROUP["id"]), ADMIN.to_json()))
        yield running


def start_bot(server: BotApiServer, db: Path, cwd: Path, now: datetime) -> subprocess.Popen[str]:
    """The bot as a process whose clock reads ``now`` at launch."""
    offset = (now - datetime.now(UTC)).total_seconds()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TELEGRAM_", "GUANDAN_"))}
    env |= {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_BASE_URL": server.base_url, "GUANDAN_DB": str(db),
            "GUANDAN_TZ": ZONE.key, "GUANDAN_TEST_CLOCK_OFFSET_SECONDS": f"{offset:.3f}"}
    return subprocess.Popen([sys.executable, "-m", "bot", "run"], env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def kill(bot: subprocess.Popen[str]) -> str:
    bot.send_signal(signal.SIGKILL)
    return bot.communicate(timeout=10)[0]


def sent(calls: list[ApiCall]) -> list[str]:
    return [call.text for call in calls if call.method == "sendMessage" and call.status == 200]


def reminders(calls: list[ApiCall]) -> list[str]:
    return [text for text in sent(calls) if "还有 30 分钟" in text]


def wait_for_state(db: Path, kind: str, state: str, timeout: float) -> None:
    """Until the announcement of ``kind`` is in ``state`` in the bot's database (read by a second connection)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with sqlite3.connect(db) as connection:
            rows = connection.execute("SELECT state FROM announcements WHERE kind = ?", (kind,)).fetchall()
        if rows and all(row[0] == state for row in rows):
            return
        time.sleep(0.05)


def polling_since(mark: int):  # type: ignore[no-untyped-def]
    """The restarted bot has finished starting up: it polls for updates after its own start-up work."""
    return lambda calls: any(call.method == "getUpdates" for call in calls[mark:])


def test_a_reminder_missed_while_killed_is_sent_late_once_and_never_again(server: BotApiServer,
                                                                          tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    asyncio.run(prepare_tournament(db))
    start = (datetime.now(UTC) + timedelta(days=1)).replace(second=0, microsecond=0)
    reminder_due = start - timedelta(minutes=30)
    local = start.astimezone(ZONE)

    # An hour before the reminder: the round is scheduled, then the bot is killed.
    bot = start_bot(server, db, tmp_path, reminder_due - timedelta(hours=1))
    try:
        server.enqueue_update(UpdateFactory().message(GROUP, ADMIN, f"/schedule 1 {local:%Y-%m-%d %H:%M}"))
        calls = server.wait_for(lambda calls: len(sent(calls)) >= 1, timeout=15)
        assert "第 1 轮开始时间" in sent(calls)[0], sent(calls)
    finally:
        output = kill(bot)
    assert TOKEN not in output and reminders(server.calls()) == []

    # Back two minutes after the reminder was due (within the 10-minute late grace): it goes out, marked late.
    mark = len(server.calls())
    bot = start_bot(server, db, tmp_path, reminder_due + timedelta(minutes=2))
    try:
        server.wait_for(lambda calls: len(reminders(calls)) >= 1, timeout=15)
        server.wait_for(polling_since(mark), timeout=10)
        # The send is recorded as late just after it; on a loaded machine that may come after the first poll, and a
        # kill in between leaves it in flight (never sent again either, but not what this step checks).
        wait_for_state(db, "reminder", "late", timeout=10)
    finally:
        kill(bot)
    [late] = reminders(server.calls())
    assert "迟发：本应在" in late and "进程杯" in late and "第 1 桌" in late

    # And once more: nothing is sent twice.
    mark = len(server.calls())
    bot = start_bot(server, db, tmp_path, reminder_due + timedelta(minutes=3))
    try:
        server.wait_for(polling_since(mark), timeout=15)
        time.sleep(0.5)
    finally:
        kill(bot)
    assert sent(server.calls()[mark:]) == []
    assert len(reminders(server.calls())) == 1
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT kind, state, attempts FROM announcements ORDER BY announcement_id").fetchall()
    assert rows == [("reminder", "late", 1), ("start", "pending", 0)]
