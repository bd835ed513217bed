"""Standings of a points stage: points, opponents' points, level difference, head-to-head, lot — and the columns."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from bot.ruleset.variants import DEFAULT_VARIANT, RankingCriterion, RuleVariant, ScoringScale
from bot.tournament.points import parse_table_result
from bot.tournament.ranking import Meeting, StandingRow, draw_lot, rank_pairs, ranking_order
from bot.tournament.teams import Team

WIN_LOSS = replace(DEFAULT_VARIANT, scoring=ScoringScale.WIN_LOSS)
SCALE_26 = DEFAULT_VARIANT
TEAMS = [Team(number, f"Pair {number}", (f"p{number}a", f"p{number}b")) for number in range(1, 7)]


def standings(count: int, played: Sequence[tuple[int, int, str]], variant: RuleVariant, *,
              byes: Sequence[int] = (), lot: Sequence[int] | None = None) -> tuple[StandingRow, ...]:
    teams = TEAMS[:count]
    meetings = [Meeting(TEAMS[left - 1], TEAMS[right - 1], parse_table_result(text)) for left, right, text in played]
    order = list(lot) if lot is not None else [team.team_id for team in teams]
    return rank_pairs(teams, meetings, [TEAMS[number - 1] for number in byes], variant, order)


def columns(row: StandingRow) -> tuple[int, ...]:
    return (row.team.team_id, row.points, row.opponent_points, row.level_difference, row.played, row.won,
            row.drawn, row.lost, row.byes)


@pytest.mark.parametrize(
    ("count", "played", "variant", "byes", "lot", "expected"),
    [
        pytest.param(  # points first
            2, [(1, 2, "K A+")], SCALE_26, (), None,
            [(2, 15, 11, 2, 1, 1, 0, 0, 0), (1, 11, 15, 2 - 4, 1, 0, 0, 1, 0)], id="points"),
        pytest.param(  # 1, 2, 3 on 2 points; opponents' points put 1 and 3 over 2; level difference 1 over 3
            4, [(1, 3, "A 10"), (2, 4, "A K"), (3, 4, "J 10")], WIN_LOSS, (), None,
            [(1, 2, 2, 4, 1, 1, 0, 0, 0), (3, 2, 2, -3, 2, 1, 0, 1, 0), (2, 2, 0, 1, 1, 1, 0, 0, 0),
             (4, 0, 4, -2, 2, 0, 0, 2, 0)], id="opponents-points-then-level-difference"),
        pytest.param(  # all else equal, they met: the winner named on equal levels is ahead, whatever the lot
            2, [(1, 2, "A A right")], SCALE_26, (), (1, 2),
            [(2, 13, 13, 0, 1, 1, 0, 0, 0), (1, 13, 13, 0, 1, 0, 0, 1, 0)], id="head-to-head"),
        pytest.param(  # a cycle among three: head-to-head cannot split them, the lot does
            3, [(1, 2, "A K"), (2, 3, "A K"), (3, 1, "A K")], WIN_LOSS, (), (3, 1, 2),
            [(3, 2, 4, 0, 2, 1, 0, 1, 0), (1, 2, 4, 0, 2, 1, 0, 1, 0), (2, 2, 4, 0, 2, 1, 0, 1, 0)],
            id="cycle-by-lot"),
        pytest.param(  # tied pairs that never met: the lot
            4, [(1, 3, "A K"), (2, 4, "A K")], WIN_LOSS, (), (2, 1, 4, 3),
            [(2, 2, 0, 1, 1, 1, 0, 0, 0), (1, 2, 0, 1, 1, 1, 0, 0, 0), (4, 0, 2, -1, 1, 0, 0, 1, 0),
             (3, 0, 2, -1, 1, 0, 0, 1, 0)], id="lot"),
        pytest.param(  # a bye scores a walkover win, adds no opponent and no level difference
            3, [(1, 2, "K A")], SCALE_26, (3,), None,
            [(3, 16, 0, 0, 0, 0, 0, 0, 1), (2, 14, 12, 1, 1, 1, 0, 0, 0), (1, 12, 14, -1, 1, 0, 0, 1, 0)],
            id="bye"),
        pytest.param(  # a forfeit meets its opponent but adds no level difference; a double forfeit loses both
            4, [(1, 2, "forfeit right"), (3, 4, "forfeit both")], SCALE_26, (), None,
            [(1, 16, 0, 0, 1, 1, 0, 0, 0), (2, 0, 16, 0, 1, 0, 0, 1, 0), (3, 0, 0, 0, 1, 0, 0, 1, 0),
             (4, 0, 0, 0, 1, 0, 0, 1, 0)], id="forfeits"),
        pytest.param(  # draws; a pair met twice counts its opponent twice
            2, [(1, 2, "Q Q"), (2, 1, "Q Q")], WIN_LOSS, (), (2, 1),
            [(2, 2, 4, 0, 2, 0, 2, 0, 0), (1, 2, 4, 0, 2, 0, 2, 0, 0)], id="draws-and-a-rematch"),
        pytest.param(  # four tied, not every two of them met: head-to-head does not apply, the lot decides
            4, [(1, 2, "Q Q"), (3, 4, "Q Q")], WIN_LOSS, (), (4, 2, 3, 1),
            [(4, 1, 1, 0, 1, 0, 1, 0, 0), (2, 1, 1, 0, 1, 0, 1, 0, 0), (3, 1, 1, 0, 1, 0, 1, 0, 0),
             (1, 1, 1, 0, 1, 0, 1, 0, 0)], id="partial-head-to-head"),
        pytest.param(  # 1, 2, 3 tie on points, opponents' points and level difference and all met each other:
            # their matches among themselves decide (1: 17 + 14, 3: 12 + 13, 2: 9 + 13), not the lot
            4, [(1, 2, "A 10"), (1, 3, "A K"), (2, 3, "K K"), (1, 4, "10 A"), (2, 4, "A 9"), (3, 4, "A Q")],
            SCALE_26, (), (2, 3, 1, 4),
            [(1, 40, 116, 1, 3, 2, 0, 1, 0), (3, 40, 116, 1, 3, 1, 1, 1, 0), (2, 40, 116, 1, 3, 1, 1, 1, 0),
             (4, 36, 120, -3, 3, 1, 0, 2, 0)], id="head-to-head-among-three"),
    ],
)
def test_tie_breaks(count: int, played: list[tuple[int, int, str]], variant: RuleVariant, byes: tuple[int, ...],
                    lot: tuple[int, ...] | None, expected: list[tuple[int, ...]]) -> None:
    rows = standings(count, played, variant, byes=byes, lot=lot)
    assert [columns(row) for row in rows] == expected
    assert [row.rank for row in rows] == list(range(1, count + 1))


def test_group_label_and_name() -> None:
    rows = rank_pairs(TEAMS[:2], [], [], WIN_LOSS, (2, 1), group="B")
    assert [(row.rank, row.name, row.group) for row in rows] == [(1, "Pair 2", "B"), (2, "Pair 1", "B")]


def test_the_lot_is_a_shuffle_of_the_teams_from_the_stream() -> None:
    lot = draw_lot(TEAMS, random.Random(4))
    assert sorted(lot) == [team.team_id for team in TEAMS]
    assert lot == draw_lot(TEAMS, random.Random(4))


MATCH_POINTS = replace(DEFAULT_VARIANT, scoring=ScoringScale.MATCH_POINTS)


def match_columns(row: StandingRow) -> tuple[int, ...]:
    return (row.team.team_id, row.points, row.opponent_points, row.wins, row.level_difference, row.levels_reached)


@pytest.mark.parametrize(
    ("played", "lot", "swiss", "expected"),
    [
        pytest.param(  # 1 and 2 on 6: 1 beat 2, so 1 is ahead although 2's net level difference is far better
            [(1, 2, "9 8"), (1, 3, "2 A+"), (1, 4, "K K"), (2, 3, "A+ 2"), (2, 4, "K K"), (3, 4, "A+ 2")],
            (2, 1, 3, 4), False,
            [(3, 7, 17, 2, 13, 26), (1, 6, 18, 1, -12, 18), (2, 6, 18, 1, 12, 30), (4, 5, 19, 0, -13, 22)],
            id="two-tied-head-to-head"),
        pytest.param(  # 1, 2, 3 on 6 and 1 beat both others: three are tied, so no head-to-head (a mini-league
            # would put 1 first) — net level difference: 2 (+12), 3 (+11), 1 (+2); 4 on 5 points
            [(1, 2, "3 2"), (1, 3, "3 2"), (2, 3, "K K"), (1, 4, "forfeit left"), (2, 4, "A+ 2"), (3, 4, "A 2")],
            (1, 2, 3, 4), False,
            [(2, 6, 17, 1, 12, 24), (3, 6, 17, 1, 11, 23), (1, 6, 17, 2, 2, 2), (4, 5, 18, 1, -25, 0)],
            id="three-tied-net-level-difference"),
        pytest.param(  # 1 and 2 on 5, drew each other, both +1: levels reached (1: 3 + 12, 2: 3 + 2), not the lot
            [(1, 2, "5 5"), (1, 3, "A K"), (2, 3, "4 3")], (2, 1, 3), False,
            [(1, 5, 7, 1, 1, 15), (2, 5, 7, 1, 1, 5), (3, 2, 10, 0, -2, 12)],
            id="levels-reached"),
        pytest.param(  # Swiss: 1 and 2 on 4 with the same opponents (8): 1 has a win, 2 two draws — wins before
            # the net level difference (1: -12, 2: 0) and the lot
            [(1, 3, "3 2"), (4, 1, "A+ 2"), (2, 3, "9 9"), (2, 4, "9 9")], (2, 1, 3, 4), True,
            [(4, 5, 8, 1, 13, 20), (1, 4, 8, 1, -12, 1), (2, 4, 8, 0, 0, 14), (3, 3, 8, 0, -1, 7)],
            id="swiss-wins"),
    ],
)
def test_match_points_scale_and_its_tie_breaks(played: list[tuple[int, int, str]], lot: tuple[int, ...], swiss: bool,
                                               expected: list[tuple[int, ...]]) -> None:
    teams = TEAMS[:len(lot)]
    meetings = [Meeting(TEAMS[left - 1], TEAMS[right - 1], parse_table_result(text)) for left, right, text in played]
    rows = rank_pairs(teams, meetings, [], MATCH_POINTS, lot, swiss=swiss)
    assert [match_columns(row) for row in rows] == expected
    assert [row.rank for row in rows] == list(range(1, len(lot) + 1))


def test_a_bye_scores_3_and_counts_as_a_win_on_the_match_points_scale() -> None:
    rows = standings(3, [(1, 2, "K A"), (1, 3, "forfeit right")], MATCH_POINTS, byes=(3,))
    assert [(row.team.team_id, row.points, row.won, row.byes, row.wins) for row in rows] == [
        (1, 3 + 1, 1, 0, 1), (2, 3, 1, 0, 1), (3, 3, 0, 1, 1)]


def test_the_organisers_order_is_followed_with_points_first_and_the_lot_last() -> None:
    played = [(1, 2, "9 8"), (1, 3, "2 A+"), (1, 4, "K K"), (2, 3, "A+ 2"), (2, 4, "K K"), (3, 4, "A+ 2")]
    chosen = replace(MATCH_POINTS, ranking=(RankingCriterion.LEVEL_DIFFERENCE, RankingCriterion.HEAD_TO_HEAD))
    assert ranking_order(chosen, swiss=False) == (RankingCriterion.POINTS, RankingCriterion.LEVEL_DIFFERENCE,
                                                  RankingCriterion.HEAD_TO_HEAD, RankingCriterion.LOT)
    rows = standings(4, played, chosen, lot=(2, 1, 3, 4))
    assert [row.team.team_id for row in rows] == [3, 2, 1, 4]  # 2's +12 before 1's win over 2
    only_lot = replace(MATCH_POINTS, ranking=(RankingCriterion.LOT,))
    assert [row.team.team_id for row in standings(4, played, only_lot, lot=(2, 4, 1, 3))] == [3, 2, 1, 4]
    assert [row.team.team_id for row in standings(4, played, only_lot, lot=(1, 2, 4, 3))] == [3, 1, 2, 4]


@pytest.mark.parametrize(
    ("variant", "swiss", "expected"),
    [(SCALE_26, False, "points opponent_points level_difference head_to_head lot"),
     (WIN_LOSS, True, "points opponent_points level_difference head_to_head lot"),
     (MATCH_POINTS, False, "points head_to_head level_difference levels_reached lot"),
     (MATCH_POINTS, True, "points opponent_points wins level_difference lot")],
)
def test_each_scale_has_its_order(variant: RuleVariant, swiss: bool, expected: str) -> None:
    assert " ".join(ranking_order(variant, swiss=swiss)) == expected
