"""The tournaments table: one row per tournament, its status, mode, settings, draw and version.

The draw seed is made when the tournament opens and kept in ``seed`` while it is secret: only its ``commitment``
is public then. :class:`~bot.tournament.record.TournamentRecord` shows the seed only once the draw revealed it
(``drawn_at`` set); the draw reads the sealed seed with :func:`sealed_seed`. (No new column: the commitment's
publication time is the tournament's ``created_at``.)

``version`` grows with every change of the tournament or anything in it (:func:`touch`); services cache the loaded
tournament by (id, version), so a copy that is not the latest is never used.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from bot.tournament.entries import RegistrationMode
from bot.tournament.record import TournamentRecord, TournamentStatus
from bot.tournament.settings import TournamentSettings
from storage.database import Tx

_COLUMNS = (
    "tournament_id, chat_id, name, status, mode, creator, creator_user_id, settings, commitment, seed, version,"
    " created_at, drawn_at, finished_at"
)


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _record(row: sqlite3.Row) -> TournamentRecord:
    created = datetime.fromisoformat(row["created_at"])
    return TournamentRecord(
        tournament_id=row["tournament_id"],
        chat_id=row["chat_id"],
        name=row["name"],
        status=TournamentStatus(row["status"]),
        mode=RegistrationMode(row["mode"]),
        creator=row["creator"],
        creator_user_id=row["creator_user_id"],
        settings=TournamentSettings.from_json(json.loads(row["settings"])),
        commitment=row["commitment"],
        seed=row["seed"] if row["drawn_at"] is not None else None,  # secret until the draw reveals it
        version=row["version"],
        created_at=created,
        drawn_at=_time(row["drawn_at"]),
        finished_at=_time(row["finished_at"]),
    )


async def create_tournament(
    tx: Tx, *, chat_id: int, name: str, mode: RegistrationMode, creator: str, creator_user_id: int | None,
    settings: TournamentSettings, at: datetime, commitment: str | None = None, sealed_seed: str | None = None,
) -> int:
    """Insert a tournament in registration; its id. The unique index refuses a second open one in the chat.
    ``sealed_seed`` (hex) stays secret until the draw; ``commitment`` is its published SHA-256."""
    return await tx.insert(
        "INSERT INTO tournaments (chat_id, name, mode, creator, creator_user_id, settings, commitment, seed,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (chat_id, name, mode.value, creator, creator_user_id, json.dumps(settings.to_json()), commitment,
         sealed_seed, at.isoformat(), at.isoformat()),
    )


async def sealed_seed(tx: Tx, tournament_id: int) -> str | None:
    """The seed committed when the tournament opened, while the draw has not revealed it (hex); ``None`` for a
    tournament opened before seeds were committed at opening."""
    value = await tx.fetch_value(
        "SELECT seed FROM tournaments WHERE tournament_id = ? AND drawn_at IS NULL", (tournament_id,))
    return None if value is None else str(value)


async def get_tournament(tx: Tx, tournament_id: int) -> TournamentRecord | None:
    row = await tx.fetch_one(f"SELECT {_COLUMNS} FROM tournaments WHERE tournament_id = ?", (tournament_id,))
    return None if row is None else _record(row)


async def open_tournament(tx: Tx, chat_id: int) -> TournamentRecord | None:
    """The chat's tournament in registration or drawn, if any."""
    row = await tx.fetch_one(
        f"SELECT {_COLUMNS} FROM tournaments WHERE chat_id = ? AND status IN ('registration', 'drawn')", (chat_id,)
    )
    return None if row is None else _record(row)


async def latest_tournament(tx: Tx, chat_id: int) -> TournamentRecord | None:
    """The open tournament, else the chat's most recent finished one (for /standings, /bracket, /export after
    the final)."""
    found = await open_tournament(tx, chat_id)
    if found is not None:
        return found
    row = await tx.fetch_one(
        f"SELECT {_COLUMNS} FROM tournaments WHERE chat_id = ? AND status = 'finished'"
        " ORDER BY tournament_id DESC LIMIT 1",
        (chat_id,),
    )
    return None if row is None else _record(row)


async def open_tournament_ids(tx: Tx) -> list[tuple[int, int]]:
    """(tournament id, chat id) of every open tournament (a scheduler re-creating its jobs at start-up)."""
    rows = await tx.fetch_all(
        "SELECT tournament_id, chat_id FROM tournaments WHERE status IN ('registration', 'drawn')"
        " ORDER BY tournament_id"
    )
    return [(row[0], row[1]) for row in rows]


async def touch(tx: Tx, tournament_id: int, at: datetime) -> int:
    """Count one change; the new version."""
    await tx.execute(
        "UPDATE tournaments SET version = version + 1, updated_at = ? WHERE tournament_id = ?",
        (at.isoformat(), tournament_id),
    )
    return int(await tx.fetch_value("SELECT version FROM tournaments WHERE tournament_id = ?", (tournament_id,)))


async def set_mode(tx: Tx, tournament_id: int, mode: RegistrationMode) -> None:
    await tx.execute("UPDATE tournaments SET mode = ? WHERE tournament_id = ?", (mode.value, tournament_id))


async def set_settings(tx: Tx, tournament_id: int, settings: TournamentSettings) -> None:
    await tx.execute(
        "UPDATE tournaments SET settings = ? WHERE tournament_id = ?",
        (json.dumps(settings.to_json()), tournament_id),
    )


async def set_status(tx: Tx, tournament_id: int, status: TournamentStatus, at: datetime) -> None:
    finished = at.isoformat() if status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED) else None
    await tx.execute(
        "UPDATE tournaments SET status = ?, finished_at = coalesce(?, finished_at) WHERE tournament_id = ?",
        (status.value, finished, tournament_id),
    )


async def record_draw(
    tx: Tx, tournament_id: int, *, commitment: str, seed: str, draw_file: str, at: datetime
) -> None:
    await tx.execute(
        "UPDATE tournaments SET status = 'drawn', commitment = ?, seed = ?, draw_file = ?, drawn_at = ?"
        " WHERE tournament_id = ?",
        (commitment, seed, draw_file, at.isoformat(), tournament_id),
    )


async def draw_file(tx: Tx, tournament_id: int) -> str | None:
    value = await tx.fetch_value("SELECT draw_file FROM tournaments WHERE tournament_id = ?", (tournament_id,))
    return None if value is None else str(value)
