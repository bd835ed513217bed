"""``python -m bot play`` as a script would run it (its public contract), plus the batch reader."""

import io
import json
import subprocess
import sys

import pytest

from bot.cli.play import run_batch
from bot.i18n import Language

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow


def play(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", "play", *args], input=stdin, capture_output=True,
                          text=True, timeout=60)


def test_human_verdict_defaults_to_chinese() -> None:
    done = play("--level", "10", "S3 D3 C3 S4 D4")
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["打 10（逢人配：♥10）", "♠3 ♦3 ♣3 ♠4 ♦4：三带二（三张 3）"]


def test_json_with_beats_in_english() -> None:
    done = play("--level", "10", "S5 D5 C5 H10 H10", "--beats", "S6 D6 C6 S2 D2", "--json", "--lang", "en")
    assert done.returncode == 0
    assert json.loads(done.stdout) == {
        "valid": True,
        "readings": [{"type": "bomb", "rank": "5"}, {"type": "full_house", "rank": "5"}],
        "beats": True,
    }


def test_json_of_no_play_keeps_chinese_unescaped() -> None:
    done = play("--level", "j", "BIG SMALL", "--json")
    assert done.returncode == 0
    assert "不算对子" in done.stdout
    assert json.loads(done.stdout)["valid"] is False


def test_bad_token_exits_2_with_a_localized_message() -> None:
    done = play("--level", "10", "S3 X9", "--lang", "en")
    assert (done.returncode, done.stdout) == (2, "")
    assert "“X9” has an unknown suit “X”" in done.stderr


def test_bad_level_exits_2() -> None:
    done = play("--level", "11", "S3")
    assert done.returncode == 2
    assert "11" in done.stderr


def test_jsonl_answers_every_line_in_order() -> None:
    lines = [
        {"level": "10", "cards": "S3 D3 C3 S4 D4"},
        {"level": "A", "cards": "SA D2 C3 S4 D5", "beats": "S2 D3 C4 S5 D6"},
        {"level": "10", "cards": "S3 X9"},
        {"level": "10", "cards": "SJ DQ CK SA D2"},
    ]
    stdin = "\n".join(json.dumps(line) for line in lines) + "\nnot json\n"
    done = play("--jsonl", "--lang", "en", stdin=stdin)
    assert done.returncode == 0
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == 5
    assert results[0] == {"valid": True, "readings": [{"type": "full_house", "rank": "3"}]}
    assert results[1] == {"valid": True, "readings": [{"type": "straight", "rank": "5"}], "beats": False}
    assert "X9" in results[2]["error"]
    assert results[3]["valid"] is False and "wrap" in results[3]["reason"]
    assert "error" in results[4]


def test_batch_lines_with_wrong_fields_are_errors() -> None:
    source = io.StringIO('{"cards": 3}\n[1, 2]\n\n{"level": 10, "cards": "H10"}\n{"level": "大王", "cards": "S3"}\n')
    sink = io.StringIO()
    run_batch(source, sink, "2", Language.EN)
    results = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert [sorted(result) for result in results] == [["error"], ["error"], ["readings", "valid"], ["error"]]
    assert results[2]["readings"] == [{"type": "single", "rank": "10"}]
