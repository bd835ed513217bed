"""``standings.csv``: one row per pair in standing order, every format.

One row per pair in standing order, every format — the one writer of the file, for ``/export`` and for the offline
``python -m bot export`` alike (``bot.services.tournament.export``).

Header (a contract): ``rank,name,points,opponent_points,level_difference,played,won,drawn,lost,byes,group,wins,
levels_reached,withdrawn`` (the last three added at the end for the national rules' tie-breaks: earlier columns
never move).

* Swiss: the standings (``rank`` 1 first) with the tie-break columns: opponents' points (对手分), level difference
  (级差, 净积小分), ``wins`` (rounds scored as a win: tables won and byes) and ``levels_reached`` (累积小分), as
  :mod:`bot.tournament.ranking` orders them; ``group`` empty. ``withdrawn`` is 1 for a pair that left the tournament
  after the draw, else 0.
* Groups: each group's standings, group A first; ``rank`` is the place within the group, ``group`` its letter.
* Groups → knockout, once the knockout is drawn: the whole field ranked 1…N (:mod:`bot.tournament.field_ranking`):
  the knockout's places, then the pairs out in the groups; the points and tie-break columns are the group stage's,
  ``played``/``won``/``drawn``/``lost``/``byes`` count both stages, ``group`` is the pair's group.
* Knockout: the placings (``rank`` = place; pairs sharing a place repeat it; empty while a pair is still playing),
  match points, matches played, won and lost, byes and walkovers counted in ``byes`` (and in ``wins``); the
  points-stage columns (``opponent_points``, ``level_difference``, ``drawn``, ``levels_reached``) are empty, as a
  knockout has none.

UTF-8 with a byte order mark, like the other exports, so Excel reads Chinese names. A name that would start a
formula is written as text (``bot.sheets.csv_cells``). With a language (``/export zh``) the header is in it
(:mod:`bot.sheets.labels`, sheet ``ranking``: the workbook's sheet of the same rows).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from bot.i18n import Language
from bot.sheets.csv_cells import csv_row
from bot.sheets.labels import localized_cells, localized_header

STANDINGS_HEADER: tuple[str, ...] = (
    "rank", "name", "points", "opponent_points", "level_difference", "played", "won", "drawn", "lost", "byes", "group",
    "wins", "levels_reached", "withdrawn",
)
LABELS = "ranking"
"""The labels' sheet name (``sheets.column.ranking.*``): the workbook's ranking sheet holds these rows."""
TEXT_COLUMNS = frozenset({"name", "group"})
"""People's text, neutralised in the CSV (``bot.sheets.csv_cells``); the rest are numbers."""
_TEXT_POSITIONS = frozenset(STANDINGS_HEADER.index(name) for name in TEXT_COLUMNS)

Cell = str | int | None


@dataclass(frozen=True, slots=True)
class StandingsCsvRow:
    rank: int | None
    name: str
    points: int
    opponent_points: int | None
    level_difference: int | None
    played: int
    won: int
    drawn: int | None
    lost: int
    byes: int
    group: str = ""
    wins: int | None = None
    """Rounds scored as a win (``won`` + ``byes``) when ``None``."""
    levels_reached: int | None = None
    withdrawn: bool = False

    def cells(self) -> tuple[Cell, ...]:
        """The fields in header order; ``None`` for an empty field."""
        wins = self.won + self.byes if self.wins is None else self.wins
        return (self.rank, self.name, self.points, self.opponent_points, self.level_difference, self.played,
                self.won, self.drawn, self.lost, self.byes, self.group or None, wins, self.levels_reached,
                int(self.withdrawn))


def format_standings_csv(rows: Iterable[StandingsCsvRow], language: Language | None = None) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(localized_header(LABELS, STANDINGS_HEADER, language))
    for row in rows:
        writer.writerow(csv_row(localized_cells(LABELS, STANDINGS_HEADER, row.cells(), language),
                                text_columns=_TEXT_POSITIONS))
    return buffer.getvalue()


def write_standings_csv(rows: Iterable[StandingsCsvRow], language: Language | None = None) -> bytes:
    return format_standings_csv(rows, language).encode("utf-8-sig")
