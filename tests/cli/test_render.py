"""``python -m bot render``: a PNG from an exported matches.csv; bad files exit 2 with a localized message."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.cli import main
from bot.cli.render import output_paths
from bot.sheets.matches_csv import write_matches_csv
from tests.support.sample_matches import sample_rows

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow


def run(*args: str, lang: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "GUANDAN_LANG"}
    if lang is not None:
        env["GUANDAN_LANG"] = lang
    return subprocess.run([sys.executable, "-m", "bot", "render", *args], capture_output=True, text=True, env=env,
                          timeout=120, check=False)


@pytest.fixture
def exported_matches_of_13_pairs(tmp_path: Path) -> Path:
    path = tmp_path / "matches.csv"
    path.write_bytes(write_matches_csv(sample_rows(13, finished_rounds=2)))
    return path


def test_draws_a_png(exported_matches_of_13_pairs: Path, tmp_path: Path) -> None:
    out = tmp_path / "bracket.png"
    done = run("--matches", str(exported_matches_of_13_pairs), "--out", str(out), "--title", "春季赛", "--lang", "en")
    assert done.returncode == 0, done.stderr
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.format == "PNG" and image.width > 1000
    assert done.stdout.strip() == f"Wrote {out} ({image.width}×{image.height})"


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "Line 2: the stage “semi” must be main or third_place."),
        ("zh", "第 2 行：阶段“semi”必须是 main 或 third_place。"),
    ],
)
def test_a_bad_file_exits_2_with_a_localized_message(tmp_path: Path, lang: str, message: str) -> None:
    bad = tmp_path / "matches.csv"
    bad.write_text("round,stage,table,left,right,left_level,right_level,winner,status\n1,semi,1,A,B,,,,pending\n")
    done = run("--matches", str(bad), "--out", str(tmp_path / "b.png"), "--lang", lang)
    assert done.returncode == 2
    assert done.stderr.strip() == f"{bad}: {message}"
    assert not (tmp_path / "b.png").exists()


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    done = run("--matches", str(tmp_path / "none.csv"), "--out", str(tmp_path / "b.png"), lang="en")
    assert done.returncode == 2
    assert done.stderr.startswith(f"Cannot read {tmp_path / 'none.csv'}")


def test_a_large_bracket_writes_numbered_pictures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    matches = tmp_path / "matches.csv"
    matches.write_bytes(write_matches_csv(sample_rows(100, finished_rounds=1)))
    out = tmp_path / "bracket.png"
    assert main(["render", "--matches", str(matches), "--out", str(out), "--lang", "zh"]) == 0
    written = [tmp_path / name for name in ("bracket.png", *(f"bracket-{number}.png" for number in range(2, 6)))]
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in written)
    assert not (tmp_path / "bracket-6.png").exists()
    assert capsys.readouterr().out.splitlines()[-1].endswith("决赛阶段")


def test_output_paths() -> None:
    assert output_paths(Path("out/b.png"), 3) == [Path("out/b.png"), Path("out/b-2.png"), Path("out/b-3.png")]
    assert output_paths(Path("bracket"), 2) == [Path("bracket"), Path("bracket-2.png")]


def test_an_unknown_language_is_a_usage_error(exported_matches_of_13_pairs: Path, tmp_path: Path) -> None:
    done = run("--matches", str(exported_matches_of_13_pairs), "--out", str(tmp_path / "b.png"), "--lang", "fr")
    assert done.returncode == 2


HUGE = "99999999999999999999"


@pytest.mark.parametrize(("column", "key"), [("round", "render.bad_round"), ("table", "render.bad_table")])
def test_a_number_too_large_for_any_bracket_exits_2_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], column: str, key: str
) -> None:
    """A 20-digit round gave an OverflowError traceback and exit 1."""
    bad = tmp_path / "matches.csv"
    cells = {"round": "2", "table": "1"} | {column: HUGE}
    bad.write_text("round,stage,table,left,right,left_level,right_level,winner,status\n"
                   "1,main,1,A,B,,,,pending\n"
                   f"{cells['round']},main,{cells['table']},C,D,,,,pending\n", encoding="utf-8")
    assert main(["render", "--matches", str(bad), "--out", str(tmp_path / "b.png"), "--lang", "en"]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith(f"{bad}: Line 3: ") and HUGE in error
    assert not (tmp_path / "b.png").exists()


def test_a_highlighted_round_too_large_is_refused(exported_matches_of_13_pairs: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["render", "--matches", str(exported_matches_of_13_pairs), "--out", str(tmp_path / "b.png"),
              "--round", HUGE])
    assert exited.value.code == 2
    assert HUGE in capsys.readouterr().err
