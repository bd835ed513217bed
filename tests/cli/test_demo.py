"""``python -m bot demo``: the whole male–female tournament, the same every run."""

import pytest

from bot.cli import main


def test_the_demo_plays_nine_pairs_to_a_champion(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--lang", "en"]) == 0
    first = capsys.readouterr().out
    assert "male–female pairing by lot" in first
    assert "Entries: 9 men and 12 women (9 pairs so far)" in first
    assert "The draw — 9 pairs:" in first and "Reserves (3):" in first and "Byes (7):" in first
    assert "is disputed" in first and "decided" in first
    assert "is over! Champion:" in first and first.count("final ranking") == 2
    assert "entries.csv" in first and "matches.csv" in first and "tournament.xlsx" in first
    assert "🖼 standings.png — Standings of 周五掼蛋混双赛" in first
    assert main(["demo", "--lang", "en"]) == 0
    assert capsys.readouterr().out == first  # fixed seed, fixed results, fixed clock


def test_the_demo_speaks_chinese_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    shown = capsys.readouterr().out
    assert "已报名：男 9 人、女 12 人（目前可组成 9 对）" in shown and "圆满结束" in shown
