import pytest

from bot.ruleset.cards import Rank
from bot.ruleset.scoring import (
    MatchLevel,
    Side,
    UnknownLevelError,
    WinnerContradictsLevelsError,
    WinnerNeededError,
    score_forfeit,
    score_match,
)
from bot.ruleset.variants import RuleVariant, ScoringScale

L, R = Side.LEFT, Side.RIGHT
V26, V28, VWL = (RuleVariant(scoring=s) for s in ScoringScale)


@pytest.mark.parametrize(
    ("left", "right", "variant", "stated", "expected"),
    [
        ("2", "A+", V26, None, (R, 0, 26)),  # the notice's own example
        ("A", "A", V26, L, (L, 13, 13)),
        ("K", "A+", V28, None, (R, 12, 16)),
        ("10", "8", V26, None, (L, 15, 11)),
        ("10", "8", V28, None, (L, 16, 12)),
        ("10", "8", VWL, None, (L, 1, 0)),
        ("5", "5", VWL, R, (R, 0, 1)),
    ],
)
def test_score_match(left: str, right: str, variant: RuleVariant, stated: Side | None,
                     expected: tuple[Side, int, int]) -> None:
    score = score_match(MatchLevel.parse(left), MatchLevel.parse(right), variant, stated)
    assert (score.winner, score.left_points, score.right_points) == expected


def test_equal_levels_need_a_stated_winner() -> None:
    with pytest.raises(WinnerNeededError):
        score_match(MatchLevel.parse("9"), MatchLevel.parse("9"), V26)


def test_stated_winner_cannot_contradict_levels() -> None:
    with pytest.raises(WinnerContradictsLevelsError):
        score_match(MatchLevel.parse("9"), MatchLevel.parse("J"), V26, L)


@pytest.mark.parametrize(("variant", "points"), [(V26, 16), (V28, 20), (VWL, 1), (RuleVariant(walkover_points=28), 28)])
def test_forfeit(variant: RuleVariant, points: int) -> None:
    assert score_forfeit(L, variant).right_points == points
    assert score_forfeit(R, variant).left_points == points
    assert score_forfeit(R, variant).winner is L


@pytest.mark.parametrize("text", ["1", "B", "A++", "大王", "", "11"])
def test_unknown_levels(text: str) -> None:
    with pytest.raises(UnknownLevelError):
        MatchLevel.parse(text)


def test_level_values() -> None:
    assert MatchLevel.parse("A+").value == 15
    assert MatchLevel.parse("a").value == 14
    assert MatchLevel.parse("打J") == MatchLevel(Rank.JACK)
