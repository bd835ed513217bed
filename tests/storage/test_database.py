"""The database helper on both engines (``db_target``), then what only an SQLite file has (``sqlite_storage``)."""

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from bot.errors import StorageError
from storage import Storage, database
from storage.database import SqliteStorage, StorageReadOnly, StorageUnavailable


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "bot.sqlite3"


@pytest.fixture
async def sqlite_storage(sqlite_path: Path) -> AsyncIterator[SqliteStorage]:
    async with SqliteStorage(sqlite_path) as opened:
        assert isinstance(opened, SqliteStorage)
        yield opened


def test_the_target_picks_the_engine(tmp_path: Path) -> None:
    assert Storage(tmp_path / "x.sqlite3").engine == "sqlite"
    assert Storage(str(tmp_path / "x.sqlite3")).engine == "sqlite"
    assert Storage("postgresql://postgres@127.0.0.1:5432/x").engine == "postgresql"
    assert Storage("postgres://postgres@127.0.0.1/x").engine == "postgresql"
    assert Storage("postgresql://u:secret@db.example:5433/club").describe() == "postgresql://u@db.example:5433/club"


async def test_file_and_folder_are_created(sqlite_path: Path, sqlite_storage: Storage) -> None:
    assert sqlite_path.is_file()


async def test_wal_foreign_keys_and_busy_timeout_are_on(sqlite_storage: SqliteStorage) -> None:
    storage = sqlite_storage
    assert await storage.pragma("journal_mode") == "wal"
    assert await storage.pragma("foreign_keys") == 1
    assert await storage.pragma("busy_timeout") == storage.busy_timeout_ms


async def test_transaction_commits(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await tx.execute("INSERT INTO processed_updates (update_id, processed_at) VALUES (1, 'x')")
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM processed_updates") == 1


async def test_transaction_rolls_back_on_error(storage: Storage) -> None:
    with pytest.raises(ZeroDivisionError):
        async with storage.transaction() as tx:
            await tx.execute("INSERT INTO processed_updates (update_id, processed_at) VALUES (1, 'x')")
            raise ZeroDivisionError
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM processed_updates") == 0


async def test_storage_is_usable_after_a_rollback(storage: Storage) -> None:
    with pytest.raises(RuntimeError):
        async with storage.transaction():
            raise RuntimeError
    async with storage.transaction() as tx:
        assert await tx.insert(
            "INSERT INTO processed_updates (update_id, processed_at) VALUES (7, 'x') RETURNING update_id") == 7


async def test_an_insert_must_say_which_id_it_returns(storage: Storage) -> None:
    with pytest.raises(ValueError, match="RETURNING"):
        async with storage.transaction() as tx:
            await tx.insert("INSERT INTO processed_updates (update_id, processed_at) VALUES (7, 'x')")


async def test_read_keeps_nothing(storage: Storage) -> None:
    async with storage.read() as tx:
        await tx.execute("INSERT INTO processed_updates (update_id, processed_at) VALUES (1, 'x')")
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM processed_updates") == 0


async def _increment_slowly(storage: Storage) -> None:
    async with storage.transaction() as tx:
        value = await tx.fetch_value("SELECT count(*) FROM processed_updates")
        await asyncio.sleep(0.01)  # the other task gets the loop here: without serialization both read 0
        await tx.execute("INSERT INTO processed_updates (update_id, processed_at) VALUES (?, 'x')", (value + 1,))


async def test_concurrent_transactions_of_one_storage_serialize(storage: Storage) -> None:
    await asyncio.gather(*(_increment_slowly(storage) for _ in range(5)))
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT max(update_id) FROM processed_updates") == 5


async def test_writers_on_two_connections_serialize(migrated_target: Path | str, storage: Storage) -> None:
    async with Storage(migrated_target) as other:
        await asyncio.gather(*(_increment_slowly(s) for s in (storage, other, storage, other)))
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT max(update_id) FROM processed_updates") == 4


async def test_writer_waits_longer_than_busy_timeout_gets_storage_error(migrated_target: Path | str,
                                                                         storage: Storage) -> None:
    async with Storage(migrated_target, busy_timeout_ms=50) as impatient, storage.transaction():
        with pytest.raises(StorageError):
            async with impatient.transaction():
                pass


async def test_read_only_database_gives_storage_error_and_writes_nothing(sqlite_storage: SqliteStorage) -> None:
    storage = sqlite_storage
    await storage.pragma("query_only = ON")
    with pytest.raises(StorageUnavailable):
        async with storage.transaction() as tx:
            await tx.execute("INSERT INTO processed_updates (update_id, processed_at) VALUES (1, 'x')")
    await storage.pragma("query_only = OFF")
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM processed_updates") == 0


async def test_full_disk_gives_storage_error_and_nothing_half_written(sqlite_storage: SqliteStorage) -> None:
    storage = sqlite_storage
    pages = await storage.pragma("page_count")
    await storage.pragma(f"max_page_count = {int(pages)}")  # type: ignore[misc]
    with pytest.raises(StorageUnavailable) as raised:
        async with storage.transaction() as tx:
            await tx.execute("INSERT INTO history (actor, kind, at) VALUES ('a', 'small', 'x')")
            await tx.execute("INSERT INTO history (actor, kind, details, at) VALUES ('a', 'big', ?, 'x')",
                             ('{"blob": "' + "x" * 200_000 + '"}',))
    assert isinstance(raised.value.__cause__, sqlite3.OperationalError)
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM history") == 0


async def test_unopened_storage_refuses_work(db_target: Path | str) -> None:
    with pytest.raises(RuntimeError):
        async with Storage(db_target).transaction():
            pass


async def test_database_path_that_cannot_be_created_gives_storage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StorageError):
        await Storage(blocker / "bot.sqlite3").open()


async def test_tables_are_listed_in_the_order_they_were_created(storage: Storage) -> None:
    tables = await storage.table_names()
    assert tables[:4] == ["schema_migrations", "chats", "users", "processed_updates"]
    assert tables.index("tournaments") < tables.index("entries") < tables.index("entry_members")


async def test_single_statements_outside_a_transaction(storage: Storage) -> None:
    assert await storage.query_one("SELECT language FROM chats WHERE chat_id = ?", (-1,)) is None
    assert await storage.execute_one("INSERT INTO chats (chat_id, language, updated_at) VALUES (-1, 'en', 'now')") == 1
    row = await storage.query_one("SELECT language FROM chats WHERE chat_id = ?", (-1,))
    assert row is not None and row["language"] == "en"


async def test_a_single_statement_refused_by_a_read_only_database(sqlite_storage: SqliteStorage) -> None:
    storage = sqlite_storage
    await storage.pragma("query_only = ON")
    with pytest.raises(StorageReadOnly):
        await storage.execute_one("INSERT INTO chats (chat_id, updated_at) VALUES (-1, 'now')")
    await storage.pragma("query_only = OFF")


async def test_commits_on_the_loop_thread_while_the_cursors_of_opening_live_on(
        sqlite_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A statement with a row left unread (a PRAGMA's answer) counts as running while its cursor lives, and a COMMIT
    then fails ("SQL statements in progress"): opening reads every answer to its end, whoever keeps the cursors."""
    kept: list[object] = []
    execute = aiosqlite.Connection.execute

    async def keeping(self: aiosqlite.Connection, sql: str, parameters: Any = None) -> aiosqlite.Cursor:
        cursor = await execute(self, sql, parameters)
        kept.append(cursor)
        return cursor

    monkeypatch.setattr(aiosqlite.Connection, "execute", keeping)
    async with SqliteStorage(sqlite_path) as storage:
        for update_id in (1, 2):
            async with storage.transaction() as tx:
                await tx.execute("INSERT INTO processed_updates (update_id, processed_at) VALUES (?, 'x')",
                                 (update_id,))
            assert await storage.execute_one(
                "INSERT INTO processed_updates (update_id, processed_at) VALUES (?, 'x')", (10 + update_id,)) == 1
        async with storage.read() as tx:
            assert await tx.fetch_value("SELECT count(*) FROM processed_updates") == 4
    assert kept


async def test_the_storage_checkpoints_the_wal_not_each_commit(sqlite_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Commits run on the loop's thread, where a checkpoint (a file sync) would stall every chat: SQLite's own is
    off, and every CHECKPOINT_EVERY commits that wrote the storage copies the WAL into the file on its thread."""
    monkeypatch.setattr(database, "CHECKPOINT_EVERY", 3)
    async with SqliteStorage(sqlite_path) as storage:
        assert isinstance(storage, SqliteStorage) and await storage.pragma("wal_autocheckpoint") == 0
        grew = []
        for commit in range(6):
            size = sqlite_path.stat().st_size
            async with storage.transaction() as tx:  # ~300 KB: SQLite's own checkpoint would wait for 4 MB
                await tx.execute_many("INSERT INTO history (actor, kind, details, at) VALUES ('a', 'k', ?, 'x')",
                                      [('{"y": "' + str(commit) * 3000 + '"}',) for _ in range(100)])
            grew.append(sqlite_path.stat().st_size > size)
        assert grew.count(True) == 2 and grew.index(True) + 3 == len(grew) - 1 - grew[::-1].index(True)


async def test_a_write_waits_for_another_connections_writer_off_the_loop(sqlite_storage: SqliteStorage,
                                                                         sqlite_path: Path) -> None:
    """The update's record and BEGIN IMMEDIATE try the loop's thread without waiting; another process's writer
    (SQLite: one writer at a time in the whole file) sends them to the worker thread, where the busy timeout waits
    for it."""
    storage = sqlite_storage
    async with SqliteStorage(sqlite_path) as other:
        async with other.transaction() as tx:
            await tx.execute("INSERT INTO processed_updates (update_id, processed_at) VALUES (1, 'x')")
            record = asyncio.create_task(storage.execute_one(
                "INSERT INTO processed_updates (update_id, processed_at) VALUES (2, 'x')"))
            await asyncio.sleep(0.2)
            assert not record.done()  # waiting for the other writer, and the loop is free meanwhile
        assert await record == 1
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM processed_updates") == 2
