"""Round-robin groups: snake seeding with units spread, the circle schedule, results and group standings."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ruleset.variants import DEFAULT_VARIANT
from bot.tournament.bracket import UnknownTableError
from bot.tournament.format import AdvanceTooLargeError, GroupsTooSmallError, TooFewQualifiersError, UnknownRoundError
from bot.tournament.points import parse_table_result
from bot.tournament.results import MatchFinishedError, NothingToCorrectError
from bot.tournament.round_robin import (
    GroupStage,
    GroupStageClosedError,
    circle_rounds,
    close_stage,
    group_label,
    group_standings,
    record_group_result,
    snake_groups,
    start_groups,
)
from tests.tournament.test_swiss import make_teams


@pytest.mark.parametrize(("index", "label"), [(0, "A"), (3, "D"), (25, "Z"), (26, "AA"), (27, "AB"), (701, "ZZ"),
                                              (702, "AAA")])
def test_group_labels(index: int, label: str) -> None:
    assert group_label(index) == label


@pytest.mark.parametrize("size", range(2, 12))
def test_circle_method_plays_everyone_once(size: int) -> None:
    schedule = circle_rounds(size)
    assert len(schedule) == (size if size % 2 else size - 1)
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for tables in schedule:
        seated = [spot for table in tables for spot in table if spot is not None]
        assert len(seated) == len(set(seated)) == size  # playing or resting
        for left, right in tables:
            if left is None or right is None:
                byes[next(spot for spot in (left, right) if spot is not None)] += 1
            else:
                met[frozenset((left, right))] += 1
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(range(size), 2)}
    assert set(met.values()) == {1}
    assert byes == (Counter(range(size)) if size % 2 else Counter())


def test_snake_seeding_without_units() -> None:
    groups = snake_groups(make_teams(8), 3)
    assert [[team.team_id for team in group] for group in groups] == [[1, 6, 7], [2, 5, 8], [3, 4]]


def test_snake_seeding_spreads_a_unit_within_the_snake_row() -> None:
    # the snake alone puts 1 and 6 (both 工会) into group A; 1 trades places with 2, of the same snake row
    teams = make_teams(8, ["工会", None, None, None, None, "工会"])
    groups = snake_groups(teams, 3)
    assert [[team.team_id for team in group] for group in groups] == [[2, 6, 7], [1, 5, 8], [3, 4]]


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 12), st.integers(0, 40), st.integers(1, 6), st.integers(0, 2**32))
def test_group_sizes_and_unit_spread(groups: int, extra: int, units: int, seed: int) -> None:
    rng = random.Random(seed)
    pairs = 3 * groups + extra
    teams = make_teams(pairs, [rng.choice([*(f"u{index}" for index in range(units)), None]) for _ in range(pairs)])
    rng.shuffle(teams)
    seeded = snake_groups(teams, groups)
    assert sorted(team.team_id for group in seeded for team in group) == list(range(1, pairs + 1))
    sizes = [len(group) for group in seeded]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= 3
    for unit in {team.unit for team in teams if team.unit is not None}:
        counts = [sum(1 for team in group if team.unit == unit) for group in seeded]
        assert max(counts) - min(counts) <= 1, (unit, counts)


def play_all(stage: GroupStage, rng: random.Random) -> GroupStage:
    texts = ["K A", "A K", "Q Q", "A+ 2", "forfeit left", "10 J"]
    for played in stage.rounds:
        for table in played.tables:
            if table.result is None:
                stage = record_group_result(stage, played.number, table.table,
                                            parse_table_result(rng.choice(texts)))
    return stage


def test_fourteen_pairs_in_four_groups() -> None:
    teams = make_teams(14, ["工会", "财务"] * 4)
    stage = start_groups(teams, 4, 2, DEFAULT_VARIANT, random.Random(5))
    assert sorted(len(group) for group in stage.groups) == [3, 3, 4, 4]
    assert len(stage.rounds) == 3 and stage.current_round == 1
    for played in stage.rounds:  # every group's round n together, tables numbered across groups, group A first
        assert [table.table for table in played.tables] == list(range(1, 7))
        assert [table.group for table in played.tables] == sorted(table.group for table in played.tables)
        assert len(played.byes) == 2
    stage = play_all(stage, random.Random(1))
    assert stage.complete and stage.current_round is None
    tables = group_standings(stage)
    assert [rows[0].group for rows in tables] == ["A", "B", "C", "D"]
    for group, rows in zip(stage.groups, tables, strict=True):
        assert sorted(row.team.team_id for row in rows) == sorted(team.team_id for team in group)
        assert [row.rank for row in rows] == list(range(1, len(group) + 1))
        assert all(row.played == len(group) - 1 and row.byes == len(group) % 2 for row in rows)


def test_results_byes_and_corrections() -> None:
    stage = start_groups(make_teams(5), 1, 0, DEFAULT_VARIANT, random.Random(2))
    assert len(stage.rounds) == 5 and all(len(played.tables) == 2 for played in stage.rounds)
    first = stage.rounds[0].tables[0]
    with pytest.raises(UnknownRoundError):
        record_group_result(stage, 6, 1, parse_table_result("K A"))
    with pytest.raises(UnknownTableError):
        record_group_result(stage, 1, 3, parse_table_result("K A"))
    stage = record_group_result(stage, 1, 1, parse_table_result("K A"))
    with pytest.raises(MatchFinishedError):
        record_group_result(stage, 1, 1, parse_table_result("A K"))
    with pytest.raises(NothingToCorrectError):
        record_group_result(stage, 1, 2, parse_table_result("A K"), replace_result=True)
    stage = record_group_result(stage, 1, 1, parse_table_result("A K"), replace_result=True)
    rows = {row.team.team_id: row for row in group_standings(stage)[0]}
    assert rows[first.left.team_id].points == 14 and rows[first.right.team_id].points == 12
    resting = stage.rounds[0].byes[0][1]
    later = stage.rounds[4].byes[0][1]
    assert rows[resting.team_id].byes == 1 and rows[later.team_id].byes == 0  # a bye counts from its round on
    stage = play_all(stage, random.Random(3))
    assert all(row.byes == 1 for row in group_standings(stage)[0])


def test_a_closed_stage_keeps_its_results() -> None:
    stage = play_all(start_groups(make_teams(6), 2, 1, DEFAULT_VARIANT, random.Random(4)), random.Random(4))
    closed = close_stage(stage)
    with pytest.raises(GroupStageClosedError) as caught:
        record_group_result(closed, 1, 1, parse_table_result("A K"), replace_result=True)
    assert caught.value.params == {"round": 1, "table": 1}


@pytest.mark.parametrize(
    ("pairs", "groups", "advance", "error"),
    [(8, 3, 2, GroupsTooSmallError), (9, 3, 4, AdvanceTooLargeError), (5, 1, 1, TooFewQualifiersError)],
)
def test_bad_group_choices(pairs: int, groups: int, advance: int, error: type[Exception]) -> None:
    with pytest.raises(error):
        start_groups(make_teams(pairs), groups, advance, DEFAULT_VARIANT, random.Random(1))


def test_the_stage_comes_from_the_stream() -> None:
    teams = make_teams(12)
    assert start_groups(teams, 3, 2, DEFAULT_VARIANT, random.Random(8)) == start_groups(
        teams, 3, 2, DEFAULT_VARIANT, random.Random(8))
    assert [team.team_id for team in teams] == list(range(1, 13))  # the caller's list is left alone
