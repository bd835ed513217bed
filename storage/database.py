"""The database behind every store, its refusals and the one transaction helper.

``Storage(target)`` picks the engine from its target:

* a path: one SQLite file through aiosqlite (:class:`SqliteStorage`), the embedded default — one process, no
  server, what ``make run`` uses;
* a ``postgresql://user@host:port/dbname`` URL: a PostgreSQL server through asyncpg
  (:class:`storage.postgres.PostgresStorage`), which any number of processes can share.

Both engines run the same migrations (``storage.migrations``) and the same SQL of the store modules, which is
written to run on both: ``?`` parameters (numbered for PostgreSQL), ``INSERT … ON CONFLICT``, ``INSERT …
RETURNING`` for a new row's id (:meth:`Tx.insert`), no engine-only functions. Instants are stored as UTC ISO 8601
text on both (``storage.timestamps``): text order is time order on both (PostgreSQL's text columns use the ``C``
collation, byte order like SQLite's), and a club's file copies into PostgreSQL value for value
(``storage.copy``).

Every read and write goes through :meth:`Storage.transaction` (one writer at a time: SQLite's ``BEGIN IMMEDIATE``;
PostgreSQL's transaction-level advisory locks, see ``storage.postgres``) or :meth:`Storage.read` (a consistent
snapshot). Inside, a :class:`Tx` runs parameterized SQL only.

The database refusing work (SQLite: disk full, read-only file, locked past the busy timeout; PostgreSQL: the
server unreachable or gone, disk full, read-only, a lock not granted in time) surfaces as
:class:`StorageUnavailable` (:class:`StorageFull`, :class:`StorageReadOnly`, :class:`StorageUnreachable`) after
the transaction was rolled back, so nothing is half-written; the next transaction tries again, so the bot
recovers by itself when the database does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from pathlib import Path
from typing import Any, ClassVar, LiteralString, Protocol, TypeVar

import aiosqlite

from bot.claims import UpdateClaim
from bot.errors import StorageError, UpdateAlreadyApplied
from storage import updates

log = logging.getLogger(__name__)

Params = Sequence[Any] | Mapping[str, Any]
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
"""What PostgreSQL's text cannot hold (NUL, common in PDF text with CID fonts; lone surrogates): removed from every
string on its way in, on both engines, so both store the same (a chat title with a NUL once made every update of
the chat fail on PostgreSQL, /help included)."""


def storable(params: Params) -> Params:
    """``params`` with NUL and lone surrogates removed from its strings (the same object when none holds one)."""
    values = params.values() if isinstance(params, Mapping) else params
    if not any(type(value) is str and _UNSTORABLE.search(value) for value in values):
        return params
    if isinstance(params, Mapping):
        return {name: _storable(value) for name, value in params.items()}
    return tuple(_storable(value) for value in params)


def _storable(value: Any) -> Any:
    return _UNSTORABLE.sub("", value) if type(value) is str else value
"""Positional values for the ``?`` of a statement (named ones run on SQLite only)."""

DEFAULT_BUSY_TIMEOUT_MS = 5000

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")

T = TypeVar("T")


class Row(Protocol):
    """A result row: by column name (``row["name"]``) or position (``row[0]``) on both engines."""

    def __getitem__(self, key: Any, /) -> Any: ...


class StorageUnavailable(StorageError):
    """The database refused the change (disk full, read-only, locked, unreachable); it was rolled back."""

    key = "storage.unavailable"


class StorageFull(StorageUnavailable):
    """The disk (or the database's size limit) is full; the change was rolled back."""

    key = "storage.full"


class StorageReadOnly(StorageUnavailable):
    """The database cannot be written (permissions, a read-only mount, a standby server); rolled back."""

    key = "storage.read_only"


class StorageUnreachable(StorageUnavailable):
    """The database server cannot be reached or refused the connection.

    ``database``: where, without a password; ``reason``: what the driver said."""

    key = "storage.unreachable"


class StorageConflict(StorageUnavailable):
    """PostgreSQL aborted the transaction to resolve a conflict with another one (a deadlock, a serialization failure).

    It was rolled back and may simply be run again (:meth:`Storage.retrying`)."""


class SchemaMismatch(StorageError):
    """The database's schema is not the one this bot was built for (``database``, ``found``, ``needed``)."""


class SchemaBehind(SchemaMismatch):
    """Migrations are pending: ``python -m bot migrate`` applies them."""

    key = "storage.schema_behind"


class SchemaAhead(SchemaMismatch):
    """The database was migrated by a newer version of the bot than this one."""

    key = "storage.schema_ahead"


def is_postgresql_url(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and target.startswith(POSTGRESQL_SCHEMES)


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

    __slots__ = ("_reads", "claim")

    _reads: dict[Hashable, Any]

    engine: ClassVar[str] = ""
    """The engine's dialect, ``"sqlite"`` or ``"postgresql"`` (``Storage.engine``), for the rare statement that is
    written twice (``storage.announcements.claim_due``: ``FOR UPDATE SKIP LOCKED`` on PostgreSQL only)."""

    claim: UpdateClaim | None
    """The claim of the update this transaction applies (``storage.updates``), if any: the history names it."""

    @property
    def wrote(self) -> bool:
        """Whether a statement of this transaction changed a row so far (what it reads may not be committed)."""
        raise NotImplementedError

    def remembered(self, key: Hashable) -> Any:
        """What :meth:`remember` kept under ``key`` in this transaction (``None``: nothing, or it has written since).

        For a row two steps of one unit of work read (the caller's roles, then the change: the chat's open
        tournament): the second read costs no round trip. Sound while the transaction has written nothing: a
        writer holds the database's (SQLite) or the chat's (PostgreSQL) lock, so no other writer changes that
        chat's rows meanwhile."""
        reads: dict[Hashable, Any] | None = getattr(self, "_reads", None)
        return None if reads is None or self.wrote else reads.get(key)

    def remember(self, key: Hashable, value: Any) -> None:
        if not self.wrote:
            reads: dict[Hashable, Any] | None = getattr(self, "_reads", None)
            if reads is None:
                reads = {}
                self._reads = reads
            reads[key] = value

    async def execute(self, sql: LiteralString, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""
        raise NotImplementedError

    async def execute_many(self, sql: LiteralString, rows: Iterable[Params]) -> None:
        """Run one statement for each parameter row (a draw writes thousands of match rows at once)."""
        raise NotImplementedError

    async def insert(self, sql: LiteralString, params: Params = ()) -> int:
        """Run one ``INSERT … RETURNING <id column>``; the new row's id."""
        raise NotImplementedError

    async def fetch_one(self, sql: LiteralString, params: Params = ()) -> Row | None:
        """The first row, or ``None``; meant for queries of one row (all rows are fetched)."""
        raise NotImplementedError

    async def fetch_all(self, sql: LiteralString, params: Params = ()) -> Sequence[Row]:
        raise NotImplementedError

    async def fetch_value(self, sql: LiteralString, params: Params = ()) -> Any:
        """The first column of the first row, or ``None`` when there is no row."""
        row = await self.fetch_one(sql, params)
        return None if row is None else row[0]

    # Statements on tables named at run time (``storage.copy`` moves every table): the names come from the
    # database's own schema, are checked by ``quote_identifier`` and quoted.

    async def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert ``rows`` (values in ``columns`` order) into ``table`` as fast as the engine can."""
        raise NotImplementedError

    async def column_names(self, table: str) -> list[str]:
        """The columns of ``table`` in their order."""
        raise NotImplementedError

    async def count_rows(self, table: str) -> int:
        return int(await self.fetch_value(f"SELECT count(*) FROM {quote_identifier(table)}"))

    async def highest(self, table: str, column: str) -> int:
        """The highest value of an integer column (0 for an empty table)."""
        value = await self.fetch_value(
            f"SELECT coalesce(max({quote_identifier(column)}), 0) FROM {quote_identifier(table)}")
        return int(value)


_IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*")


def quote_identifier(name: str) -> str:
    """``name`` quoted as an SQL identifier (the same on both engines); only plain lower-case names are accepted."""
    if not _IDENTIFIER.fullmatch(name):
        raise ValueError(f"not a table or column name of this bot: {name!r}")
    return f'"{name}"'


def _require_returning(sql: str) -> None:
    # Both engines return the new id the same way: SQLite's lastrowid has no PostgreSQL twin.
    if "RETURNING" not in sql:
        raise ValueError("Tx.insert needs INSERT … RETURNING <id column> (the same on SQLite and PostgreSQL)")


CHECKPOINT_EVERY = 250
"""Commits that wrote between two checkpoints of the WAL (a small change writes a few pages: SQLite's own default
checkpoints every 1,000)."""
FEW_ROWS = 16
"""At most this many rows of one ``execute_many`` are written on the loop's thread (a result writes one or two)."""


class SqliteTx(Tx):
    """A transaction on the SQLite file.

    Its single statements run on the event loop's thread (``_raw``), not on aiosqlite's worker thread: the transaction
    holds what it waits for already (a writer's lock was taken by its ``BEGIN IMMEDIATE``; a WAL reader waits for
    nobody), so a statement takes microseconds, while handing it to the thread and back cost ~0.1 ms of CPU and a GIL
    switch each (measured: the largest cost of our own per update, ``docs/performance.md``). Many rows at once (a
    draw's thousands: :meth:`execute_many` of more than ``FEW_ROWS``, :meth:`copy_rows`) still go to the thread,
    leaving the loop free meanwhile."""

    __slots__ = ("_changes_before", "_connection", "_raw", "_storage")

    engine = "sqlite"

    def __init__(self, storage: SqliteStorage, connection: aiosqlite.Connection,
                 claim: UpdateClaim | None = None) -> None:
        self._storage = storage
        self._connection = connection
        self._raw = _raw(connection)
        self._changes_before = self._raw.total_changes
        self.claim = claim

    @property
    def wrote(self) -> bool:
        return self._raw.total_changes != self._changes_before

    async def execute(self, sql: LiteralString, params: Params = ()) -> int:
        self._storage.round_trips += 1
        return self._raw.execute(sql, storable(params)).rowcount

    async def execute_many(self, sql: LiteralString, rows: Iterable[Params]) -> None:
        self._storage.round_trips += 1
        stored = [storable(row) for row in rows]
        if len(stored) <= FEW_ROWS:  # a result's match or two: microseconds, cheaper than the hand-off
            self._raw.executemany(sql, stored)
        else:
            await self._connection.executemany(sql, stored)

    async def insert(self, sql: LiteralString, params: Params = ()) -> int:
        _require_returning(sql)
        self._storage.round_trips += 1
        for row in self._raw.execute(sql, storable(params)).fetchall():
            return int(row[0])
        raise RuntimeError("the statement inserted no row")

    async def fetch_one(self, sql: LiteralString, params: Params = ()) -> sqlite3.Row | None:
        self._storage.round_trips += 1
        rows: list[sqlite3.Row] = self._raw.execute(sql, storable(params)).fetchall()
        return rows[0] if rows else None

    async def fetch_all(self, sql: LiteralString, params: Params = ()) -> list[sqlite3.Row]:
        self._storage.round_trips += 1
        rows: list[sqlite3.Row] = self._raw.execute(sql, storable(params)).fetchall()
        return rows

    async def column_names(self, table: str) -> list[str]:
        rows = await self.fetch_all("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))
        return [str(row[0]) for row in rows]

    async def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        names = ", ".join(quote_identifier(column) for column in columns)
        marks = ", ".join("?" for _ in columns)
        self._storage.round_trips += 1
        await self._connection.executemany(f"INSERT INTO {quote_identifier(table)} ({names}) VALUES ({marks})",
                                           (storable(row) for row in rows))


class Storage:
    """The database of one bot: ``Storage(path)`` for an SQLite file, ``Storage("postgresql://…")`` for a server.

    ``await storage.open()`` connects (see :meth:`open` for migrations); ``await storage.close()`` disconnects.
    """

    engine: ClassVar[str] = ""
    """``"sqlite"`` or ``"postgresql"``: which form of each migration applies (``storage.migrations``)."""
    migrates_on_open: ClassVar[bool] = False
    """Whether :meth:`open` applies pending migrations by default (else it only checks the schema is current)."""

    def __new__(cls, target: str | os.PathLike[str], *, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> Storage:
        if cls is Storage:
            if is_postgresql_url(target):
                from storage.postgres import PostgresStorage

                cls = PostgresStorage
            else:
                cls = SqliteStorage
        return super().__new__(cls)

    busy_timeout_ms: int

    @property
    def is_open(self) -> bool:
        raise NotImplementedError

    def describe(self) -> str:
        """Where the database is, for logs and the operator's messages (never a password)."""
        raise NotImplementedError

    async def open(self, *, migrate: bool | None = None) -> None:
        """Connect, and apply or check the migrations as ``migrate`` says.

        Connect; then ``migrate=True`` applies pending migrations, ``False`` does nothing more, and ``None`` (the
        default) follows the engine: SQLite applies them (one embedded process: ``make run`` keeps working on an
        old file), PostgreSQL only checks that none is pending (several processes share the server: an operator
        applies them with ``python -m bot migrate``) and raises :class:`SchemaBehind`. A schema newer than this
        bot raises :class:`SchemaAhead` on both."""
        raise NotImplementedError

    async def _after_connect(self, migrate: bool | None) -> None:
        from storage.migrations import apply_migrations, check_schema

        try:
            if migrate if migrate is not None else self.migrates_on_open:
                await apply_migrations(self)
            elif migrate is None:
                await check_schema(self)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Storage:
        await self.open()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def transaction(
        self, *, claim: UpdateClaim | None = None, chats: Sequence[int] | None = None
    ) -> AbstractAsyncContextManager[Tx]:
        """A transaction: commit at the end of the block, roll back on any error.

        ``async with storage.transaction(claim=caller.claim) as tx:`` — commit at the end of the block, roll back
        on any error.

        Send replies only after the block has ended: then the change they announce is committed. ``claim``: the
        update this transaction applies (``storage.updates``). If the block changed a row, the claim's id is
        recorded in it: the change and "this update was applied" commit together.
        :class:`~bot.errors.UpdateAlreadyApplied` if the id was recorded meanwhile (the change is rolled back). A change
        under a claim already recorded (a second changing transaction of one update) is a bug:
        :class:`updates.SecondChangeError` in tests, a warning in production. Without a claim (start-up, jobs,
        the intake itself) nothing is recorded.

        ``chats``: the chats whose rows the block reads and changes (default: the claim's chat). On PostgreSQL it
        then waits only for writers of those chats, else for every writer (as SQLite always does).
        """
        raise NotImplementedError

    def read(self) -> AbstractAsyncContextManager[Tx]:
        """A consistent snapshot for queries; nothing written in it is kept."""
        raise NotImplementedError

    async def query_one(self, sql: LiteralString, params: Params = ()) -> Row | None:
        """The first row of ONE query, outside any transaction (a single statement reads one snapshot anyway):
        one trip where :meth:`read` takes three. For the reads every update makes."""
        raise NotImplementedError

    async def execute_one(self, sql: LiteralString, params: Params = ()) -> int:
        """ONE statement in its own (autocommit) transaction: one trip where :meth:`transaction` takes three.

        The number of rows it changed. No update claim is attached (see ``storage.updates``)."""
        raise NotImplementedError

    async def table_names(self) -> list[str]:
        """The bot's tables, in the order they were created (parents before the tables that refer to them)."""
        raise NotImplementedError

    async def retrying(self, work: Callable[[], Awaitable[T]], *, attempts: int = 3) -> T:
        """``await storage.retrying(lambda: unit_of_work())``: run work again after a conflict.

        Run ``work`` again (up to ``attempts`` times in all) when PostgreSQL aborted its transaction for a conflict
        (:class:`StorageConflict`). Only for work whose every effect is in the database and that reads its inputs there
        again: nothing sent, nothing cached before its commit."""
        for attempt in range(1, attempts + 1):
            try:
                return await work()
            except StorageConflict:
                if attempt == attempts:
                    raise
                await asyncio.sleep(0.01 * attempt)
        raise AssertionError("unreachable")


def _raw(connection: aiosqlite.Connection) -> sqlite3.Connection:
    """The sqlite3 connection inside aiosqlite's (opened with ``check_same_thread=False``).

    Statements that wait for nothing run on it directly (``SqliteTx``). Only ever used under ``SqliteStorage._lock``,
    like the worker thread, so the two never use it at once."""
    raw: sqlite3.Connection = connection._conn  # aiosqlite's own handle (pinned < 0.23)
    return raw


class SqliteStorage(Storage):
    """One SQLite database file in WAL mode with foreign keys on and a busy timeout.

    Transactions of one ``Storage`` run one at a time (they share a connection); across processes
    ``BEGIN IMMEDIATE`` and the busy timeout make concurrent writers wait for each other.

    Every statement runs on the event loop's thread where it waits for nothing, which in the one bot process is
    always: each hand-off to aiosqlite's worker thread cost CPU and, worse, wall time under the storage's lock
    (two thread switches, each waiting for a free core on a busy machine), and that lock is held by every update
    in turn. What may wait goes to the thread: a ``BEGIN IMMEDIATE`` or a write outside a transaction that finds
    another process writing (tried first with the busy timeout off, :meth:`_without_waiting`), many rows at once,
    and the checkpoint that copies the WAL into the file and syncs it (SQLite's own, at a commit, is off:
    :meth:`_committed`).
    """

    engine = "sqlite"
    migrates_on_open = True

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> None:
        self.path = Path(path)
        self.busy_timeout_ms = busy_timeout_ms
        self._connection: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self._commits_unchecked = 0
        self.round_trips = 0
        """Statements run so far, BEGIN and COMMIT included, on the loop's thread or aiosqlite's worker alike (the round
        trips per update that ``tests/handlers/test_round_trips.py`` pins and the benchmarks report, as
        ``PostgresStorage.round_trips`` counts the server's)."""

    @property
    def is_open(self) -> bool:
        return self._connection is not None

    def describe(self) -> str:
        return str(self.path)

    async def open(self, *, migrate: bool | None = None) -> None:
        """Connect (creating the file and its folder if needed); by default apply pending migrations."""
        if self._connection is not None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = await aiosqlite.connect(self.path, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as error:
            raise refusal(error) from error
        connection.row_factory = sqlite3.Row
        try:
            # Each PRAGMA's answer read to its end: a statement left with a row unread counts as still running (a
            # COMMIT then fails with "SQL statements in progress" for as long as its cursor lives).
            for pragma in (f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}", "PRAGMA foreign_keys = ON",
                           "PRAGMA journal_mode = WAL",
                           # WAL + NORMAL: a killed process loses nothing committed; a power cut, the last commits.
                           "PRAGMA synchronous = NORMAL",
                           # Commits run on the loop's thread and never checkpoint there (_committed does it).
                           "PRAGMA wal_autocheckpoint = 0"):
                await (await connection.execute(pragma)).fetchall()
        except sqlite3.Error as error:
            await connection.close()
            raise refusal(error) from error
        self._connection = connection
        await self._after_connect(migrate)

    async def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            await connection.close()

    def _require_connection(self) -> aiosqlite.Connection:
        if self._connection is None:
            raise RuntimeError("Storage.open() has not been awaited")
        return self._connection

    @asynccontextmanager
    async def transaction(
        self, *, claim: UpdateClaim | None = None, chats: Sequence[int] | None = None
    ) -> AsyncIterator[Tx]:
        # ``chats`` changes nothing here: BEGIN IMMEDIATE makes every writer wait for the one writing.
        async with self._lock, self._begin("BEGIN IMMEDIATE", claim=claim) as tx:
            yield tx

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        async with self._lock, self._begin("BEGIN DEFERRED", keep=False) as tx:
            yield tx

    @asynccontextmanager
    async def _begin(
        self, begin: LiteralString, *, keep: bool = True, claim: UpdateClaim | None = None
    ) -> AsyncIterator[Tx]:
        connection = self._require_connection()
        self.round_trips += 1
        try:
            # A WAL reader waits for nobody; a writer only for another process's writer: then on the worker thread.
            if not keep:
                _raw(connection).execute(begin)
            elif self._without_waiting(connection, begin) is None:
                await connection.execute(begin)
        except sqlite3.OperationalError as error:
            raise refusal(error) from error
        recording = False
        try:
            tx = SqliteTx(self, connection, claim)
            yield tx
            recording = await record_claim(tx, claim)
        except BaseException as failure:
            await _rollback_quietly(connection)
            if isinstance(failure, sqlite3.OperationalError):
                raise refusal(failure) from failure
            raise
        self.round_trips += 1
        wrote = keep and tx.wrote
        try:  # a commit without the WAL's checkpoint (``_committed`` makes those) appends to the WAL, syncs nothing
            _raw(connection).execute("COMMIT" if keep else "ROLLBACK")
        except sqlite3.OperationalError as error:
            await _rollback_quietly(connection)
            raise refusal(error) from error
        if recording and claim is not None:
            claim.mark_recorded()
        if wrote:
            await self._committed(connection)

    async def query_one(self, sql: LiteralString, params: Params = ()) -> sqlite3.Row | None:
        async with self._lock:
            self.round_trips += 1
            try:  # a single read: a WAL reader waits for nobody, so on the loop's thread (see SqliteTx)
                rows: list[sqlite3.Row] = _raw(self._require_connection()).execute(sql, storable(params)).fetchall()
            except sqlite3.OperationalError as error:
                raise refusal(error) from error
        return rows[0] if rows else None

    async def execute_one(self, sql: LiteralString, params: Params = ()) -> int:
        async with self._lock:
            self.round_trips += 1
            connection = self._require_connection()
            values = storable(params)
            try:  # a write waits only for another process's writer: then on the worker thread
                cursor = self._without_waiting(connection, sql, values)
                if cursor is not None:
                    cursor.fetchall()  # nothing to read (no RETURNING here); finished, so no statement stays open
                    changed = cursor.rowcount
                else:
                    changed = (await connection.execute(sql, values)).rowcount
            except sqlite3.OperationalError as error:
                raise refusal(error) from error
            if changed > 0:
                await self._committed(connection)
        return changed

    def _without_waiting(self, connection: aiosqlite.Connection, sql: LiteralString,
                         params: Params = ()) -> sqlite3.Cursor | None:
        """Run ``sql`` on the loop's thread if it need not wait for another process's lock; else ``None``.

        The caller then sends it to the worker thread, where the busy timeout may run its course."""
        raw = _raw(connection)
        raw.execute("PRAGMA busy_timeout = 0").fetchall()
        try:
            return raw.execute(sql, params)
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY:
                return None
            raise
        finally:
            raw.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}").fetchall()

    async def _committed(self, connection: aiosqlite.Connection) -> None:
        """Count a commit that wrote; every ``CHECKPOINT_EVERY`` of them, checkpoint the WAL on the worker thread.

        The checkpoint copies the WAL into the database file and syncs it (the one step of a commit that waits for
        the disk); the storage's lock is held meanwhile."""
        self._commits_unchecked += 1
        if self._commits_unchecked >= CHECKPOINT_EVERY:
            self._commits_unchecked = 0
            with contextlib.suppress(sqlite3.OperationalError):  # busy readers: the next one copies the rest
                await (await connection.execute("PRAGMA wal_checkpoint(PASSIVE)")).fetchall()

    async def table_names(self) -> list[str]:
        async with self.read() as tx:
            rows = await tx.fetch_all(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
        return [str(row[0]) for row in rows]

    async def pragma(self, pragma: LiteralString) -> Any:
        """Run one PRAGMA outside any transaction (``journal_mode``, ``query_only = ON`` ...); its first value."""
        async with self._lock:
            cursor = await self._require_connection().execute(f"PRAGMA {pragma}")
            row = await cursor.fetchone()
            await cursor.close()
            return None if row is None else row[0]


async def record_claim(tx: Tx, claim: UpdateClaim | None) -> bool:
    """At the end of a transaction's block.

    Record the claim's update if the block changed a row; whether it was recorded now (the claim is marked once the
    commit succeeded)."""
    if claim is None or not tx.wrote:
        return False
    if claim.recorded:
        _second_change(claim)
        return False
    if not await updates.claim_update(tx, claim.update_id, claim.chat_id, claim.at):
        raise UpdateAlreadyApplied(claim.update_id)
    return True


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
            _raw(connection).execute("ROLLBACK")
