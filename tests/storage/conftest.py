"""A :class:`Storage` per test, on each engine (``migrated_target``: a new SQLite file or an emptied PostgreSQL
schema; ``db_target`` for a database never migrated)."""

import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest

from storage import Storage

AT = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
async def storage(migrated_target: Path | str) -> AsyncIterator[Storage]:
    opened = Storage(migrated_target)
    await opened.open(migrate=True)
    try:
        yield opened
    finally:
        await opened.close()


_VIOLATIONS: dict[tuple[str, str], tuple[type[Exception], str]] = {
    ("sqlite", "unique"): (sqlite3.IntegrityError, "UNIQUE"),
    ("sqlite", "check"): (sqlite3.IntegrityError, "CHECK"),
    ("sqlite", "any"): (sqlite3.IntegrityError, ""),
    ("postgresql", "unique"): (asyncpg.UniqueViolationError, "unique constraint"),
    ("postgresql", "check"): (asyncpg.CheckViolationError, "check constraint"),
    ("postgresql", "any"): (asyncpg.IntegrityConstraintViolationError, ""),
}


def violation(storage: Storage, kind: str = "any") -> tuple[type[Exception], str]:
    """What a violated constraint raises on ``storage``'s engine (``kind``: unique, check or any), and a pattern
    of its message: the driver's own integrity error on both, as the store modules let it through."""
    return _VIOLATIONS[storage.engine, kind]
