"""Versions of what workers keep in memory (``bot.services.caches``): one counter per scope (``chosen_names`` …).

A change to what a scope covers calls :func:`bump` in its own transaction, so the new version commits with the
change. The counter is one row: two workers bumping it at once wait for each other on its row lock, so versions
commit in the order they were counted and a worker that reads version ``n`` has seen every change up to ``n``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from storage.database import Tx

if TYPE_CHECKING:
    from storage.database import Storage


async def bump(tx: Tx, scope: str) -> int:
    """Count one change of ``scope``; its new version (1 for the first change)."""
    value = await tx.fetch_value(
        "INSERT INTO cache_versions (scope, version) VALUES (?, 1)"
        " ON CONFLICT (scope) DO UPDATE SET version = cache_versions.version + 1 RETURNING version", (scope,))
    return int(value)


async def version(tx: Tx, scope: str) -> int:
    """``scope``'s version as ``tx`` sees it (0 before its first change)."""
    value = await tx.fetch_value("SELECT version FROM cache_versions WHERE scope = ?", (scope,))
    return 0 if value is None else int(value)


async def current_version(storage: Storage, scope: str) -> int:
    """:func:`version` as one statement of its own (one indexed read: the check before a cached value is used)."""
    row = await storage.query_one("SELECT version FROM cache_versions WHERE scope = ?", (scope,))
    return 0 if row is None else int(row[0])
