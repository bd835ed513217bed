"""The SQLite connection, its settings and the one transaction helper.

One :class:`Storage` per database file and process. Every read and write goes through
:meth:`Storage.transaction` (``BEGIN IMMEDIATE``: writers queue up instead of failing half-way) or
:meth:`Storage.read` (a consistent snapshot). Inside, a :class:`Tx` runs parameterized SQL only.

The database refusing work (disk full, read-only file, locked past the busy timeout: ``sqlite3.OperationalError``)
surfaces as :class:`StorageUnavailable` (:class:`StorageFull`, :class:`StorageReadOnly`) after the transaction
was rolled back, so nothing is half-written; the next transaction tries again, so the bot recovers by itself
when space returns.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any, LiteralString

import aiosqlite

from bot.claims import UpdateClaim
from bot.errors import StorageError, UpdateAlreadyApplied
from storage import updates

log = logging.getLogger(__name__)

Params = Sequence[Any] | Mapping[str, Any]

DEFAULT_BUSY_TIMEOUT_MS = 5000


class StorageUnavailable(StorageError):
    """The database refused the change (disk full, read-only, locked); it was rolled back."""

    key = "storage.unavailable"


class StorageFull(StorageUnavailable):
    """The disk (or the database's size limit) is full; the change was rolled back."""

    key = "storage.full"


class StorageReadOnly(StorageUnavailable):
    """The database file cannot be written (permissions, a read-only mount); the change was rolled back."""

    key = "storage.read_only"


_SQLITE_READONLY = 8
_SQLITE_FULL = 13


def refusal(error: Exception) -> StorageUnavailable:
    """The error to show for a database that refused work, by SQLite's result code; logged for the operator."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF  # the primary code of an extended one
    refused = StorageFull() if code == _SQLITE_FULL else StorageReadOnly() if code == _SQLITE_READONLY else (
        StorageUnavailable())
    log.warning("the database refused work (%s): %s", type(refused).__name__, error)
    return refused


class Tx:
    """An open transaction: run parameterized statements on it. Only valid inside its ``async with`` block."""

    __slots__ = ("_changes_before", "_connection", "claim")

    def __init__(self, connection: aiosqlite.Connection, claim: UpdateClaim | None = None) -> None:
        self._connection = connection
        self._changes_before = connection.total_changes
        self.claim = claim
        """The claim of the update this transaction applies (``storage.updates``), if any: the history names it."""

    @property
    def wrote(self) -> bool:
        """Whether a statement of this transaction changed a row so far (what it reads may not be committed)."""
        return self._connection.total_changes != self._changes_before

    async def execute(self, sql: LiteralString, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""
        cursor = await self._connection.execute(sql, params)
        # Not closed: sqlite3 has reset the finished statement already, and closing costs another trip to the
        # worker thread (as for BEGIN and COMMIT, the cursor goes with the garbage).
        return cursor.rowcount

    async def execute_many(self, sql: LiteralString, rows: Iterable[Params]) -> None:
        """Run one statement for each parameter row (a draw writes thousands of match rows at once)."""
        await self._connection.executemany(sql, rows)

    # Each call below is one trip to aiosqlite's worker thread (~0.1 ms of CPU on the 2 GHz benchmark machine);
    # an update makes a dozen of them, so queries avoid the cursor's extra trips for fetching and closing.

    async def insert(self, sql: LiteralString, params: Params = ()) -> int:
        """Run one INSERT; the new row's rowid."""
        row = await self._connection.execute_insert(sql, params)
        if row is None or row[0] is None:
            raise RuntimeError("the statement inserted no row")
        return int(row[0])

    async def fetch_one(self, sql: LiteralString, params: Params = ()) -> sqlite3.Row | None:
        """The first row, or ``None``; meant for queries of one row (all rows are fetched)."""
        rows = await self._connection.execute_fetchall(sql, params)
        for row in rows:
            return row
        return None

    async def fetch_all(self, sql: LiteralString, params: Params = ()) -> list[sqlite3.Row]:
        return list(await self._connection.execute_fetchall(sql, params))

    async def fetch_value(self, sql: LiteralString, params: Params = ()) -> Any:
        """The first column of the first row, or ``None`` when there is no row."""
        row = await self.fetch_one(sql, params)
        return None if row is None else row[0]


class Storage:
    """One SQLite database file in WAL mode with foreign keys on and a busy timeout.

    ``await storage.open()`` connects and applies pending migrations; ``await storage.close()`` disconnects.
    Transactions of one ``Storage`` run one at a time (they share a connection); across processes
    ``BEGIN IMMEDIATE`` and the busy timeout make concurrent writers wait for each other.
    """

    def __init__(self, path: str | Path, *, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> None:
        self.path = Path(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._connection: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def is_open(self) -> bool:
        return self._connection is not None

    async def open(self, *, migrate: bool = True) -> None:
        """Connect (creating the file and its folder if needed) and apply pending migrations."""
        if self._connection is not None:
            return
        from storage.migrations import apply_migrations

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = await aiosqlite.connect(self.path, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise refusal(error) from error
        connection.row_factory = sqlite3.Row
        try:
            await connection.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA journal_mode = WAL")
            # WAL + NORMAL: a killed process loses nothing committed; only a power cut may lose the last commits.
            await connection.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.Error as error:
            await connection.close()
            raise refusal(error) from error
        self._connection = connection
        if migrate:
            try:
                await apply_migrations(self)
            except BaseException:
                await self.close()
                raise

    async def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            await connection.close()

    async def __aenter__(self) -> Storage:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def _require_connection(self) -> aiosqlite.Connection:
        if self._connection is None:
            raise RuntimeError("Storage.open() has not been awaited")
        return self._connection

    @asynccontextmanager
    async def transaction(self, *, claim: UpdateClaim | None = None) -> AsyncIterator[Tx]:
        """``async with storage.transaction(claim=caller.claim) as tx:`` — commit at the end of the block, roll back
        on any error.

        Send replies only after the block has ended: then the change they announce is committed. ``claim``: the
        update this transaction applies (``storage.updates``). If the block changed a row, the claim's id is
        recorded in it: the change and "this update was applied" commit together.
        :class:`~bot.errors.UpdateAlreadyApplied` if the id was recorded meanwhile (the change is rolled back). A change
        under a claim already recorded (a second changing transaction of one update) is a bug:
        :class:`updates.SecondChangeError` in tests, a warning in production. Without a claim (start-up, jobs,
        the intake itself) nothing is recorded.
        """
        async with self._lock, self._begin("BEGIN IMMEDIATE", claim=claim) as tx:
            yield tx

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        """A consistent snapshot for queries; nothing written in it is kept."""
        async with self._lock, self._begin("BEGIN DEFERRED", keep=False) as tx:
            yield tx

    @asynccontextmanager
    async def _begin(
        self, begin: LiteralString, *, keep: bool = True, claim: UpdateClaim | None = None
    ) -> AsyncIterator[Tx]:
        connection = self._require_connection()
        try:
            await connection.execute(begin)
        except sqlite3.OperationalError as error:
            raise refusal(error) from error
        recording = False
        try:
            tx = Tx(connection, claim)
            yield tx
            if claim is not None and tx.wrote:
                if claim.recorded:
                    _second_change(claim)
                else:
                    recording = True
                    if not await updates.claim_update(tx, claim.update_id, claim.chat_id, claim.at):
                        raise UpdateAlreadyApplied(claim.update_id)
        except BaseException as failure:
            await _rollback_quietly(connection)
            if isinstance(failure, sqlite3.OperationalError):
                raise refusal(failure) from failure
            raise
        try:
            await connection.execute("COMMIT" if keep else "ROLLBACK")
        except sqlite3.OperationalError as error:
            await _rollback_quietly(connection)
            raise refusal(error) from error
        if recording and claim is not None:
            claim.mark_recorded()

    async def query_one(self, sql: LiteralString, params: Params = ()) -> sqlite3.Row | None:
        """The first row of ONE query, outside any transaction (a single statement reads one snapshot anyway):
        one trip to the worker thread where :meth:`read` takes three. For the reads every update makes."""
        async with self._lock:
            try:
                rows = await self._require_connection().execute_fetchall(sql, params)
            except sqlite3.OperationalError as error:
                raise refusal(error) from error
        for row in rows:
            return row
        return None

    async def execute_one(self, sql: LiteralString, params: Params = ()) -> int:
        """ONE statement in its own (autocommit) transaction: one trip where :meth:`transaction` takes three. The
        number of rows it changed. No update claim is attached (see ``storage.updates``)."""
        async with self._lock:
            try:
                cursor = await self._require_connection().execute(sql, params)
            except sqlite3.OperationalError as error:
                raise refusal(error) from error
        return cursor.rowcount

    async def pragma(self, pragma: LiteralString) -> Any:
        """Run one PRAGMA outside any transaction (``journal_mode``, ``query_only = ON`` ...); its first value."""
        async with self._lock:
            cursor = await self._require_connection().execute(f"PRAGMA {pragma}")
            row = await cursor.fetchone()
            await cursor.close()
            return None if row is None else row[0]


def _second_change(claim: UpdateClaim) -> None:
    if updates.second_changes_raise():
        raise updates.SecondChangeError(claim.update_id)
    # Kept: refusing it would lose it for good. But the update is recorded already: had the bot crashed before this
    # commit, its re-delivery would have been skipped and this change lost.
    log.warning("update %s changed rows in a second transaction (one update, one transaction)", claim.update_id)


async def _rollback_quietly(connection: aiosqlite.Connection) -> None:
    # After some errors (e.g. disk full) SQLite has already rolled back; a second ROLLBACK would fail.
    if connection.in_transaction:
        with suppress(sqlite3.Error):
            await connection.execute("ROLLBACK")
