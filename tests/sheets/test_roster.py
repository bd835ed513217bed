"""Roster import from real .xlsx and .csv files: every row checked, all rows or every problem."""

import io
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest
from openpyxl import Workbook

from bot.sheets import roster_file
from bot.sheets.roster import (
    MAX_ROSTER_ROWS,
    Gender,
    MissingNameColumnError,
    NoRowsError,
    RosterCheck,
    RosterRow,
    TooManyRowsError,
    check_roster,
    describe_problems,
)
from bot.tournament.entries import Person, RegistrationMode
from bot.tournament.names import name_key, tidy

Cells = Sequence[object]


def xlsx_file(path: Path, rows: Sequence[Cells], sheets_before: Sequence[Sequence[Cells]] = ()) -> bytes:
    """A real workbook written to disk and read back, as Telegram would hand it over."""
    workbook = Workbook()
    first = workbook.active
    assert first is not None
    for index, sheet_rows in enumerate([*sheets_before, rows]):
        sheet = first if index == 0 else workbook.create_sheet(f"Sheet{index + 1}")
        for row in sheet_rows:
            sheet.append(list(row))
    workbook.save(path)
    return path.read_bytes()


def csv_file(path: Path, text: str, encoding: str = "utf-8-sig") -> bytes:
    path.write_bytes(text.encode(encoding))
    return path.read_bytes()


def problems(check: RosterCheck) -> list[tuple[int, str]]:
    assert not check.rows
    return [(problem.row, problem.key.removeprefix("sheets.problem.")) for problem in check.problems]


def test_a_clean_chinese_roster(tmp_path: Path) -> None:
    data = xlsx_file(tmp_path / "名单.xlsx", [
        ("序号", "姓名", "搭档", "性别", "单位/部门", "电话"),
        (1, "张三", "李四", "男", "工会", 13800000000),
        (2, " 王  五 ", None, "女", "财务处", None),
        (3, "赵六", None, None, None, None),
    ])
    check = check_roster(data)
    assert check.ok
    assert check.rows == (
        RosterRow(2, "张三", "李四", Gender.MALE, "工会"),
        RosterRow(3, "王 五", None, Gender.FEMALE, "财务处"),
        RosterRow(4, "赵六"),
    )


@pytest.mark.parametrize(
    "header",
    [("Name", "Partner name", "Gender", "Unit"), ("PLAYER", "partner", "sex", "Department"),
     ("姓名（必填）", "搭档姓名", "性别", "部门"), ("选手", "队友", "Gender*", "所在单位")],
)
def test_headers_in_chinese_and_english(tmp_path: Path, header: tuple[str, ...]) -> None:
    data = xlsx_file(tmp_path / "r.xlsx", [header, ("Ann", "Bo", "F", "Lab")])
    assert check_roster(data).rows == (RosterRow(2, "Ann", "Bo", Gender.FEMALE, "Lab"),)


def test_the_header_may_sit_under_a_title_and_on_a_later_sheet(tmp_path: Path) -> None:
    data = xlsx_file(tmp_path / "r.xlsx", [("2026 春季掼蛋赛报名表",), (), ("姓名", "性别"), ("张三", "m")],
                     sheets_before=[[("说明",), ("请在第二页填写",)]])
    assert check_roster(data).rows == (RosterRow(4, "张三", None, Gender.MALE),)


def test_empty_rows_are_skipped_and_numbers_stay_the_spreadsheets(tmp_path: Path) -> None:
    data = xlsx_file(tmp_path / "r.xlsx", [("name",), ("甲",), (None,), ("",), ("  ",), ("乙",)])
    assert [(row.row, row.name) for row in check_roster(data).rows] == [(2, "甲"), (6, "乙")]


def test_a_row_with_only_unknown_columns_filled_is_empty(tmp_path: Path) -> None:
    data = xlsx_file(tmp_path / "r.xlsx", [("序号", "姓名"), (1, "甲"), (2, None), (3, None)])
    assert [row.name for row in check_roster(data).rows] == ["甲"]


def test_every_problem_is_reported_and_nothing_is_accepted(tmp_path: Path) -> None:
    data = xlsx_file(tmp_path / "r.xlsx", [
        ("姓名", "搭档", "性别", "单位"),
        ("张三", "Li Si", "男", "工会"),
        (None, "王五", None, None),
        ("张三", None, "x", None),
        ("王五", None, "女", None),
        ("ＡＢＣ", "abc", None, None),
        ("LI  si", None, None, None),
        ("很" * 65, None, "unknown", "单" * 65),
        ("\u200b\u202e", None, None, None),
    ])
    assert problems(check_roster(data)) == [
        (3, "missing_name"),
        (4, "duplicate_name"),
        (4, "bad_gender"),
        (5, "duplicate_name"),
        (6, "partner_is_self"),
        (7, "duplicate_name"),  # LI  si is row 2's Li Si: runs of spaces, width and case do not make another person
        (8, "name_too_long"),
        (8, "bad_gender"),
        (8, "bad_unit"),
        (9, "bad_characters"),
    ]


def test_names_are_cleaned_as_the_registration_cleans_them(tmp_path: Path) -> None:
    """One notion of a clean name (bot.tournament.names): what /signup 张三 would register, the import registers."""
    data = xlsx_file(tmp_path / "r.xlsx", [("name", "partner", "unit"),
                                           ("bad\u202ename", " Ｚｏｅ\u3000 ", " IT  dept ")])
    (row,) = check_roster(data).rows
    assert (row.name, row.partner, row.unit) == (tidy("bad\u202ename"), tidy(" Ｚｏｅ\u3000 "), "IT dept")
    assert row.name == "badname" and Person.named(row.name).name == row.name


@pytest.mark.parametrize(
    ("rows", "found"),
    [
        ([("张三", None, "男"), ("李四", None, "女")], []),
        ([("张三", "李四", "男")], [(2, "partner_in_mixed")]),
        ([("张三", None, None)], [(2, "gender_required")]),
        ([("张三", None, "?")], [(2, "bad_gender")]),  # one problem for one cell
        ([("张三", "李四", None)], [(2, "partner_in_mixed"), (2, "gender_required")]),
    ],
)
def test_mixed_mode_needs_genders_and_no_partners(tmp_path: Path, rows: list[Cells], found: list[tuple[int, str]]
                                                  ) -> None:
    data = xlsx_file(tmp_path / "r.xlsx", [("姓名", "搭档", "性别"), *rows])
    check = check_roster(data, mode=RegistrationMode.MIXED)
    assert (problems(check) if found else []) == found
    assert check_roster(data, mode=RegistrationMode.PAIRS).ok or any(key == "bad_gender" for _, key in found)


def test_people_already_signed_up_are_refused(tmp_path: Path) -> None:
    data = csv_file(tmp_path / "r.csv", "姓名,搭档\n张三,李四\n王五,\n")
    check = check_roster(data, entered={name_key("李四"), name_key("赵六")})
    assert problems(check) == [(2, "already_entered")]
    assert check.problems[0].message("zh") == "第 2 行：“李四”已经报名了本次比赛。"


def test_duplicates_name_the_first_row(tmp_path: Path) -> None:
    data = csv_file(tmp_path / "r.csv", "name,partner\nAnn,Bo\nCat,ann\n")
    (problem,) = check_roster(data).problems
    assert problem.message("en") == "Row 3: “ann” already appears in row 2."
    assert problem.message("zh") == "第 3 行：“ann”已在第 2 行出现。"


@pytest.mark.parametrize(("gender", "expected"), [("男", Gender.MALE), ("女", Gender.FEMALE), ("M", Gender.MALE),
                                                  ("female", Gender.FEMALE), ("男性", Gender.MALE),
                                                  ("Ｆ", Gender.FEMALE), ("", None)])
def test_genders(tmp_path: Path, gender: str, expected: Gender | None) -> None:
    data = csv_file(tmp_path / "r.csv", f"姓名,性别\n张三,{gender}\n")
    assert check_roster(data).rows[0].gender is expected


@pytest.mark.parametrize("gender", ["x", "男女", "1", "其他", "mf"])
def test_wrong_genders(tmp_path: Path, gender: str) -> None:
    data = csv_file(tmp_path / "r.csv", f"姓名,性别\n张三,{gender}\n")
    assert problems(check_roster(data)) == [(2, "bad_gender")]


def test_two_thousand_rows(tmp_path: Path) -> None:
    rows = [("姓名", "搭档", "性别", "单位")] + [
        (f"选手{index}", f"搭档{index}", "男" if index % 2 else "女", f"单位{index % 9}") for index in range(2000)]
    check = check_roster(xlsx_file(tmp_path / "big.xlsx", rows))
    assert check.ok and len(check.rows) == 2000
    assert check.rows[-1] == RosterRow(2001, "选手1999", "搭档1999", Gender.MALE, "单位1")


def test_too_many_rows(tmp_path: Path) -> None:
    body = "\n".join(f"p{index}" for index in range(MAX_ROSTER_ROWS + 1))
    with pytest.raises(TooManyRowsError):
        check_roster(csv_file(tmp_path / "r.csv", f"name\n{body}\n"))


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("姓名,单位\n张三,工会\n", "utf-8"),
        ("姓名,单位\n张三,工会\n", "utf-8-sig"),
        ("姓名,单位\n张三,工会\n", "gb18030"),
        ("姓名\t单位\n张三\t工会\n", "utf-8"),
        ("姓名;单位\n张三;工会\n", "utf-8"),
        ("姓名，单位\n张三，工会\n", "utf-8"),
    ],
)
def test_csv_encodings_and_separators(tmp_path: Path, text: str, encoding: str) -> None:
    assert check_roster(csv_file(tmp_path / "r.csv", text, encoding)).rows == (RosterRow(2, "张三", unit="工会"),)


def test_missing_name_column(tmp_path: Path) -> None:
    with pytest.raises(MissingNameColumnError):
        check_roster(xlsx_file(tmp_path / "r.xlsx", [("搭档", "性别"), ("李四", "男")]))
    with pytest.raises(MissingNameColumnError):
        check_roster(csv_file(tmp_path / "r.csv", "张三\n李四\n"))


@pytest.mark.parametrize("rows", [[("姓名", "性别")], [(None,), (None,)]])
def test_no_names(tmp_path: Path, rows: list[Cells]) -> None:
    with pytest.raises(NoRowsError):
        check_roster(xlsx_file(tmp_path / "r.xlsx", rows))


def minimal_png() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "white").save(buffer, "PNG")
    return buffer.getvalue()


def docx_like_zip() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("word/document.xml", "<w:document/>")
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (b"", roster_file.EmptyFileError),
        (b"  \n ", roster_file.EmptyFileError),
        (minimal_png(), roster_file.NotASpreadsheetError),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", roster_file.NotASpreadsheetError),
        (b"PK\x03\x04 this is not really a zip", roster_file.NotASpreadsheetError),
        (docx_like_zip(), roster_file.NotASpreadsheetError),
        (bytes(range(256)) * 4, roster_file.NotASpreadsheetError),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512, roster_file.OldExcelError),
        (b"x" * (roster_file.MAX_FILE_BYTES + 1), roster_file.FileTooLargeError),
    ],
)
def test_files_that_are_not_rosters(data: bytes, error: type[Exception]) -> None:
    with pytest.raises(error):
        check_roster(data)


def test_a_damaged_workbook_is_not_a_spreadsheet(tmp_path: Path) -> None:
    good = xlsx_file(tmp_path / "r.xlsx", [("姓名",), ("张三",)])
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(good)) as source, zipfile.ZipFile(buffer, "w") as damaged:
        for item in source.infolist():
            content = source.read(item)
            damaged.writestr(item, b"<broken" if item.filename.startswith("xl/worksheets/") else content)
    with pytest.raises(roster_file.NotASpreadsheetError):
        check_roster(buffer.getvalue())


def test_the_report_lists_problems_up_to_a_limit(tmp_path: Path) -> None:
    data = csv_file(tmp_path / "r.csv", "name,gender\n" + "".join(f"p{index},?\n" for index in range(40)))
    check = check_roster(data)
    report = describe_problems(check.problems, "en", limit=30).splitlines()
    assert report[0] == "Nothing was imported: 40 problems found. Fix them and send the file again."
    assert report[1].startswith("Row 2: the gender “?”")
    assert report[-1] == "… and 10 more."
    assert len(report) == 32
