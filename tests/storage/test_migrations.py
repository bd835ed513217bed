from pathlib import Path

import pytest

from bot.errors import StorageError
from storage import Storage
from storage.migrations import Migration, applied_versions, apply_migrations, load_migrations, split_statements


def test_shipped_migrations_are_numbered_from_one() -> None:
    migrations = load_migrations()
    versions = [migration.version for migration in migrations]
    assert versions[0] == 1 and versions == sorted(set(versions))
    assert migrations[0].name == "core"


async def test_open_applies_every_migration_once(storage: Storage) -> None:
    assert await applied_versions(storage) == [migration.version for migration in load_migrations()]
    assert await apply_migrations(storage) == []


async def test_reopening_applies_nothing_new(db_path: Path, storage: Storage) -> None:
    await storage.close()
    async with Storage(db_path) as reopened:
        assert await apply_migrations(reopened) == []
        assert await applied_versions(reopened) == [migration.version for migration in load_migrations()]


async def test_a_new_migration_is_applied_in_order(storage: Storage) -> None:
    shipped = load_migrations()
    extra = (*shipped, Migration(len(shipped) + 1, "extra", ("CREATE TABLE extra (x INTEGER)",)))
    assert await apply_migrations(storage, extra) == [len(shipped) + 1]
    assert await apply_migrations(storage, extra) == []


async def test_a_failing_migration_changes_nothing(storage: Storage) -> None:
    shipped = load_migrations()
    broken = (*shipped, Migration(len(shipped) + 1, "broken", ("CREATE TABLE half (x INTEGER)", "CREATE TABLE (")))
    with pytest.raises(StorageError):
        await apply_migrations(storage, broken)
    async with storage.read() as tx:
        assert await tx.fetch_one("SELECT 1 FROM sqlite_master WHERE name = 'half'") is None
    assert await applied_versions(storage) == [migration.version for migration in shipped]


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("CREATE TABLE a (x);\nCREATE TABLE b (y);\n", ("CREATE TABLE a (x);", "CREATE TABLE b (y);")),
        ("-- a comment\n\nCREATE TABLE a (x);", ("CREATE TABLE a (x);",)),
        ("CREATE TRIGGER t BEFORE DELETE ON a\nBEGIN\n  SELECT 1;\nEND;",
         ("CREATE TRIGGER t BEFORE DELETE ON a\nBEGIN\n  SELECT 1;\nEND;",)),
    ],
)
def test_split_statements(script: str, expected: tuple[str, ...]) -> None:
    assert split_statements(script) == expected


def test_an_unfinished_statement_is_refused() -> None:
    with pytest.raises(ValueError):
        split_statements("CREATE TABLE a (x)")
