"""``python -m bot set-webhook URL`` / ``delete-webhook`` against the HTTP fake of the Bot API, and ``run``
refusing to poll (one line naming delete-webhook) while a webhook is set."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from telegram import Update

from bot.cli import main
from bot.i18n import Language, t
from tests.support.http_server import BotApiServer
from tests.support.process import child_environment
from tests.support.workers import WEBHOOK_SECRET

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow

URL = "https://bot.example.org/telegram"


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[BotApiServer]:
    with BotApiServer() as running:
        monkeypatch.chdir(tmp_path)
        for name, value in child_environment(running.base_url, {"GUANDAN_LANG": "en"}).items():
            monkeypatch.setenv(name, value)
        monkeypatch.setenv("TELEGRAM_WEBHOOK_SECRET", WEBHOOK_SECRET)
        yield running


def test_set_webhook_registers_the_url_the_secret_and_every_kind_of_update(
        server: BotApiServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["set-webhook", URL]) == 0
    webhook = server.on_server(lambda: server.telegram.webhook)
    assert webhook is not None
    assert (webhook["url"], webhook["secret_token"]) == (URL, WEBHOOK_SECRET)
    assert sorted(webhook["allowed_updates"]) == sorted(Update.ALL_TYPES)
    out = capsys.readouterr().out
    assert out.strip() == t("serve.set_answer", Language.EN, answer=True, url=URL, pending=0)
    assert WEBHOOK_SECRET not in out

    assert main(["delete-webhook"]) == 0
    assert server.on_server(lambda: server.telegram.webhook) is None
    assert capsys.readouterr().out.strip() == t("serve.deleted_answer", Language.EN, answer=True, pending=0)


def test_set_webhook_says_what_telegram_refused(server: BotApiServer, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["set-webhook", "http://bot.example.org/telegram"]) == 2
    assert capsys.readouterr().err.strip() == t(
        "serve.refused", Language.EN, error="Bad webhook: an https url must be provided for webhook")
    assert main(["set-webhook", "bot.example.org"]) == 2
    assert "https://" in capsys.readouterr().err


def test_set_webhook_needs_the_secret(server: BotApiServer, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("TELEGRAM_WEBHOOK_SECRET")
    assert main(["set-webhook", URL]) == 2
    assert capsys.readouterr().err.strip() == t("run.no_webhook_secret", Language.EN)
    assert server.on_server(lambda: server.telegram.webhook) is None


def test_run_refuses_to_poll_while_a_webhook_is_set_and_leaves_it_in_place(
        server: BotApiServer, tmp_path: Path) -> None:
    server.on_server(lambda: server.telegram.answer("setWebhook", {"url": URL}))
    env = child_environment(server.base_url, {"GUANDAN_LANG": "en", "GUANDAN_DB": str(tmp_path / "bot.sqlite3")})
    done = subprocess.run([sys.executable, "-m", "bot", "run"], env=env, cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == t("run.webhook_set", Language.EN, url=URL)
    assert server.on_server(lambda: server.telegram.webhook) is not None  # PTB's start would have deleted it
    assert not [call for call in server.calls() if call.method in ("getUpdates", "deleteWebhook")]
