"""``python -m bot run --web HOST:PORT``: polling Telegram and serving HTTP in one process — health answered,
chat commands still handled, SIGTERM ends both with exit 0 — and a ``--web`` that is no ``HOST:PORT`` refused."""

from __future__ import annotations

import http.client
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.i18n import Language, t
from tests.support.http_server import BotApiServer
from tests.support.process import BotProcess, child_environment
from tests.support.updates import FakeUser, UpdateFactory, group_chat
from tests.support.workers import free_port, healthy

pytestmark = pytest.mark.slow  # python -m bot run --web as a process


def get(port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_run_with_web_polls_and_serves_http_in_one_process(tmp_path: Path) -> None:
    port = free_port()
    chat = group_chat(-4_500_001, "网页")
    with BotApiServer() as server:
        env = child_environment(server.base_url, {"GUANDAN_DB": str(tmp_path / "bot.sqlite3"),
                                                  "GUANDAN_RATE_LIMIT": "off", "GUANDAN_LANG": "en"})
        bot = BotProcess([sys.executable, "-m", "bot", "run", "--web", f"127.0.0.1:{port}"], env, tmp_path,
                         tmp_path / "bot.log")
        with bot.start():
            deadline = time.monotonic() + 60
            while not healthy(port) and time.monotonic() < deadline:
                assert bot.running, bot.log_text()
                time.sleep(0.2)
            assert get(port, "/healthz") == (200, b"ok\n")
            assert get(port, "/nothing-here")[0] == 404
            server.enqueue_update(UpdateFactory().message(chat, FakeUser(21, "Ann"), "/help"))
            server.wait_for(lambda calls: any(call.chat_id == chat["id"] for call in calls))
            assert bot.stop() == 0, bot.log_text()
        assert "Traceback" not in bot.log_text()


def test_run_refuses_a_web_address_that_is_no_host_and_port(tmp_path: Path) -> None:
    env = child_environment("http://127.0.0.1:9/bot", {"GUANDAN_DB": str(tmp_path / "bot.sqlite3"),
                                                        "GUANDAN_LANG": "en"})
    done = subprocess.run([sys.executable, "-m", "bot", "run", "--web", "everywhere"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == t("web.bad_listen", Language.EN, listen="everywhere")
