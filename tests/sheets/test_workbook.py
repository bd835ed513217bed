"""tournament.xlsx opened with openpyxl: four sheets, every cell as expected, text never turned into a formula."""

import io
from datetime import UTC, datetime, timedelta, timezone

import pytest
from openpyxl import load_workbook
from openpyxl.workbook.workbook import Workbook

from bot.sheets.entries import EntryRow, EntryStatus
from bot.sheets.standings import StandingRow
from bot.sheets.workbook import build_tournament_xlsx
from bot.tournament.teams import Event
from tests.support.sample_matches import sample_rows

MATCHES_HEADER = ("round", "stage", "table", "left", "right", "left_level", "right_level", "winner", "status",
                  "group", "left_points", "right_points")
RANKING_HEADER = ("rank", "name", "points", "opponent_points", "level_difference", "played", "won", "drawn", "lost",
                  "byes", "group", "wins", "levels_reached", "withdrawn")


@pytest.fixture(scope="module")
def finished_tournament_workbook() -> Workbook:
    data = build_tournament_xlsx(
        entries=[
            EntryRow("张三 / 李四", "张三 / 李四", "工会", EntryStatus.PAIR),
            EntryRow("=HYPERLINK(\"x\")", "=HYPERLINK(\"x\")", "", EntryStatus.SINGLE),
            EntryRow("王五", "王五", "财务\x07处", EntryStatus.RESERVE),
        ],
        matches=sample_rows(5),
        standings=[StandingRow(1, "郑静 / 许志强", 52, "冠军"), StandingRow(2, "宋华 / 刘超", None, "")],
        history=[
            Event(datetime(2026, 12, 2, 20, 15, 7, tzinfo=timezone(timedelta(hours=8))), "organiser:1", "draw",
                  {"seed": "9f2c", "pairs": "5"}),
            Event(datetime(2026, 12, 2, 13, 0, tzinfo=UTC), "referee:2", "result", {}),
        ],
        title="春季掼蛋赛",
    )
    return load_workbook(io.BytesIO(data))


def values(workbook: Workbook, sheet: str) -> list[tuple[object, ...]]:
    return list(workbook[sheet].iter_rows(values_only=True))


def test_the_four_sheets_in_order(finished_tournament_workbook: Workbook) -> None:
    assert finished_tournament_workbook.sheetnames == ["entries", "matches", "standings", "history", "ranking"]
    assert finished_tournament_workbook.properties.title == "春季掼蛋赛"


def test_entries_cells(finished_tournament_workbook: Workbook) -> None:
    assert values(finished_tournament_workbook, "entries") == [
        ("name", "members", "unit", "status", "gender"),
        ("张三 / 李四", "张三 / 李四", "工会", "pair", None),
        ("=HYPERLINK(\"x\")", "=HYPERLINK(\"x\")", None, "single", None),
        ("王五", "王五", "财务处", "reserve", None),
    ]
    sheet = finished_tournament_workbook["entries"]
    assert sheet["A3"].data_type == "s"  # text, not a formula


def test_matches_cells(finished_tournament_workbook: Workbook) -> None:
    expected = [MATCHES_HEADER] + [
        (row.round, row.stage.value, row.table, row.left, row.right,
         None if row.left_level is None else str(row.left_level),
         None if row.right_level is None else str(row.right_level),
         None if row.winner is None else row.winner.value, row.status.value, None, None, None)
        for row in sample_rows(5)
    ]
    assert values(finished_tournament_workbook, "matches") == expected
    assert values(finished_tournament_workbook, "matches")[1] == (1, "main", None, "郑静 / 许志强", "BYE", None,
                                                                  None, "left", "bye", None, None, None)


def test_standings_cells(finished_tournament_workbook: Workbook) -> None:
    assert values(finished_tournament_workbook, "standings") == [
        ("place", "name", "points", "note"),
        (1, "郑静 / 许志强", 52, "冠军"),
        (2, "宋华 / 刘超", None, None),
    ]


def test_history_cells(finished_tournament_workbook: Workbook) -> None:
    assert values(finished_tournament_workbook, "history") == [
        ("at", "actor", "kind", "details"),
        ("2026-12-02T20:15:07+08:00", "organiser:1", "draw", "seed=9f2c; pairs=5"),
        ("2026-12-02T13:00:00+00:00", "referee:2", "result", None),
    ]


def test_header_rows_are_frozen(finished_tournament_workbook: Workbook) -> None:
    assert all(sheet.freeze_panes == "A2" for sheet in finished_tournament_workbook.worksheets)
    assert finished_tournament_workbook["entries"]["A1"].font.bold


def test_an_empty_tournament_still_has_every_sheet_and_header() -> None:
    workbook = load_workbook(io.BytesIO(build_tournament_xlsx(entries=[], matches=[], standings=[], history=[])))
    assert [values(workbook, name) for name in workbook.sheetnames] == [
        [("name", "members", "unit", "status", "gender")], [MATCHES_HEADER], [("place", "name", "points", "note")],
        [("at", "actor", "kind", "details")], [RANKING_HEADER]]
