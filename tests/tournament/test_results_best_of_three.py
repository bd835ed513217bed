"""Best-of-three finals (三局两胜, notice 000): games recorded one by one, decided at two wins."""

from __future__ import annotations

import pytest

from bot.ruleset.scoring import Side
from bot.tournament.bracket import Bracket, BracketOptions, FinalFormat
from bot.tournament.matches import MatchState
from bot.tournament.results import (
    MatchFinishedError,
    Outcome,
    SeriesDecidedEarlierError,
    UnknownGameError,
    correct,
    report,
)
from tests.tournament.bracket_helpers import AT, REFEREE, VARIANT, agree, assert_valid, left_player, make_bracket
from tests.tournament.test_advance import settle_round

BEST_OF_THREE = BracketOptions(final=FinalFormat.BEST_OF_THREE)


@pytest.fixture
def final_to_play() -> Bracket:
    """4 pairs, semi-finals played: the best-of-three final is at table 1."""
    return settle_round(make_bracket(4, options=BEST_OF_THREE))


def play_games(bracket: Bracket, *texts: str) -> Bracket:
    for text in texts:
        bracket = agree(bracket, 1, text).stage
    return bracket


@pytest.mark.parametrize(
    ("games", "state", "winner", "wins"),
    [
        (["A+ K"], MatchState.PENDING, None, (1, 0)),
        (["A+ K", "K A+"], MatchState.PENDING, None, (1, 1)),
        (["A+ K", "A+ 2"], MatchState.CONFIRMED, Side.LEFT, (2, 0)),
        (["A+ K", "K A+", "Q A+"], MatchState.CONFIRMED, Side.RIGHT, (1, 2)),
        (["A+ K", "forfeit left"], MatchState.CONFIRMED, Side.RIGHT, (1, 1)),  # a forfeit ends the match
        (["forfeit both"], MatchState.CONFIRMED, None, (0, 0)),
    ],
)
def test_games_until_two_wins(final_to_play: Bracket, games: list[str], state: MatchState, winner: Side | None,
                              wins: tuple[int, int]) -> None:
    bracket = play_games(final_to_play, *games)
    final = bracket.at_table(1)
    assert (final.state, final.winner, final.wins, len(final.games)) == (state, winner, wins, len(games))
    assert bracket.finished == (state is MatchState.CONFIRMED)
    assert_valid(bracket)


def test_each_game_is_reported_and_confirmed(final_to_play: Bracket) -> None:
    after_one = play_games(final_to_play, "A+ K")
    final = after_one.at_table(1)
    assert final.current_game == 2 and final.reports == ()
    change = report(after_one, 1, left_player(final), Outcome.parse("A+ J"), AT, VARIANT)
    assert change.events[0].details["game"] == "2"
    assert change.stage.at_table(1).state is MatchState.REPORTED


def test_game_events_name_the_game(final_to_play: Bracket) -> None:
    change = agree(play_games(final_to_play, "A+ K"), 1, "K A+")
    assert change.events[-1].kind == "result.confirmed" and change.events[-1].details["game"] == "2"


def test_points_add_up_over_the_games(final_to_play: Bracket) -> None:
    final = play_games(final_to_play, "A+ K", "10 A+", "A 9").at_table(1)
    assert (final.points(Side.LEFT), final.points(Side.RIGHT)) == (15 + 8 + 18, 11 + 18 + 8)


def test_a_decided_final_takes_no_fourth_game(final_to_play: Bracket) -> None:
    done = play_games(final_to_play, "A+ K", "A+ K")
    with pytest.raises(MatchFinishedError):
        agree(done, 1, "A+ K")


def test_correction_can_send_the_final_back_to_a_third_game(final_to_play: Bracket) -> None:
    done = play_games(final_to_play, "A+ K", "A+ K")
    reopened = correct(done, 1, REFEREE, Outcome.parse("K A+"), AT, VARIANT).stage
    final = reopened.at_table(1)
    assert (final.state, final.wins, reopened.finished, reopened.champion) == (MatchState.PENDING, (1, 1), False, None)
    assert_valid(reopened)
    finished = play_games(reopened, "2 A+")
    assert finished.finished and finished.champion == final.right


def test_correction_can_complete_a_final_in_play(final_to_play: Bracket) -> None:
    level = play_games(final_to_play, "A+ K", "K A+")
    change = correct(level, 1, REFEREE, Outcome.parse("A+ K"), AT, VARIANT, game=2)
    assert change.stage.finished and change.stage.at_table(1).winner is Side.LEFT
    assert [event.kind for event in change.events] == ["result.corrected", "bracket.finished"]


def test_correction_refused_when_the_series_would_end_before_its_last_game(final_to_play: Bracket) -> None:
    done = play_games(final_to_play, "A+ K", "K A+", "A+ K")
    with pytest.raises(SeriesDecidedEarlierError):
        correct(done, 1, REFEREE, Outcome.parse("A+ K"), AT, VARIANT, game=2)


@pytest.mark.parametrize("game", [0, 2])
def test_correcting_an_unplayed_game_is_refused(final_to_play: Bracket, game: int) -> None:
    with pytest.raises(UnknownGameError):
        correct(play_games(final_to_play, "A+ K"), 1, REFEREE, Outcome.parse("K A+"), AT, VARIANT, game=game)
