"""Chaos for webhook workers: three ``python -m bot serve`` workers on one PostgreSQL database under club traffic,
a random one SIGKILLed every few seconds and started again; whatever got no 200 is delivered again (to a random
worker, as Telegram does after a failed delivery). Then the record is checked:

- nothing lost: every update sent is recorded (``processed_updates``) and was finally answered 200;
- nothing applied twice: no update wrote the same kind of history event twice (each event names its update), and
  each chat has exactly one ``chat.language`` event per ``/lang zh|en`` its organiser sent;
- no change answered twice with the same text (a question may be answered again when its worker died between
  answering and recording it: counted, not an error);
- announcements: the organisers schedule round 2 of their tournaments (``/schedule 2 HH:MM``, a minute or two
  ahead) so reminders and starts fall due during the run; each announcement the database marks sent must have
  reached its group exactly once: the workers claim announcements from the database
  (``handlers.bootstrap.webhook_worker`` gives them a ``ClaimingAnnouncer`` on PostgreSQL). With workers
  that kept timers of their own the run would report "announcements: not yet shared" and not fail on them.

Run: ``.venv/bin/python benchmarks/chaos_workers.py`` (about a minute and a half). Exit status 1 when a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import queue
import random
import re
import secrets
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import _paths  # noqa: F401
import asyncpg

from bot.config import DEFAULT_TIMEZONE, Settings
from bot.services.database import migrate
from handlers.commands import COMMANDS
from tests.support.chaos import CHANGES_MIX, _done_texts, _language_of
from tests.support.http_server import BotApiServer
from tests.support.postgres import SessionDatabase, admin_url
from tests.support.telegram import ApiCall, FakeTelegram
from tests.support.traffic import ClubTraffic
from tests.support.workers import WorkerPool, deliver


@dataclass
class Report:
    workers: int = 0
    updates: int = 0
    deliveries: int = 0
    redeliveries: int = 0
    kills: int = 0
    lost: list[str] = field(default_factory=list)
    applied_twice: list[str] = field(default_factory=list)
    never_200: list[int] = field(default_factory=list)
    changes_answered_twice: int = 0
    questions_answered_twice: int = 0
    lang_changes_sent: int = 0
    lang_changes_applied: int = 0
    history_events: int = 0
    schedules_sent: int = 0
    announcements_sent: int = 0
    announcements_delivered_once: int = 0
    announcements_missing: list[str] = field(default_factory=list)
    announcements_doubled: list[str] = field(default_factory=list)
    announcements_shared: bool = False
    statuses: dict[str, int] = field(default_factory=dict)
    """How the deliveries were answered (0: no answer, the worker was down or died)."""
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        core = not (self.lost or self.applied_twice or self.never_200 or self.changes_answered_twice)
        if self.announcements_shared:
            core &= not (self.announcements_missing or self.announcements_doubled)
        return core


def announcer_is_shared(database: str) -> bool:
    """Whether workers on ``database`` get the database-claimed announcer (``handlers.bootstrap.webhook_worker``)."""
    from handlers.bootstrap import ProcessOptions, assemble

    process = assemble(Settings(db_url=database), ProcessOptions(claimed_announcements=True))  # not opened
    return type(process.announcer).__name__ == "ClaimingAnnouncer"


class ChaosWorkers:
    def __init__(self, database: str, workdir: Path, args: argparse.Namespace) -> None:
        self.database = database
        self.workdir = workdir
        self.args = args
        self.random = random.Random(args.seed)
        self.telegram = FakeTelegram()
        self.server = BotApiServer(self.telegram, stall_seconds=args.stall)
        commands = {name for spec in COMMANDS for name in spec.names}
        self.traffic = ClubTraffic(commands, groups=args.groups, members_per_group=8, seed=args.seed,
                                   mix=CHANGES_MIX)
        self.sent: list[dict[str, Any]] = []
        self.answered: dict[int, int] = {}
        """The last status each update got."""
        self.pending: queue.Queue[tuple[float, dict[str, Any]]] = queue.Queue()
        self.lock = threading.Lock()
        self.report = Report(workers=args.workers)
        self.pool: WorkerPool | None = None

    # Telegram's side ----------------------------------------------------------------------------------------------

    def _live_port(self) -> int:
        assert self.pool is not None
        return self.random.choice(self.pool.ports)

    def _deliverer(self, done: threading.Event) -> None:
        while not (done.is_set() and self.pending.empty()):
            try:
                not_before, update = self.pending.get(timeout=0.1)
            except queue.Empty:
                continue
            wait = not_before - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            with self.lock:
                port = self._live_port()
            status = deliver(port, update, timeout=30)
            with self.lock:
                self.report.deliveries += 1
                self.answered[update["update_id"]] = status
                self.report.statuses[str(status)] = self.report.statuses.get(str(status), 0) + 1
                if status != 200:
                    self.report.redeliveries += 1
            if status != 200:  # Telegram tries again a little later, wherever the balancer sends it
                self.pending.put((time.monotonic() + 0.3, update))

    def _sender(self, stop: threading.Event) -> None:
        next_at = time.monotonic()
        zone = ZoneInfo(DEFAULT_TIMEZONE)
        while not stop.is_set():
            update = self.traffic.next_update()
            drawn = [club for club in self.traffic.clubs if club.script.stage == "results" and club.script.round == 1]
            if drawn and self.random.random() < self.args.schedule_share:
                club = self.random.choice(drawn)
                start = datetime.now(zone) + timedelta(seconds=80)
                update = self.traffic.updates.message(club.chat, club.organiser, f"/schedule 2 {start:%H:%M}")
                self.report.schedules_sent += 1
            self.sent.append(update)
            self.pending.put((0.0, update))
            next_at += 1 / self.args.rate
            stop.wait(max(0.0, next_at - time.monotonic()))

    # The run ------------------------------------------------------------------------------------------------------

    def run(self) -> Report:
        started = time.monotonic()
        self.report.announcements_shared = announcer_is_shared(self.database)
        with self.server:
            self.server.on_server(lambda: [self.telegram.set_admins(club.chat_id, club.organiser.to_json())
                                           for club in self.traffic.clubs])
            self.pool = WorkerPool.start(self.args.workers, self.server.base_url, self.database, self.workdir)
            stop, done = threading.Event(), threading.Event()
            sender = threading.Thread(target=self._sender, args=(stop,), daemon=True)
            deliverers = [threading.Thread(target=self._deliverer, args=(done,), daemon=True)
                          for _ in range(self.args.connections)]
            sender.start()
            for thread in deliverers:
                thread.start()
            try:
                deadline = time.monotonic() + self.args.seconds
                while time.monotonic() < deadline:
                    time.sleep(self.random.uniform(*self.args.kill_every))
                    index = self.random.randrange(self.args.workers)
                    self.pool.processes[index].kill()
                    self.report.kills += 1
                    time.sleep(self.args.down)
                    self.pool.restart(index)
                stop.set()
                sender.join()
                done.set()
                for thread in deliverers:
                    thread.join(self.args.drain_timeout)
                time.sleep(self.args.settle)  # announcements falling due after the last update
            finally:
                stop.set()
                done.set()
                exits = self.pool.stop()
            calls = self.server.calls()
        logs = "".join(process.log_text() for process in self.pool.processes)
        if "Traceback" in logs:
            print("note: tracebacks in the workers' logs (see", self.workdir, ")")
        print(f"worker exit statuses at the end: {exits}")
        self.report.updates = len(self.sent)
        asyncio.run(self._check(calls))
        self.report.seconds = time.monotonic() - started
        return self.report

    async def _check(self, calls: list[ApiCall]) -> None:
        report = self.report
        connection = await asyncpg.connect(self.database)
        try:
            recorded = {int(row[0]) for row in await connection.fetch("SELECT update_id FROM processed_updates")}
            repeated = await connection.fetch(
                "SELECT (details::json->>'update_id')::bigint AS update_id, kind, count(*) FROM history"
                " WHERE details::json->>'update_id' IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1")
            languages = await connection.fetch(
                "SELECT chat_id, details::json->>'language' FROM history WHERE kind = 'chat.language'")
            report.history_events = int(await connection.fetchval("SELECT count(*) FROM history"))
            announcements = await connection.fetch(
                "SELECT announcement_id, chat_id, kind, state, body FROM announcements WHERE state IN ('sent', 'late')")
        finally:
            await connection.close()
        report.applied_twice += [f"update {row[0]}: {row[2]} × {row[1]}" for row in repeated]
        report.lost += [f"update {update['update_id']} ({update['message']['text'][:30]}): never recorded"
                        for update in self.sent if update["update_id"] not in recorded]
        report.never_200 = sorted(update_id for update_id, status in self.answered.items() if status != 200)
        replies_to: dict[tuple[int, int], list[str]] = {}
        for call in calls:
            quoted = call.params.get("reply_parameters")
            if call.method == "sendMessage" and call.status == 200 and isinstance(quoted, dict):
                replies_to.setdefault((int(call.params["chat_id"]), int(quoted["message_id"])), []).append(call.text)
        applied = Counter((int(row[0]), str(row[1])) for row in languages)
        sent: Counter[tuple[int, str]] = Counter()
        done = _done_texts()
        for update in self.sent:
            message = update["message"]
            key = (int(message["chat"]["id"]), int(message["message_id"]))
            answers = replies_to.get(key, [])
            language = _language_of(message["text"])
            if language is not None and message["from"].get("username", "").startswith("org"):
                sent[(key[0], language.value)] += 1
                report.changes_answered_twice += len([text for text in answers if text in done]) > 1
            elif len(answers) != len(set(answers)):
                report.questions_answered_twice += 1
        report.lang_changes_sent = sum(sent.values())
        report.lang_changes_applied = sum(applied.values())
        for chat_language in sent.keys() | applied.keys():
            counts = f"chat {chat_language[0]} /lang {chat_language[1]}: sent {sent[chat_language]}, applied " \
                     f"{applied[chat_language]}"
            if applied[chat_language] < sent[chat_language]:
                report.lost.append(counts)
            elif applied[chat_language] > sent[chat_language]:
                report.applied_twice.append(counts)
        self._check_announcements(announcements, calls)

    def _check_announcements(self, announcements: list[Any], calls: list[ApiCall]) -> None:
        """Each announcement the database marks sent reached its group exactly once. Announcements are the group's
        messages that quote nothing (an answer quotes its command); two announcements of one group may read the
        same (a round re-scheduled), so the messages carrying each text are counted against the rows that hold it."""
        report = self.report
        report.announcements_sent = len(announcements)
        unquoted: Counter[tuple[int, str]] = Counter()
        for call in calls:
            if call.method == "sendMessage" and call.status == 200 and not call.params.get("reply_parameters"):
                unquoted[(int(call.params["chat_id"]), plain(call.text).strip())] += 1
        rows: dict[tuple[int, str], list[Any]] = {}
        for row in announcements:
            rows.setdefault((int(row["chat_id"]), plain(str(row["body"] or "")).strip()), []).append(row)
        for (chat_id, body), group in rows.items():
            seen = sum(count for (chat, text), count in unquoted.items() if chat == chat_id and text
                       and body.startswith(text))
            label = f"announcements {[row['announcement_id'] for row in group]} ({group[0]['kind']}, chat {chat_id}):" \
                    f" {len(group)} marked sent, {seen} messages"
            if seen == len(group):
                report.announcements_delivered_once += len(group)
            elif seen < len(group):
                report.announcements_missing.append(label)
            else:
                report.announcements_doubled.append(label)


def plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def print_report(report: Report) -> None:
    print(f"{report.workers} workers, {report.seconds:.0f} s: {report.updates} updates sent, {report.deliveries} "
          f"deliveries ({report.redeliveries} got no 200 and were delivered again; answers {report.statuses}), "
          f"{report.kills} SIGKILLs")
    print(f"lost: {len(report.lost)}; applied twice: {len(report.applied_twice)}; never answered 200: "
          f"{len(report.never_200)}")
    print(f"/lang changes sent {report.lang_changes_sent}, applied {report.lang_changes_applied}; changes answered "
          f"twice: {report.changes_answered_twice}; questions answered again (worker died before recording): "
          f"{report.questions_answered_twice}; history events: {report.history_events}")
    shared = "" if report.announcements_shared else "announcements: not yet shared (each worker keeps its own " \
        "timers until the worker's announcer is a ClaimingAnnouncer); "
    print(f"{shared}/schedule sent {report.schedules_sent}; announcements marked sent: {report.announcements_sent}, "
          f"reached their group once: {report.announcements_delivered_once}, never: "
          f"{len(report.announcements_missing)}, more than once: {len(report.announcements_doubled)}")
    for line in (report.lost + report.applied_twice + report.announcements_doubled)[:10]:
        print("  ", line)
    print("OK" if report.ok else "FAILED")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long traffic is sent and workers killed")
    parser.add_argument("--rate", type=float, default=40.0, help="updates per second")
    parser.add_argument("--groups", type=int, default=10)
    parser.add_argument("--connections", type=int, default=8, help="deliveries at once (Telegram's connections)")
    parser.add_argument("--kill-every", type=lambda text: tuple(float(x) for x in text.split(",")), default=(2.0, 4.0),
                        help="seconds between SIGKILLs: MIN,MAX")
    parser.add_argument("--down", type=float, default=0.5, help="seconds a killed worker stays down")
    parser.add_argument("--schedule-share", type=float, default=0.03,
                        help="share of updates that are an organiser's /schedule 2 HH:MM")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds after the traffic for late announcements")
    parser.add_argument("--stall", type=float, default=6.0)
    parser.add_argument("--drain-timeout", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--admin", default=admin_url())
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)

    server = SessionDatabase(admin=args.admin, name=f"guandan_chaos_{os.getpid()}_{secrets.token_hex(3)}")
    server.create()
    try:
        database = server.url
        asyncio.run(migrate(database))
        with tempfile.TemporaryDirectory(prefix="chaos-workers-") as folder:
            report = ChaosWorkers(database, Path(folder), args).run()
    finally:
        server.drop()
    print_report(report)
    if args.json:
        args.json.write_text(json.dumps(asdict(report), indent=2, ensure_ascii=False))
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
