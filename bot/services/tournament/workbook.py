"""``tournament.xlsx`` for ``/export``: the sheets entries, matches, standings and history of a tournament.

The entries and matches sheets hold exactly the rows of ``entries.csv`` and ``matches.csv``
(:mod:`bot.services.tournament.export`), the standings sheet the rows of the standings picture
(:func:`bot.services.tournament.pictures.standing_rows`), the history sheet the tournament's append-only history
with times in the tournament's time zone. The workbook is built in the worker thread (:mod:`bot.services.worker`).
"""

from __future__ import annotations

import json
from zoneinfo import ZoneInfo

from bot.i18n import Language
from bot.services import Services
from bot.services.tournament.export import entry_rows, standings_csv_rows, state_match_rows
from bot.services.tournament.pictures import standing_rows
from bot.services.tournament.state import TournamentState
from bot.services.worker import in_worker
from bot.sheets.standings import StandingRow
from bot.sheets.workbook import build_tournament_xlsx
from bot.tournament.points_event import points_standings
from bot.tournament.standings import standings
from bot.tournament.teams import Event
from storage import history
from storage.history import HistoryEntry

WORKBOOK_NAME = "tournament.xlsx"


def history_event(entry: HistoryEntry, zone: ZoneInfo) -> Event:
    """A stored history entry as a sheet row: time in ``zone``, detail values as text (JSON for lists and
    numbers, as stored)."""
    at = entry.at.astimezone(zone) if entry.at.tzinfo is not None else entry.at
    details = {key: value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
               for key, value in entry.details.items()}
    return Event(at, entry.actor, entry.kind, details)


async def tournament_workbook(services: Services, state: TournamentState, lang: Language) -> bytes:
    """The workbook's bytes; before the draw the matches and standings sheets have their header only."""
    async with services.storage.read() as tx:
        stored = await history.for_tournament(tx, state.tournament_id)
    zone = ZoneInfo(state.record.settings.timezone)
    table = standing_rows(state, standings(state.bracket), lang) if state.bracket is not None else []
    if state.event is not None:
        # A points event's standings sheet: its rows with the points (the tie-break columns are in ranking).
        table = [StandingRow(row.rank, row.name, row.points, row.group or "")
                 for row in points_standings(state.event)]
    return await in_worker(
        build_tournament_xlsx,
        entries=entry_rows(state),
        matches=state_match_rows(state),
        standings=table,
        history=[history_event(entry, zone) for entry in stored],
        title=state.record.name,
        ranking=standings_csv_rows(state),
    )
