"""matches.csv: the contract's header, round trips, and one specific error (with its line) per kind of bad input."""

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ruleset.scoring import MatchLevel, Side
from bot.sheets import csv_cells, matches_csv
from bot.sheets.matches import BYE, MatchRow, MatchStatus, Stage
from bot.sheets.matches_csv import format_matches_csv, parse_matches_csv, read_matches_csv, write_matches_csv
from tests.support.sample_matches import sample_rows

HEADER = "round,stage,table,left,right,left_level,right_level,winner,status,group,left_points,right_points"
LEGACY_HEADER = "round,stage,table,left,right,left_level,right_level,winner,status"


def test_header_is_the_contract() -> None:
    assert ",".join(matches_csv.HEADER) == HEADER
    assert format_matches_csv([]).splitlines() == [HEADER]


def test_written_file_starts_with_a_byte_order_mark() -> None:
    data = write_matches_csv([MatchRow.bye(1, "张三 / 李四")])
    assert data.startswith(b"\xef\xbb\xbf" + HEADER.encode())
    assert data.decode("utf-8-sig").splitlines()[1] == "1,main,,张三 / 李四,BYE,,,left,bye,,,"


@pytest.mark.parametrize("pairs", [2, 3, 5, 8, 13, 33, 256])
@pytest.mark.parametrize("finished_rounds", [None, 0, 2])
def test_sample_brackets_round_trip(pairs: int, finished_rounds: int | None) -> None:
    rows = sample_rows(pairs, finished_rounds=finished_rounds)
    assert read_matches_csv(write_matches_csv(rows)) == rows


def test_reads_without_bom_with_blank_lines_spaces_and_trailing_empty_columns() -> None:
    text = f"{HEADER},,\r\n\r\n 1 , main , 3 , 张三 / 李四 , 王五 / 赵六 , A+ , 10 , LEFT , Confirmed ,,\r\n,,,,\r\n"
    assert parse_matches_csv(text) == (
        MatchRow(1, Stage.MAIN, 3, "张三 / 李四", "王五 / 赵六", MatchLevel.parse("A+"), MatchLevel.parse("10"),
                 Side.LEFT, MatchStatus.CONFIRMED),
    )


def test_reads_a_gb18030_resave() -> None:
    text = f"{HEADER}\n1,main,,张三 / 李四,BYE,,,left,bye\n"
    assert read_matches_csv(text.encode("gb18030"))[0].left == "张三 / 李四"


def test_a_header_alone_is_an_empty_bracket() -> None:
    assert read_matches_csv(HEADER.encode()) == ()


def test_best_of_three_games_are_rows_sharing_a_table() -> None:
    text = HEADER + "\n" + "\n".join(
        f"3,main,1,甲,乙,{left},{right},{winner},confirmed"
        for left, right, winner in (("A+", "5", "left"), ("9", "A", "right"), ("A", "K", "left"))
    )
    rows = parse_matches_csv(text)
    assert [row.winner for row in rows] == [Side.LEFT, Side.RIGHT, Side.LEFT]


def line(fields: str) -> str:
    return f"{HEADER}\n1,main,1,甲,乙,,,,pending\n{fields}\n"


@pytest.mark.parametrize(
    ("data", "error", "params"),
    [
        (b"", matches_csv.EmptyFileError, {}),
        (b"\n\n", matches_csv.EmptyFileError, {}),
        (b"\x89PNG\r\n\x1a\n\x00\x00", matches_csv.NotTextError, {}),
        (b"round,stage\n1,main\n", matches_csv.HeaderError, {"found": "round,stage"}),
        (line("0,main,2,丙,丁,,,,pending").encode(), matches_csv.RoundError, {"line": 3, "value": "0"}),
        (line("x,main,2,丙,丁,,,,pending").encode(), matches_csv.RoundError, {"line": 3}),
        (line("1,final,2,丙,丁,,,,pending").encode(), matches_csv.StageError, {"value": "final"}),
        (line("1,main,-2,丙,丁,,,,pending").encode(), matches_csv.TableError, {"value": "-2"}),
        (line("1,main,２,丙,丁,,,,pending").encode(), matches_csv.TableError, {"line": 3}),
        (line("1,main,2,,丁,,,,pending").encode(), matches_csv.MissingNameError, {"column": "left"}),
        (line("1,main,2,丙,,,,,pending").encode(), matches_csv.MissingNameError, {"column": "right"}),
        (line("1,main,2,丙,丁,B,,,pending").encode(), matches_csv.LevelError, {"column": "left_level"}),
        (line("1,main,2,丙,丁,,1,,pending").encode(), matches_csv.LevelError, {"column": "right_level"}),
        (line("1,main,2,丙,丁,,,both,pending").encode(), matches_csv.WinnerError, {"value": "both"}),
        (line("1,main,2,丙,丁,,,,done").encode(), matches_csv.StatusError, {"value": "done"}),
        (line("1,main,2,丙,丁,,,,pending,A,,,extra").encode(), matches_csv.RowLengthError, {"count": 13}),
        (line("1,main,2,丙,丁,,,,pending,A,x").encode(), matches_csv.PointsError, {"column": "left_points"}),
        (line("1,main,2,丙,BYE,,,left,bye").encode(), matches_csv.ByeMismatchError, {"line": 3}),
        (line("1,main,,丙,BYE,,,left,pending").encode(), matches_csv.ByeMismatchError, {"line": 3}),
        (line("1,main,,丙,丁,,,,bye").encode(), matches_csv.ByeMismatchError, {"line": 3}),
        (line("1,main,,丙,丁,,,,pending").encode(), matches_csv.ByeMismatchError, {"line": 3}),
        (line("1,main,,丙,BYE,,,left,walkover").encode(), matches_csv.ByeMismatchError, {"line": 3}),
        (line("1,main,,,,,,left,walkover").encode(), matches_csv.MissingNameError, {"column": "left"}),
        (line("1,main,1,丙,丁,,,,pending").encode(), matches_csv.TableReusedError, {"table": 1, "round": 1}),
        (line("1,main,2,甲,丁,,,,pending").encode(), matches_csv.PairTwiceError, {"name": "甲", "round": 1}),
        (line("\n".join(["1,main,1,甲,乙,,,,pending"] * 3)).encode(), matches_csv.TooManyGamesError,
         {"line": 5, "limit": 3}),
    ],
)
def test_bad_files_raise_a_specific_error(data: bytes, error: type[Exception], params: dict[str, object]) -> None:
    with pytest.raises(error) as raised:
        read_matches_csv(data)
    assert isinstance(raised.value, matches_csv.MatchesFileError)
    assert params.items() <= raised.value.params.items()  # type: ignore[attr-defined]


def test_too_many_rows_are_refused() -> None:
    body = "\n".join(f"1,main,{table},L{table},R{table},,,,pending" for table in range(1, matches_csv.MAX_ROWS + 2))
    with pytest.raises(matches_csv.TooManyRowsError):
        parse_matches_csv(f"{HEADER}\n{body}\n")


names = (
    st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=40)
    .map(str.strip)
    .filter(lambda name: bool(name) and name.upper() != BYE)
)


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@given(left=names, right=names, table=st.integers(1, 999), level=st.sampled_from(["2", "10", "J", "A", "A+"]))
def test_any_names_survive_a_round_trip(left: str, right: str, table: int, level: str) -> None:
    row = MatchRow(1, Stage.MAIN, table, left, right + "'" if left == right else right, MatchLevel.parse(level),
                   None, None, MatchStatus.REPORTED)
    assert read_matches_csv(write_matches_csv([row])) == (row,)


def test_walkovers_as_the_bot_exports_them() -> None:
    """No table and no opponent (the opponent's feeder ended in a double forfeit); two in one round are fine."""
    text = f"{HEADER}\n2,main,,甲,,,,left,walkover\n2,main,,乙,,,,left,walkover\n2,main,3,丙,丁,,,left,walkover\n"
    rows = parse_matches_csv(text)
    assert rows[0] == MatchRow(2, Stage.MAIN, None, "甲", "", winner=Side.LEFT, status=MatchStatus.WALKOVER)
    assert not rows[0].opponent_known and rows[2].opponent_known
    assert read_matches_csv(write_matches_csv(rows)) == rows


def test_a_file_without_the_group_column_still_reads() -> None:
    """Files exported before Swiss and groups existed have no ``group`` column."""
    rows = read_matches_csv(f"{LEGACY_HEADER}\n1,main,,张三 / 李四,BYE,,,left,bye\n".encode())
    assert rows == (MatchRow.bye(1, "张三 / 李四"),)


def test_swiss_and_group_rows_draws_and_group_letters_round_trip() -> None:
    rows = (MatchRow(1, Stage.SWISS, 1, "甲", "乙", MatchLevel.parse("K"), MatchLevel.parse("K"),
                     status=MatchStatus.CONFIRMED, draw=True),
            MatchRow(1, Stage.GROUP, 2, "丙", "丁", status=MatchStatus.PENDING, group="B"))
    text = format_matches_csv(rows)
    assert text.splitlines()[1:] == ["1,swiss,1,甲,乙,K,K,draw,confirmed,,,", "1,group,2,丙,丁,,,,pending,B,,"]
    assert parse_matches_csv(text) == rows


# Names are text cells, neutralised; numbers and the fixed words are not.
FORMULAS = ('=HYPERLINK("http://evil","Click")', "@SUM(1+1)", "-2+3+cmd|' /C calc'!A0", "+SUM(A1)", "'quoted")


@pytest.mark.parametrize("name", FORMULAS)
def test_a_name_that_starts_a_formula_is_written_as_text_and_read_back_as_it_was(name: str) -> None:
    row = MatchRow(2, Stage.MAIN, 3, name, "乙", MatchLevel.parse("A+"), MatchLevel.parse("10"), Side.LEFT,
                   MatchStatus.CONFIRMED)
    data = write_matches_csv([row])
    [header, cells] = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert cells == ["2", "main", "3", "'" + name, "乙", "A+", "10", "left", "confirmed", "", "", ""]
    assert read_matches_csv(data) == (row,)


def test_only_text_columns_are_neutralised() -> None:
    """Per column: ``left`` and ``right`` are people's text; round, table and levels are numbers or fixed words
    and are written as they are (a negative number in a number column would stay a number)."""
    assert frozenset({"left", "right"}) == matches_csv.TEXT_COLUMNS
    assert csv_cells.csv_row([-3, "-3", None], text_columns=frozenset({1})) == [-3, "'-3", ""]


def test_points_columns_round_trip_and_older_files_still_read() -> None:
    """Each match's points are the last two columns; files written before them read as before."""
    row = MatchRow(1, Stage.SWISS, 1, "甲", "乙", MatchLevel.parse("A+"), MatchLevel.parse("10"), Side.LEFT,
                   MatchStatus.CONFIRMED, left_points=17, right_points=9)
    data = write_matches_csv([row])
    assert data.decode("utf-8-sig").splitlines()[1] == "1,swiss,1,甲,乙,A+,10,left,confirmed,,17,9"
    assert read_matches_csv(data) == (row,)
    older = f"{','.join(matches_csv.GROUP_HEADER)}\n1,swiss,1,甲,乙,A+,10,left,confirmed,\n".encode()
    [read] = read_matches_csv(older)
    assert read.left_points is None and read.right_points is None and read.winner is Side.LEFT
