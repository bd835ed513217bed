"""``standings.csv``: the header, and names that would start a formula written as text (issue 16, item 3)."""

from __future__ import annotations

import csv
import io

from bot.sheets.standings_csv import STANDINGS_HEADER, StandingsLine, write_standings_csv
from tests.sheets.test_entries import ATTACKS


def rows_of(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_names_that_start_a_formula_are_neutralised_and_numbers_stay_numbers() -> None:
    data = write_standings_csv([StandingsLine(1, attack, 3, 2, 2, 0, level_difference=-4) for attack in ATTACKS])
    rows = rows_of(data)
    assert tuple(rows[0]) == STANDINGS_HEADER
    assert [row[1] for row in rows[1:]] == ["'" + attack for attack in ATTACKS]
    assert {row[4] for row in rows[1:]} == {"-4"}


def test_ordinary_names_are_written_as_they_are() -> None:
    rows = rows_of(write_standings_csv([StandingsLine(None, "Ann-Li / 5", 0, 0, 0, 0)]))
    assert rows[1] == ["", "Ann-Li / 5", "0", "", "", "0", "0", "0", "0", "0", ""]
