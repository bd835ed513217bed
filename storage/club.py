"""A group chat as a club (migration 0012).

The order tables became final, the club's records about its people, and its seasons; the claims of names the club knows
waiting for an organiser (migration 0014). ``results_final`` and ``club_people`` are only ever appended to."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from bot.season.identity import ClubRecord
from bot.tournament.record import TournamentRecord
from storage.database import Row, Tx
from storage.tournaments import get_tournament


@dataclass(frozen=True, slots=True)
class FinalRow:
    """A table that became final: ``stage_kind`` ``knockout`` (a bracket match) or ``points`` (a Swiss or group table).

    Stored in the ``board`` column (its name since migration 0012)."""

    sequence: int
    tournament_id: int
    stage_kind: str
    match_id: int


@dataclass(frozen=True, slots=True)
class SeasonRow:
    season_id: int
    chat_id: int
    name: str
    year: int | None
    started_at: datetime
    ended_at: datetime | None
    points_table: tuple[int, ...] | None
    best: int | None


async def record_final(tx: Tx, tournament_id: int, stage_kind: str, match_ids: Iterable[int], at: datetime) -> None:
    """Append that these tables of ``stage_kind`` became final now, in this order."""
    await tx.execute_many(
        "INSERT INTO results_final (tournament_id, board, match_id, at) VALUES (?, ?, ?, ?)",
        [(tournament_id, stage_kind, match_id, at.isoformat()) for match_id in match_ids])


async def final_order(tx: Tx, chat_id: int) -> list[FinalRow]:
    """Every table of the chat's tournaments that ever became final, in the order it did (oldest first)."""
    rows = await tx.fetch_all(
        "SELECT r.sequence, r.tournament_id, r.board, r.match_id FROM results_final r"
        " JOIN tournaments t ON t.tournament_id = r.tournament_id WHERE t.chat_id = ? ORDER BY r.sequence",
        (chat_id,))
    return [FinalRow(row["sequence"], row["tournament_id"], row["board"], row["match_id"]) for row in rows]


async def chat_tournaments(tx: Tx, chat_id: int) -> list[TournamentRecord]:
    """The chat's tournaments, oldest first (cancelled ones too)."""
    found = []
    for row in await tx.fetch_all("SELECT tournament_id FROM tournaments WHERE chat_id = ? ORDER BY tournament_id",
                                  (chat_id,)):
        record = await get_tournament(tx, int(row["tournament_id"]))
        if record is not None:
            found.append(record)
    return found


async def fingerprint(tx: Tx, chat_id: int) -> tuple[object, ...]:
    """What changes whenever anything the club's ladder and ratings are made from changes.

    Every tournament's version, the last club record and the seasons' last change."""
    versions = await tx.fetch_all(
        "SELECT tournament_id, version FROM tournaments WHERE chat_id = ? ORDER BY tournament_id", (chat_id,))
    people = await tx.fetch_value("SELECT MAX(row_id) FROM club_people WHERE chat_id = ?", (chat_id,))
    seasons = await tx.fetch_one(
        "SELECT COUNT(*) AS n, MAX(updated_at) AS latest FROM seasons WHERE chat_id = ?", (chat_id,))
    assert seasons is not None
    return (tuple((row["tournament_id"], row["version"]) for row in versions), people, seasons["n"],
            seasons["latest"])


async def add_record(tx: Tx, chat_id: int, record: ClubRecord, *, actor: str, at: datetime) -> int:
    return await tx.insert(
        "INSERT INTO club_people (chat_id, person_key, kind, value, actor, at) VALUES (?, ?, ?, ?, ?, ?)"
        " RETURNING row_id",
        (chat_id, record.person_key, record.kind, record.value, actor, at.isoformat()))


async def records(tx: Tx, chat_id: int) -> list[ClubRecord]:
    rows = await tx.fetch_all(
        "SELECT person_key, kind, value FROM club_people WHERE chat_id = ? ORDER BY row_id", (chat_id,))
    return [ClubRecord(row["person_key"], row["kind"], row["value"]) for row in rows]


_SEASON_COLUMNS = "season_id, chat_id, name, year, started_at, ended_at, points_table, best"


def _season(row: Row) -> SeasonRow:
    table = row["points_table"]
    return SeasonRow(
        row["season_id"], row["chat_id"], row["name"], row["year"], datetime.fromisoformat(row["started_at"]),
        None if row["ended_at"] is None else datetime.fromisoformat(row["ended_at"]),
        None if table is None else tuple(int(value) for value in json.loads(table)), row["best"])


async def seasons(tx: Tx, chat_id: int) -> list[SeasonRow]:
    """The chat's named seasons and calendar years with settings, oldest first."""
    rows = await tx.fetch_all(
        f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE chat_id = ? ORDER BY season_id", (chat_id,))
    return [_season(row) for row in rows]


async def start_season(tx: Tx, chat_id: int, name: str, *, year: int | None, at: datetime,
                       points_table: tuple[int, ...] | None = None, best: int | None = None) -> int:
    """A new season (a named one; or, with ``year``, the holder of that calendar year's settings)."""
    return await tx.insert(
        "INSERT INTO seasons (chat_id, name, year, started_at, points_table, best, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING season_id",
        (chat_id, name, year, at.isoformat(), None if points_table is None else json.dumps(list(points_table)),
         best, at.isoformat()))


async def end_season(tx: Tx, season_id: int, at: datetime) -> None:
    await tx.execute("UPDATE seasons SET ended_at = ?, updated_at = ? WHERE season_id = ?",
                     (at.isoformat(), at.isoformat(), season_id))


async def set_scoring(tx: Tx, season_id: int, points_table: tuple[int, ...] | None, best: int | None,
                      at: datetime) -> None:
    await tx.execute(
        "UPDATE seasons SET points_table = ?, best = ?, updated_at = ? WHERE season_id = ?",
        (None if points_table is None else json.dumps(list(points_table)), best, at.isoformat(), season_id))


async def known_people(tx: Tx, chat_id: int) -> dict[str, tuple[str | None, str | None]]:
    """Every person key entered in the chat's tournaments with the gender and unit of their latest entry that has one.

    ``key → (gender, unit)``."""
    rows = await tx.fetch_all(
        "SELECT m.person_key, m.gender, m.unit FROM entry_members m"
        " JOIN tournaments t ON t.tournament_id = m.tournament_id WHERE t.chat_id = ?"
        " ORDER BY m.tournament_id, m.entry_id", (chat_id,))
    found: dict[str, tuple[str | None, str | None]] = {}
    for row in rows:
        gender, unit = found.get(row["person_key"], (None, None))
        found[row["person_key"]] = (row["gender"] or gender, row["unit"] or unit)
    return found


async def set_club_notice(tx: Tx, chat_id: int, text: str, *, actor: str, at: datetime) -> None:
    """Append the club's standing notice (``""``: none from now on)."""
    await tx.execute("INSERT INTO club_notices (chat_id, text, actor, at) VALUES (?, ?, ?, ?)",
                     (chat_id, text, actor, at.isoformat()))


async def club_notice(tx: Tx, chat_id: int) -> str | None:
    """The club's standing notice, ``None`` when there is none."""
    text = await tx.fetch_value(
        "SELECT text FROM club_notices WHERE chat_id = ? ORDER BY notice_id DESC LIMIT 1", (chat_id,))
    return text or None


@dataclass(frozen=True, slots=True)
class ClubClaim:
    """An account's open claim to be ``person_key`` (``name`` as the club showed it then)."""

    claim_id: int
    person_key: str
    name: str
    user_id: int
    display_name: str


async def add_claim(tx: Tx, chat_id: int, *, person_key: str, name: str, user_id: int, display_name: str,
                    at: datetime) -> int:
    return await tx.insert(
        "INSERT INTO club_claims (chat_id, person_key, name, user_id, display_name, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?) RETURNING claim_id",
        (chat_id, person_key, name, user_id, display_name, at.isoformat()))


async def open_claims(tx: Tx, chat_id: int) -> list[ClubClaim]:
    """The chat's open claims, oldest first."""
    rows = await tx.fetch_all(
        "SELECT claim_id, person_key, name, user_id, display_name FROM club_claims"
        " WHERE chat_id = ? AND status = 'open' ORDER BY claim_id", (chat_id,))
    return [ClubClaim(row["claim_id"], row["person_key"], row["name"], row["user_id"], row["display_name"])
            for row in rows]


async def resolve_claim(tx: Tx, claim_id: int, status: str, at: datetime) -> None:
    """Close an open claim: ``accepted`` (linked) or ``cancelled`` (a newer claim on the same name)."""
    await tx.execute("UPDATE club_claims SET status = ?, resolved_at = ? WHERE claim_id = ? AND status = 'open'",
                     (status, at.isoformat(), claim_id))
