import pytest

from bot.i18n import Language
from bot.presenters.plays import describe, verdict_json
from bot.ruleset.cards import Rank
from bot.ruleset.judge import judge


def test_json_of_a_play() -> None:
    assert verdict_json(judge("S3 D3 C3 S4 D4", Rank.TEN), Language.EN) == {
        "valid": True, "readings": [{"type": "full_house", "rank": "3"}],
    }


@pytest.mark.parametrize(
    ("cards", "level", "readings"),
    [
        ("SA D2 C3 S4 D5", Rank.TEN, [{"type": "straight", "rank": "5"}]),
        ("S10 DJ CQ SK DA", Rank.TEN, [{"type": "straight", "rank": "A"}]),
        ("SA DA S2 D2 S3 D3", Rank.TEN, [{"type": "tube", "rank": "3"}]),
        ("SA DA CA S2 D2 C2", Rank.TEN, [{"type": "plate", "rank": "2"}]),
        ("BIG BIG SMALL SMALL", Rank.TEN, [{"type": "four_jokers", "rank": "大王"}]),
        ("SMALL SMALL", Rank.TEN, [{"type": "pair", "rank": "小王"}]),
        ("S5 D5 C5 H10 H10", Rank.TEN, [{"type": "bomb", "rank": "5"}, {"type": "full_house", "rank": "5"}]),
    ],
)
def test_json_rank_is_the_deciding_card(cards: str, level: Rank, readings: list[dict[str, str]]) -> None:
    assert verdict_json(judge(cards, level), Language.ZH)["readings"] == readings


def test_json_of_no_play_and_of_a_comparison() -> None:
    assert verdict_json(judge("BIG SMALL", Rank.TEN), Language.EN) == {
        "valid": False, "reason": "A big joker and a small joker are not a pair; only two big jokers or two small "
                                  "jokers are.",
    }
    assert verdict_json(judge("S4 D4", Rank.TEN, "S3 D3"), Language.EN)["beats"] is True
    assert verdict_json(judge("BIG SMALL", Rank.TEN, "S3 D3"), Language.EN)["beats"] is False


def test_describe_in_both_languages() -> None:
    verdict = judge("S3 D3 S4 D4 H10 H10", Rank.TEN, "S2 D2 S3 D3 S4 D4")
    assert describe(verdict, Language.EN).splitlines() == [
        "Level 10 (wild cards: ♥10)",
        "♠3 ♦3 ♠4 ♦4 ♥10 ♥10: 3 readings, strongest first: three consecutive pairs up to 5; "
        "two consecutive triples up to 4; three consecutive pairs up to 4",
        "♠2 ♦2 ♠3 ♦3 ♠4 ♦4: three consecutive pairs up to 4",
        "Yes: three consecutive pairs up to 5 beats three consecutive pairs up to 4.",
    ]
    assert describe(verdict, Language.ZH).splitlines()[-1] == "能管上：三连对（到 5） 大过 三连对（到 4）。"


def test_describe_names_jokers_and_reasons() -> None:
    assert describe(judge("BIG", Rank.TEN), Language.EN).splitlines()[1] == "大王: single big joker"
    assert "不算对子" in describe(judge("BIG SMALL", Rank.TEN), Language.ZH)
    lines = describe(judge("S3 D3", Rank.TEN, "BIG SMALL"), Language.EN).splitlines()
    assert lines[-1] == "No: there is nothing to beat there."  # "not a play" was said on the line before
    assert lines[-2] == ("大王 小王: not a play. A big joker and a small joker are not a pair; only two big jokers "
                         "or two small jokers are.")
