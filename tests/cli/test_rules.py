import json
import subprocess
import sys

import pytest

from bot.cli import main


def test_question_prints_title_and_text_in_its_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "双下升几级"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("升级\n\n") and "升3级" in out


def test_lang_overrides(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--lang", "en", "抗贡要几个大王?"]) == 0
    assert capsys.readouterr().out.startswith("Anti-tribute")


def test_json_answers_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json", "what", "is", "百搭"]) == 0
    raw = capsys.readouterr().out
    assert "逢人配" in raw  # not escaped
    answers = json.loads(raw)["answers"]
    assert answers[0]["id"] == "wild_card"
    assert all(set(item) == {"id", "title", "text", "score"} for item in answers)
    assert [item["score"] for item in answers] == sorted((item["score"] for item in answers), reverse=True)
    assert all(isinstance(item["score"], float) and 0 < item["score"] <= 1 for item in answers)


def test_json_parts_give_each_question_its_sources(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json", "青阳路社区那个比赛奖品都有啥？然后双下升几级"]) == 0
    parts = json.loads(capsys.readouterr().out)["parts"]
    assert [part["question"] for part in parts] == ["青阳路社区那个比赛奖品都有啥?", "然后双下升几级"]
    assert parts[0]["sources"][0]["id"] == "seed:000 第四篇 四、" and "4900元" in parts[0]["sources"][0]["text"]
    assert parts[0]["sources"][0]["source"] == "青阳路社区迎新春牌类比赛活动计划 四、"
    assert parts[1]["sources"][0]["id"] == "level_up"


def test_json_off_topic(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json", "推荐一家好吃的餐厅"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["answers"] == [] and payload["topics"][0]["id"] == "cards_and_deal"


def test_no_question_lists_topics(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Rule topics you can ask about:" in out and "• Level-up" in out
    assert main(["rules", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["topics"][8] == {"id": "level_up", "title": "升级"}


@pytest.mark.parametrize("argv", [["rules", "--lang", "fr", "双下"], ["rules", "--limit", "0", "双下"]])
def test_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err


def test_the_command_line_contract() -> None:
    done = subprocess.run([sys.executable, "-m", "bot", "rules", "双下升几级"], capture_output=True, text=True,
                          check=True)
    assert done.stdout.startswith("升级") and "3" in done.stdout


def test_answering_loads_no_tournament_machinery() -> None:
    # The first answer must come within 0.5 s of process start (benchmarks/bench_rules_qa.py); the archive and the
    # draw (networkx, openpyxl, the services: about a second), the other subcommands and Telegram are loaded only by
    # the subcommands that use them (bot.cli.default imports only the module of the subcommand asked for).
    probe = (
        "import sys; from bot.cli import main; main(['rules', '双下升几级']); "
        "print(sorted(name for name in ('networkx', 'openpyxl', 'bot.services', 'bot.tournament.draw_file', "
        "'bot.cli.console', 'bot.cli.render', 'bot.cli.run', 'telegram', 'asyncio') if name in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"
