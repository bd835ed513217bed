"""``ladder.csv``: the season's ladder, one row per player.

The season's ladder, one row per player who played in the season, as ``/ladder export`` and ``/export`` (while the group
has a season) send it.

Header (a contract, recomputed by a test outside the project): ``rank,name,points,events,best_place,rating,mu,sigma,
games``, rows in rank order (points, then rating); ``rating`` is ``mu − 3·sigma``; ``rating``, ``mu`` and ``sigma``
are written with six decimals; ``games`` counts every rated table of the player in the group, not only this season.
UTF-8 with a byte order mark, like the other exports; a name that would start a formula is written as text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from bot.sheets.csv_cells import csv_row

LADDER_HEADER: tuple[str, ...] = ("rank", "name", "points", "events", "best_place", "rating", "mu", "sigma", "games")
_TEXT_POSITIONS = frozenset({LADDER_HEADER.index("name")})
DECIMALS = 6


@dataclass(frozen=True, slots=True)
class LadderCsvRow:
    rank: int
    name: str
    points: int
    events: int
    best_place: int
    rating: float
    mu: float
    sigma: float
    games: int

    def cells(self) -> tuple[str | int, ...]:
        return (self.rank, self.name, self.points, self.events, self.best_place, _decimal(self.rating),
                _decimal(self.mu), _decimal(self.sigma), self.games)


def _decimal(value: float) -> str:
    return f"{value:.{DECIMALS}f}"


def format_ladder_csv(rows: Iterable[LadderCsvRow]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(LADDER_HEADER)
    for row in rows:
        writer.writerow(csv_row(row.cells(), text_columns=_TEXT_POSITIONS))
    return buffer.getvalue()


def write_ladder_csv(rows: Iterable[LadderCsvRow]) -> bytes:
    return format_ladder_csv(rows).encode("utf-8-sig")
