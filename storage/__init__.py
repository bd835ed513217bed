"""Persistence: one SQLite file through aiosqlite (the embedded default), or a PostgreSQL database through asyncpg.

:class:`~storage.database.Storage` owns the connection (``Storage(path)`` or ``Storage("postgresql://…")`` picks
the engine: ``storage.database``, ``storage.postgres``), applies or checks the ordered migrations in
``storage/migrations`` at start and hands out transactions (:meth:`~storage.database.Storage.transaction`). The
other modules are small async query functions that take a :class:`~storage.database.Tx` and return frozen
dataclasses; their SQL is always parameterized and runs on both engines.
"""

from storage.database import Storage, Tx

__all__ = ["Storage", "Tx"]
