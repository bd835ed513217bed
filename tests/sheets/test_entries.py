"""entries.csv: the contract's header (gender added later as the last column), UTF-8 with BOM, one row per
entry; headers and words in a language on request."""

import csv
import io

from bot.i18n import Language
from bot.sheets.entries import EntryRow, EntryStatus, write_entries_csv


def test_entries_csv() -> None:
    data = write_entries_csv([
        EntryRow("张三 / 李四", "张三 / 李四", "工会", EntryStatus.PAIR),
        EntryRow("王五", "王五", "", EntryStatus.RESERVE),
        EntryRow('Ann "A", Bo', "Ann / Bo", "Lab, 2nd floor", EntryStatus.WITHDRAWN, "f / m"),
    ])
    assert data.startswith(b"\xef\xbb\xbfname,members,unit,status,gender\r\n")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows == [
        ["name", "members", "unit", "status", "gender"],
        ["张三 / 李四", "张三 / 李四", "工会", "pair", ""],
        ["王五", "王五", "", "reserve", ""],
        ['Ann "A", Bo', "Ann / Bo", "Lab, 2nd floor", "withdrawn", "f / m"],
    ]


def test_entries_csv_in_chinese_on_request() -> None:
    rows = [EntryRow("张三 / 李红", "张三 / 李红", "工会", EntryStatus.PAIR, "m / f"),
            EntryRow("王五", "王五", "", EntryStatus.RESERVE, "m"), EntryRow("赵六", "赵六", status=EntryStatus.SINGLE)]
    data = write_entries_csv(rows, Language.ZH)
    assert list(csv.reader(io.StringIO(data.decode("utf-8-sig")))) == [
        ["名称", "成员", "单位", "状态", "性别"],
        ["张三 / 李红", "张三 / 李红", "工会", "组队", "男 / 女"],
        ["王五", "王五", "", "候补", "男"],
        ["赵六", "赵六", "", "单人", ""],
    ]
    assert write_entries_csv(rows, Language.EN) == write_entries_csv(rows)


# A cell a spreadsheet would run as a formula is written as text (OWASP: a leading ').
ATTACKS = ('=HYPERLINK("http://evil","Click")', "@SUM(1+1)", "-2+3+cmd|' /C calc'!A0", "+SUM(A1)", "\tx", "\rx")


def test_text_cells_that_start_a_formula_are_neutralised() -> None:
    data = write_entries_csv([EntryRow(attack, attack, attack, EntryStatus.SINGLE) for attack in ATTACKS])
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows[1:] == [["'" + attack, "'" + attack, "'" + attack, "single", ""] for attack in ATTACKS]


def test_ordinary_names_are_written_as_they_are() -> None:
    data = write_entries_csv([EntryRow("Ann-Li", "Ann-Li", "R&D", EntryStatus.PAIR),
                              EntryRow("5", "5", "", EntryStatus.SINGLE)])
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[1:] == [["Ann-Li", "Ann-Li", "R&D", "pair", ""], ["5", "5", "", "single", ""]]
