"""What only the PostgreSQL engine has: numbered parameters, its refusals, the advisory locks (one writer per chat,
every writer for a transaction that names no chat), conflicts, and the schema check at start."""

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.errors import StorageError
from storage import Storage
from storage.database import (
    SchemaAhead,
    SchemaBehind,
    StorageConflict,
    StorageReadOnly,
    StorageUnavailable,
    StorageUnreachable,
)
from storage.migrations import Migration, apply_migrations, latest_version, load_migrations
from storage.postgres import begin_statement, changed_rows, classify, numbered, redacted
from tests.support.postgres import SessionDatabase

pytestmark = pytest.mark.postgresql


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("SELECT 1", "SELECT 1"),
        ("SELECT * FROM t WHERE a = ? AND b = ?", "SELECT * FROM t WHERE a = $1 AND b = $2"),
        ("SELECT '?', \"?\" FROM t WHERE a = ?", "SELECT '?', \"?\" FROM t WHERE a = $1"),
        ("SELECT 'it''s ?' WHERE a = ?", "SELECT 'it''s ?' WHERE a = $1"),
        ("SELECT a -- is it ?\nFROM t WHERE b = ?", "SELECT a -- is it ?\nFROM t WHERE b = $1"),
    ],
)
def test_parameters_are_numbered_outside_quotes_and_comments(sql: str, expected: str) -> None:
    assert numbered(sql) == expected


def test_row_counts_come_from_the_command_status() -> None:
    assert [changed_rows(status) for status in ("INSERT 0 1", "UPDATE 3", "DELETE 0", "SELECT 2", "BEGIN")] == [
        1, 3, 0, -1, -1]


def test_each_transaction_starts_with_its_locks() -> None:
    assert begin_statement(None) == "BEGIN; SELECT pg_advisory_xact_lock(26468, 0)"
    assert begin_statement((-5, -100_123, -5)) == (
        "BEGIN; SELECT pg_advisory_xact_lock_shared(26468, 0); SELECT pg_advisory_xact_lock(-100123);"
        " SELECT pg_advisory_xact_lock(-5)")


def test_passwords_stay_out_of_messages() -> None:
    assert redacted("postgresql://bot:s3cret@db:5432/club") == "postgresql://bot@db:5432/club"
    assert redacted("postgresql://bot@db/club") == "postgresql://bot@db/club"


def test_refusals_are_told_apart_by_sqlstate() -> None:
    def error(state: str) -> asyncpg.PostgresError:
        found = asyncpg.PostgresError.__subclasses__()[0]
        made = found.__new__(found)
        made.sqlstate = state  # type: ignore[attr-defined]
        return made

    assert classify(error("53100")).__name__ == "StorageFull"  # type: ignore[union-attr]
    assert classify(error("25006")) is StorageReadOnly
    assert classify(error("40P01")) is StorageConflict
    assert classify(error("08006")) is StorageUnreachable
    assert classify(error("55P03")) is StorageUnavailable
    assert classify(error("23505")) is None  # a constraint: raised as it is
    assert classify(ConnectionRefusedError()) is StorageUnreachable


async def test_an_unreachable_server_is_one_clear_refusal() -> None:
    storage = Storage("postgresql://postgres:secret@127.0.0.1:1/nothing")
    with pytest.raises(StorageUnreachable) as raised:
        await storage.open()
    assert raised.value.params["database"] == "postgresql://postgres@127.0.0.1:1/nothing"
    assert raised.value.params["reason"]
    assert not storage.is_open


async def test_a_missing_database_is_unreachable_too(postgres: SessionDatabase) -> None:
    with pytest.raises(StorageUnreachable) as raised:
        await Storage(postgres.url.replace(postgres.name, "no_such_database_here")).open()
    assert "no_such_database_here" in raised.value.params["reason"]


@pytest.fixture
async def storage(postgres: SessionDatabase) -> AsyncIterator[Storage]:
    opened = Storage(await postgres.migrated_target())
    await opened.open()
    try:
        yield opened
    finally:
        await opened.close()


async def test_the_bot_refuses_an_unmigrated_schema_until_migrate(postgres: SessionDatabase) -> None:
    target = await postgres.new_target_async()
    with pytest.raises(SchemaBehind) as raised:
        await Storage(target).open()
    assert raised.value.params == {"database": target, "found": 0, "needed": latest_version()}
    storage = Storage(target)
    await storage.open(migrate=True)
    await storage.close()
    async with Storage(target):
        pass


async def test_the_bot_refuses_a_schema_newer_than_itself(postgres: SessionDatabase) -> None:
    target = await postgres.new_target_async()
    storage = Storage(target)
    await storage.open(migrate=True)
    later = Migration(latest_version() + 1, "from_the_future", ("CREATE TABLE later (x INTEGER)",))
    newer = (*load_migrations(), later)
    await apply_migrations(storage, newer)
    await storage.close()
    with pytest.raises(SchemaAhead):
        await Storage(target).open()
    with pytest.raises(SchemaAhead):
        await Storage(target).open(migrate=True)


async def test_a_read_only_server_refuses_writes(postgres: SessionDatabase) -> None:
    read_only = Storage(await postgres.migrated_target() + "&default_transaction_read_only=on")
    await read_only.open()
    try:
        with pytest.raises(StorageReadOnly):
            async with read_only.transaction() as tx:
                await tx.execute("INSERT INTO chats (chat_id, updated_at) VALUES (-1, 'now')")
        with pytest.raises(StorageReadOnly):
            await read_only.execute_one("INSERT INTO chats (chat_id, updated_at) VALUES (-1, 'now')")
        assert await read_only.query_one("SELECT count(*) FROM chats") is not None
    finally:
        await read_only.close()


async def _hold(storage: Storage, chats: tuple[int, ...] | None, entered: list[str], name: str) -> None:
    async with storage.transaction(chats=chats):
        entered.append(f"{name} in")
        await asyncio.sleep(0.2)
        entered.append(f"{name} out")


async def test_writers_of_one_chat_take_turns_other_chats_go_side_by_side(storage: Storage) -> None:
    entered: list[str] = []
    await asyncio.gather(_hold(storage, (-1,), entered, "a"), _hold(storage, (-1,), entered, "b"))
    assert entered in (["a in", "a out", "b in", "b out"], ["b in", "b out", "a in", "a out"])
    entered.clear()
    await asyncio.gather(_hold(storage, (-1,), entered, "a"), _hold(storage, (-2,), entered, "b"))
    assert sorted(entered[:2]) == ["a in", "b in"]


async def test_a_transaction_naming_no_chat_waits_for_every_writer(storage: Storage) -> None:
    entered: list[str] = []
    chat = asyncio.create_task(_hold(storage, (-1,), entered, "chat"))
    await asyncio.sleep(0.05)
    await _hold(storage, None, entered, "all")
    await chat
    assert entered == ["chat in", "chat out", "all in", "all out"]


async def test_an_update_locks_its_own_chat(storage: Storage) -> None:
    from datetime import UTC, datetime

    from bot.claims import UpdateClaim

    entered: list[str] = []

    async def update(update_id: int, chat_id: int, name: str) -> None:
        async with storage.transaction(claim=UpdateClaim(update_id, chat_id, datetime.now(UTC))) as tx:
            entered.append(f"{name} in")
            await asyncio.sleep(0.2)
            await tx.execute("INSERT INTO history (chat_id, actor, kind, at) VALUES (?, 'a', 'k', 'now')",
                             (chat_id,))
            entered.append(f"{name} out")

    await asyncio.gather(update(1, -7, "a"), update(2, -7, "b"))
    assert entered[1] == f"{entered[0].split()[0]} out"
    entered.clear()
    await asyncio.gather(update(3, -7, "a"), update(4, -8, "b"))
    assert sorted(entered[:2]) == ["a in", "b in"]
    assert await storage.query_one("SELECT count(*) FROM processed_updates") == (4,)


async def test_a_lock_not_granted_in_time_is_a_refusal(storage: Storage, postgres: SessionDatabase) -> None:
    impatient = Storage(storage.url, busy_timeout_ms=50)  # type: ignore[attr-defined]
    await impatient.open()
    try:
        async with storage.transaction(chats=(-1,)):
            with pytest.raises(StorageUnavailable):
                async with impatient.transaction(chats=(-1,)):
                    pass
            async with impatient.transaction(chats=(-2,)):
                pass
    finally:
        await impatient.close()


async def test_a_deadlock_is_a_conflict_the_caller_may_retry(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await tx.execute("INSERT INTO users (user_id, display_name, last_seen_at) VALUES (1, 'a', 'x'), (2, 'b', 'x')")
    both_in = asyncio.Event()
    arrived = 0

    async def crosswise(chat: int, first: int, second: int) -> None:
        nonlocal arrived
        async with storage.transaction(chats=(chat,)) as tx:
            await tx.execute("UPDATE users SET display_name = 'x' WHERE user_id = ?", (first,))
            arrived += 1
            if arrived == 2:
                both_in.set()
            await both_in.wait()
            await tx.execute("UPDATE users SET display_name = 'y' WHERE user_id = ?", (second,))

    attempts = 0

    async def retried(chat: int, first: int, second: int) -> None:
        async def once() -> None:
            nonlocal attempts
            attempts += 1
            await crosswise(chat, first, second)

        await storage.retrying(once)

    await asyncio.gather(retried(-1, 1, 2), retried(-2, 2, 1))
    assert attempts == 3  # one of the two was aborted once, then went through


async def test_every_refusal_is_a_storage_error() -> None:
    assert issubclass(StorageUnreachable, StorageError) and issubclass(StorageConflict, StorageUnavailable)
