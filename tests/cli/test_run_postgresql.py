"""``python -m bot run`` on PostgreSQL: after ``migrate`` the bot process answers, survives SIGKILL and does not
apply a re-delivered update twice — as on SQLite (``tests/cli/test_run.py``), with the state in the server."""

import asyncio
import signal
from pathlib import Path

import asyncpg
import pytest

from bot.cli import main
from tests.cli.test_run import ADMIN, GROUP, confirmed_past, quoting, replies, server, start_bot  # noqa: F401
from tests.support.http_server import BotApiServer
from tests.support.postgres import SessionDatabase
from tests.support.updates import UpdateFactory

# A process test (python -m bot against PostgreSQL): make quick leaves it out.
pytestmark = [pytest.mark.postgresql, pytest.mark.slow]


def test_the_bot_runs_on_postgresql_and_ignores_redelivered_updates(
    server: BotApiServer, tmp_path: Path, postgres: SessionDatabase, monkeypatch: pytest.MonkeyPatch  # noqa: F811
) -> None:
    target = postgres.new_target()
    monkeypatch.delenv("GUANDAN_DB", raising=False)
    assert main(["migrate", "--db", target]) == 0
    factory = UpdateFactory()
    switch = factory.message(GROUP, ADMIN, "/lang en")
    bot = start_bot(server, target, tmp_path)  # type: ignore[arg-type]
    try:
        server.enqueue_update(switch)
        calls = server.wait_for(lambda calls: len(replies(calls)) >= 1)
        assert quoting(calls, switch["message"]["message_id"])[0].text == "Done: this chat now speaks English."
        server.wait_for(confirmed_past(switch["update_id"]))
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.communicate(timeout=10)

    server.on_server(lambda: server.telegram.redeliver_from(switch["update_id"]))
    ask = factory.message(GROUP, ADMIN, "/lang")
    before = len(replies(server.calls()))
    bot = start_bot(server, target, tmp_path)  # type: ignore[arg-type]
    try:
        server.enqueue_update(ask)
        server.wait_for(confirmed_past(ask["update_id"]))
        calls = server.wait_for(lambda calls: len(replies(calls)) > before)
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.communicate(timeout=10)
    assert "This chat speaks English." in quoting(calls, ask["message"]["message_id"])[0].text
    assert len(replies(calls)) == before + 1

    async def changes() -> int:
        connection = await asyncpg.connect(target)
        try:
            return int(await connection.fetchval("SELECT count(*) FROM history WHERE kind = 'chat.language'"))
        finally:
            await connection.close()

    assert asyncio.run(changes()) == 1
