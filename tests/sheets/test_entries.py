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
