"""``standings.csv``: the header, and names that would start a formula written as text."""

from __future__ import annotations

import csv
import io

from bot.i18n import Language
from bot.sheets.standings_csv import STANDINGS_HEADER, StandingsCsvRow, write_standings_csv
from tests.sheets.test_entries import ATTACKS


def rows_of(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_names_that_start_a_formula_are_neutralised_and_numbers_stay_numbers() -> None:
    data = write_standings_csv([StandingsCsvRow(1, attack, 3, 2, -4, 2, 1, 0, 1, 0) for attack in ATTACKS])
    rows = rows_of(data)
    assert tuple(rows[0]) == STANDINGS_HEADER
    assert [row[1] for row in rows[1:]] == ["'" + attack for attack in ATTACKS]
    assert {row[4] for row in rows[1:]} == {"-4"}


def test_ordinary_names_are_written_as_they_are() -> None:
    rows = rows_of(write_standings_csv([StandingsCsvRow(None, "Ann-Li / 5", 0, None, None, 0, 0, None, 0, 0)]))
    assert rows[1] == ["", "Ann-Li / 5", "0", "", "", "0", "0", "", "0", "0", "", "0", "", "0"]


def test_the_header_in_chinese_on_request() -> None:
    rows = rows_of(write_standings_csv([StandingsCsvRow(1, "张三 / 李四", 26, 13, 4, 2, 2, 0, 0, 1, "A", 3, 21, True)],
                                       Language.ZH))
    assert rows[0] == ["名次", "选手", "积分", "对手分", "级差", "场次", "胜", "平", "负", "轮空", "小组",
                       "胜场（含轮空）", "累积小分", "退赛"]
    assert rows[1] == ["1", "张三 / 李四", "26", "13", "4", "2", "2", "0", "0", "1", "A", "3", "21", "1"]


def test_the_tie_break_columns_come_after_the_old_ones() -> None:
    assert STANDINGS_HEADER[:11] == ("rank", "name", "points", "opponent_points", "level_difference", "played",
                                     "won", "drawn", "lost", "byes", "group")
    assert STANDINGS_HEADER[11:] == ("wins", "levels_reached", "withdrawn")
    assert write_standings_csv([], Language.EN) == write_standings_csv([])
