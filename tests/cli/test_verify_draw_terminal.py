"""``verify-draw`` never prints a file's control characters: a forged file cannot hide its mismatch lines."""

from __future__ import annotations

import argparse
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.cli import verify_draw
from bot.i18n import t
from bot.tournament.draw_file import export_draw
from tests.tournament.draw_helpers import sample_draw, seed_of

COMMITTED_AT = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
HIDE = "\r\x1b[4A\x1b[J"
"""Back to the line's start, up four lines, erase to the end of the screen."""


def run(path: Path) -> int:
    return verify_draw.run(argparse.Namespace(file=path, lang="zh"))


def forged(tmp_path: Path, **changes: object) -> Path:
    document = json.loads(export_draw(sample_draw(), committed_at=COMMITTED_AT))
    document["teams"][0]["name"] = "Someone else"
    document.update(changes)
    path = tmp_path / "draw.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_commitment_hiding_the_mismatch_is_no_draw_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The probe's file: its commitment erases the mismatch lines and prints a copy of the match line."""
    genuine = seed_of(7).commitment
    fake_match = t("draw.verify.match", "zh", teams=6, commitment=genuine, published=COMMITTED_AT.isoformat())
    status = run(forged(tmp_path, commitment=genuine + HIDE + fake_match))
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.strip() == t("draw.unreadable_file", "zh", reason="commitment")


def test_what_the_file_names_is_shown_with_its_control_characters_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads(export_draw(sample_draw(), committed_at=COMMITTED_AT))
    document["x" + HIDE + "\u202e"] = 1  # an unknown field: its name is the unreadable part
    path = tmp_path / "draw.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert run(path) == 2
    out, err = capsys.readouterr()
    assert "\x1b" not in err and "\r" not in err and "\u202e" not in err
    assert err.strip() == t("draw.unreadable_file", "zh", reason="x\\r\\x1b[4A\\x1b[J\\u202e")


def test_a_forged_file_still_shows_every_mismatch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(forged(tmp_path)) == 1
    out, _ = capsys.readouterr()
    assert out.splitlines()[:2] == [t("draw.verify.mismatch", "zh"), f"- {t('draw.verify.check.teams', 'zh')}"]


def test_shown_escapes_controls_and_keeps_text() -> None:
    assert verify_draw.shown("张三 abc") == "张三 abc"
    assert verify_draw.shown("a\x1b[J\r\n\x85\u200f") == "a\\x1b[J\\r\\n\\x85\\u200f"
