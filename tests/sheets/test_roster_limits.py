"""A roster file is read as a stream under hard limits, refused at the first one with
a message that says which; a CSV's separator is the one its header line shows.

The three bombs (``tests.support.sheet_bombs``) took openpyxl 31–44 s and up to 3.2 GB; each must now be refused at
its limit (these run in-process; ``/import`` reads in a separate process, ``tests/handlers/test_import.py``).
How fast the refusal comes is measured by ``benchmarks/bench_import_bombs.py``, not here: a timed unit test fails on
a busy machine and proves nothing on a quiet one."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook

from bot.sheets import roster_file
from bot.sheets.roster import RosterRow, check_roster, read_roster
from tests.support import sheet_bombs


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@pytest.mark.parametrize(
    ("bomb", "error"),
    [
        (sheet_bombs.empty_cells, roster_file.TooManyCellsError),
        (sheet_bombs.shared_strings, roster_file.TooManySharedStringsError),
        (sheet_bombs.one_long_row, roster_file.RowTooWideError),
    ],
    ids=list(sheet_bombs.BOMBS),
)
def test_each_bomb_is_refused_quickly_at_its_limit(bomb: Callable[[], bytes], error: type[Exception]) -> None:
    data = bomb()
    with pytest.raises(error):
        read_roster(data)


def workbook(rows: list[tuple[object, ...]]) -> bytes:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(list(row))
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_a_long_cell_is_refused_naming_it() -> None:
    data = workbook([("姓名", "备注"), ("张三", "x" * (roster_file.MAX_CELL_CHARS + 1))])
    with pytest.raises(roster_file.CellTooLongError) as refused:
        read_roster(data)
    assert refused.value.params == {"row": 2, "column": "B", "limit": roster_file.MAX_CELL_CHARS}


def test_a_cell_at_the_limit_is_read() -> None:
    data = workbook([("姓名", "备注"), ("张三", "x" * roster_file.MAX_CELL_CHARS)])
    assert check_roster(data).rows == (RosterRow(2, "张三"),)


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
def test_a_full_roster_under_every_limit_is_read() -> None:
    """5,000 rows of name, partner, gender, unit and three other columns: far from every limit."""
    rows: list[tuple[object, ...]] = [("姓名", "搭档", "性别", "单位", "电话", "备注", "序号")]
    rows += [(f"选手{index}", f"搭档{index}", "男", f"单位{index % 40}", f"1380000{index:04d}", "—", index)
             for index in range(5000)]
    check = check_roster(workbook(rows))
    assert check.ok and len(check.rows) == 5000


def test_a_workbook_with_a_doctype_is_refused() -> None:
    """No DTDs in a spreadsheet: entity tricks are refused before they expand."""
    good = workbook([("姓名",), ("张三",)])
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(good)) as source, zipfile.ZipFile(buffer, "w") as rebuilt:
        for item in source.infolist():
            content = source.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                content = b'<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">]>' + content
            rebuilt.writestr(item, content)
    with pytest.raises(roster_file.NotASpreadsheetError):
        read_roster(buffer.getvalue())


# Item 5: a CSV field over the csv module's 131,072 characters crashed the import (the apology).
def test_a_csv_field_over_the_limit_is_refused_naming_it(tmp_path: Path) -> None:
    text = "姓名,备注\n张三," + "x" * 131_073 + "\n"
    with pytest.raises(roster_file.CellTooLongError) as refused:
        read_roster(text.encode("utf-8"))
    assert refused.value.params == {"row": 2, "column": "B", "limit": roster_file.MAX_CELL_CHARS}


def test_a_csv_row_too_wide_is_refused() -> None:
    text = "姓名,单位\n张三" + "," * (roster_file.MAX_CELLS_PER_ROW + 1) + "\n"
    with pytest.raises(roster_file.RowTooWideError) as refused:
        read_roster(text.encode("utf-8"))
    assert refused.value.params["row"] == 2


# Item 6: the separator is the one the header line shows; a one-column file is never split.
@pytest.mark.parametrize(
    ("text", "rows"),
    [
        ("姓名\n张三&amp;李四\n", [RosterRow(2, "张三&amp;李四")]),
        ("name\nA;B\nC,D\n", [RosterRow(2, "A;B"), RosterRow(3, "C,D")]),
        ("报名表\n姓名,单位\n张三;二组,工会\n", [RosterRow(3, "张三;二组", unit="工会")]),
        ("姓名;单位\n张三,李;工会\n", [RosterRow(2, "张三,李", unit="工会")]),
        ("姓名\t单位\n张三;x\t工会\n", [RosterRow(2, "张三;x", unit="工会")]),
    ],
)
def test_the_header_line_decides_the_separator(text: str, rows: list[RosterRow]) -> None:
    assert list(check_roster(text.encode("utf-8")).rows) == rows


def test_csv_cells_the_bot_neutralised_are_read_back() -> None:
    """An ``entries.csv`` name like ``'=1+1`` imports as the name it was."""
    assert check_roster("姓名\n'=1+1\n'Tom\n".encode()).rows == (RosterRow(2, "=1+1"), RosterRow(3, "'Tom"))
