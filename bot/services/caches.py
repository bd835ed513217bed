"""What the services keep in memory, and why no worker answers from a stale copy.

Any number of workers may share one PostgreSQL database: a copy another worker's change has made stale is never
used. Which copies are checked against a version, which are kept for a while on purpose and which answer
nothing: docs/design.md, "What the services keep in memory".
"""

from __future__ import annotations

from storage import Storage


def shared_by_workers(storage: Storage) -> bool:
    """Whether other processes may change ``storage`` while this one runs (PostgreSQL).

    Copies kept in memory are then checked against their stored version before use."""
    return storage.engine == "postgresql"
