"""The database as an operator handles it.

Applying migrations (``python -m bot migrate``), checking that the schema is the one this bot was built for before it
starts (``python -m bot run``), and moving a club's SQLite file into PostgreSQL (``python -m bot copy-db``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from storage import Storage
from storage.copy import CopyReport, copy_database
from storage.migrations import apply_migrations, schema_version


@dataclass(frozen=True, slots=True)
class Migrated:
    database: str
    """Where (a file, or a URL without its password)."""
    version: int
    """The schema version now."""
    applied: tuple[int, ...]
    """The migrations applied by this call (none: the schema was current)."""


async def migrate(target: str | Path) -> Migrated:
    """Apply the pending migrations of the database at ``target``; the version it is at now.

    The database refusing (unreachable, read-only, migrated by a newer bot) raises its ``StorageError``."""
    storage = Storage(target)
    await storage.open(migrate=False)
    try:
        applied = await apply_migrations(storage)
        return Migrated(storage.describe(), await schema_version(storage), tuple(applied))
    finally:
        await storage.close()


async def check_ready(target: str | Path) -> None:
    """Open the database as the bot will and close it again.

    An SQLite file applies its pending migrations, a PostgreSQL database must have none (``SchemaBehind``); neither may
    be newer than the bot (``SchemaAhead``)."""
    storage = Storage(target)
    await storage.open()
    await storage.close()


async def copy_to_postgresql(source: Path, target: str) -> CopyReport:
    """Copy a club's SQLite file into an empty PostgreSQL database, checked by counting.

    Every row and the history of the SQLite file ``source`` into the empty PostgreSQL database ``target``,
    checked by counting (``storage.copy``)."""
    return await copy_database(source, target)
