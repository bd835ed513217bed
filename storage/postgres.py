"""PostgreSQL (15 or newer) through asyncpg: the engine for any number of processes sharing one database.

``Storage("postgresql://user@host:port/dbname")`` gives a :class:`PostgresStorage`: a pool of connections (at most
:data:`POOL_SIZE`), the same API as the SQLite engine (``storage.database``) and the same SQL, with the ``?`` of a
statement numbered ``$1, $2 …`` once per statement text (:func:`numbered`). Every transaction takes advisory
locks first: the database's, shared or exclusive, and one per chat it names. Why asyncpg, and why locks rather
than SERIALIZABLE: docs/design.md, "PostgreSQL: one writer per chat".
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from functools import lru_cache
from typing import Any, LiteralString
from urllib.parse import urlsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.claims import UpdateClaim
from bot.redaction import redacted_url, without_credentials
from storage.database import (
    DEFAULT_BUSY_TIMEOUT_MS,
    Params,
    Row,
    Storage,
    StorageConflict,
    StorageFull,
    StorageReadOnly,
    StorageUnavailable,
    StorageUnreachable,
    Tx,
    _require_returning,
    quote_identifier,
    record_claim,
    storable,
)

log = logging.getLogger(__name__)

POOL_SIZE = 10
"""Connections one process keeps at most (each transaction holds one while it runs)."""
CONNECT_TIMEOUT_S = 10.0
MINIMUM_SERVER_VERSION = 15
LOCK_SPACE = 0x6764
"""First key of this bot's two-key advisory locks (``pg_advisory_xact_lock(int, int)``); chat locks use the
one-key (bigint) form, a separate key space, with the chat id itself as the key."""
CONFLICT_RETRIES = 3

Connection = asyncpg.Connection | PoolConnectionProxy


def redacted(url: str) -> str:
    """``url`` without any credential (for logs and messages)."""
    return redacted_url(url)


@lru_cache(maxsize=4096)
def numbered(sql: str) -> str:
    """``sql`` with each ``?`` outside quotes and comments numbered ``$1, $2 …`` (asyncpg's parameter style)."""
    if "?" not in sql:
        return sql
    parts: list[str] = []
    number = 0
    quote = ""
    index, end = 0, len(sql)
    while index < end:
        char = sql[index]
        if quote:
            if char == quote:  # a doubled quote closes and reopens: still inside
                quote = ""
        elif char in "'\"":
            quote = char
        elif char == "-" and sql.startswith("--", index):
            stop = sql.find("\n", index)
            stop = end if stop < 0 else stop
            parts.append(sql[index:stop])
            index = stop
            continue
        elif char == "?":
            number += 1
            parts.append(f"${number}")
            index += 1
            continue
        parts.append(char)
        index += 1
    return "".join(parts)


@lru_cache(maxsize=4096)
def _writes(sql: str) -> bool:
    return sql.lstrip()[:6].upper() in ("INSERT", "UPDATE", "DELETE")


def _values(params: Params) -> Sequence[Any]:
    if isinstance(params, Mapping):
        raise TypeError("named parameters run on SQLite only: write ? and pass the values in order")
    return storable(params)  # type: ignore[return-value]


def changed_rows(status: str) -> int:
    """The rows an INSERT, UPDATE or DELETE changed, from its command status (``"UPDATE 2"``); -1 for others."""
    command, _, rest = status.partition(" ")
    if command in ("INSERT", "UPDATE", "DELETE", "MERGE"):
        return int(rest.rpartition(" ")[2])
    return -1


# SQLSTATE classes of a database refusing work rather than the statement being wrong for the data: connection
# exceptions, insufficient resources, program limits, objects in use or locked, operator intervention, system and
# internal errors, transaction rollbacks, and (as SQLite's OperationalError) unknown tables and bad SQL.
_REFUSING_CLASSES = frozenset({"08", "25", "40", "42", "53", "54", "55", "57", "58", "XX"})
_CANNOT_CONNECT_CLASSES = frozenset({"08", "28", "3D"})
_CANNOT_CONNECT_STATES = frozenset({"57P01", "57P02", "57P03", "53300"})
_FULL_STATES = frozenset({"53100"})
_READ_ONLY_STATES = frozenset({"25006", "42501"})
_CONFLICT_STATES = frozenset({"40001", "40P01"})


def classify(error: BaseException) -> type[StorageUnavailable] | None:
    """Which refusal ``error`` is, or ``None`` when the database did not refuse work.

    Not a refusal: a constraint violated, bad data — raised as it is, like SQLite's ``IntegrityError``."""
    if isinstance(error, asyncpg.PostgresError):
        state = str(getattr(error, "sqlstate", "") or "")
        if state in _FULL_STATES:
            return StorageFull
        if state in _READ_ONLY_STATES:
            return StorageReadOnly
        if state in _CONFLICT_STATES:
            return StorageConflict
        if state[:2] in _CANNOT_CONNECT_CLASSES or state in _CANNOT_CONNECT_STATES:
            return StorageUnreachable
        return StorageUnavailable if state[:2] in _REFUSING_CLASSES else None
    if isinstance(error, OSError | asyncpg.InterfaceError | TimeoutError | EOFError):
        return StorageUnreachable
    return None


class PostgresTx(Tx):
    __slots__ = ("_connection", "_storage", "_wrote")

    engine = "postgresql"

    def __init__(self, storage: PostgresStorage, connection: Connection, claim: UpdateClaim | None = None) -> None:
        self._storage = storage
        self._connection = connection
        self._wrote = False
        self.claim = claim

    @property
    def wrote(self) -> bool:
        return self._wrote

    async def execute(self, sql: LiteralString, params: Params = ()) -> int:
        self._storage.round_trips += 1
        if params:
            status = await self._connection.execute(numbered(sql), *_values(params))
        else:
            status = await self._connection.execute(sql)
        changed = changed_rows(status)
        if changed > 0:
            self._wrote = True
        return changed

    async def execute_many(self, sql: LiteralString, rows: Iterable[Params]) -> None:
        values = [_values(row) for row in rows]
        if values:
            self._storage.round_trips += 1
            await self._connection.executemany(numbered(sql), values)
            self._wrote = True

    async def insert(self, sql: LiteralString, params: Params = ()) -> int:
        self._storage.round_trips += 1
        _require_returning(sql)
        value = await self._connection.fetchval(numbered(sql), *_values(params))
        if value is None:
            raise RuntimeError("the statement inserted no row")
        self._wrote = True
        return int(value)

    async def fetch_one(self, sql: LiteralString, params: Params = ()) -> Row | None:
        self._storage.round_trips += 1
        row: Row | None = await self._connection.fetchrow(numbered(sql), *_values(params))
        if row is not None and _writes(sql):
            self._wrote = True
        return row

    async def fetch_all(self, sql: LiteralString, params: Params = ()) -> Sequence[Row]:
        self._storage.round_trips += 1
        rows: Sequence[Row] = await self._connection.fetch(numbered(sql), *_values(params))
        if rows and _writes(sql):
            self._wrote = True
        return rows

    async def column_names(self, table: str) -> list[str]:
        rows = await self.fetch_all(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = ? ORDER BY ordinal_position", (table,))
        return [str(row[0]) for row in rows]

    async def continue_identities(self, floors: Mapping[str, int]) -> dict[str, int]:
        """After rows were copied in with their ids (``storage.copy``).

        Make every identity column go on after the highest id, or after ``floors[table]`` (SQLite's AUTOINCREMENT
        high-water mark) when that is higher. The last id given of each table that has one."""
        last_ids: dict[str, int] = {}
        columns = await self.fetch_all(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name")
        for row in columns:
            table, column = str(row[0]), str(row[1])
            last = max(await self.highest(table, column), floors.get(table, 0))
            if last > 0:
                await self.fetch_value("SELECT setval(pg_get_serial_sequence(?, ?), ?)",
                                       (quote_identifier(table), column, last))
                last_ids[table] = last
        return last_ids

    async def copy_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            self._storage.round_trips += 1
            await self._connection.copy_records_to_table(table, records=[_values(row) for row in rows],
                                                         columns=list(columns))
            self._wrote = True


async def _release_as_is(connection: asyncpg.Connection) -> None:
    """The pool's reset.

    Nothing (asyncpg's default costs a round trip per transaction for session state — LISTEN, cursors, settings, session
    locks — this bot never leaves behind; an open transaction is rolled back anyway)."""


class PostgresStorage(Storage):
    """A PostgreSQL database: a pool of connections, advisory locks for one writer per chat (see the module)."""

    engine = "postgresql"
    migrates_on_open = False

    def __init__(self, url: str, *, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS) -> None:
        self.url = str(url)
        self.busy_timeout_ms = busy_timeout_ms
        self._pool: asyncpg.Pool | None = None
        self.round_trips = 0
        """Statements sent to the server so far (the benchmarks' round trips per update)."""

    @property
    def is_open(self) -> bool:
        return self._pool is not None

    def describe(self) -> str:
        return redacted(self.url)

    async def open(self, *, migrate: bool | None = None) -> None:
        """Connect the pool; by default check that no migration is pending (``python -m bot migrate``)."""
        if self._pool is not None:
            return
        settings = {"lock_timeout": f"{int(self.busy_timeout_ms)}ms", "application_name": "guandan-bot"}
        query = {key for key, _ in _query_pairs(self.url)}
        try:
            pool = await asyncpg.create_pool(
                self.url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT_S, reset=_release_as_is,
                server_settings={key: value for key, value in settings.items() if key not in query},
            )
        except Exception as error:  # raised to whoever opens (the start-up or a command), who reports it
            raise self._refusal(error, StorageUnreachable, logged=False) from error
        self._pool = pool
        try:
            async with pool.acquire() as connection:
                version = connection.get_server_version()
        except Exception as error:
            await self.close()
            raise self._refusal(error, StorageUnreachable, logged=False) from error
        if version.major < MINIMUM_SERVER_VERSION:
            await self.close()
            reason = f"PostgreSQL {MINIMUM_SERVER_VERSION} or newer is needed, the server runs {version.major}"
            raise StorageUnreachable(database=self.describe(), reason=reason)
        await self._after_connect(migrate)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            try:
                await asyncio.wait_for(pool.close(), timeout=CONNECT_TIMEOUT_S)
            except (TimeoutError, Exception):
                pool.terminate()

    def _refusal(self, error: BaseException, default: type[StorageUnavailable] | None = None, *,
                 logged: bool = True) -> StorageUnavailable:
        """The refusal to raise for ``error``, logged for the operator unless the caller reports it itself."""
        kind = classify(error) or default or StorageUnavailable
        reason = without_credentials(str(error) or type(error).__name__, self.url)
        if logged:
            log.warning("the database %s refused work (%s): %s", self.describe(), kind.__name__, reason)
        if kind is StorageUnreachable:
            return StorageUnreachable(database=self.describe(), reason=reason)
        return kind()

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Connection]:
        if self._pool is None:
            raise RuntimeError("Storage.open() has not been awaited")
        try:
            connection = await self._pool.acquire()
        except Exception as error:
            raise self._refusal(error, StorageUnreachable) from error
        try:
            yield connection
        finally:
            try:
                await self._pool.release(connection)
            except Exception as error:  # the connection is dropped; the pool opens another when needed
                log.warning("a database connection could not be returned to the pool: %s", error)

    @asynccontextmanager
    async def transaction(
        self, *, claim: UpdateClaim | None = None, chats: Sequence[int] | None = None
    ) -> AsyncIterator[Tx]:
        if chats is None and claim is not None and claim.chat_id is not None:
            chats = (claim.chat_id,)
        async with self._connection() as connection:
            await self._start(connection, begin_statement(chats))
            recording = False
            try:
                tx = PostgresTx(self, connection, claim)
                yield tx
                recording = await record_claim(tx, claim)
                self.round_trips += 1
                await connection.execute("COMMIT")
            except BaseException as failure:
                await _rollback_quietly(connection)
                if classify(failure) is not None:
                    raise self._refusal(failure) from failure
                raise
        if recording and claim is not None:
            claim.mark_recorded()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[Tx]:
        async with self._connection() as connection:
            await self._start(connection, "BEGIN ISOLATION LEVEL REPEATABLE READ")
            try:
                yield PostgresTx(self, connection)
            except BaseException as failure:
                await _rollback_quietly(connection)
                if classify(failure) is not None:
                    raise self._refusal(failure) from failure
                raise
            self.round_trips += 1
            await _rollback_quietly(connection)

    async def _start(self, connection: Connection, begin: str) -> None:
        self.round_trips += 1
        try:
            await connection.execute(begin)
        except Exception as error:
            await _rollback_quietly(connection)
            raise self._refusal(error) from error

    async def query_one(self, sql: LiteralString, params: Params = ()) -> Row | None:
        for attempt in range(1, CONFLICT_RETRIES + 1):
            self.round_trips += 1
            async with self._connection() as connection:
                try:
                    row: Row | None = await connection.fetchrow(numbered(sql), *_values(params))
                    return row
                except Exception as error:
                    if classify(error) is None:
                        raise
                    refused = self._refusal(error)
            if not isinstance(refused, StorageConflict) or attempt == CONFLICT_RETRIES:
                raise refused
        raise AssertionError("unreachable")

    async def execute_one(self, sql: LiteralString, params: Params = ()) -> int:
        for attempt in range(1, CONFLICT_RETRIES + 1):
            self.round_trips += 1
            async with self._connection() as connection:
                try:
                    return changed_rows(await connection.execute(numbered(sql), *_values(params)))
                except Exception as error:
                    if classify(error) is None:
                        raise
                    refused = self._refusal(error)
            if not isinstance(refused, StorageConflict) or attempt == CONFLICT_RETRIES:
                raise refused
        raise AssertionError("unreachable")

    async def table_names(self) -> list[str]:
        async with self.read() as tx:
            rows = await tx.fetch_all(
                "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace"
                " AND relkind IN ('r', 'p') ORDER BY oid")
        return [str(row[0]) for row in rows]


def begin_statement(chats: Sequence[int] | None) -> str:
    """BEGIN and the advisory locks of a transaction that changes the rows of ``chats`` (``None``: of any chat)."""
    if chats is None:
        return f"BEGIN; SELECT pg_advisory_xact_lock({LOCK_SPACE}, 0)"
    locks = "".join(f"; SELECT pg_advisory_xact_lock({int(chat)})" for chat in sorted(set(chats)))
    return f"BEGIN; SELECT pg_advisory_xact_lock_shared({LOCK_SPACE}, 0){locks}"


def _query_pairs(url: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(urlsplit(url).query)


async def _rollback_quietly(connection: Connection) -> None:
    if not connection.is_closed() and connection.is_in_transaction():
        with suppress(Exception):
            await connection.execute("ROLLBACK")
