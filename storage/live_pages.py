"""What a live page watches: one cheap row per tournament that changes whenever anything on its page may have."""

from __future__ import annotations

from storage.database import Tx

PageMark = tuple[int, bool, int, str]
"""(tournament version, pages open, rounds scheduled, latest schedule change): equal marks, equal pages."""


async def page_mark(tx: Tx, public_id: str) -> PageMark | None:
    """The mark of the tournament whose public id is ``public_id``, ``None`` when there is none. One statement:
    every open page asks it about once a second (shared by all pages of one tournament in a process)."""
    row = await tx.fetch_one(
        "SELECT t.version AS version, l.pages_open AS pages_open,"
        " (SELECT count(*) FROM round_schedules r WHERE r.tournament_id = t.tournament_id) AS scheduled,"
        " (SELECT max(r.set_at) FROM round_schedules r WHERE r.tournament_id = t.tournament_id) AS schedule_at"
        " FROM tournament_links l JOIN tournaments t ON t.tournament_id = l.tournament_id WHERE l.public_id = ?",
        (public_id,))
    if row is None:
        return None
    return int(row["version"]), bool(row["pages_open"]), int(row["scheduled"]), str(row["schedule_at"] or "")


async def updated_at(tx: Tx, tournament_id: int) -> str:
    """When the tournament last changed (ISO 8601, as stored)."""
    return str(await tx.fetch_value("SELECT updated_at FROM tournaments WHERE tournament_id = ?", (tournament_id,)))


async def open_tournaments_of(tx: Tx, person_key: str) -> list[int]:
    """The open tournaments (sign-up or drawn) in which ``person_key`` has an entry, oldest first."""
    rows = await tx.fetch_all(
        "SELECT DISTINCT t.tournament_id AS tournament_id FROM entry_members m"
        " JOIN tournaments t ON t.tournament_id = m.tournament_id"
        " WHERE m.person_key = ? AND t.status IN ('registration', 'drawn') ORDER BY t.tournament_id",
        (person_key,))
    return [int(row["tournament_id"]) for row in rows]
