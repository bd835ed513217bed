"""Match points of Swiss and group rounds: the 26 and 28 scales, win/loss 2/1/0, draws, walkovers, byes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.ruleset.scoring import MatchLevel, Side, WinnerContradictsLevelsError
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant, ScoringScale
from bot.tournament.outcome import Outcome, OutcomeSyntaxError
from bot.tournament.points import (
    Verdict,
    bye_points,
    level_difference,
    levels_reached,
    parse_table_result,
    played_at_table,
    table_points,
    table_result,
    verdict,
)

SCALE_26 = DEFAULT_VARIANT
SCALE_28 = replace(DEFAULT_VARIANT, scoring=ScoringScale.SCALE_28)
WIN_LOSS = replace(DEFAULT_VARIANT, scoring=ScoringScale.WIN_LOSS)
MATCH_POINTS = replace(DEFAULT_VARIANT, scoring=ScoringScale.MATCH_POINTS)


def level(text: str) -> MatchLevel:
    return MatchLevel.parse(text)


@pytest.mark.parametrize(
    ("text", "variant", "points"),
    [
        # Seed 002 篇3 §4.2: 甲方打2，乙方打过A … 乙方胜得26分，甲方负得0分; 均打到A … 各积13分.
        ("2 A+", SCALE_26, (0, 26)),
        ("A A", SCALE_26, (13, 13)),
        ("K A", SCALE_26, (12, 14)),
        ("A+ 10", SCALE_26, (18, 8)),
        ("5 5 left", SCALE_26, (13, 13)),  # a winner named on equal levels: still 13 : 13
        ("forfeit right", SCALE_26, (16, 0)),  # 如遇对手弃权，胜方按16分计
        ("forfeit left", SCALE_26, (0, 16)),
        ("forfeit both", SCALE_26, (0, 0)),  # 若两方同时弃权，则均按0分计
        ("2 A+", SCALE_28, (1, 27)),
        ("Q Q", SCALE_28, (14, 14)),
        ("J 9", SCALE_28, (16, 12)),
        ("forfeit right", SCALE_28, (20, 0)),
        ("K A+", WIN_LOSS, (0, 2)),
        ("K K", WIN_LOSS, (1, 1)),
        ("K K right", WIN_LOSS, (0, 2)),
        ("forfeit left", WIN_LOSS, (0, 2)),  # 有弃权的，则胜方得2分，弃权方不得分
        ("forfeit both", WIN_LOSS, (0, 0)),
        # 场分 (NOTES-EVENTS.md): win 3, draw 2, loss 1, opponent absent 3 : 0
        ("2 A+", MATCH_POINTS, (1, 3)),
        ("A+ K", MATCH_POINTS, (3, 1)),
        ("9 9", MATCH_POINTS, (2, 2)),
        ("9 9 left", MATCH_POINTS, (3, 1)),  # a deciding rule named the winner on equal levels
        ("forfeit right", MATCH_POINTS, (3, 0)),
        ("forfeit both", MATCH_POINTS, (0, 0)),
    ],
)
def test_table_points(text: str, variant: RuleVariant, points: tuple[int, int]) -> None:
    assert table_points(parse_table_result(text), variant) == points


@pytest.mark.parametrize(
    ("variant", "points"),
    [(SCALE_26, 16), (SCALE_28, 20), (WIN_LOSS, 2), (MATCH_POINTS, 3), (replace(SCALE_26, walkover_points=14), 14),
     (replace(WIN_LOSS, walkover_points=3), 3)],
)
def test_a_bye_scores_a_walkover_win(variant: RuleVariant, points: int) -> None:
    assert bye_points(variant) == points
    assert table_points(Outcome.forfeit(Side.RIGHT), variant) == (points, 0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("K K", Outcome.draw(level("K"))), ("k k draw", Outcome.draw(level("K"))),
     ("A+ A+ 平局", Outcome.draw(level("A+"))),
     ("K A", Outcome.played(level("K"), level("A"))), ("A A left", Outcome.played(level("A"), level("A"), Side.LEFT)),
     ("forfeit left", Outcome.forfeit(Side.LEFT)), ("forfeit both", Outcome.double_forfeit())],
)
def test_equal_levels_without_a_winner_are_a_draw(text: str, expected: object) -> None:
    assert parse_table_result(text) == expected


@pytest.mark.parametrize("text", ["K A draw", "K", "forfeit", "K K K K"])
def test_bad_results_are_refused(text: str) -> None:
    with pytest.raises(OutcomeSyntaxError):
        parse_table_result(text)


def test_a_named_winner_must_fit_the_levels() -> None:
    with pytest.raises(WinnerContradictsLevelsError):
        table_result(level("K"), level("A"), Side.LEFT)
    assert table_result(level("A"), level("A")) == Outcome.draw(level("A"))
    assert table_result(level("A"), level("A"), Side.RIGHT).winner is Side.RIGHT


def test_draw_text_and_columns() -> None:
    draw = Outcome.draw(level("10"))
    assert str(draw) == "10 10 draw" and parse_table_result(draw.text) == draw == Outcome.parse(draw.text)
    assert draw.winner is None and level_difference(draw) == 0 and played_at_table(draw)
    assert verdict(draw, Side.LEFT) is verdict(draw, Side.RIGHT) is Verdict.DRAWN


@pytest.mark.parametrize(
    ("text", "difference", "left", "right", "played"),
    [("K A+", -2, Verdict.LOST, Verdict.WON, True), ("A 3", 11, Verdict.WON, Verdict.LOST, True),
     ("J J right", 0, Verdict.LOST, Verdict.WON, True), ("forfeit left", 0, Verdict.LOST, Verdict.WON, False),
     ("forfeit both", 0, Verdict.LOST, Verdict.LOST, False)],
)
def test_level_difference_and_verdicts(text: str, difference: int, left: Verdict, right: Verdict,
                                       played: bool) -> None:
    result = parse_table_result(text)
    assert level_difference(result) == difference
    assert (verdict(result, Side.LEFT), verdict(result, Side.RIGHT)) == (left, right)
    assert played_at_table(result) is played


@pytest.mark.parametrize(
    ("text", "left", "right"),
    [("2 A+", 0, 13), ("A K", 12, 11), ("J J draw", 9, 9), ("forfeit left", 0, 0), ("forfeit both", 0, 0)],
)
def test_levels_reached_count_from_2_and_one_more_for_passing_a(text: str, left: int, right: int) -> None:
    result = parse_table_result(text)
    assert (levels_reached(result, Side.LEFT), levels_reached(result, Side.RIGHT)) == (left, right)
