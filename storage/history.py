"""The append-only history: every state change, who made it and when (triggers forbid edits and deletes)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from storage.database import Row, Tx

UPDATE_KEY = "update_id"


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    event_id: int
    chat_id: int | None
    tournament_id: int | None
    actor: str
    kind: str
    at: datetime
    details: Mapping[str, Any] = field(default_factory=dict)
    update_id: int | None = None
    """The Telegram update whose handling wrote the event (kept in the stored details, shown apart here)."""


def _entry(row: Row) -> HistoryEntry:
    details = json.loads(row["details"])
    return HistoryEntry(
        event_id=row["event_id"],
        chat_id=row["chat_id"],
        tournament_id=row["tournament_id"],
        actor=row["actor"],
        kind=row["kind"],
        at=datetime.fromisoformat(row["at"]),
        details=details,
        update_id=details.pop(UPDATE_KEY, None),
    )


async def append(
    tx: Tx,
    *,
    chat_id: int | None,
    actor: str,
    kind: str,
    at: datetime,
    details: Mapping[str, Any] | None = None,
    tournament_id: int | None = None,
) -> int:
    """Add one event; its id.

    ``details`` must be JSON-serializable. An event written in a transaction that applies an update (``tx.claim``,
    ``storage.updates``) also names it (stored in the details, read back as :attr:`HistoryEntry.update_id`): which
    message caused what, and a check that no update was applied twice (``tests.support.chaos``)."""
    recorded = dict(details or {})
    if tx.claim is not None:
        recorded.setdefault(UPDATE_KEY, tx.claim.update_id)
    return await tx.insert(
        "INSERT INTO history (chat_id, tournament_id, actor, kind, details, at) VALUES (?, ?, ?, ?, ?, ?)"
        " RETURNING event_id",
        (chat_id, tournament_id, actor, kind, json.dumps(recorded, ensure_ascii=False), at.isoformat()),
    )


async def for_chat(tx: Tx, chat_id: int) -> list[HistoryEntry]:
    rows = await tx.fetch_all("SELECT * FROM history WHERE chat_id = ? ORDER BY event_id", (chat_id,))
    return [_entry(row) for row in rows]


async def for_tournament(tx: Tx, tournament_id: int) -> list[HistoryEntry]:
    rows = await tx.fetch_all("SELECT * FROM history WHERE tournament_id = ? ORDER BY event_id", (tournament_id,))
    return [_entry(row) for row in rows]
