"""Persistence in one SQLite file through aiosqlite.

:class:`~storage.database.Storage` owns the connection, applies the ordered migrations in ``storage/migrations``
at start and hands out transactions (:meth:`~storage.database.Storage.transaction`). The other modules are small
async query functions that take a :class:`~storage.database.Tx` and return frozen dataclasses; SQL is always
parameterized.
"""

from storage.database import Storage, Tx

__all__ = ["Storage", "Tx"]
