"""Every tournament of the database, for ``python -m bot export`` (an organiser's archive)."""

from __future__ import annotations

from bot.tournament.record import TournamentRecord
from storage.database import Tx
from storage.tournaments import get_tournament


async def all_tournaments(tx: Tx) -> list[TournamentRecord]:
    """Every tournament ever made (open, finished, cancelled), oldest first."""
    found = []
    for row in await tx.fetch_all("SELECT tournament_id FROM tournaments ORDER BY tournament_id"):
        record = await get_tournament(tx, int(row["tournament_id"]))
        if record is not None:
            found.append(record)
    return found
