"""The PostgreSQL server the tests run against: ``GUANDAN_TEST_POSTGRES`` (default
``postgresql://postgres@127.0.0.1:5432/postgres``, the server these machines run, trust authentication).

A test session creates one database of its own (``guandan_test_<pid>_<random>``) and drops it at the end; each test
gets a fresh schema in it (a URL with ``?search_path=t_<n>``), so every test starts from an empty database as with
a new SQLite file, at the cost of a ``CREATE SCHEMA`` instead of a ``CREATE DATABASE``. A server that cannot be
reached FAILS the tests that need it (never skips them): ``.ci/run`` checks it first
(``python -m tests.support.postgres --check``) and says so in one line.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.config import Settings

DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
ENVIRONMENT_VARIABLE = "GUANDAN_TEST_POSTGRES"


def admin_url() -> str:
    return os.environ.get(ENVIRONMENT_VARIABLE, "").strip() or DEFAULT_ADMIN_URL


def with_database(url: str, database: str, query: str = "") -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{database}", query, ""))


def settings_for(target: Path | str, **values: Any) -> Settings:
    """Settings whose database is ``target`` (the ``db_target`` fixture: a file, or a PostgreSQL URL)."""
    if isinstance(target, str):
        return Settings(db_url=target, **values)
    return Settings(db_path=target, **values)


class PostgresUnreachable(RuntimeError):
    pass


async def _run(url: str, *statements: str) -> None:
    try:
        connection = await asyncpg.connect(url, timeout=10)
    except (TimeoutError, OSError, asyncpg.PostgresError) as error:
        raise PostgresUnreachable(
            f"PostgreSQL is not reachable at {url} ({error}); the PostgreSQL half of the storage tests needs it. "
            f"Start the server or point {ENVIRONMENT_VARIABLE} at one (a postgresql:// URL of a user who may "
            "create databases).") from error
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()


def run_sql(url: str, *statements: str) -> None:
    """Run ``statements`` on ``url`` from synchronous code (fixtures, the check)."""
    asyncio.run(_run(url, *statements))


@dataclass
class SessionDatabase:
    """One database for the whole test session, with a fresh schema per test (:meth:`new_target`)."""

    admin: str = field(default_factory=admin_url)
    name: str = field(default_factory=lambda: f"guandan_test_{os.getpid()}_{secrets.token_hex(3)}")
    _schemas: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _migrated: str | None = None
    _empty: str = ""

    def create(self) -> None:
        asyncio.run(self.create_async())

    def drop(self) -> None:
        asyncio.run(self.drop_async())

    async def create_async(self) -> None:
        await _run(self.admin, f"CREATE DATABASE {self.name} TEMPLATE template0 ENCODING 'UTF8'")

    async def drop_async(self) -> None:
        await _run(self.admin, f"DROP DATABASE IF EXISTS {self.name} WITH (FORCE)")

    @property
    def url(self) -> str:
        return with_database(self.admin, self.name)

    def new_target(self) -> str:
        """A URL whose tables live in a schema of their own, created empty now."""
        return asyncio.run(self.new_target_async())

    async def new_target_async(self) -> str:
        schema = f"t_{next(self._schemas)}"
        await _run(self.url, f"CREATE SCHEMA {schema}")
        return with_database(self.admin, self.name, f"search_path={schema}")

    async def migrated_target(self) -> str:
        """A URL of a migrated schema without rows: one schema for the session, migrated once, emptied for each
        test (its rows deleted, its ids restarted: ~10 ms where migrating a new schema takes ~200 ms)."""
        if self._migrated is None:
            from storage import Storage

            schema = "migrated"
            await _run(self.url, f"CREATE SCHEMA {schema}")
            url = with_database(self.admin, self.name, f"search_path={schema}")
            storage = Storage(url)
            await storage.open(migrate=True)
            tables = [table for table in await storage.table_names() if table != "schema_migrations"]
            async with storage.read() as tx:
                sequences = [str(row[0]) for row in await tx.fetch_all(
                    "SELECT pg_get_serial_sequence(quote_ident(table_name), column_name)"
                    " FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'")]
            await storage.close()
            # Triggers off (the history is append-only) for this transaction only: needs a superuser, as CREATE
            # DATABASE mostly does.
            self._empty = "".join(
                ["BEGIN; SET LOCAL session_replication_role = replica; "]
                + [f"DELETE FROM {table}; " for table in reversed(tables)]
                + [f"ALTER SEQUENCE {sequence} RESTART; " for sequence in sequences] + ["COMMIT"])
            self._migrated = url
        else:
            await _run(self._migrated, self._empty)
        return self._migrated


def check() -> int:
    """``python -m tests.support.postgres --check``: 0 if the tests' server answers, else 1 and one line why."""
    try:
        run_sql(admin_url(), "SELECT 1")
    except PostgresUnreachable as error:
        print(f"FAIL: {error}", file=sys.stderr)
        return 1
    print(f"PostgreSQL answers at {admin_url()}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] != ["--check"]:
        print("usage: python -m tests.support.postgres --check", file=sys.stderr)
        sys.exit(2)
    sys.exit(check())
