"""Reported outcomes: building, the text form, scoring under each scale."""

from __future__ import annotations

import pytest

from bot.ruleset.scoring import MatchLevel, Side, UnknownLevelError, WinnerContradictsLevelsError, WinnerNeededError
from bot.ruleset.variants import RuleVariant, ScoringScale
from bot.tournament.outcome import Outcome, OutcomeKind, OutcomeSyntaxError

V26, V28, VWL, V321 = (RuleVariant(scoring=scale) for scale in ScoringScale)


@pytest.mark.parametrize(
    ("text", "kind", "winner", "canonical"),
    [
        ("K A+", OutcomeKind.PLAYED, Side.RIGHT, "K A+"),
        ("a a Left", OutcomeKind.PLAYED, Side.LEFT, "A A left"),
        ("10 8 left", OutcomeKind.PLAYED, Side.LEFT, "10 8"),  # a winner the levels already give is dropped
        ("forfeit left", OutcomeKind.FORFEIT, Side.RIGHT, "forfeit left"),
        ("FORFEIT right", OutcomeKind.FORFEIT, Side.LEFT, "forfeit right"),
        ("forfeit both", OutcomeKind.DOUBLE_FORFEIT, None, "forfeit both"),
    ],
)
def test_parse_and_text(text: str, kind: OutcomeKind, winner: Side | None, canonical: str) -> None:
    outcome = Outcome.parse(text)
    assert (outcome.kind, outcome.winner, str(outcome)) == (kind, winner, canonical)
    assert Outcome.parse(str(outcome)) == outcome


@pytest.mark.parametrize(
    ("text", "error"),
    [("", OutcomeSyntaxError), ("K", OutcomeSyntaxError), ("K A+ up", OutcomeSyntaxError),
     ("forfeit nobody", OutcomeSyntaxError), ("K A B C", OutcomeSyntaxError), ("Z A", UnknownLevelError),
     ("A A", WinnerNeededError), ("9 J left", WinnerContradictsLevelsError)],
)
def test_bad_text_is_refused(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        Outcome.parse(text)


def test_the_same_result_typed_two_ways_is_equal() -> None:
    assert Outcome.played(MatchLevel.parse("Q"), MatchLevel.parse("5")) == Outcome.parse("Q 5 left")


@pytest.mark.parametrize(
    ("text", "variant", "points"),
    [
        ("2 A+", V26, (0, 26)),  # notice 002's own example
        ("A A right", V26, (13, 13)),
        ("K 10", V28, (17, 11)),
        ("K 10", VWL, (1, 0)),
        ("forfeit left", V26, (0, 16)),  # notice 002: a walkover scores 16
        ("forfeit right", V28, (20, 0)),
        ("forfeit right", RuleVariant(walkover_points=28), (28, 0)),
    ],
)
def test_score(text: str, variant: RuleVariant, points: tuple[int, int]) -> None:
    score = Outcome.parse(text).score(variant)
    assert score is not None and (score.left_points, score.right_points) == points


def test_double_forfeit_scores_nothing() -> None:
    assert Outcome.double_forfeit().score(V26) is None


@pytest.mark.parametrize(
    "arguments",
    [(OutcomeKind.PLAYED, Side.LEFT), (OutcomeKind.FORFEIT, None), (OutcomeKind.DOUBLE_FORFEIT, Side.LEFT),
     (OutcomeKind.FORFEIT, Side.LEFT, MatchLevel.parse("2"), MatchLevel.parse("3"))],
)
def test_inconsistent_values_cannot_be_built(arguments: tuple[object, ...]) -> None:
    with pytest.raises(ValueError):
        Outcome(*arguments)
