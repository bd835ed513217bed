"""``standings.csv``: one line per pair, the table any format of tournament can fill.

``rank,name,points,opponent_points,level_difference,played,won,drawn,lost,byes,group`` — UTF-8 with a byte order
mark, ``\\r\\n`` line ends, as the other CSV files. A knockout fills what applies: ``rank`` its place (empty while
the pair still plays; pairs sharing a place repeat it), ``points`` its match points, ``played``/``won``/``lost`` its
matches (``drawn`` 0: a knockout match has a winner), ``byes`` its byes; ``opponent_points``,
``level_difference`` and ``group`` stay empty (for Swiss and group stages). A name that would start a formula is
written as text (``bot.sheets.csv_cells``).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from bot.sheets.csv_cells import csv_row

STANDINGS_HEADER: tuple[str, ...] = ("rank", "name", "points", "opponent_points", "level_difference", "played",
                                     "won", "drawn", "lost", "byes", "group")
TEXT_COLUMNS = frozenset({"name", "group"})
"""People's text, neutralised in the CSV (``bot.sheets.csv_cells``); the rest are numbers."""
_TEXT_POSITIONS = frozenset(STANDINGS_HEADER.index(name) for name in TEXT_COLUMNS)


@dataclass(frozen=True, slots=True)
class StandingsLine:
    rank: int | None
    name: str
    points: int
    played: int
    won: int
    lost: int
    drawn: int = 0
    byes: int = 0
    opponent_points: int | None = None
    level_difference: int | None = None
    group: str = ""

    def cells(self) -> tuple[str, ...]:
        def number(value: int | None) -> str:
            return "" if value is None else str(value)

        return (number(self.rank), self.name, str(self.points), number(self.opponent_points),
                number(self.level_difference), str(self.played), str(self.won), str(self.drawn), str(self.lost),
                str(self.byes), self.group)


def write_standings_csv(lines: Iterable[StandingsLine]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(STANDINGS_HEADER)
    writer.writerows(csv_row(line.cells(), text_columns=_TEXT_POSITIONS) for line in lines)
    return buffer.getvalue().encode("utf-8-sig")
