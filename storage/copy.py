"""Moving a club's SQLite file into an empty PostgreSQL database (``python -m bot copy-db``).

Every row of every table, the history included, checked by counting.

The file is first brought to the current schema (as the bot does when it opens it) and the target database is
migrated (it must hold no rows: a second copy, or a copy over a database in use, is refused before anything is
written). Then ONE transaction on the target copies the tables in the order they were created (a table after the
tables it refers to), with their ids, counts the rows of each table on both sides, and commits only if every
count agrees; the identity columns then go on after the highest id copied (or after SQLite's AUTOINCREMENT mark,
if higher), so new rows never take an id an old one had. The history's append-only triggers let inserts through.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.errors import StorageError
from storage.database import Storage, quote_identifier
from storage.migrations import apply_migrations, latest_version
from storage.postgres import PostgresTx

SKIPPED = frozenset({"schema_migrations"})
"""Tables not copied: the target records its own migrations."""


class CopyRefused(StorageError):
    """copy-db refused to start; nothing was written."""


class SourceMissing(CopyRefused):
    key = "database.copy_no_source"


class TargetNotPostgresql(CopyRefused):
    key = "database.copy_not_postgresql"


class TargetNotEmpty(CopyRefused):
    key = "database.copy_not_empty"


class SchemasDiffer(CopyRefused):
    key = "database.copy_schemas_differ"


class CountsDiffer(StorageError):
    """After copying, a table holds another number of rows than in the file; the copy was rolled back."""

    key = "database.copy_counts_differ"


@dataclass(frozen=True, slots=True)
class CopiedTable:
    table: str
    rows: int
    """Counted in the file and, after the copy, in the target: the same number (else :class:`CountsDiffer`)."""


@dataclass(frozen=True, slots=True)
class CopyReport:
    source: str
    target: str
    version: int
    """The schema version of both."""
    tables: tuple[CopiedTable, ...]

    @property
    def rows(self) -> int:
        return sum(table.rows for table in self.tables)


async def copy_database(source_path: Path, target_url: str) -> CopyReport:
    """Copy the SQLite file at ``source_path`` into the PostgreSQL database at ``target_url`` (see the module)."""
    if not source_path.is_file():
        raise SourceMissing(path=str(source_path))
    source, target = Storage(source_path), Storage(target_url)
    if target.engine != "postgresql":
        raise TargetNotPostgresql(target=target_url)
    await source.open(migrate=True)
    try:
        await target.open(migrate=False)
        try:
            return await _copy(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: Storage, target: Storage) -> CopyReport:
    filled = []
    async with target.read() as tx:
        for table in await target.table_names():
            if table not in SKIPPED and await tx.count_rows(table):
                filled.append(table)
    if filled:
        raise TargetNotEmpty(target=target.describe(), tables=", ".join(filled))
    await apply_migrations(target)
    tables = [table for table in await source.table_names() if table not in SKIPPED]
    target_tables = [table for table in await target.table_names() if table not in SKIPPED]
    if sorted(tables) != sorted(target_tables):
        raise SchemasDiffer(table=", ".join(sorted(set(tables) ^ set(target_tables))))
    copied: list[CopiedTable] = []
    async with source.read() as reading, target.transaction() as writing:
        floors = {str(row[0]): int(row[1]) for row in await reading.fetch_all("SELECT name, seq FROM sqlite_sequence")}
        for table in tables:
            columns = await reading.column_names(table)
            if sorted(columns) != sorted(await writing.column_names(table)):
                raise SchemasDiffer(table=table)
            names = ", ".join(quote_identifier(column) for column in columns)
            rows = await reading.fetch_all(f"SELECT {names} FROM {quote_identifier(table)}")
            values = [tuple(row[index] for index in range(len(columns))) for row in rows]
            await writing.copy_rows(table, columns, values)
            in_source, in_target = await reading.count_rows(table), await writing.count_rows(table)
            if not in_source == in_target == len(rows):
                raise CountsDiffer(table=table, source=in_source, target=in_target)
            copied.append(CopiedTable(table, in_target))
        assert isinstance(writing, PostgresTx)
        await writing.continue_identities(floors)
    return CopyReport(source.describe(), target.describe(), latest_version(), tuple(copied))
