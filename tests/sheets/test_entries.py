"""entries.csv: the contract's header, UTF-8 with BOM, one row per entry."""

import csv
import io

from bot.sheets.entries import EntryRow, EntryStatus, write_entries_csv


def test_entries_csv() -> None:
    data = write_entries_csv([
        EntryRow("张三 / 李四", "张三 / 李四", "工会", EntryStatus.PAIR),
        EntryRow("王五", "王五", "", EntryStatus.RESERVE),
        EntryRow('Ann "A", Bo', "Ann / Bo", "Lab, 2nd floor", EntryStatus.WITHDRAWN),
    ])
    assert data.startswith(b"\xef\xbb\xbfname,members,unit,status\r\n")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows == [
        ["name", "members", "unit", "status"],
        ["张三 / 李四", "张三 / 李四", "工会", "pair"],
        ["王五", "王五", "", "reserve"],
        ['Ann "A", Bo', "Ann / Bo", "Lab, 2nd floor", "withdrawn"],
    ]


# Issue 16, item 3: a cell a spreadsheet would run as a formula is written as text (OWASP: a leading ').
ATTACKS = ('=HYPERLINK("http://evil","Click")', "@SUM(1+1)", "-2+3+cmd|' /C calc'!A0", "+SUM(A1)", "\tx", "\rx")


def test_text_cells_that_start_a_formula_are_neutralised() -> None:
    data = write_entries_csv([EntryRow(attack, attack, attack, EntryStatus.SINGLE) for attack in ATTACKS])
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows[1:] == [["'" + attack, "'" + attack, "'" + attack, "single"] for attack in ATTACKS]


def test_ordinary_names_are_written_as_they_are() -> None:
    data = write_entries_csv([EntryRow("Ann-Li", "Ann-Li", "R&D", EntryStatus.PAIR),
                              EntryRow("5", "5", "", EntryStatus.SINGLE)])
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[1:] == [["Ann-Li", "Ann-Li", "R&D", "pair"], ["5", "5", "", "single"]]
