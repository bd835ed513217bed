"""One line of the standings, as the bot exports it.

The standings sheet of ``tournament.xlsx`` and the standings picture (:mod:`bot.pictures.standings`) both show these
rows."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings.

    Pairs sharing a place (e.g. two third places) repeat the same ``place``; a pair still playing has none yet
    (``None``, drawn as a dash)."""

    place: int | None
    name: str
    points: int | None = None
    note: str = ""
    played: int | None = None
    """Matches played (the picture shows them as the text does; the workbook's standings sheet keeps its columns)."""
    won: int | None = None

    def __post_init__(self) -> None:
        if self.place is not None and self.place < 1:
            raise ValueError(f"place must be 1 or more, not {self.place}")
