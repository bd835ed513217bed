"""From groups to the knockout: tiers, seeded draw lines (no two pairs of one group in round 1, winners against
runners-up, pairs of one group as far apart as possible), and a playable bracket."""

from __future__ import annotations

import random
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ruleset.variants import DEFAULT_VARIANT
from bot.tournament.bracket import BracketOptions, FinalFormat, ThirdPlace
from bot.tournament.bracket_layout import bracket_size
from bot.tournament.group_knockout import knockout_from_groups, qualifier_tiers, seeded_lines
from bot.tournament.matches import MatchState
from bot.tournament.outcome import Outcome
from bot.tournament.points import bye_points, parse_table_result
from bot.tournament.ranking import StandingRow
from bot.tournament.results import confirm, report
from bot.tournament.round_robin import (
    GroupsIncompleteError,
    GroupStageClosedError,
    NoKnockoutError,
    group_standings,
    record_group_result,
    start_groups,
)
from bot.tournament.teams import Actor, Team
from tests.tournament.test_round_robin import play_all
from tests.tournament.test_swiss import make_teams

AT = datetime(2026, 12, 5, 20, 0)


def tiers_of(groups: int, advance: int) -> list[list[tuple[int, Team]]]:
    """Pair ``100·(group+1) + place``: group ``g``'s ``place``-th, tiers in group order."""
    return [[(group, Team(100 * (group + 1) + place, f"{group}/{place}", (f"m{group}.{place}",)))
             for group in range(groups)] for place in range(advance)]


def group_of(team: Team) -> int:
    return team.team_id // 100 - 1


def place_of(team: Team) -> int:
    return team.team_id % 100


def first_round(lines: tuple[Team | None, ...]) -> list[tuple[Team, Team]]:
    return [(left, right) for left, right in zip(lines[0::2], lines[1::2], strict=True)
            if left is not None and right is not None]


def test_four_groups_of_two_winners_against_runners_up_in_opposite_halves() -> None:
    lines = seeded_lines(tiers_of(4, 2))
    assert len(lines) == 8 and None not in lines
    for left, right in first_round(lines):
        assert {place_of(left), place_of(right)} == {0, 1}
        assert group_of(left) != group_of(right)
    for group in range(4):  # the two pairs of a group can only meet in the final
        spots = [line for line, team in enumerate(lines) if team is not None and group_of(team) == group]
        assert (spots[0] < 4) != (spots[1] < 4)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 9), st.integers(1, 4))
def test_no_two_pairs_of_one_group_in_round_one(groups: int, advance: int) -> None:
    lines = seeded_lines(tiers_of(groups, advance))
    assert len(lines) == bracket_size(groups * advance)
    assert sorted(team.team_id for team in lines if team is not None) == sorted(
        team.team_id for tier in tiers_of(groups, advance) for _, team in tier)
    for left, right in first_round(lines):
        assert group_of(left) != group_of(right)
        if advance >= 2:
            assert not place_of(left) == place_of(right) == 0, "group winners never meet each other in round 1"
    if groups * advance == 2 * groups and groups & (groups - 1) == 0:  # 2n lines: every match winner v runner-up
        assert all({place_of(left), place_of(right)} == {0, 1} for left, right in first_round(lines))


def test_byes_go_to_the_best_group_winners() -> None:
    lines = seeded_lines(tiers_of(3, 2))  # 6 pairs on 8 lines
    resting = [team for left, right in zip(lines[0::2], lines[1::2], strict=True)
               for team in (left, right) if team is not None and (left is None or right is None)]
    assert sorted(team.team_id for team in resting) == [100, 200]


def row(team_id: int, points: int, played: int, level_difference: int, byes: int = 0) -> StandingRow:
    team = Team(team_id, str(team_id))
    return StandingRow(1, team, points, 0, level_difference, played, 0, 0, 0, byes)


def test_winners_are_compared_per_match() -> None:
    bye = bye_points(DEFAULT_VARIANT)
    standings = [
        [row(1, 45, 3, 6)],  # 15 a match
        [row(2, 32 + bye, 2, 6, byes=1)],  # 16 a match once the bye's points are left out
        [row(3, 45, 3, 9)],  # 15 a match, better level difference than group A's winner
    ]
    tiers = qualifier_tiers(standings, 1, bye)
    assert [team.team_id for _, team in tiers[0]] == [2, 3, 1]


def test_fourteen_pairs_in_four_groups_into_an_eight_pair_knockout() -> None:
    teams = make_teams(14, ["工会", "财务", "后勤"] * 4)
    stage = start_groups(teams, 4, 2, DEFAULT_VARIANT, random.Random(12))
    with pytest.raises(GroupsIncompleteError) as caught:
        knockout_from_groups(stage, BracketOptions())
    assert caught.value.params == {"open": 18}
    stage = play_all(stage, random.Random(12))
    options = BracketOptions(ThirdPlace.PLAYOFF, FinalFormat.BEST_OF_THREE)
    closed, bracket = knockout_from_groups(stage, options)
    assert closed.closed and not stage.closed
    standings = group_standings(stage)
    qualifiers = {rows[place].team.team_id for rows in standings for place in range(2)}
    assert {team.team_id for team in bracket.teams} == qualifiers
    assert bracket.size == 8 and bracket.options == options and len(bracket.playable()) == 4
    group = {team.team_id: index for index, members in enumerate(stage.groups) for team in members}
    winners = {rows[0].team.team_id for rows in standings}
    for match in bracket.table_matches():
        assert match.left is not None and match.right is not None
        assert group[match.left.team_id] != group[match.right.team_id]
        assert (match.left.team_id in winners) != (match.right.team_id in winners)
    # the bracket plays on with the existing results flow
    match = bracket.playable()[0]
    assert match.left is not None and match.right is not None
    change = report(bracket, 1, Actor(match.left.members[0]), Outcome.parse("A+ K"), AT, DEFAULT_VARIANT)
    change = confirm(change.stage, 1, Actor(match.right.members[0]), AT)
    assert change.stage.match(match.match_id).state is MatchState.CONFIRMED
    with pytest.raises(GroupStageClosedError):
        record_group_result(closed, 1, 1, parse_table_result("A K"), replace_result=True)


def test_groups_that_are_the_whole_event_have_no_knockout() -> None:
    stage = play_all(start_groups(make_teams(6), 2, 0, DEFAULT_VARIANT, random.Random(1)), random.Random(1))
    with pytest.raises(NoKnockoutError):
        knockout_from_groups(stage, BracketOptions())
