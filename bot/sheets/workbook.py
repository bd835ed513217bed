"""``tournament.xlsx`` for ``/export``.

Sheets entries, matches, standings and history, and ranking: the rows of ``standings.csv`` (the tie-break columns of
Swiss and group standings).

Column headers are the CSV contract's names (``entries.csv``, ``matches.csv``) so a sheet reads like its CSV.
Every text cell is stored as text — a name such as ``=1+1`` never becomes a formula — and characters that the
xlsx format cannot hold (control characters) are dropped.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterable, Sequence
from datetime import datetime

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from bot.i18n import Language
from bot.sheets.entries import ENTRIES_HEADER, EntryRow
from bot.sheets.labels import localized_cells, localized_header
from bot.sheets.matches import MatchRow
from bot.sheets.matches_csv import HEADER as MATCHES_HEADER
from bot.sheets.matches_csv import match_cells
from bot.sheets.standings import StandingRow
from bot.sheets.standings_csv import STANDINGS_HEADER as STANDINGS_CSV_HEADER
from bot.sheets.standings_csv import StandingsCsvRow
from bot.tournament.teams import Event

SHEET_NAMES = ("entries", "matches", "standings", "history", "ranking")
STANDINGS_HEADER = ("place", "name", "points", "note")
HISTORY_HEADER = ("at", "actor", "kind", "details")

Cell = str | int | None

_HEADER_FONT = Font(bold=True)
_HEADER_FILL = PatternFill("solid", start_color="FFE9EEF5", end_color="FFE9EEF5")
_MAX_COLUMN_WIDTH = 60


def build_tournament_xlsx(
    *,
    entries: Sequence[EntryRow],
    matches: Sequence[MatchRow],
    standings: Sequence[StandingRow],
    history: Sequence[Event],
    title: str = "",
    language: Language | None = None,
    ranking: Sequence[StandingsCsvRow] = (),
) -> bytes:
    """The workbook's bytes; the five sheets always exist (with their header) even when a list is empty.

    Headers and words in ``language`` when given (:mod:`bot.sheets.labels`), else the contract's English."""
    workbook = Workbook()
    for unnamed in list(workbook.worksheets):
        workbook.remove(unnamed)
    workbook.properties.title = _text(title) or None
    workbook.properties.creator = "guandan-bot"
    sheets: tuple[tuple[str, Sequence[str], Iterable[Sequence[Cell]]], ...] = (
        ("entries", ENTRIES_HEADER, (row.cells() for row in entries)),
        ("matches", MATCHES_HEADER, (match_cells(row) for row in matches)),
        ("standings", STANDINGS_HEADER, ((row.place, row.name, row.points, row.note) for row in standings)),
        ("history", HISTORY_HEADER, (history_cells(event) for event in history)),
        ("ranking", STANDINGS_CSV_HEADER, (row.cells() for row in ranking)),
    )
    for name, header, rows in sheets:
        _sheet(workbook, name, localized_header(name, header, language),
               (localized_cells(name, header, cells, language) for cells in rows))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def history_cells(event: Event) -> tuple[Cell, ...]:
    """Time as ISO 8601 text (Excel cannot store a time zone), details as ``key=value; key=value``."""
    details = "; ".join(f"{key}={value}" for key, value in event.details.items())
    return _iso(event.at), event.actor, event.kind, details or None


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def _text(value: str) -> str:
    return ILLEGAL_CHARACTERS_RE.sub("", value)


def _sheet(workbook: Workbook, name: str, header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> None:
    sheet: Worksheet = workbook.create_sheet(name)
    widths = [_display_width(title) for title in header]
    sheet.append(list(header))
    for cell in sheet[1]:
        cell.font = _HEADER_FONT
        cell.fill = _HEADER_FILL
    for row_index, values in enumerate(rows, start=2):
        for column_index, value in enumerate(values, start=1):
            if value is None or value == "":
                continue
            cell = sheet.cell(row=row_index, column=column_index)
            if isinstance(value, str):
                cell.value = _text(value)
                cell.data_type = "s"  # never a formula, whatever the text starts with
            else:
                cell.value = value
            widths[column_index - 1] = max(widths[column_index - 1], _display_width(str(value)))
    sheet.freeze_panes = "A2"
    sheet.auto_filter.ref = f"A1:{get_column_letter(len(header))}{max(1, sheet.max_row)}"
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = min(_MAX_COLUMN_WIDTH, width + 2)


def _display_width(text: str) -> int:
    """Characters as wide as Excel shows them: Chinese characters take two columns."""
    return sum(2 if unicodedata.east_asian_width(char) in {"W", "F"} else 1 for char in text)
