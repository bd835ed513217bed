"""``python -m bot export``: every tournament of a database as the files ``/export`` sends, plus ``standings.csv``.

For each tournament: ``entries.csv``, ``matches.csv`` and ``tournament.xlsx`` exactly as ``/export`` makes them
(``bot.services.tournament.export``, ``.workbook``), and ``standings.csv`` (``bot.sheets.standings_csv``). Organisers
archive with it, and it is how a WeCom group — whose bot cannot send files — gets them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bot.clock import system_clock
from bot.config import Settings
from bot.i18n import Language
from bot.services import Services
from bot.services.roles import Roles
from bot.services.tournament.export import entry_rows, match_rows
from bot.services.tournament.state import TournamentState, load_state
from bot.services.tournament.workbook import tournament_workbook
from bot.sheets.entries import write_entries_csv
from bot.sheets.matches_csv import write_matches_csv
from bot.sheets.standings_csv import StandingsLine, write_standings_csv
from bot.tournament.bracket import Bracket
from bot.tournament.matches import MatchState
from bot.tournament.standings import standings
from storage import Storage, archive


@dataclass(frozen=True, slots=True)
class ArchivedTournament:
    state: TournamentState
    files: dict[str, bytes]
    """File name → content: ``entries.csv``, ``matches.csv``, ``standings.csv``, ``tournament.xlsx``."""


def standings_lines(bracket: Bracket | None) -> list[StandingsLine]:
    """The knockout's standings as ``standings.csv`` lines (none before the draw)."""
    if bracket is None:
        return []
    byes: Counter[str] = Counter()
    for match in bracket.matches():
        team = match.winning_team
        if match.state is MatchState.BYE and team is not None:
            byes[team.name] += 1
    return [StandingsLine(placing.place, placing.team.name, placing.points, placing.matches, placing.won,
                          placing.matches - placing.won, byes=byes[placing.team.name])
            for placing in standings(bracket).placings]


async def archive_tournaments(services: Services, language: Language) -> list[ArchivedTournament]:
    """Every tournament of the database, oldest first, with its files (notes and sheets in ``language``)."""
    async with services.storage.read() as tx:
        states = [await load_state(tx, services.tournaments, record) for record in await archive.all_tournaments(tx)]
    archived = []
    for state in states:
        files = {
            "entries.csv": write_entries_csv(entry_rows(state)),
            "matches.csv": write_matches_csv(match_rows(state.bracket)),
            "standings.csv": write_standings_csv(standings_lines(state.bracket)),
            "tournament.xlsx": await tournament_workbook(services, state, language),
        }
        archived.append(ArchivedTournament(state, files))
    return archived


async def archive_database(db: Path, language: Language) -> list[ArchivedTournament]:
    """:func:`archive_tournaments` of the database file ``db`` (opened for the reading, its migrations applied)."""
    storage = Storage(db)
    await storage.open()
    try:
        return await archive_tournaments(Services(Settings(db_path=db, language=language), storage, Roles(),
                                                  system_clock), language)
    finally:
        await storage.close()
