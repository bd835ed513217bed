import pytest
from hypothesis import given
from hypothesis import strategies as st

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
V26, V28, VWL, V321 = (RuleVariant(scoring=s) for s in ScoringScale)


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
        ("2", "A+", V321, None, (R, 1, 3)),  # 场分: 3 for a win, 1 for a loss, whatever the difference
        ("10", "9", V321, None, (L, 3, 1)),
        ("J", "J", V321, R, (R, 1, 3)),  # equal levels with a winner named (a deciding rule, a knockout)
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


@pytest.mark.parametrize(("variant", "points"),
                         [(V26, 16), (V28, 20), (VWL, 1), (V321, 3), (RuleVariant(walkover_points=28), 28)])
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


@pytest.mark.parametrize(
    ("left", "right", "variant", "expected"),
    [
        ("A+", "A", V26, (L, 14, 12)),
        ("A+", "A", V28, (L, 15, 13)),
        ("A", "A+", VWL, (R, 0, 1)),
        ("A+", "2", V28, (L, 27, 1)),
        ("2", "A+", V26, (R, 0, 26)),
        ("Q", "J", V26, (L, 14, 12)),
        ("3", "K", V28, (R, 4, 24)),
    ],
)
def test_passing_a_and_both_scales(left: str, right: str, variant: RuleVariant,
                                   expected: tuple[Side, int, int]) -> None:
    score = score_match(MatchLevel.parse(left), MatchLevel.parse(right), variant)
    assert (score.winner, score.left_points, score.right_points) == expected


@pytest.mark.parametrize(
    ("level", "variant", "stated", "expected"),
    [("J", V26, L, (13, 13)), ("J", V26, R, (13, 13)), ("J", V28, R, (14, 14)), ("A", VWL, L, (1, 0)),
     ("A", VWL, R, (0, 1))],
)
def test_ties_are_won_by_the_stated_side(level: str, variant: RuleVariant, stated: Side,
                                         expected: tuple[int, int]) -> None:
    score = score_match(MatchLevel.parse(level), MatchLevel.parse(level), variant, stated)
    assert (score.winner, score.left_points, score.right_points) == (stated, *expected)


@pytest.mark.parametrize(
    ("variant", "points"),
    [(RuleVariant(scoring=ScoringScale.SCALE_28, walkover_points=28), 28),
     (RuleVariant(scoring=ScoringScale.SCALE_26, walkover_points=20), 20)],
)
def test_configured_walkover(variant: RuleVariant, points: int) -> None:
    score = score_forfeit(R, variant)
    assert (score.winner, score.left_points, score.right_points) == (L, points, 0)


levels = st.sampled_from(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "A+"])


@given(levels, levels, st.sampled_from([V26, V28]))
def test_level_difference_points_add_up(left: str, right: str, variant: RuleVariant) -> None:
    a, b = MatchLevel.parse(left), MatchLevel.parse(right)
    score = score_match(a, b, variant, stated_winner=L if a.value == b.value else None)
    base = 13 if variant.scoring is ScoringScale.SCALE_26 else 14
    assert score.left_points + score.right_points == 2 * base
    assert abs(score.left_points - score.right_points) == 2 * abs(a.value - b.value)
    assert score.points(score.winner) >= score.points(score.winner.other)
