"""Crash and fault runs: the bot as a process under club traffic, killed with SIGKILL at random moments and
restarted, optionally with Telegram failing sends and dropping long polls; then the record is checked.

Checked after the last restart has handled everything (every update confirmed):
- nothing lost: every update sent is recorded as handled (``processed_updates``; the bot records an update with
  its change, or when done if it changed nothing, and confirms to Telegram only what it recorded);
- nothing applied twice: no update wrote the same kind of history event twice (each event names its update);
- each chat has exactly one ``chat.language`` history event per ``/lang zh|en`` an organiser sent;
- every acknowledgement matches committed state: each "done" reply names a language the chat's history holds;
- no change answered twice with the same text (a question may be answered again if the bot died between
  answering and recording it; counted, not an error).

``benchmarks/chaos.py`` runs it long; ``tests/offline/test_chaos.py`` runs it short.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.i18n import Language, t
from handlers.commands import COMMANDS
from tests.support.faults import FaultPlan
from tests.support.http_server import BotApiServer
from tests.support.process import BotProcess
from tests.support.telegram import ApiCall, FakeTelegram
from tests.support.traffic import (
    ClubTraffic,
    Mix,
    ask_help,
    ask_language,
    ask_play,
    ask_rule,
    choose_language,
    greet,
    report_elsewhere,
    run_tournament,
    try_choosing_language,
)

CHANGES_MIX: Mix = (
    ("draw", 20, run_tournament),
    ("result", 2, report_elsewhere),
    ("lang", 10, choose_language),
    ("lang", 2, ask_language),
    ("lang", 1, try_choosing_language),
    ("help", 3, ask_help),
    ("start", 1, greet),
    ("play", 3, ask_play),
    ("rule", 3, ask_rule),
)
"""Command weights for crash runs: mostly changes (each club's tournament: sign-ups, draws, results; ``/lang
zh|en``), some questions and refusals."""


@dataclass
class ChaosReport:
    updates: int = 0
    kills: int = 0
    changes_sent: int = 0
    changes_applied: int = 0
    acknowledged: int = 0
    lost: list[str] = field(default_factory=list)
    applied_twice: list[str] = field(default_factory=list)
    contradicted: list[str] = field(default_factory=list)
    changes_answered_twice: int = 0
    questions_answered_twice: int = 0
    unanswered: int = 0
    history_events: int = 0
    entries: int = 0
    """Sign-ups stored (people in entries), across the clubs' tournaments."""
    results: int = 0
    """Matches decided (confirmed or walkover)."""
    faults: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not (self.lost or self.applied_twice or self.contradicted or self.changes_answered_twice)


def _language_of(text: str) -> Language | None:
    words = text.split()
    return Language(words[1]) if len(words) == 2 and words[0].split("@")[0] == "/lang" and words[1] in (
        "zh", "en") else None


def _done_texts() -> dict[str, Language]:
    return {t("lang.changed", language, language=t(f"lang.name.{language.value}", language)): language
            for language in Language}


class ChaosRun:
    def __init__(self, workdir: Path, *, seed: int = 8, groups: int = 10, members_per_group: int = 8,
                 faults: FaultPlan | None = None, stall_seconds: float = 6.0) -> None:
        self.workdir = workdir
        self.seed = seed
        self.random = random.Random(seed)
        self.telegram = FakeTelegram()
        self.telegram.faults = self.faults = faults
        self.server = BotApiServer(self.telegram, stall_seconds=stall_seconds)
        self.db_path = workdir / "chaos.sqlite3"
        commands = {name for spec in COMMANDS for name in spec.names}
        self.traffic = ClubTraffic(commands, groups=groups, members_per_group=members_per_group, seed=seed,
                                   mix=CHANGES_MIX)
        self.sent: list[dict[str, Any]] = []

    def run(self, *, kills: int, rate: float, seconds_between_kills: tuple[float, float] = (1.0, 3.0),
            drain_timeout: float = 120.0) -> ChaosReport:
        report = ChaosReport()
        started = time.perf_counter()
        with self.server:
            self.server.on_server(self._script_admins)
            bot = BotProcess.guandan(self.server.base_url, self.db_path, self.workdir)
            stop_sending = threading.Event()
            sender = threading.Thread(target=self._send, args=(rate, stop_sending), daemon=True)
            bot.start()
            sender.start()
            try:
                for _ in range(kills):
                    time.sleep(self.random.uniform(*seconds_between_kills))
                    bot.kill()
                    report.kills += 1
                    bot.start()
                stop_sending.set()
                sender.join()
                last = self.sent[-1]["update_id"] if self.sent else 0
                self.server.wait_for(lambda calls: self.telegram.confirmed_offset > last, timeout=drain_timeout)
                # The graceful stop is not a test of faults: no more of them, and time for PTB to get over a poll
                # dropped a moment ago (stopped right then, PTB logs the dropped poll's task as never retrieved).
                self.server.on_server(self._calm)
                time.sleep(2.5)
                bot.stop()
            finally:
                stop_sending.set()
                bot.kill()
            calls = self.server.calls()
        if self.faults is not None:
            report.faults = dict(self.faults.counts)
        report.updates = len(self.sent)
        self._check(calls, report)
        report.seconds = time.perf_counter() - started
        return report

    def _calm(self) -> None:
        self.telegram.faults = None

    def _script_admins(self) -> None:
        for club in self.traffic.clubs:
            self.telegram.set_admins(club.chat_id, club.organiser.to_json())

    def _send(self, rate: float, stop: threading.Event) -> None:
        next_at = time.perf_counter()
        while not stop.is_set():
            update = self.traffic.next_update()
            self.server.enqueue_updates([update])
            self.sent.append(update)
            next_at += 1 / rate
            stop.wait(max(0.0, next_at - time.perf_counter()))

    def _check(self, calls: list[ApiCall], report: ChaosReport) -> None:
        replies_to: dict[tuple[int, int], list[str]] = {}
        for call in calls:
            quoted = call.params.get("reply_parameters")
            if call.method == "sendMessage" and call.status == 200 and isinstance(quoted, dict):
                replies_to.setdefault((int(call.params["chat_id"]), int(quoted["message_id"])), []).append(call.text)
        with sqlite3.connect(self.db_path) as connection:
            events = connection.execute(
                "SELECT chat_id, json_extract(details, '$.language') FROM history WHERE kind = 'chat.language'"
            ).fetchall()
            recorded = {row[0] for row in connection.execute("SELECT update_id FROM processed_updates")}
            repeated = connection.execute(
                "SELECT json_extract(details, '$.update_id') AS update_id, kind, count(*) FROM history"
                " WHERE update_id IS NOT NULL GROUP BY update_id, kind HAVING count(*) > 1"
            ).fetchall()
            report.history_events = int(connection.execute("SELECT count(*) FROM history").fetchone()[0])
            report.entries = int(connection.execute("SELECT count(*) FROM entry_members").fetchone()[0])
            report.results = int(connection.execute(
                "SELECT count(*) FROM matches WHERE state IN ('confirmed', 'walkover')").fetchone()[0])
        report.applied_twice += [f"update {update_id}: {count} × {kind}" for update_id, kind, count in repeated]
        report.lost += [f"update {update['update_id']} ({update['message']['text'][:30]}): never recorded"
                        for update in self.sent if update["update_id"] not in recorded]
        applied = Counter((int(chat_id), str(language)) for chat_id, language in events)
        sent: Counter[tuple[int, str]] = Counter()
        done = _done_texts()
        for update in self.sent:
            message = update["message"]
            key = (int(message["chat"]["id"]), int(message["message_id"]))
            answers = replies_to.get(key, [])
            language = _language_of(message["text"])
            is_change = language is not None and message["from"]["username"].startswith("org")
            if not answers:
                report.unanswered += 1
            if is_change:
                assert language is not None
                sent[(key[0], language.value)] += 1
                acknowledged = [done[text] for text in answers if text in done]
                report.acknowledged += bool(acknowledged)
                report.changes_answered_twice += len(answers) != len(set(answers))
                if acknowledged and applied[(key[0], acknowledged[0].value)] == 0:
                    report.contradicted.append(f"update {update['update_id']}: answered {acknowledged[0].value}, "
                                               "not in the history")
            elif len(answers) != len(set(answers)):  # the same text again (some commands answer in several parts)
                report.questions_answered_twice += 1
        report.changes_sent = sum(sent.values())
        report.changes_applied = sum(applied.values())
        for chat_language in sent.keys() | applied.keys():
            chat_id, code = chat_language
            counts = f"chat {chat_id} /lang {code}: sent {sent[chat_language]}, applied {applied[chat_language]}"
            if applied[chat_language] < sent[chat_language]:
                report.lost.append(counts)
            elif applied[chat_language] > sent[chat_language]:
                report.applied_twice.append(counts)
