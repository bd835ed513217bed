"""Standings of a points event: points, opponents' points, level difference, head-to-head, lot — and the columns."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant, ScoringScale
from bot.tournament.points import parse_table_result
from bot.tournament.ranking import Meeting, StandingRow, draw_lot, rank_pairs
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
