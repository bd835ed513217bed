"""One row of ``entries.csv`` (``/export``).

``name,members,unit,status,gender`` (``gender`` added last, so readers of the first four columns are unaffected)."""

from __future__ import annotations

import csv
import enum
import io
from collections.abc import Iterable
from dataclasses import dataclass

from bot.i18n import Language
from bot.sheets.csv_cells import csv_row
from bot.sheets.labels import localized_cells, localized_header

ENTRIES_HEADER: tuple[str, ...] = ("name", "members", "unit", "status", "gender")
TEXT_COLUMNS = frozenset({"name", "members", "unit", "gender"})
"""Text neutralised in the CSV (``bot.sheets.csv_cells``): people's names and units, and the gender column (words
per member, ``m / f``); ``status`` is one of the fixed words."""
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
    gender: str = ""
    """The members' genders (``m``/``f``) in the order of ``members``, joined by `` / ``; empty where unknown
    (``m / f``, ``f``, `` / m``), all empty when nobody's is known."""

    def cells(self) -> tuple[str, str, str, str, str]:
        return self.name, self.members, self.unit, self.status.value, self.gender


def write_entries_csv(rows: Iterable[EntryRow], language: Language | None = None) -> bytes:
    """``entries.csv``'s text.

    UTF-8 with a byte order mark (so Excel reads Chinese names), ``\r\n`` line ends.

    Headers and words in ``language`` when given (:mod:`bot.sheets.labels`), else the contract's English; names and
    units that would start a formula are written as text (``bot.sheets.csv_cells``)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(localized_header("entries", ENTRIES_HEADER, language))
    writer.writerows(csv_row(localized_cells("entries", ENTRIES_HEADER, row.cells(), language),
                             text_columns=_TEXT_POSITIONS) for row in rows)
    return buffer.getvalue().encode("utf-8-sig")
