"""Placings: champion, runner-up, third (shared or playoff), then by the round lost; totals; mid-tournament."""

from __future__ import annotations

import random

import pytest

from bot.tournament.bracket import Bracket, BracketOptions, ThirdPlace
from bot.tournament.standings import Finish, standings
from tests.tournament.bracket_helpers import agree, make_bracket, play_out
from tests.tournament.test_advance import settle_round

PLAYOFF = BracketOptions(ThirdPlace.PLAYOFF)


def places(bracket: Bracket) -> list[int | None]:
    return [line.place for line in standings(bracket).placings]


@pytest.mark.parametrize(
    ("pairs", "options", "expected_places"),
    [
        (2, BracketOptions(), [1, 2]),
        (3, BracketOptions(), [1, 2, 3]),
        (3, PLAYOFF, [1, 2, 3]),  # the only semi-final loser is third by walkover
        (5, BracketOptions(), [1, 2, 3, 3, 5]),
        (5, PLAYOFF, [1, 2, 3, 4, 5]),
        (8, BracketOptions(), [1, 2, 3, 3, 5, 5, 5, 5]),
        (8, PLAYOFF, [1, 2, 3, 4, 5, 5, 5, 5]),
        (13, BracketOptions(), [1, 2, 3, 3, 5, 5, 5, 5, 9, 9, 9, 9, 9]),
        (33, PLAYOFF, [1, 2, 3, 4, *[5] * 4, *[9] * 8, *[17] * 16, 33]),
    ],
)
def test_final_places_by_size(pairs: int, options: BracketOptions, expected_places: list[int]) -> None:
    bracket, _ = play_out(make_bracket(pairs, seed=pairs, options=options), random.Random(pairs))
    table = standings(bracket)
    assert table.finished and places(bracket) == expected_places
    assert table.champion is not None and table.placings[0].team == table.champion
    assert table.runner_up is not None and table.placings[1].team == table.runner_up
    thirds = [line.team for line in table.placings if line.finish is Finish.THIRD]
    assert sorted(team.team_id for team in table.third) == sorted(team.team_id for team in thirds)
    assert len(table.third) == expected_places.count(3)


def test_shared_third_place_lists_both_semi_final_losers() -> None:
    bracket = settle_round(settle_round(settle_round(make_bracket(8))))
    semis = bracket.round_matches(2)
    table = standings(bracket)
    assert set(table.third) == {semis[0].losing_team, semis[1].losing_team}
    assert all(line.lost_in_round == 2 for line in table.placings if line.finish is Finish.THIRD)


def test_playoff_decides_third_and_fourth() -> None:
    bracket = settle_round(settle_round(make_bracket(8, options=PLAYOFF)))
    bracket = agree(bracket, 2, "K A+").stage  # playoff: the right pair wins
    bracket = agree(bracket, 1, "A+ K").stage
    playoff = bracket.round_matches(3)[1]
    table = standings(bracket)
    assert table.third == (playoff.winning_team,)
    fourth = [line for line in table.placings if line.place == 4]
    assert [line.team for line in fourth] == [playoff.losing_team] and fourth[0].finish is Finish.FOURTH


def test_placings_so_far_mid_tournament() -> None:
    bracket = settle_round(make_bracket(8, options=PLAYOFF))
    table = standings(bracket)
    assert not table.finished and table.champion is None and table.third == ()
    assert [(line.place, line.finish) for line in table.placings] == [(None, Finish.PLAYING)] * 4 + [
        (5, Finish.ELIMINATED)] * 4
    bracket = settle_round(bracket)  # semi-finals over: the losers wait to play for third
    waiting = [line for line in standings(bracket).placings if line.lost_in_round == 2]
    assert [(line.place, line.finish) for line in waiting] == [(None, Finish.PLAYING)] * 2


def test_points_totals_and_counts() -> None:
    bracket = make_bracket(4)
    first, second = bracket.at_table(1), bracket.at_table(2)
    bracket = agree(bracket, 1, "A+ 2").stage  # 26 : 0
    bracket = agree(bracket, 2, "forfeit right").stage  # walkover 16 : 0
    bracket = agree(bracket, 1, "K A").stage  # final: right wins 14 : 12
    lines = {line.team: line for line in standings(bracket).placings}
    assert first.left is not None and second.left is not None
    assert (lines[first.left].points, lines[first.left].matches, lines[first.left].won) == (26 + 12, 2, 1)
    assert (lines[second.left].points, lines[second.left].won) == (16 + 14, 2)
    assert lines[second.left].finish is Finish.CHAMPION


def test_a_double_forfeit_final_has_no_champion() -> None:
    bracket = agree(make_bracket(2), 1, "forfeit both").stage
    table = standings(bracket)
    assert bracket.finished and table.champion is None and table.runner_up is None
    assert places(bracket) == [2, 2]


def test_ties_within_a_place_go_by_points() -> None:
    bracket = settle_round(make_bracket(8), {1: "A+ 2", 2: "A+ K", 3: "A+ 10", 4: "A+ Q"})
    fifth = [line.points for line in standings(bracket).placings if line.place == 5]
    assert fifth == [11, 10, 8, 0]  # losers against A+: K 11, Q 10, 10 8, 2 0
