"""The tournaments table: one row per tournament, its status, mode, settings, draw and version.

The draw seed is made when the tournament opens and kept secret in ``sealed_seed`` (only its ``commitment`` is
public then); ``/undraw`` seals a fresh one in the same place (:func:`seal_seed`, its time in ``resealed_at``); the
draw reads it with :func:`sealed_seed`, reveals it in ``seed`` and clears ``sealed_seed`` (:func:`record_draw`).
So :class:`~bot.tournament.record.TournamentRecord` never carries a secret seed.

``version`` grows with every change of the tournament or anything in it (:func:`touch`); services cache the loaded
tournament by (id, version), so a copy that is not the latest is never used.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

from bot.tournament.entries import RegistrationMode
from bot.tournament.record import TournamentRecord, TournamentStatus
from bot.tournament.settings import TournamentSettings
from storage.database import Row, Tx

_COLUMNS = (
    "tournament_id, chat_id, name, status, mode, creator, creator_user_id, settings, commitment, seed, version,"
    " created_at, drawn_at, finished_at"
)


def _time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


@lru_cache(maxsize=1024)
def _settings(text: str) -> TournamentSettings:
    """The settings stored as ``text``, parsed once per text.

    Every change reads its tournament's row, and the parse (JSON, then every field checked) showed in the profile of
    every change. ``TournamentSettings`` is frozen and holds only immutable values, so one parsed copy serves every
    reader."""
    return TournamentSettings.from_json(json.loads(text))


def _record(row: Row) -> TournamentRecord:
    created = datetime.fromisoformat(row["created_at"])
    return TournamentRecord(
        tournament_id=row["tournament_id"],
        chat_id=row["chat_id"],
        name=row["name"],
        status=TournamentStatus(row["status"]),
        mode=RegistrationMode(row["mode"]),
        creator=row["creator"],
        creator_user_id=row["creator_user_id"],
        settings=_settings(row["settings"]),
        commitment=row["commitment"],
        seed=row["seed"],
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
        "INSERT INTO tournaments (chat_id, name, mode, creator, creator_user_id, settings, commitment, sealed_seed,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING tournament_id",
        (chat_id, name, mode.value, creator, creator_user_id, json.dumps(settings.to_json()), commitment,
         sealed_seed, at.isoformat(), at.isoformat()),
    )


async def get_tournament(tx: Tx, tournament_id: int) -> TournamentRecord | None:
    row = await tx.fetch_one(f"SELECT {_COLUMNS} FROM tournaments WHERE tournament_id = ?", (tournament_id,))
    return None if row is None else _record(row)


async def open_tournament(tx: Tx, chat_id: int) -> TournamentRecord | None:
    """The chat's tournament in registration or drawn, if any (read once per transaction until it writes)."""
    key = ("open_tournament", chat_id)
    remembered: TournamentRecord | None = tx.remembered(key)
    if remembered is not None:
        return remembered
    row = await tx.fetch_one(
        f"SELECT {_COLUMNS} FROM tournaments WHERE chat_id = ? AND status IN ('registration', 'drawn')", (chat_id,)
    )
    if row is None:
        return None
    record = _record(row)
    tx.remember(key, record)
    return record


async def open_tournament_and_referee(tx: Tx, chat_id: int, user_id: int,
                                      username: str | None) -> tuple[TournamentRecord | None, bool]:
    """:func:`open_tournament` and whether the person is one of its referees, in one statement.

    The roles of a change, then its tournament: one round trip where two were. The record is remembered as
    :func:`open_tournament` remembers it."""
    key = ("open_tournament", chat_id)
    row = await tx.fetch_one(
        f"SELECT {_COLUMNS}, EXISTS (SELECT 1 FROM referees AS r WHERE r.tournament_id = tournaments.tournament_id"
        " AND (r.user_id = ? OR (r.user_id IS NULL AND CAST(? AS TEXT) IS NOT NULL"
        " AND lower(r.username) = lower(?)))) AS is_referee"
        " FROM tournaments WHERE chat_id = ? AND status IN ('registration', 'drawn')",
        (user_id, username, username, chat_id),
    )
    if row is None:
        return None, False
    record = _record(row)
    tx.remember(key, record)
    return record, bool(row["is_referee"])


async def latest_tournament(tx: Tx, chat_id: int) -> TournamentRecord | None:
    """The open tournament, else the chat's most recent finished one.

    For /standings, /bracket, /export after the final."""
    found = await open_tournament(tx, chat_id)
    if found is not None:
        return found
    row = await tx.fetch_one(
        f"SELECT {_COLUMNS} FROM tournaments WHERE chat_id = ? AND status = 'finished'"
        " ORDER BY tournament_id DESC LIMIT 1",
        (chat_id,),
    )
    return None if row is None else _record(row)


async def touch(tx: Tx, tournament_id: int, at: datetime) -> int:
    """Count one change; the new version."""
    # One statement, one round trip (RETURNING: SQLite 3.35+, PostgreSQL).
    return int(await tx.fetch_value(
        "UPDATE tournaments SET version = version + 1, updated_at = ? WHERE tournament_id = ? RETURNING version",
        (at.isoformat(), tournament_id),
    ))


async def touch_record(tx: Tx, tournament_id: int, at: datetime) -> TournamentRecord:
    """:func:`touch`, returning the whole row as it is then.

    The change's own writes of mode, settings, status and draw included. One round trip where a count and a read take
    two."""
    row = await tx.fetch_one(
        f"UPDATE tournaments SET version = version + 1, updated_at = ? WHERE tournament_id = ? RETURNING {_COLUMNS}",
        (at.isoformat(), tournament_id),
    )
    if row is None:
        raise LookupError(f"no tournament {tournament_id}")
    return _record(row)


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
    tx: Tx, tournament_id: int, *, commitment: str, seed: str, draw_file: str, account_secret: str | None,
    at: datetime
) -> None:
    """The draw is made.

    Its commitment, the revealed seed, the draw file and the account secret its account keys are keyed by (hex; never
    published: the link from the file's keys back to the accounts); a sealed seed is used up."""
    await tx.execute(
        "UPDATE tournaments SET status = 'drawn', commitment = ?, seed = ?, draw_file = ?, account_secret = ?,"
        " drawn_at = ?, sealed_seed = NULL WHERE tournament_id = ?",
        (commitment, seed, draw_file, account_secret, at.isoformat(), tournament_id),
    )


async def seal_seed(tx: Tx, tournament_id: int, *, commitment: str, seed: str, at: datetime) -> None:
    """A fresh seed for the next draw, chosen at ``at`` (``/undraw``).

    Its commitment is public (``commitment``), published then; the seed stays secret until the draw reveals it."""
    await tx.execute(
        "UPDATE tournaments SET commitment = ?, sealed_seed = ?, resealed_at = ? WHERE tournament_id = ?",
        (commitment, seed, at.isoformat(), tournament_id),
    )


@dataclass(frozen=True, slots=True)
class SealedSeed:
    """The secret seed the next draw uses, and when its commitment was published."""

    hex: str
    resealed_at: datetime | None
    """When ``/undraw`` sealed it; ``None``: sealed when the tournament opened (its ``created_at``)."""


async def sealed_seed(tx: Tx, tournament_id: int) -> SealedSeed | None:
    """The secret seed committed to before the draw (only the draw reads it).

    ``None`` for a tournament opened before seeds were sealed at opening."""
    row = await tx.fetch_one("SELECT sealed_seed, resealed_at FROM tournaments WHERE tournament_id = ?",
                             (tournament_id,))
    if row is None or row["sealed_seed"] is None:
        return None
    return SealedSeed(str(row["sealed_seed"]), _time(row["resealed_at"]))


async def undo_draw(tx: Tx, tournament_id: int) -> None:
    """Back to registration.

    The revealed seed and the draw file go (the history keeps both), and the draw's account secret with its file (the
    next draw makes its own)."""
    await tx.execute(
        "UPDATE tournaments SET status = 'registration', seed = NULL, draw_file = NULL, account_secret = NULL,"
        " drawn_at = NULL"
        " WHERE tournament_id = ?",
        (tournament_id,),
    )


async def reopen_finished(tx: Tx, tournament_id: int) -> None:
    """A finished tournament is played again (a correction reopened its best-of-three final)."""
    await tx.execute(
        "UPDATE tournaments SET status = 'drawn', finished_at = NULL WHERE tournament_id = ? AND status = 'finished'",
        (tournament_id,),
    )


async def draw_file(tx: Tx, tournament_id: int) -> str | None:
    value = await tx.fetch_value("SELECT draw_file FROM tournaments WHERE tournament_id = ?", (tournament_id,))
    return None if value is None else str(value)


async def account_secret(tx: Tx, tournament_id: int) -> bytes | None:
    """The secret the draw file's account keys are keyed by (``bot.tournament.draw``).

    ``None`` before a draw, or for a draw made before there was one (its file keys accounts by the seed)."""
    value = await tx.fetch_value("SELECT account_secret FROM tournaments WHERE tournament_id = ?", (tournament_id,))
    return None if value is None else bytes.fromhex(str(value))
