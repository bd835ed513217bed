"""An official's corrections of confirmed results, and when they are refused."""

from __future__ import annotations

import pytest

from bot.ruleset.scoring import Side
from bot.tournament.bracket import Bracket, BracketOptions, MatchId, ThirdPlace
from bot.tournament.matches import MatchState
from bot.tournament.results import (
    NextMatchHasResultError,
    NextRoundStartedError,
    NothingToCorrectError,
    OfficialsOnlyError,
    Outcome,
    correct,
    report,
)
from bot.tournament.teams import Actor
from tests.tournament.bracket_helpers import AT, REFEREE, VARIANT, agree, assert_valid, left_player, make_bracket
from tests.tournament.test_advance import settle_round


@pytest.fixture
def table_one_confirmed() -> Bracket:
    """8 pairs; round 1 table 1 confirmed as a win for the left pair, the rest of round 1 unplayed."""
    return agree(make_bracket(8), 1, "A+ K").stage


@pytest.fixture
def round_two_started() -> Bracket:
    """8 pairs; round 1 over (left pairs won everywhere), round 2 started, nothing reported there yet."""
    return settle_round(make_bracket(8))


def test_same_winner_changes_only_the_scores(table_one_confirmed: Bracket) -> None:
    change = correct(table_one_confirmed, 1, REFEREE, Outcome.parse("A+ 2"), AT, VARIANT)
    match = change.stage.at_table(1)
    assert (match.winner, match.points(Side.LEFT), match.points(Side.RIGHT)) == (Side.LEFT, 26, 0)
    assert change.stage.round_matches(2) == table_one_confirmed.round_matches(2)
    assert [event.kind for event in change.events] == ["result.corrected"]
    assert dict(change.events[0].details) == {"match": "1", "round": "1", "table": "1", "seat": "official",
                                             "before": "A+ K", "after": "A+ 2", "game": "1"}


def test_new_winner_moves_into_the_waiting_next_match(table_one_confirmed: Bracket) -> None:
    match = table_one_confirmed.at_table(1)
    change = correct(table_one_confirmed, 1, REFEREE, Outcome.parse("K A+"), AT, VARIANT)
    assert change.stage.at_table(1).winning_team == match.right
    assert change.stage.round_matches(2)[0].left == match.right
    assert_valid(change.stage)


def test_new_winner_moves_into_a_started_match_at_the_same_table(round_two_started: Bracket) -> None:
    first = round_two_started.at_table(1, round_number=1)
    change = correct(round_two_started, 1, REFEREE, Outcome.parse("K A+"), AT, VARIANT, round_number=1)
    semi = change.stage.at_table(1)
    assert (semi.table, semi.left, semi.state) == (1, first.right, MatchState.PENDING)
    assert_valid(change.stage)


def test_refused_when_the_next_match_has_a_report(round_two_started: Bracket) -> None:
    semi = round_two_started.at_table(1)
    reported = report(round_two_started, 1, left_player(semi), Outcome.parse("A+ K"), AT, VARIANT).stage
    with pytest.raises(NextMatchHasResultError) as refused:
        correct(reported, MatchId(1), REFEREE, Outcome.parse("K A+"), AT, VARIANT)
    assert refused.value.params == {"round": 1, "table": 1, "match": 1, "next_round": 2, "next_table": 1}


def test_same_winner_is_still_allowed_after_the_next_match_is_played(round_two_started: Bracket) -> None:
    played = agree(round_two_started, 1, "A+ K").stage
    change = correct(played, 1, REFEREE, Outcome.parse("A+ Q"), AT, VARIANT, round_number=1)
    assert change.stage.at_table(1, round_number=1).points(Side.RIGHT) == 10  # A+ (15) against Q (12): 16 : 10


def test_refused_when_a_double_forfeit_would_empty_a_started_match(round_two_started: Bracket) -> None:
    with pytest.raises(NextRoundStartedError):
        correct(round_two_started, 1, REFEREE, Outcome.double_forfeit(), AT, VARIANT, round_number=1)


def test_double_forfeit_before_the_next_round_gives_a_walkover_later(table_one_confirmed: Bracket) -> None:
    corrected = correct(table_one_confirmed, 1, REFEREE, Outcome.double_forfeit(), AT, VARIANT).stage
    assert corrected.round_matches(2)[0].left is None
    bracket = settle_round(corrected)
    assert bracket.round_matches(2)[0].state is MatchState.WALKOVER
    assert_valid(bracket)


def test_refused_when_a_walkover_already_decided_the_next_match() -> None:
    bracket = settle_round(make_bracket(8), {1: "forfeit both"})
    with pytest.raises(NextMatchHasResultError):
        correct(bracket, 1, REFEREE, Outcome.parse("A+ K"), AT, VARIANT, round_number=1)


def test_semi_final_correction_moves_both_finalist_and_playoff_pair() -> None:
    bracket = settle_round(settle_round(make_bracket(8, options=BracketOptions(ThirdPlace.PLAYOFF))))
    # round 3 has started; correct semi-final 1 before anything is reported there
    semi = bracket.at_table(1, round_number=2)
    change = correct(bracket, 1, REFEREE, Outcome.parse("K A+"), AT, VARIANT, round_number=2)
    final, playoff = change.stage.round_matches(3)
    assert (final.left, playoff.left) == (semi.right, semi.left)
    assert_valid(change.stage)


def test_final_correction_changes_the_champion() -> None:
    bracket = settle_round(settle_round(settle_round(make_bracket(8))))
    final = bracket.at_table(1)
    assert bracket.finished and bracket.champion == final.left
    change = correct(bracket, 1, REFEREE, Outcome.parse("K A+"), AT, VARIANT)
    assert change.stage.champion == final.right and change.stage.finished


@pytest.mark.parametrize("who", ["player", "stranger"])
def test_only_officials_correct(table_one_confirmed: Bracket, who: str) -> None:
    actor = left_player(table_one_confirmed.at_table(1)) if who == "player" else Actor("stranger")
    with pytest.raises(OfficialsOnlyError):
        correct(table_one_confirmed, 1, actor, Outcome.parse("K A+"), AT, VARIANT)


@pytest.mark.parametrize("target", [2, MatchId(5)])
def test_nothing_to_correct_without_a_confirmed_result(table_one_confirmed: Bracket, target: int | MatchId) -> None:
    with pytest.raises(NothingToCorrectError):
        correct(table_one_confirmed, target, REFEREE, Outcome.parse("K A+"), AT, VARIANT)
