"""``python -m bot migrate`` on either engine, ``run`` refusing a schema it was not built for, and ``copy-db`` from a
club's SQLite file into PostgreSQL (every row and the history, checked by counting)."""

import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.cli import main
from bot.tournament.entries import RegistrationMode
from bot.tournament.settings import TournamentSettings
from storage import Storage, chats, history, tournaments
from storage.migrations import latest_version
from tests.support.postgres import SessionDatabase

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow

AT = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _quiet_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith(("GUANDAN_", "TELEGRAM_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("GUANDAN_LANG", "en")


def test_migrate_applies_pending_migrations_once_and_prints_the_version(
        db_target: Path | str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GUANDAN_DB", str(db_target))
    version = latest_version()
    everything = ", ".join(str(number) for number in range(1, version + 1))
    assert main(["migrate"]) == 0
    assert capsys.readouterr().out.strip().endswith(f": schema version {version} (applied now: {everything}).")
    assert main(["migrate"]) == 0
    assert capsys.readouterr().out.strip().endswith(f": schema version {version}, nothing to apply.")


@pytest.mark.postgresql
def test_migrate_names_an_unreachable_server_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate", "--db", "postgresql://bot:secret@127.0.0.1:1/club"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("The database postgresql://bot@127.0.0.1:1/club cannot be used: ")
    assert "secret" not in captured.err + captured.out


@pytest.mark.postgresql
def test_run_refuses_an_unmigrated_postgresql_schema_in_one_line(postgres: SessionDatabase) -> None:
    target = postgres.new_target()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TELEGRAM_", "GUANDAN_"))}
    env |= {"TELEGRAM_BOT_TOKEN": "424242:never-used", "GUANDAN_DB": target, "GUANDAN_LANG": "en"}
    done = subprocess.run([sys.executable, "-m", "bot", "run"], env=env, capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"The database {target} is at schema version 0; this bot needs version {latest_version()}. "
        "Apply the migrations first: python -m bot migrate"]


async def _club_file(path: Path) -> None:
    """A small club's file: a chat, a tournament, its history, and an AUTOINCREMENT mark above the highest id."""
    async with Storage(path) as storage, storage.transaction() as tx:
        await chats.set_language(tx, -5, chats.Language.ZH, AT)
        tournament_id = await tournaments.create_tournament(
            tx, chat_id=-5, name="周五掼蛋杯", mode=RegistrationMode.PAIRS, creator="user:1", creator_user_id=1,
            settings=TournamentSettings(), at=AT)
        for kind in ("tournament.created", "entry.added", "entry.added"):
            await history.append(tx, chat_id=-5, actor="user:1", kind=kind, at=AT, tournament_id=tournament_id,
                                 details={"名字": "张三"})
        await tx.execute("UPDATE sqlite_sequence SET seq = 50 WHERE name = 'history'")


@pytest.mark.postgresql
async def test_copy_db_copies_every_row_and_refuses_a_second_time(
        tmp_path: Path, postgres: SessionDatabase, capsys: pytest.CaptureFixture[str]) -> None:
    source, target = tmp_path / "club.sqlite3", await postgres.new_target_async()
    await _club_file(source)
    from bot.services.database import copy_to_postgresql

    report = await copy_to_postgresql(source, target)
    assert {table.table: table.rows for table in report.tables if table.rows} == {
        "chats": 1, "tournaments": 1, "history": 3}
    async with Storage(target) as copied, copied.transaction() as tx:
        entries = await history.for_tournament(tx, 1)
        assert [(entry.event_id, entry.kind, entry.details) for entry in entries] == [
            (1, "tournament.created", {"名字": "张三"}), (2, "entry.added", {"名字": "张三"}),
            (3, "entry.added", {"名字": "张三"})]
        assert await history.append(tx, chat_id=-5, actor="user:1", kind="later", at=AT) == 51
        record = await tournaments.get_tournament(tx, 1)
        assert record is not None and record.name == "周五掼蛋杯" and record.created_at == AT


@pytest.mark.postgresql
def test_copy_db_prints_each_table_and_refuses_a_target_with_rows(
        tmp_path: Path, postgres: SessionDatabase, capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    source, target = tmp_path / "club.sqlite3", postgres.new_target()
    asyncio.run(_club_file(source))
    assert main(["copy-db", "--from", str(source), "--to", target]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "history: 3 rows" in out and "chats: 1 row" in out  # forgiving: English plurals
    tables = len([line for line in out if line.endswith((" rows", " row"))])  # one line per table copied
    with sqlite3.connect(source) as connection:
        assert tables == connection.execute(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " AND name <> 'schema_migrations'").fetchone()[0]  # the target has its own record of migrations
    assert out[-1] == (f"Copied {source} into {target} (schema version {latest_version()}): {tables} tables, 5 rows, "
                       "each table counted on both sides.")
    assert main(["copy-db", "--from", str(source), "--to", target]) == 2
    assert "is not empty (rows in: chats, history, tournaments)" in capsys.readouterr().err


def test_copy_db_refuses_a_missing_file_and_a_target_that_is_no_postgresql_url(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["copy-db", "--from", str(tmp_path / "none.sqlite3"), "--to", "postgresql://x@127.0.0.1:1/y"]) == 2
    assert "There is no SQLite file at" in capsys.readouterr().err
    (tmp_path / "club.sqlite3").write_bytes(b"")
    assert main(["copy-db", "--from", str(tmp_path / "club.sqlite3"), "--to", str(tmp_path / "other.sqlite3")]) == 2
    assert "--to must be a postgresql:// URL" in capsys.readouterr().err
