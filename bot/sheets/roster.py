"""Roster import (``/import``): validate every row of an uploaded roster, then accept all rows or none.

Columns, found by their header in Chinese or English (the header may sit below a title line, within the first ten
rows; other columns such as 序号 or 电话 are ignored):

- name (required): 姓名, 名字, 选手, name, player, …
- partner (optional): 搭档, 队友, 对家, partner, …
- gender (optional): 性别, gender, sex — 男/女, m/f, male/female
- unit (optional): 单位, 部门, 单位/部门, unit, department, …
- members (instead of name and partner): 成员, members — ``张三 / 李四`` as ``/export`` writes ``entries.csv``, with
  the gender column listing each member's (``m / f``, ``男 / 女``) and a status column (状态, status) whose
  ``withdrawn`` rows are skipped, so last week's export can be imported as it is. In mixed mode each member is a
  sign-up of their own (the draw pairs men with women again); otherwise the members are a pair. A cell the export
  wrote as text with a leading ``'`` (a name that would start a formula, ``bot.sheets.csv_cells``) is read back as
  it was.

Rows whose name, partner, gender and unit cells are all blank are skipped. Problems of the file as a whole (not a
spreadsheet, empty, no name column, too many rows) raise a :class:`~bot.sheets.roster_file.RosterFileError` leaf;
problems of rows are collected, every one of them, with the row number the organiser sees in the spreadsheet.

Names and units are cleaned by :mod:`bot.tournament.names`, the same rules as ``/signup 张三 李四``, and two names
are one person when their :func:`~bot.tournament.names.name_key` agree (as the registration sees them). Checked
against a tournament (``mode``, ``entered``), rows must also suit its mode (notice 002: 男女配对 needs everyone's
gender and pairs men with women by lot, so no partners) and name nobody already signed up.
"""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass, field

from bot.i18n import Language, t
from bot.sheets.csv_cells import restore
from bot.sheets.roster_file import RosterFileError, SheetRow, SheetTable, read_tables
from bot.tournament.entries import Gender, RegistrationMode, UnknownGenderError
from bot.tournament.names import MAX_NAME_LENGTH, NameEmptyError, NameTooLongError, clean_name, clean_unit, name_key
from bot.tournament.names import tidy as tidy_text

MAX_ROSTER_ROWS = 5000
HEADER_SEARCH_ROWS = 10
_SHOWN_NAME_LENGTH = 24


class TooManyRowsError(RosterFileError):
    key = "sheets.too_many_rows"


class MissingNameColumnError(RosterFileError):
    key = "sheets.missing_name_column"


class NoRowsError(RosterFileError):
    key = "sheets.no_rows"


class Column(enum.StrEnum):
    NAME = "name"
    PARTNER = "partner"
    GENDER = "gender"
    UNIT = "unit"
    MEMBERS = "members"
    STATUS = "status"


MEMBER_SEPARATOR = "/"
WITHDRAWN_WORDS = frozenset({"withdrawn", "已退出", "退出"})
"""Rows of an exported ``entries.csv`` (English or ``/export zh``) that are not sign-ups any more."""


_HEADER_ALIASES: Mapping[str, Column] = {
    **dict.fromkeys(("姓名", "名字", "选手", "选手姓名", "参赛者", "参赛选手", "队员", "队员姓名", "name", "player",
                     "playername", "fullname"), Column.NAME),
    **dict.fromkeys(("搭档", "搭档姓名", "搭档名字", "队友", "对家", "伙伴", "partner", "partnername", "teammate"),
                    Column.PARTNER),
    **dict.fromkeys(("性别", "gender", "sex"), Column.GENDER),
    **dict.fromkeys(("单位", "部门", "单位部门", "部门单位", "所在单位", "所属单位", "工作单位", "所在部门", "班级",
                     "分会", "公司", "unit", "department", "dept", "organization", "organisation", "company"),
                    Column.UNIT),
    **dict.fromkeys(("成员", "members"), Column.MEMBERS),
    **dict.fromkeys(("状态", "status"), Column.STATUS),
}


@dataclass(frozen=True, slots=True)
class RosterRow:
    """One accepted row: ``row`` is its number in the spreadsheet."""

    row: int
    name: str
    partner: str | None = None
    gender: Gender | None = None
    unit: str | None = None
    partner_gender: Gender | None = None


@dataclass(frozen=True, slots=True)
class RosterProblem:
    """Why one row cannot be imported: ``key`` is a locale key whose text takes ``row`` and ``params``."""

    row: int
    key: str
    params: Mapping[str, str | int] = field(default_factory=dict)

    def message(self, lang: Language | str) -> str:
        return t(self.key, lang, row=self.row, **self.params)


@dataclass(frozen=True, slots=True)
class RosterCheck:
    """Either every row (``problems`` empty) or every problem (``rows`` empty): all or nothing."""

    rows: tuple[RosterRow, ...] = ()
    problems: tuple[RosterProblem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True, slots=True)
class RosterSheet:
    """The roster found in a file: its non-blank body rows and the position of each column found."""

    rows: tuple[SheetRow, ...]
    columns: Mapping[Column, int]

    def check(self, *, mode: RegistrationMode | None = None, entered: Container[str] = frozenset()) -> RosterCheck:
        return validate_rows(self.rows, self.columns, mode=mode, entered=entered)


def read_roster(data: bytes) -> RosterSheet:
    """Find the roster in an uploaded file (.xlsx or .csv bytes); raise a ``RosterFileError`` for the file.

    This is the slow part (a 5,000-row workbook takes about a second); checking is quick. ``/import`` runs it in a
    separate process with a time budget (``bot.sheets.roster_process``)."""
    tables = read_tables(data, is_header_cell)
    table, header_index, columns = _find_header(tables)
    body = tuple(row for row in table.rows[header_index + 1 :] if not _blank(row, columns))
    if not body:
        raise NoRowsError()
    if len(body) > MAX_ROSTER_ROWS:
        raise TooManyRowsError(limit=MAX_ROSTER_ROWS)
    return RosterSheet(body, columns)


def is_header_cell(cell: str) -> bool:
    """Whether ``cell`` names a roster column (a CSV's header line decides its separator)."""
    return _HEADER_ALIASES.get(_header_key(cell)) is not None


def check_roster(
    data: bytes, *, mode: RegistrationMode | None = None, entered: Container[str] = frozenset()
) -> RosterCheck:
    """Read and validate an uploaded roster; see :func:`validate_rows` for ``mode`` and ``entered``."""
    return read_roster(data).check(mode=mode, entered=entered)


def _find_header(tables: Sequence[SheetTable]) -> tuple[SheetTable, int, dict[Column, int]]:
    """The first sheet with a name column among its first rows, the header's index, and the columns found."""
    for table in tables:
        candidates = [(index, row) for index, row in enumerate(table.rows) if not row.is_empty]
        for index, row in candidates[:HEADER_SEARCH_ROWS]:
            columns: dict[Column, int] = {}
            for position, cell in enumerate(row.cells):
                column = _HEADER_ALIASES.get(_header_key(cell))
                if column is not None:
                    columns.setdefault(column, position)
            if Column.NAME in columns or Column.MEMBERS in columns:
                return table, index, columns
    if all(row.is_empty for table in tables for row in table.rows):
        raise NoRowsError()
    raise MissingNameColumnError()


def _header_key(cell: str) -> str:
    """``姓名（必填）``, ``Partner name*`` and ``单位/部门`` become ``姓名``, ``partnername`` and ``单位部门``."""
    text = unicodedata.normalize("NFKC", cell).casefold()
    for opening, closing in (("(", ")"), ("[", "]")):
        start = text.find(opening)
        if start > 0 and text.endswith(closing):
            text = text[:start]
    return "".join(char for char in text if char.isalnum())


def _cell(row: SheetRow, columns: Mapping[Column, int], column: Column) -> str:
    position = columns.get(column)
    if position is None or position >= len(row.cells):
        return ""
    return row.cells[position]


def _blank(row: SheetRow, columns: Mapping[Column, int]) -> bool:
    return not any(_cell(row, columns, column) for column in columns)


def validate_rows(
    rows: Sequence[SheetRow], columns: Mapping[Column, int], *, mode: RegistrationMode | None = None,
    entered: Container[str] = frozenset(),
) -> RosterCheck:
    """Check every row; names must be unique across the name and partner columns.

    ``mode``: the tournament's; mixed mode needs a gender on every row and no partner. ``entered``: the
    :func:`~bot.tournament.names.name_key` of everyone already signed up, who cannot be imported again.
    """
    accepted: list[RosterRow] = []
    problems: list[RosterProblem] = []
    first_seen: dict[str, int] = {}
    exported = Column.MEMBERS in columns
    for sheet_row in rows:
        number = sheet_row.number
        if exported:  # the export wrote a name that would start a formula as text: read it back as it was
            sheet_row = SheetRow(number, tuple(restore(cell) for cell in sheet_row.cells))
        row_problems: list[RosterProblem] = []
        if exported and _cell(sheet_row, columns, Column.STATUS).strip().casefold() in WITHDRAWN_WORDS:
            continue
        if exported:
            name, partner = _members(sheet_row, columns, row_problems)
        else:
            name = _person(sheet_row, columns, Column.NAME, row_problems)
            partner = _person(sheet_row, columns, Column.PARTNER, row_problems)
        if name is None and not row_problems:
            row_problems.append(RosterProblem(number, "sheets.problem.missing_name"))
        if name is not None and partner is not None and name_key(name) == name_key(partner):
            row_problems.append(RosterProblem(number, "sheets.problem.partner_is_self", {"name": _shown(name)}))
            partner = None
        for person in (name, partner):
            if person is None:
                continue
            key = name_key(person)
            earlier = first_seen.setdefault(key, number)
            if earlier != number:
                params: dict[str, str | int] = {"name": _shown(person), "first_row": earlier}
                row_problems.append(RosterProblem(number, "sheets.problem.duplicate_name", params))
            elif key in entered:
                row_problems.append(RosterProblem(number, "sheets.problem.already_entered", {"name": _shown(person)}))
        if exported:
            gender, partner_gender = _member_genders(sheet_row, columns, row_problems)
        else:
            gender, partner_gender = _gender(sheet_row, columns, row_problems), None
        unit = _unit(sheet_row, columns, row_problems)
        if mode is RegistrationMode.MIXED:
            if partner is not None and not exported:
                row_problems.append(RosterProblem(number, "sheets.problem.partner_in_mixed"))
            for person, known in ((name, gender), (partner if exported else None, partner_gender)):
                if person is not None and known is None and (exported or not _cell(sheet_row, columns, Column.GENDER)):
                    row_problems.append(RosterProblem(number, "sheets.problem.gender_required",
                                                      {"name": _shown(person)}))
        problems.extend(row_problems)
        if row_problems or name is None:
            continue
        if exported and mode is RegistrationMode.MIXED:  # each member signs up alone; the draw pairs them again
            accepted.append(RosterRow(number, name, None, gender, unit))
            if partner is not None:
                accepted.append(RosterRow(number, partner, None, partner_gender, unit))
        else:
            accepted.append(RosterRow(number, name, partner, gender, unit, partner_gender))
    if problems:
        return RosterCheck(problems=tuple(problems))
    return RosterCheck(rows=tuple(accepted))


def _shown(text: str) -> str:
    return text if len(text) <= _SHOWN_NAME_LENGTH else text[: _SHOWN_NAME_LENGTH - 1] + "…"


def _person(
    row: SheetRow, columns: Mapping[Column, int], column: Column, problems: list[RosterProblem]
) -> str | None:
    raw = _cell(row, columns, column)
    if not raw.strip():
        return None
    try:
        return clean_name(raw)
    except NameEmptyError:  # only invisible or control characters: show them as escapes
        params: dict[str, str | int] = {"name": _shown(ascii(raw.strip())[1:-1])}
        problems.append(RosterProblem(row.number, "sheets.problem.bad_characters", params))
    except NameTooLongError:
        params = {"name": _shown(tidy_text(raw)), "limit": MAX_NAME_LENGTH}
        problems.append(RosterProblem(row.number, "sheets.problem.name_too_long", params))
    return None


def _gender(row: SheetRow, columns: Mapping[Column, int], problems: list[RosterProblem],
            raw: str | None = None) -> Gender | None:
    raw = _cell(row, columns, Column.GENDER) if raw is None else raw.strip()
    if not raw:
        return None
    try:
        return Gender.parse(raw)
    except UnknownGenderError:
        problems.append(RosterProblem(row.number, "sheets.problem.bad_gender", {"value": _shown(tidy_text(raw))}))
        return None


def _split_members(text: str) -> list[str]:
    return [part.strip() for part in text.split(MEMBER_SEPARATOR)]


def _members(row: SheetRow, columns: Mapping[Column, int], problems: list[RosterProblem]
             ) -> tuple[str | None, str | None]:
    """An exported entry's members (``张三 / 李四``): the first, and the second of a pair."""
    parts = [part for part in _split_members(_cell(row, columns, Column.MEMBERS)) if part]
    people = [_person(SheetRow(row.number, (part,)), {Column.NAME: 0}, Column.NAME, problems) for part in parts[:2]]
    if len(parts) > 2:
        problems.append(RosterProblem(row.number, "sheets.problem.too_many_members", {"count": len(parts)}))
    return (people[0] if people else None), (people[1] if len(people) > 1 else None)


def _member_genders(row: SheetRow, columns: Mapping[Column, int], problems: list[RosterProblem]
                    ) -> tuple[Gender | None, Gender | None]:
    """The genders of an exported entry's members, in their order (``m / f``; a blank part is unknown)."""
    parts = _split_members(_cell(row, columns, Column.GENDER)) + ["", ""]
    return _gender(row, columns, problems, parts[0]), _gender(row, columns, problems, parts[1])


def _unit(row: SheetRow, columns: Mapping[Column, int], problems: list[RosterProblem]) -> str | None:
    try:
        return clean_unit(_cell(row, columns, Column.UNIT))
    except NameTooLongError:
        problems.append(RosterProblem(row.number, "sheets.problem.bad_unit", {"limit": MAX_NAME_LENGTH}))
        return None


def describe_problems(problems: Sequence[RosterProblem], lang: Language | str, limit: int = 30) -> str:
    """The reply to an organiser: a heading, one line per problem (at most ``limit``), and how many more."""
    lines = [t("sheets.report.heading", lang, count=len(problems))]
    lines += [problem.message(lang) for problem in problems[:limit]]
    if len(problems) > limit:
        lines.append(t("sheets.report.more", lang, count=len(problems) - limit))
    return "\n".join(lines)
