"""Live pages over several ``serve`` workers on one PostgreSQL database: a page held open (server-sent events) on
one worker sees a result delivered to another within 2 s, and every worker serves the same page."""

from __future__ import annotations

import json
import queue
import re
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.cli import main
from tests.support.http_server import BotApiServer
from tests.support.postgres import SessionDatabase
from tests.support.updates import FakeUser, UpdateFactory, group_chat
from tests.support.workers import WorkerPool, deliver

ADMIN = FakeUser(11, "老王", "laowang")
PUBLIC_URL = "https://club.example.org"

pytestmark = pytest.mark.postgresql


def follow(port: int, path: str, events: queue.Queue[tuple[float, str, dict[str, Any]]],
           stop: threading.Event) -> None:
    """Read a page's event stream into ``events`` (arrival time, name, data) until ``stop``."""
    with httpx.stream("GET", f"http://127.0.0.1:{port}{path}", timeout=httpx.Timeout(5, read=30)) as stream:
        name = ""
        for line in stream.iter_lines():
            if stop.is_set():
                return
            if line.startswith("event:"):
                name = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and name:
                events.put((time.monotonic(), name, json.loads(line.split(":", 1)[1])))
                name = ""


def test_a_result_through_one_worker_reaches_a_page_open_on_another_within_two_seconds(
        postgres: SessionDatabase, tmp_path: Path) -> None:
    database = postgres.new_target()
    assert main(["migrate", "--db", database]) == 0
    chat = group_chat(-4_600_001, "直播俱乐部")
    factory = UpdateFactory()
    with BotApiServer() as server:
        server.on_server(lambda: server.telegram.set_admins(chat["id"], ADMIN.to_json()))
        pool = WorkerPool.start(2, server.base_url, database, tmp_path, extra_env={"GUANDAN_PUBLIC_URL": PUBLIC_URL})
        stop = threading.Event()
        try:
            first, second = pool.ports
            assert deliver(first, factory.message(chat, ADMIN, "/new 直播杯")) == 200
            for number in range(8):
                player = FakeUser(50_000 + number, f"选手{number}")
                assert deliver(first, factory.message(chat, player, "/signup")) == 200
            assert deliver(first, factory.message(chat, ADMIN, "/draw")) == 200
            assert deliver(second, factory.message(chat, ADMIN, "/web")) == 200
            captions = " ".join(str(call.params.get("caption", "")) for call in server.calls()
                                if call.chat_id == chat["id"])
            found = re.search(re.escape(PUBLIC_URL) + r"/t/([A-Za-z0-9_-]+)", captions)
            assert found, captions
            public_id = found.group(1)
            pages = [httpx.get(f"http://127.0.0.1:{port}/t/{public_id}.json").json() for port in pool.ports]
            assert pages[0]["tables"] == pages[1]["tables"] and len(pages[0]["tables"]) == 2

            events: queue.Queue[tuple[float, str, dict[str, Any]]] = queue.Queue()
            reader = threading.Thread(target=follow, args=(second, f"/t/{public_id}/events", events, stop),
                                      daemon=True)
            reader.start()
            assert events.get(timeout=10)[1] == "update"
            assert deliver(first, factory.message(chat, ADMIN, "/result 1 A+ 9")) == 200
            committed = time.monotonic()  # the worker answers once the change is committed
            arrived, name, data = events.get(timeout=10)
            assert name == "update" and data["tables"][0]["result"] == "A+ : 9"
            assert arrived - committed < 2.0, arrived - committed
            assert deliver(first, factory.message(chat, ADMIN, "/web off")) == 200
            assert events.get(timeout=10)[1] == "closed"
            assert httpx.get(f"http://127.0.0.1:{second}/t/{public_id}").status_code == 404
        finally:
            stop.set()
            statuses = pool.stop()
        logs = "\n".join(process.log_text()[-1500:] for process in pool.processes)
        assert statuses and all(status == 0 for status in statuses), logs
        assert "Traceback" not in logs, logs
