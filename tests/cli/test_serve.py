"""``python -m bot serve``: three real webhook workers on one PostgreSQL database behind the HTTP fake of the Bot
API — a wrong secret refused, a worker SIGKILLed mid-update and the update redelivered to another (applied once,
answered at most once), three chats playing at once spread over the workers (every sign-up and match once in each
chat's ``/export``), reminders falling due while three workers run (each sent once) — and the refusals before a
worker starts."""

from __future__ import annotations

import asyncio
import csv
import io
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import asyncpg
import pytest

from bot.cli import main
from bot.i18n import Language, t
from tests.support.faults import Fault, FaultPlan
from tests.support.http_server import BotApiServer
from tests.support.postgres import SessionDatabase
from tests.support.process import OFFLINE_PROCESS_TOKEN, child_environment
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, UpdateFactory, group_chat
from tests.support.workers import WEBHOOK_SECRET, WorkerPool, deliver, free_port

ADMIN = FakeUser(11, "老王", "laowang")


class StallNext(FaultPlan):
    """The next call of ``method`` gets no answer for a long while (the worker is killed meanwhile)."""

    def __init__(self, method: str) -> None:
        super().__init__(send_rate=0.0, poll_drop_rate=0.0)
        self.method = method
        self.stalled = threading.Event()
        self.armed = True

    def for_call(self, method: str) -> Fault | None:
        if self.armed and method == self.method:
            self.armed = False
            self.stalled.set()
            return Fault.TIMEOUT
        return None


@dataclass
class Cluster:
    server: BotApiServer
    pool: WorkerPool
    database: str
    factory: UpdateFactory

    def query(self, sql: str, *args: Any) -> list[Any]:
        async def run() -> list[Any]:
            connection = await asyncpg.connect(self.database)
            try:
                return list(await connection.fetch(sql, *args))
            finally:
                await connection.close()

        return asyncio.run(run())

    def calls(self, chat_id: int, method: str = "sendMessage") -> list[ApiCall]:
        return [call for call in self.server.calls() if call.method == method and call.chat_id == chat_id]


@pytest.fixture(scope="module")
def cluster(postgres: SessionDatabase, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    database = postgres.new_target()
    assert main(["migrate", "--db", database]) == 0
    workdir = tmp_path_factory.mktemp("workers")
    with BotApiServer(stall_seconds=60) as server:
        pool = WorkerPool.start(3, server.base_url, database, workdir)
        try:
            yield Cluster(server, pool, database, UpdateFactory())
        finally:
            statuses = pool.stop()
            logs = "\n".join(process.log_text()[-1500:] for process in pool.processes)
            assert statuses and all(status == 0 for status in statuses), logs
            assert "Traceback" not in logs, logs


# A process test (python -m bot against PostgreSQL): make quick leaves it out.
pytestmark = [pytest.mark.postgresql, pytest.mark.slow]


def test_a_wrong_secret_is_refused_and_nothing_is_stored(cluster: Cluster) -> None:
    chat = group_chat(-4_100_001, "秘密")
    update = cluster.factory.message(chat, ADMIN, "/start")
    assert deliver(cluster.pool.ports[0], update, secret="not-the-secret") == 401
    assert deliver(cluster.pool.ports[1], update, secret="") == 401
    assert cluster.query("SELECT 1 FROM processed_updates WHERE update_id = $1", update["update_id"]) == []
    assert cluster.calls(chat["id"]) == []
    assert deliver(cluster.pool.ports[2], update) == 200  # the same update with the secret
    assert len(cluster.calls(chat["id"])) == 1


@pytest.mark.parametrize("stalled", ["getChatAdministrators", "sendMessage"])
def test_a_worker_killed_mid_update_and_the_update_redelivered_to_another_applies_it_once(
        cluster: Cluster, stalled: str) -> None:
    """Killed before the change was committed (waiting for the admin list) or after it (sending the reply): the
    update redelivered to another worker is applied once, and answered once or — the reply was on its way when
    the first died — not again."""
    chat = group_chat(-4_100_010 - len(stalled), "断电")
    cluster.server.on_server(lambda: cluster.server.telegram.set_admins(chat["id"], ADMIN.to_json()))
    update = cluster.factory.message(chat, ADMIN, "/lang en")
    plan = StallNext(stalled)
    cluster.server.on_server(lambda: setattr(cluster.server.telegram, "faults", plan))
    answers: list[int] = []
    delivery = threading.Thread(target=lambda: answers.append(deliver(cluster.pool.ports[0], update, timeout=60)))
    delivery.start()
    try:
        assert plan.stalled.wait(15), "the worker never made the call to stall"
        cluster.pool.processes[0].kill()  # SIGKILL, mid-update
        delivery.join(15)
        assert answers == [0]  # no 200: Telegram will deliver it again
        assert deliver(cluster.pool.ports[1], update) == 200
        assert deliver(cluster.pool.ports[2], update) == 200  # and once more: nothing happens
    finally:
        cluster.server.on_server(lambda: setattr(cluster.server.telegram, "faults", None))
        cluster.pool.restart(0)
    changes = cluster.query("SELECT count(*) FROM history WHERE kind = 'chat.language' AND chat_id = $1", chat["id"])
    assert changes[0][0] == 1
    answered = [call for call in cluster.calls(chat["id"]) if call.status == 200]
    attempted = cluster.calls(chat["id"])
    if stalled == "sendMessage":  # the first worker's reply never arrived; the second did not answer again
        assert len(attempted) == 1 and answered == []
    else:
        assert [call.text for call in answered] == ["Done: this chat now speaks English."]


def players_of(chat_number: int) -> list[FakeUser]:
    return [FakeUser(10_000 * chat_number + number, f"选手{chat_number}-{number}") for number in range(1, 9)]


def test_three_chats_play_at_once_over_three_workers_and_each_export_has_everything_once(cluster: Cluster) -> None:
    chats = [group_chat(-4_200_000 - number, f"俱乐部{number}") for number in range(3)]
    for chat in chats:
        cluster.server.on_server(lambda chat=chat: cluster.server.telegram.set_admins(chat["id"], ADMIN.to_json()))
    ports = cluster.pool.ports
    turn = iter(range(10_000))

    def post(update: dict[str, Any]) -> int:
        return deliver(ports[next(turn) % len(ports)], update)

    def everywhere(make: Callable[[int, dict[str, Any]], list[dict[str, Any]]]) -> None:
        """One step in every chat at once: each chat's updates of the step, all posted concurrently."""
        batch = [update for number, chat in enumerate(chats) for update in make(number, chat)]
        with ThreadPoolExecutor(len(batch)) as executor:
            statuses = list(executor.map(post, batch))
        assert statuses == [200] * len(batch)

    everywhere(lambda number, chat: [cluster.factory.message(chat, ADMIN, f"/new 周五杯{number}")])
    everywhere(lambda number, chat: [cluster.factory.message(chat, user, "/signup") for user in players_of(number)])
    everywhere(lambda number, chat: [cluster.factory.message(chat, ADMIN, "/draw")])
    # Both tables of round 1 reported at once (an organiser's report is final), then the final.
    everywhere(lambda number, chat: [cluster.factory.message(chat, ADMIN, f"/result {table} A+ 10")
                                     for table in (1, 2)])
    everywhere(lambda number, chat: [cluster.factory.message(chat, ADMIN, "/result 1 A+ 10")])
    everywhere(lambda number, chat: [cluster.factory.message(chat, ADMIN, "/export")])

    for number, chat in enumerate(chats):
        documents = {call.files[name][0]: call.files[name][1] for call in cluster.calls(chat["id"], "sendDocument")
                     for name in call.files}
        documents |= {name: data for call in cluster.calls(chat["id"], "sendMediaGroup")
                      for name, data in call.files.values()}
        entries = list(csv.DictReader(io.StringIO(documents["entries.csv"].decode("utf-8-sig"))))
        matches = list(csv.DictReader(io.StringIO(documents["matches.csv"].decode("utf-8-sig"))))
        members = sorted(name for row in entries for name in row_members(row))
        assert members == sorted(user.first_name for user in players_of(number)), entries
        assert len(entries) == 4
        assert [(row["round"], row["table"]) for row in matches if row_played(row)] == [
            ("1", "1"), ("1", "2"), ("2", "1")], matches
        counts = cluster.query(
            "SELECT kind, count(*) FROM history WHERE chat_id = $1 GROUP BY kind", chat["id"])
        kinds = {row[0]: row[1] for row in counts}
        assert kinds["entry.signed_up"] == 8 and kinds["tournament.finished"] == 1
    served = cluster.query("SELECT count(*), count(DISTINCT update_id) FROM processed_updates")
    assert served[0][0] == served[0][1]


def row_members(row: dict[str, str]) -> list[str]:
    text = row.get("members") or row.get("成员") or ""
    return [part.strip() for part in text.replace("、", "/").replace("&", "/").split("/") if part.strip()]


def row_played(row: dict[str, str]) -> bool:
    return bool(row.get("winner"))


def test_serve_refuses_to_start_without_a_secret_or_on_an_unmigrated_database(
        postgres: SessionDatabase, tmp_path: Path) -> None:
    base = child_environment("http://127.0.0.1:9/bot", {"GUANDAN_LANG": "en"})
    listen = f"127.0.0.1:{free_port()}"

    def serve(env: dict[str, str]) -> tuple[int, str]:
        done = subprocess.run([sys.executable, "-m", "bot", "serve", "--listen", listen], env=env, cwd=tmp_path,
                              capture_output=True, text=True, timeout=60)
        return done.returncode, done.stderr

    code, err = serve(base | {"GUANDAN_DB": str(tmp_path / "bot.sqlite3")})
    assert code == 2 and err.strip() == t("run.no_webhook_secret", Language.EN)
    code, err = serve(base | {"GUANDAN_DB": str(tmp_path / "bot.sqlite3"), "TELEGRAM_WEBHOOK_SECRET": "has space"})
    assert code == 2 and err.strip() == t("run.bad_webhook_secret", Language.EN)
    unmigrated = postgres.new_target()
    code, err = serve(base | {"GUANDAN_DB": unmigrated, "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET})
    assert code == 2 and "python -m bot migrate" in err and len(err.strip().splitlines()) == 1
    code, err = serve(base | {"GUANDAN_DB": unmigrated, "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET,
                              "TELEGRAM_BOT_TOKEN": OFFLINE_PROCESS_TOKEN})
    assert code == 2
    bad_listen = subprocess.run([sys.executable, "-m", "bot", "serve", "--listen", "nowhere"], env=base | {
        "TELEGRAM_WEBHOOK_SECRET": WEBHOOK_SECRET}, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert bad_listen.returncode == 2
    assert bad_listen.stderr.strip() == t("serve.bad_listen", Language.EN, listen="nowhere")


def test_sigterm_finishes_the_update_in_hand_answers_it_and_exits_0(tmp_path: Path) -> None:
    """A graceful stop (as systemd's): the listening socket closes at once, the update being handled is finished
    and answered 200, and the worker exits 0."""
    chat = group_chat(-4_300_001, "下班")
    with BotApiServer(stall_seconds=2) as server:
        server.on_server(lambda: server.telegram.set_admins(chat["id"], ADMIN.to_json()))
        pool = WorkerPool.start(1, server.base_url, tmp_path / "bot.sqlite3", tmp_path)
        try:
            plan = StallNext("getChatAdministrators")  # the admin list comes only after a retry, ~2.5 s
            server.on_server(lambda: setattr(server.telegram, "faults", plan))
            update = UpdateFactory().message(chat, ADMIN, "/lang en")
            answers: list[int] = []
            delivery = threading.Thread(target=lambda: answers.append(deliver(pool.ports[0], update)))
            delivery.start()
            assert plan.stalled.wait(15)
            process = pool.processes[0].process
            assert process is not None
            process.send_signal(signal.SIGTERM)
            delivery.join(30)
            assert process.wait(30) == 0
        finally:
            pool.kill()
        assert answers == [200]
        assert [call.text for call in server.calls() if call.method == "sendMessage" and call.status == 200] == [
            "Done: this chat now speaks English."]
        assert deliver(pool.ports[0], update) == 0  # nobody listens any more


def reminders_in(cluster_server: BotApiServer, chat_id: int) -> list[str]:
    return [call.text for call in cluster_server.calls() if call.method == "sendMessage" and call.status == 200
            and call.chat_id == chat_id and "还有 30 分钟" in call.text]


def test_reminders_falling_due_while_three_workers_run_are_each_sent_once(
        postgres: SessionDatabase, tmp_path: Path) -> None:
    """Three chats schedule a round through different workers; their reminders fall due while three workers run
    — one of them SIGKILLed and restarted in between, which re-reads the pending rows — and each goes out once,
    by whichever worker claimed it (``handlers.claimed_announcer``).

    The workers' clocks are shifted so that a reminder (30 minutes before a start given to the minute) falls due
    some seconds after the round is scheduled, not up to a minute later."""
    database = postgres.new_target()
    assert main(["migrate", "--db", database]) == 0
    chats = [group_chat(-4_400_000 - number, f"提醒{number}") for number in range(3)]
    zone = ZoneInfo("Asia/Shanghai")
    real_now = datetime.now(UTC)
    boundary = (real_now + timedelta(days=1, minutes=2)).replace(second=0, microsecond=0)
    lead = timedelta(seconds=25)  # start-up and the three tournaments take a few seconds of it
    offset = (boundary - lead - real_now).total_seconds()
    factory = UpdateFactory()
    with BotApiServer() as server:
        for chat in chats:
            server.on_server(lambda chat=chat: server.telegram.set_admins(chat["id"], ADMIN.to_json()))
        pool = WorkerPool.start(3, server.base_url, database, tmp_path, extra_env={
            "GUANDAN_TEST_CLOCK_OFFSET_SECONDS": f"{offset:.3f}", "GUANDAN_TZ": zone.key})
        try:
            for number, chat in enumerate(chats):
                port = pool.ports[number]
                assert deliver(port, factory.message(chat, ADMIN, f"/new 提醒杯{number}")) == 200
                for user in players_of(number)[:4]:
                    assert deliver(port, factory.message(chat, user, "/signup")) == 200
                assert deliver(port, factory.message(chat, ADMIN, "/draw")) == 200
            shifted_now = datetime.now(UTC) + timedelta(seconds=offset)
            due = boundary if shifted_now < boundary - timedelta(seconds=4) else (
                shifted_now + timedelta(seconds=64)).replace(second=0, microsecond=0)
            start = (due + timedelta(minutes=30)).astimezone(zone)
            for number, chat in enumerate(chats):  # each chat through another worker than the one it set up on
                port = pool.ports[(number + 1) % 3]
                assert deliver(port, factory.message(chat, ADMIN, f"/schedule 1 {start:%Y-%m-%d %H:%M}")) == 200
            pool.processes[0].kill()  # SIGKILL with every reminder pending
            pool.restart(0)
            waited = (due - datetime.now(UTC) - timedelta(seconds=offset)).total_seconds()
            deadline = time.monotonic() + max(waited, 0) + 30
            while time.monotonic() < deadline and not all(reminders_in(server, chat["id"]) for chat in chats):
                time.sleep(0.2)
            time.sleep(3)  # any second sending would have happened by now
        finally:
            statuses = pool.stop()
        logs = "\n".join(process.log_text()[-1500:] for process in pool.processes)
        assert statuses and all(status == 0 for status in statuses), logs
        for chat in chats:
            assert len(reminders_in(server, chat["id"])) == 1, (chat, logs)
    rows = Cluster(server, pool, database, factory).query(
        "SELECT state, count(*) FROM announcements WHERE kind = 'reminder' GROUP BY state")
    assert [(row[0], row[1]) for row in rows] == [("sent", 3)]
