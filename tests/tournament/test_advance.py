"""Pairs moving on: forfeits, double forfeits and walkovers, the last round's tables."""

from __future__ import annotations

import pytest

from bot.ruleset.scoring import Side
from bot.tournament.bracket import Bracket, BracketOptions, FinalFormat, ThirdPlace
from bot.tournament.matches import MatchKind, MatchState
from tests.tournament.bracket_helpers import agree, assert_valid, make_bracket

PLAYOFF = BracketOptions(ThirdPlace.PLAYOFF)


def settle_round(bracket: Bracket, texts: dict[int, str] | None = None, default: str = "A+ K") -> Bracket:
    """Agree a result at every playable table of the current round (left wins unless ``texts`` says otherwise)."""
    round_number = bracket.current_round
    for match in bracket.playable():
        assert match.table is not None
        bracket = agree(bracket, match.table, (texts or {}).get(match.table, default)).stage
    assert bracket.current_round > round_number or bracket.finished
    return bracket


def test_single_forfeit_sends_the_other_pair_on_with_walkover_points() -> None:
    bracket = make_bracket(8)
    match = bracket.at_table(1)
    after = agree(bracket, 1, "forfeit left").stage
    decided = after.round_matches(1)[0]
    assert (decided.winner, decided.points(Side.LEFT), decided.points(Side.RIGHT)) == (Side.RIGHT, 0, 16)
    assert after.round_matches(2)[0].left == match.right


def test_double_forfeit_gives_the_next_opponent_a_walkover() -> None:
    bracket = make_bracket(8)
    after_one = settle_round(bracket, {1: "forfeit both"})
    semi = after_one.round_matches(2)
    assert semi[0].state is MatchState.WALKOVER and semi[0].table is None and semi[0].left is None
    assert semi[0].winning_team == after_one.round_matches(1)[1].winning_team
    assert [match.table for match in after_one.playable()] == [1]  # only the other semi-final is played
    assert after_one.at_table(1).match_id == semi[1].match_id
    assert_valid(after_one)


def test_walkover_events_follow_the_round_start() -> None:
    bracket = make_bracket(8)
    for table, text in ((1, "forfeit both"), (2, "A+ K"), (3, "A+ K")):
        bracket = agree(bracket, table, text).stage
    last = agree(bracket, 4, "A+ K")
    assert [event.kind for event in last.events] == [
        "result.reported", "result.confirmed", "round.started", "match.walkover"]
    walkover, table_two_winner = last.events[-1], bracket.at_table(2).winning_team
    assert table_two_winner is not None
    assert walkover.details == {"match": "5", "round": "2", "table": "", "team": str(table_two_winner.team_id)}


def test_two_double_forfeits_feeding_one_match_make_it_void() -> None:
    bracket = settle_round(make_bracket(8, options=PLAYOFF), {1: "forfeit both", 2: "forfeit both"})
    semi = bracket.round_matches(2)[0]
    assert semi.state is MatchState.VOID and semi.winner is None
    final, playoff = bracket.round_matches(3)
    # the other semi-final is still to be played; the final waits with one side known to be empty
    assert final.state is MatchState.WAITING
    bracket = settle_round(bracket)
    final, playoff = bracket.round_matches(3)
    assert final.state is MatchState.WALKOVER and final.winning_team is not None
    assert playoff.state is MatchState.WALKOVER  # only one semi-final loser: third place without a game
    assert bracket.finished and bracket.champion == final.winning_team
    assert_valid(bracket)


@pytest.mark.parametrize(
    ("options", "tables"),
    [(BracketOptions(), [(MatchKind.MAIN, 1)]),
     (PLAYOFF, [(MatchKind.MAIN, 1), (MatchKind.THIRD_PLACE, 2)]),
     (BracketOptions(ThirdPlace.PLAYOFF, FinalFormat.BEST_OF_THREE),
      [(MatchKind.MAIN, 1), (MatchKind.THIRD_PLACE, 2)])],
)
def test_final_is_table_one_and_the_playoff_table_two(options: BracketOptions,
                                                      tables: list[tuple[MatchKind, int]]) -> None:
    bracket = settle_round(settle_round(make_bracket(8, options=options)))
    assert bracket.current_round == 3
    assert [(match.kind, match.table) for match in bracket.playable()] == tables


def test_playoff_takes_table_one_when_the_final_is_a_walkover() -> None:
    bracket = settle_round(make_bracket(8, options=PLAYOFF))
    bracket = settle_round(bracket, {1: "forfeit both"})
    final, playoff = bracket.round_matches(3)
    assert final.state is MatchState.WALKOVER
    # one semi-final was a double forfeit: no loser from it, so the playoff is a walkover too
    assert playoff.state is MatchState.WALKOVER and bracket.finished


def test_playoff_with_both_semi_final_losers_is_played_at_table_two() -> None:
    bracket = settle_round(settle_round(make_bracket(8, options=PLAYOFF)))
    semis = bracket.round_matches(2)
    final, playoff = bracket.round_matches(3)
    assert (playoff.left, playoff.right) == (semis[0].losing_team, semis[1].losing_team)
    assert (final.left, final.right) == (semis[0].winning_team, semis[1].winning_team)
    bracket = agree(bracket, 2, "K A+").stage
    assert not bracket.finished and bracket.at_table(2).state is MatchState.CONFIRMED
    bracket = agree(bracket, 1, "A+ K").stage
    assert bracket.finished
    assert_valid(bracket)


def test_three_pairs_semi_final_bye_and_playoff_walkover() -> None:
    bracket = make_bracket(3, options=PLAYOFF)
    assert bracket.rounds == 2 and len(bracket.playable()) == 1
    bracket = settle_round(bracket)
    final, playoff = bracket.round_matches(2)
    assert final.state is MatchState.PENDING and final.table == 1
    assert playoff.state is MatchState.WALKOVER and playoff.table is None
    assert_valid(bracket)
