"""A tournament's public id (with the switch of its pages) and the result tokens of the pairs at its tables.

Both are made once and read many times; making them is idempotent under races between workers: each insert is
``ON CONFLICT DO NOTHING`` and the row that won is read back (``bot.services.table_links`` draws the random values).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from storage.database import Row, Tx
from storage.timestamps import from_text, utc_text


@dataclass(frozen=True, slots=True)
class StoredLink:
    """A tournament's public id and whether its pages are open (``/web off`` closes them)."""

    tournament_id: int
    public_id: str
    pages_open: bool
    created_at: datetime


@dataclass(frozen=True, slots=True)
class StoredToken:
    """The result token of the pair ``team_id`` sitting on ``side`` of ``table`` in ``round``."""

    token: str
    tournament_id: int
    round: int
    table: int
    side: str
    """``left`` or ``right``, as ``/tables`` lists the pairs."""
    team_id: int
    issued_at: datetime


def _link(row: Row) -> StoredLink:
    return StoredLink(int(row["tournament_id"]), row["public_id"], bool(row["pages_open"]),
                      from_text(row["created_at"]))


def _token(row: Row) -> StoredToken:
    return StoredToken(row["token"], int(row["tournament_id"]), int(row["round"]), int(row["table_number"]),
                       row["side"], int(row["team_id"]), from_text(row["issued_at"]))


async def link(tx: Tx, tournament_id: int) -> StoredLink | None:
    """The tournament's public id, ``None`` before one was made."""
    row = await tx.fetch_one("SELECT * FROM tournament_links WHERE tournament_id = ?", (tournament_id,))
    return None if row is None else _link(row)


async def link_by_public_id(tx: Tx, public_id: str) -> StoredLink | None:
    row = await tx.fetch_one("SELECT * FROM tournament_links WHERE public_id = ?", (public_id,))
    return None if row is None else _link(row)


async def add_link(tx: Tx, tournament_id: int, public_id: str, at: datetime) -> StoredLink:
    """Give the tournament ``public_id`` unless it has one already; the link it has afterwards."""
    await tx.execute(
        "INSERT INTO tournament_links (tournament_id, public_id, pages_open, created_at, updated_at)"
        " VALUES (?, ?, 1, ?, ?) ON CONFLICT (tournament_id) DO NOTHING",
        (tournament_id, public_id, utc_text(at), utc_text(at)),
    )
    stored = await link(tx, tournament_id)
    assert stored is not None  # inserted above, or there before
    return stored


async def set_pages_open(tx: Tx, tournament_id: int, pages_open: bool, at: datetime) -> bool:
    """Open or close the tournament's pages; whether it has a public id to do that to."""
    changed = await tx.execute(
        "UPDATE tournament_links SET pages_open = ?, updated_at = ? WHERE tournament_id = ?",
        (1 if pages_open else 0, utc_text(at), tournament_id),
    )
    return changed == 1


async def token(tx: Tx, value: str) -> StoredToken | None:
    row = await tx.fetch_one("SELECT * FROM table_tokens WHERE token = ?", (value,))
    return None if row is None else _token(row)


async def round_tokens(tx: Tx, tournament_id: int, round_number: int) -> list[StoredToken]:
    """Every token issued for ``round_number``, by table and side.

    A seat may hold several: one per pair that sat there."""
    rows = await tx.fetch_all(
        "SELECT * FROM table_tokens WHERE tournament_id = ? AND round = ? ORDER BY table_number, side, issued_at",
        (tournament_id, round_number))
    return [_token(row) for row in rows]


async def add_tokens(tx: Tx, tokens: list[StoredToken]) -> None:
    """Store new tokens; a seat that already has a token for the same pair keeps the old one."""
    await tx.execute_many(
        "INSERT INTO table_tokens (token, tournament_id, round, table_number, side, team_id, issued_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [(item.token, item.tournament_id, item.round, item.table, item.side, item.team_id, utc_text(item.issued_at))
         for item in tokens],
    )
