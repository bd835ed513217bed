"""One row of ``entries.csv`` (issue 5's ``/export``): ``name,members,unit,status``."""

from __future__ import annotations

import csv
import enum
import io
from collections.abc import Iterable
from dataclasses import dataclass

from bot.sheets.csv_cells import csv_row

ENTRIES_HEADER: tuple[str, ...] = ("name", "members", "unit", "status")
TEXT_COLUMNS = frozenset({"name", "members", "unit"})
"""People's text, neutralised in the CSV (``bot.sheets.csv_cells``); ``status`` is one of the fixed words."""
_TEXT_POSITIONS = frozenset(ENTRIES_HEADER.index(name) for name in TEXT_COLUMNS)


class EntryStatus(enum.StrEnum):
    PAIR = "pair"
    SINGLE = "single"
    RESERVE = "reserve"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True, slots=True)
class EntryRow:
    """An entry as exported: ``members`` are the display names joined by `` / `` (one name for a single)."""

    name: str
    members: str
    unit: str = ""
    status: EntryStatus = EntryStatus.PAIR

    def cells(self) -> tuple[str, str, str, str]:
        return self.name, self.members, self.unit, self.status.value


def write_entries_csv(rows: Iterable[EntryRow]) -> bytes:
    """UTF-8 with a byte order mark (so Excel reads Chinese names), ``\\r\\n`` line ends; names and units that
    would start a formula are written as text (``bot.sheets.csv_cells``)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(ENTRIES_HEADER)
    writer.writerows(csv_row(row.cells(), text_columns=_TEXT_POSITIONS) for row in rows)
    return buffer.getvalue().encode("utf-8-sig")
