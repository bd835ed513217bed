"""Results people get right the first time — mirror images, results told from a pair's own side, and
results no match can end with."""

import pytest

from bot.ruleset.scoring import MatchLevel, Side
from bot.tournament.outcome import (
    BothPassedAError,
    Outcome,
    OwnResult,
    WinnerBelowAError,
    check_possible,
    is_mirror_report,
)
from bot.tournament.results import MirrorReportError, report
from tests.tournament.bracket_helpers import AT, VARIANT, left_player, make_bracket, right_player

K, A, PASSED = MatchLevel.parse("K"), MatchLevel.parse("A"), MatchLevel.parse("A+")


def test_a_mirror_swaps_the_levels_and_the_winner() -> None:
    assert Outcome.parse("K A+").mirrored() == Outcome.parse("A+ K")
    assert Outcome.parse("A A left").mirrored() == Outcome.parse("A A right")
    assert Outcome.parse("forfeit left").mirrored() == Outcome.parse("forfeit right")
    assert Outcome.double_forfeit().mirrored() == Outcome.double_forfeit()
    assert is_mirror_report(Outcome.parse("K A+"), Outcome.parse("A+ K"))
    assert not is_mirror_report(Outcome.parse("K A+"), Outcome.parse("A+ Q"))
    assert not is_mirror_report(Outcome.parse("forfeit left"), Outcome.parse("forfeit right"))  # a real dispute


def test_the_engine_refuses_a_mirror_only_when_asked() -> None:
    bracket = make_bracket(4)
    match = bracket.at_table(1)
    reported = report(bracket, 1, left_player(match), Outcome.parse("K A+"), AT, VARIANT).stage
    with pytest.raises(MirrorReportError):
        report(reported, 1, right_player(match), Outcome.parse("A+ K"), AT, VARIANT, refuse_mirror=True)
    disputed = report(reported, 1, right_player(match), Outcome.parse("A+ K"), AT, VARIANT).stage
    assert disputed.at_table(1).state.value == "disputed"


@pytest.mark.parametrize(("told", "side", "outcome"), [
    (OwnResult(True, PASSED, K), Side.LEFT, "A+ K"),
    (OwnResult(True, PASSED, K), Side.RIGHT, "K A+"),
    (OwnResult(False, K, PASSED), Side.LEFT, "K A+"),
    (OwnResult(False, K, PASSED), Side.RIGHT, "A+ K"),
    (OwnResult(True, A, A), Side.RIGHT, "A A right"),  # equal levels: "we won" names the winner
])
def test_a_result_told_from_a_pairs_own_side(told: OwnResult, side: Side, outcome: str) -> None:
    assert told.for_side(side) == Outcome.parse(outcome)


def test_impossible_results() -> None:
    with pytest.raises(BothPassedAError):
        check_possible(Outcome.parse("A+ A+ left"), time_limited=True)
    with pytest.raises(WinnerBelowAError) as refused:
        check_possible(Outcome.parse("K A"), time_limited=False)
    assert refused.value.params == {"level": "A", "outcome": "K A"}
    with pytest.raises(WinnerBelowAError):
        check_possible(Outcome.parse("A A left"), time_limited=False)
    check_possible(Outcome.parse("K A"), time_limited=True)  # stopped on time: the higher level wins
    check_possible(Outcome.parse("A A left"), time_limited=True)
    check_possible(Outcome.parse("K A+"), time_limited=False)
    check_possible(Outcome.parse("forfeit both"), time_limited=False)
