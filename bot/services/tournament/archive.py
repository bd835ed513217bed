"""``python -m bot export``: every tournament of a database as the files ``/export`` sends, plus ``standings.csv``.

For each tournament: ``entries.csv``, ``matches.csv``, ``standings.csv`` and ``tournament.xlsx`` exactly as
``/export`` makes them (``bot.services.tournament.export.export_files``, ``.workbook``), every format (knockout,
Swiss, groups). Organisers archive with it, and it is the way round when a chat refused the files (a WeCom upload
refused: the bot names this command).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.clock import system_clock
from bot.config import Settings
from bot.i18n import Language
from bot.services import Services
from bot.services.roles import Roles
from bot.services.tournament.export import export_files
from bot.services.tournament.state import TournamentState, load_state
from bot.services.tournament.workbook import tournament_workbook
from storage import Storage, archive


@dataclass(frozen=True, slots=True)
class ArchivedTournament:
    state: TournamentState
    files: dict[str, bytes]
    """File name → content: ``entries.csv``, ``matches.csv``, ``standings.csv``, ``tournament.xlsx``."""


async def archive_tournaments(services: Services, language: Language,
                              files_language: Language | None = None) -> list[ArchivedTournament]:
    """Every tournament of the database, oldest first, with its files.

    Notes and sheets in ``language``; the CSV headers and words in ``files_language`` as ``/export zh`` writes them
    (``None``: the contract's English)."""
    async with services.storage.read() as tx:
        states = [await load_state(tx, services.tournaments, record) for record in await archive.all_tournaments(tx)]
    archived = []
    for state in states:
        exported = export_files(state, files_language)  # the files /export sends, written by the same functions
        files = {
            "entries.csv": exported.entries_csv,
            "matches.csv": exported.matches_csv,
            "standings.csv": exported.standings_csv,
            "tournament.xlsx": await tournament_workbook(services, state, language),
        }
        archived.append(ArchivedTournament(state, files))
    return archived


async def archive_database(db: Path, language: Language,
                           files_language: Language | None = None) -> list[ArchivedTournament]:
    """:func:`archive_tournaments` of the database file ``db`` (opened for the reading, its migrations applied)."""
    storage = Storage(db)
    await storage.open()
    try:
        return await archive_tournaments(Services(Settings(db_path=db, language=language), storage, Roles(),
                                                  system_clock), language, files_language)
    finally:
        await storage.close()
