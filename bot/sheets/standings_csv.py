"""``standings.csv`` (issue 12): one row per pair in standing order, every format.

Header (a contract): ``rank,name,points,opponent_points,level_difference,played,won,drawn,lost,byes,group``.

* Swiss: the standings (``rank`` 1 first) with the tie-break columns: opponents' points (对手分) and level difference
  (级差), as :mod:`bot.tournament.ranking` orders them; ``group`` empty.
* Groups: each group's standings, group A first; ``rank`` is the place within the group, ``group`` its letter.
* Knockout: the placings (``rank`` = place; pairs sharing a place repeat it; empty while a pair is still playing),
  match points, matches played, won and lost, byes and walkovers counted in ``byes``; the points-event columns
  (``opponent_points``, ``level_difference``, ``drawn``) are empty, as a knockout has none.

UTF-8 with a byte order mark, like the other exports, so Excel reads Chinese names.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

STANDINGS_HEADER: tuple[str, ...] = (
    "rank", "name", "points", "opponent_points", "level_difference", "played", "won", "drawn", "lost", "byes", "group",
)

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

    def cells(self) -> tuple[Cell, ...]:
        """The fields in header order; ``None`` for an empty field."""
        return (self.rank, self.name, self.points, self.opponent_points, self.level_difference, self.played,
                self.won, self.drawn, self.lost, self.byes, self.group or None)


def format_standings_csv(rows: Iterable[StandingsCsvRow]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(STANDINGS_HEADER)
    for row in rows:
        writer.writerow(["" if cell is None else cell for cell in row.cells()])
    return buffer.getvalue()


def write_standings_csv(rows: Iterable[StandingsCsvRow]) -> bytes:
    return format_standings_csv(rows).encode("utf-8-sig")
