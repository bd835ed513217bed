"""Ordered schema migrations: ``storage/migrations/NNNN_name.sql``, applied once each, in number order.

Add a change as the next-numbered file (``0002_tournaments.sql``); never edit a file that has shipped. A number
may be left free for a migration of parallel work (``0009_points_events.sql`` came before 0004–0008); none is used
twice. Each file runs in its own ``BEGIN IMMEDIATE`` transaction together with its row in ``schema_migrations``, so
a failed migration leaves the database as it was and two processes starting together apply it once.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.database import Storage

_FILE_NAME = re.compile(r"^(?P<version>\d{4})_(?P<name>[a-z0-9_]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


def split_statements(script: str) -> tuple[str, ...]:
    """Cut an SQL script into complete statements (``executescript`` would commit half-way)."""
    statements: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        if not pending and (not line.strip() or line.lstrip().startswith("--")):
            continue
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        raise ValueError(f"incomplete SQL statement at the end of a migration: {pending.strip()[:80]!r}")
    return tuple(statements)


def load_migrations() -> tuple[Migration, ...]:
    """Every migration shipped in this folder, in version order; gaps or duplicates are a packaging bug."""
    found: list[Migration] = []
    for entry in resources.files(__name__).iterdir():
        match = _FILE_NAME.match(entry.name)
        if match:
            found.append(
                Migration(
                    int(match["version"]), match["name"], split_statements(entry.read_text(encoding="utf-8"))
                )
            )
    found.sort(key=lambda migration: migration.version)
    versions = [migration.version for migration in found]
    # Numbers may be held by migrations of work merged later (a gap), never given twice.
    if not versions or versions[0] != 1 or len(set(versions)) != len(versions):
        raise RuntimeError(f"migrations must be numbered from 1 without duplicates, found {versions}")
    return tuple(found)


async def apply_migrations(storage: Storage, migrations: tuple[Migration, ...] | None = None) -> list[int]:
    """Apply the migrations not yet recorded in ``schema_migrations``; the versions applied now."""
    async with storage.transaction() as tx:
        await tx.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
    applied: list[int] = []
    for migration in migrations if migrations is not None else load_migrations():
        async with storage.transaction() as tx:
            # Checked inside the writer lock: another process may have applied it a moment ago.
            if await tx.fetch_one("SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)):
                continue
            for statement in migration.statements:
                await tx.execute(statement)  # shipped SQL files, not user input
            await tx.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, datetime.now(UTC).isoformat()),
            )
        applied.append(migration.version)
    return applied


async def applied_versions(storage: Storage) -> list[int]:
    async with storage.read() as tx:
        rows = await tx.fetch_all("SELECT version FROM schema_migrations ORDER BY version")
    return [int(row[0]) for row in rows]
