"""Read and write ``matches.csv`` (the ``/export`` format) as :class:`~bot.sheets.matches.MatchRow` values.

Reading is strict about what the bracket needs and lenient about what spreadsheets do to a file: a UTF-8 byte
order mark, a GB18030 re-save by a Chinese Excel, blank lines, surrounding spaces and empty trailing columns are
accepted. Every other problem raises a :class:`MatchesFileError` leaf naming the line.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from bot.errors import UsageError
from bot.i18n import Language
from bot.ruleset.scoring import MatchLevel, Side, UnknownLevelError
from bot.sheets.csv_cells import csv_row, restore
from bot.sheets.labels import localized_cells, localized_header
from bot.sheets.matches import BYE, DRAW, MatchRow, MatchStatus, Stage

HEADER: tuple[str, ...] = (
    "round", "stage", "table", "left", "right", "left_level", "right_level", "winner", "status", "group",
    "left_points", "right_points",
)
GROUP_HEADER = HEADER[:-2]
"""Files written before the points columns are read as well."""
LEGACY_HEADER = GROUP_HEADER[:-1]
"""Files written before the ``group`` column are read as well."""
MAX_POINTS = 1000
"""Far above any scale's points for one match: a larger number is a damaged file."""
TEXT_COLUMNS = frozenset({"left", "right"})
"""People's text (pair names), neutralised when written and restored when read (``bot.sheets.csv_cells``); every
other column is a number or one of the format's fixed words, written as it is."""
_TEXT_POSITIONS = frozenset(HEADER.index(name) for name in TEXT_COLUMNS)
MAX_ROWS = 4096
"""Far above a 256-pair bracket (255 matches, byes and best-of-three games); guards against runaway files."""
MAX_GAMES = 3
MAX_ROUND = 32
"""A knockout of 2³² pairs has 32 rounds: a file whose knockout rounds span more is damaged (and would be drawn as
that many columns)."""
MAX_ROUND_NUMBER = 10_000 + MAX_ROUND
"""The largest round number a file may hold: the rounds of a group stage (one group of every pair a tournament can
take, ``bot.tournament.settings.MAX_CAPACITY``) and then a knockout's, which counts on from them."""
MAX_TABLE = 99_999


class MatchesFileError(UsageError):
    key = "render.bad_file"


class NotTextError(MatchesFileError):
    key = "render.not_text"


class EmptyFileError(MatchesFileError):
    key = "render.empty_file"


class HeaderError(MatchesFileError):
    key = "render.bad_header"


class PointsError(MatchesFileError):
    key = "render.bad_points"


class TooManyRowsError(MatchesFileError):
    key = "render.too_many_rows"


class RowLengthError(MatchesFileError):
    key = "render.bad_row_length"


class RoundError(MatchesFileError):
    key = "render.bad_round"


class RoundSpanError(MatchesFileError):
    key = "render.round_span"


class StageError(MatchesFileError):
    key = "render.bad_stage"


class TableError(MatchesFileError):
    key = "render.bad_table"


class MissingNameError(MatchesFileError):
    key = "render.missing_name"


class LevelError(MatchesFileError):
    key = "render.bad_level"


class WinnerError(MatchesFileError):
    key = "render.bad_winner"


class StatusError(MatchesFileError):
    key = "render.bad_status"


class ByeMismatchError(MatchesFileError):
    """A bye is ``right`` = BYE, an empty table and status ``bye`` — all three or none.

    Only a walkover may have an empty table without being a bye."""

    key = "render.bye_mismatch"


class TableReusedError(MatchesFileError):
    """Two different matches at one table in one round (games of one match must name the same pairs)."""

    key = "render.table_reused"


class TooManyGamesError(MatchesFileError):
    key = "render.too_many_games"


class PairTwiceError(MatchesFileError):
    key = "render.pair_twice"


def decode(data: bytes) -> str:
    """UTF-8 (with or without BOM), else GB18030 (what a Chinese Excel saves); binary data is refused."""
    if b"\x00" in data:
        raise NotTextError()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("gb18030")
    except UnicodeDecodeError:
        raise NotTextError() from None


def read_matches_csv(data: bytes) -> tuple[MatchRow, ...]:
    """Parse the bytes of a ``matches.csv``; raise a :class:`MatchesFileError` leaf on the first problem."""
    return parse_matches_csv(decode(data))


def parse_matches_csv(text: str) -> tuple[MatchRow, ...]:
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))
    header: list[str] | None = None
    rows: list[MatchRow] = []
    lines: list[int] = []
    for cells in reader:
        stripped = _trim_trailing_empty([cell.strip() for cell in cells])
        if not stripped:
            continue
        if header is None:
            header = [cell.lower() for cell in stripped]
            if tuple(header) not in (HEADER, GROUP_HEADER, LEGACY_HEADER):
                raise HeaderError(expected=",".join(HEADER), found=",".join(stripped)[:200])
            continue
        if len(rows) >= MAX_ROWS:
            raise TooManyRowsError(limit=MAX_ROWS)
        rows.append(_parse_row(stripped, reader.line_num))
        lines.append(reader.line_num)
    if header is None:
        raise EmptyFileError()
    _check_consistency(rows, lines)
    return tuple(rows)


def _trim_trailing_empty(cells: list[str]) -> list[str]:
    while cells and not cells[-1]:
        cells.pop()
    return cells


def _parse_row(cells: list[str], line: int) -> MatchRow:
    if len(cells) > len(HEADER):
        raise RowLengthError(line=line, count=len(cells), expected=len(HEADER))
    cells = cells + [""] * (len(HEADER) - len(cells))
    (round_text, stage_text, table_text, left, right, left_level, right_level, winner_text, status_text, group,
     left_points_text, right_points_text) = cells
    left, right = restore(left), restore(right)
    round_number = _positive_int(round_text, MAX_ROUND_NUMBER)
    if round_number is None:
        raise RoundError(line=line, value=round_text, limit=MAX_ROUND_NUMBER)
    try:
        stage = Stage(stage_text.lower())
    except ValueError:
        raise StageError(line=line, value=stage_text) from None
    table = _positive_int(table_text, MAX_TABLE)
    if table_text and table is None:
        raise TableError(line=line, value=table_text, limit=MAX_TABLE)
    try:
        status = MatchStatus(status_text.lower())
    except ValueError:
        raise StatusError(line=line, value=status_text) from None
    for column, name in (("left", left), ("right", right)):
        # A walkover exported by the bot has no opponent: its right name is empty.
        if not name and not (column == "right" and status is MatchStatus.WALKOVER):
            raise MissingNameError(line=line, column=column)
    row = MatchRow(
        round=round_number,
        stage=stage,
        table=table,
        left=left,
        right=BYE if right.upper() == BYE else right,
        left_level=_level(left_level, line, "left_level"),
        right_level=_level(right_level, line, "right_level"),
        winner=_winner(winner_text, line),
        status=status,
        group=group,
        draw=winner_text.lower() == DRAW,
        left_points=_points(left_points_text, line, "left_points"),
        right_points=_points(right_points_text, line, "right_points"),
    )
    if row.status is MatchStatus.WALKOVER:
        if row.is_bye:
            raise ByeMismatchError(line=line)
    elif not (row.is_bye == (row.table is None) == (row.status is MatchStatus.BYE)):
        raise ByeMismatchError(line=line)
    return row


def _positive_int(text: str, limit: int) -> int | None:
    """``text`` as a whole number from 1 to ``limit``, else ``None``.

    Read digit by digit: 5,000 digits are no number, not a slow conversion."""
    if not text.isascii() or not text.isdigit() or len(text.lstrip("0")) > len(str(limit)):
        return None
    value = int(text)
    return value if 0 < value <= limit else None


def _points(text: str, line: int, column: str) -> int | None:
    """A points cell: empty, or a whole number (a negative one on scales that go below zero) up to :data:`MAX_POINTS`.
    """
    if not text:
        return None
    digits = text[1:] if text.startswith("-") else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > len(str(MAX_POINTS)) or int(digits) > MAX_POINTS:
        raise PointsError(line=line, column=column, value=text[:20])
    return -int(digits) if text.startswith("-") else int(digits)


def _level(text: str, line: int, column: str) -> MatchLevel | None:
    if not text:
        return None
    try:
        return MatchLevel.parse(text)
    except UnknownLevelError:
        raise LevelError(line=line, column=column, value=text) from None


def _winner(text: str, line: int) -> Side | None:
    if not text or text.lower() == DRAW:
        return None
    try:
        return Side(text.lower())
    except ValueError:
        raise WinnerError(line=line, value=text) from None


def _check_consistency(rows: Sequence[MatchRow], lines: Sequence[int]) -> None:
    """Games of one match share its table.

    No pair plays twice in one round of one stage; the knockout's rounds span at most :data:`MAX_ROUND`."""
    matches: dict[tuple[int, Stage, int], tuple[str, str, int]] = {}
    seen: dict[tuple[int, Stage, str], tuple[str, str]] = {}
    knockout = [row.round for row in rows if row.stage in (Stage.MAIN, Stage.THIRD_PLACE)]
    first = min(knockout, default=1)
    for row, line in zip(rows, lines, strict=True):
        if row.stage in (Stage.MAIN, Stage.THIRD_PLACE) and row.round - first >= MAX_ROUND:
            raise RoundSpanError(line=line, value=row.round, first=first, limit=MAX_ROUND)
        if row.table is not None:
            slot = (row.round, row.stage, row.table)
            known = matches.get(slot)
            if known is None:
                matches[slot] = (row.left, row.right, 1)
            elif known[:2] != (row.left, row.right):
                raise TableReusedError(line=line, table=row.table, round=row.round)
            elif known[2] >= MAX_GAMES:
                raise TooManyGamesError(line=line, table=row.table, round=row.round, limit=MAX_GAMES)
            else:
                matches[slot] = (row.left, row.right, known[2] + 1)
        pairing = (row.left, row.right)
        for name in (row.left, row.right):
            if name == BYE or not name:
                continue
            earlier = seen.setdefault((row.round, row.stage, name), pairing)
            if earlier != pairing:
                raise PairTwiceError(line=line, name=name, round=row.round)


def match_cells(row: MatchRow) -> tuple[str | int | None, ...]:
    """The fields of a row in the header's order.

    Numbers as numbers, empty fields as ``None`` (the CSV writes them empty, the workbook leaves the cell blank)."""
    return (
        row.round,
        row.stage.value,
        row.table,
        row.left,
        row.right,
        None if row.left_level is None else str(row.left_level),
        None if row.right_level is None else str(row.right_level),
        row.winner_text or None,
        row.status.value,
        row.group or None,
        row.left_points,
        row.right_points,
    )


def format_matches_csv(rows: Iterable[MatchRow], language: Language | None = None) -> str:
    """``matches.csv``'s text, without a byte order mark.

    The CSV text (``\r\n`` line ends, as the csv module and Excel write them), without a byte order mark.

    Headers and words in ``language`` when given (:mod:`bot.sheets.labels`: such a file is for people, and ``python -m
    bot render`` reads only the contract's English); names that would start a formula are written as text
    (``bot.sheets.csv_cells``)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(localized_header("matches", HEADER, language))
    for row in rows:
        writer.writerow(csv_row(localized_cells("matches", HEADER, match_cells(row), language),
                                text_columns=_TEXT_POSITIONS))
    return buffer.getvalue()


def write_matches_csv(rows: Iterable[MatchRow], language: Language | None = None) -> bytes:
    """UTF-8 with a byte order mark, so that Excel opens Chinese names correctly."""
    return format_matches_csv(rows, language).encode("utf-8-sig")
