"""``python -m bot run``: refuses without a token; against a local Bot API server it answers, survives SIGKILL,
and does not apply re-delivered updates twice."""

import logging
import os
import signal
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.cli.run import RedactToken
from bot.i18n import Language, t
from tests.support.http_server import BotApiServer
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, UpdateFactory, group_chat

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow

TOKEN = "424242:process-test-secret"
ADMIN = FakeUser(11, "老王", "laowang")
GROUP = group_chat(-4_000_777, "周五掼蛋")


def test_run_without_a_token_says_how_to_set_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    monkeypatch.setenv("GUANDAN_LANG", "en")
    assert main(["run"]) == 2
    said = capsys.readouterr().err
    assert "@BotFather" in said and "WECOM_BOT_ID" in said and "WECOM_BOT_SECRET" in said  # WeCom is the other way


def test_run_with_a_bad_setting_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GUANDAN_TZ", "Nowhere/Special")
    assert main(["run"]) == 2
    assert "Nowhere/Special" in capsys.readouterr().err


def test_the_token_is_redacted_from_log_lines() -> None:
    record = logging.LogRecord("httpx", logging.INFO, "", 0, "POST https://x/bot%s/getMe", (TOKEN,), None)
    RedactToken(TOKEN).filter(record)
    assert record.getMessage() == "POST https://x/bot<token>/getMe"


@pytest.mark.parametrize("shown", [TOKEN.replace(":", "%3A"), TOKEN.replace(":", "%3a")])
def test_the_url_encoded_token_is_redacted_too(shown: str) -> None:
    """A URL may carry the token percent-encoded (``%3A`` for its colon)."""
    record = logging.LogRecord("httpx", logging.INFO, "", 0, "GET https://x/bot%s/getMe", (shown,), None)
    try:
        raise RuntimeError(f"refused: {shown}")
    except RuntimeError as error:
        record.exc_info = (type(error), error, error.__traceback__)
    RedactToken(TOKEN).filter(record)
    assert record.getMessage() == "GET https://x/bot<token>/getMe"
    assert record.exc_text is not None and shown not in record.exc_text and "<token>" in record.exc_text


@pytest.fixture
def server() -> Iterator[BotApiServer]:
    with BotApiServer() as running:
        running.on_server(lambda: running.telegram.set_admins(int(GROUP["id"]), ADMIN.to_json()))
        yield running


def start_bot(server: BotApiServer, db: Path, cwd: Path) -> subprocess.Popen[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TELEGRAM_", "GUANDAN_"))}
    env |= {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_BASE_URL": server.base_url, "GUANDAN_DB": str(db)}
    return subprocess.Popen([sys.executable, "-m", "bot", "run"], env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def replies(calls: list[ApiCall]) -> list[ApiCall]:
    return [call for call in calls if call.method == "sendMessage" and call.status == 200]


def quoting(calls: list[ApiCall], message_id: int) -> list[ApiCall]:
    return [call for call in replies(calls) if call.params.get("reply_parameters", {}).get("message_id") == message_id]


def test_a_token_telegram_refuses_is_one_line_without_the_token_and_exit_2(
    server: BotApiServer, tmp_path: Path
) -> None:
    """PTB's ``InvalidToken`` names the token; it must not reach stderr through a traceback."""
    server.on_server(lambda: server.telegram.fail("getMe", status=401, description="Unauthorized", times=10))
    bot = start_bot(server, tmp_path / "bot.sqlite3", tmp_path)
    try:
        output = bot.communicate(timeout=60)[0]
    finally:
        bot.kill()
    secret = TOKEN.split(":")[1]
    assert bot.returncode == 2, output
    assert secret not in output and "%3A" + secret not in output
    assert "Traceback" not in output
    # forgiving names where the token was refused (TELEGRAM_BASE_URL here)
    assert t("run.token_refused", Language.ZH, where=server.base_url) in output.splitlines()


def confirmed_past(update_id: int):  # type: ignore[no-untyped-def]
    return lambda calls: any(
        call.method == "getUpdates" and (call.params.get("offset") or 0) > update_id for call in calls)


def test_the_bot_process_answers_survives_sigkill_and_ignores_redelivered_updates(
    server: BotApiServer, tmp_path: Path
) -> None:
    db = tmp_path / "bot.sqlite3"
    factory = UpdateFactory()
    start = factory.message(GROUP, ADMIN, "/start")
    switch = factory.message(GROUP, ADMIN, "/lang en")
    bot = start_bot(server, db, tmp_path)
    try:
        server.enqueue_update(start)
        server.enqueue_update(switch)
        calls = server.wait_for(lambda calls: len(replies(calls)) >= 2)
        assert "掼蛋比赛机器人" in quoting(calls, start["message"]["message_id"])[0].text
        assert quoting(calls, switch["message"]["message_id"])[0].text == "Done: this chat now speaks English."
        server.wait_for(confirmed_past(switch["update_id"]))
    finally:
        bot.send_signal(signal.SIGKILL)
        output = bot.communicate(timeout=10)[0]
    assert TOKEN not in output

    # Telegram re-delivers what it believes unconfirmed; the restarted bot must not apply it again.
    server.on_server(lambda: server.telegram.redeliver_from(start["update_id"]))
    ask = factory.message(GROUP, ADMIN, "/lang")
    before = len(replies(server.calls()))
    bot = start_bot(server, db, tmp_path)
    try:
        server.enqueue_update(ask)
        server.wait_for(confirmed_past(ask["update_id"]))
        calls = server.wait_for(lambda calls: len(replies(calls)) > before)
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.communicate(timeout=10)
    assert "This chat speaks English." in quoting(calls, ask["message"]["message_id"])[0].text
    assert len(replies(calls)) == before + 1
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT count(*) FROM history WHERE kind = 'chat.language'").fetchone() == (1,)


@pytest.mark.parametrize(("token", "says"), [
    ("987654321", "no colon"),
    ("bot123456789:AAHfake-secret_1", "starts with “bot”"),
    ("'123456789:AAHfake'", "spaces, quotes or brackets"),
    ("123456789:AAH fake", "spaces, quotes or brackets"),
    ("abc:AAHfake", "bot's number"),
    ("123456789:AAH+fake/x", "characters a token never has"),
])
def test_a_malformed_token_is_named_before_connecting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str], token: str,
                                                      says: str) -> None:
    """No connection is tried with what cannot be a token; the token itself is never echoed."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", token)
    monkeypatch.setenv("TELEGRAM_BASE_URL", "http://127.0.0.1:9/bot")  # would fail loudly if it were tried
    monkeypatch.setenv("GUANDAN_LANG", "en")
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert says in err and token.strip("'") not in err and "Traceback" not in err


def test_without_network_one_line_per_try_and_it_keeps_trying(tmp_path: Path) -> None:
    """Where, what failed and when the next try is, one line each, no traceback; still running."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TELEGRAM_", "GUANDAN_"))}
    env |= {"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_BASE_URL": "http://127.0.0.1:9/bot",
            "GUANDAN_DB": str(tmp_path / "bot.sqlite3"), "GUANDAN_LANG": "en"}
    bot = subprocess.Popen([sys.executable, "-m", "bot", "run"], env=env, cwd=tmp_path, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seen: list[str] = []
    watchdog = threading.Timer(60, bot.kill)  # a bot that stops writing must not hang the suite
    watchdog.start()
    try:
        # Read until the third try is announced (tries at about 0, 1 and 3 s after start-up), however slow the
        # machine is: the back-off is what is checked, not how fast the interpreter starts.
        assert bot.stdout is not None
        for line in bot.stdout:
            seen.append(line)
            if sum("Cannot reach Telegram" in each for each in seen) >= 3:
                break
        assert bot.poll() is None, "".join(seen)  # still trying
    finally:
        bot.send_signal(signal.SIGTERM)
        output = "".join(seen) + bot.communicate(timeout=30)[0]
        watchdog.cancel()
    lines = [line for line in output.splitlines() if "Cannot reach Telegram" in line]
    assert len(lines) >= 3, output
    assert "at http://127.0.0.1:9/bot (NetworkError: " in lines[0] and lines[0].endswith("next try in 1 s.")
    assert lines[1].endswith("next try in 2 s.") and lines[2].endswith("next try in 4 s.")
    assert "Traceback" not in output and TOKEN not in output
    assert len(output.splitlines()) <= len(lines) + 2, output
