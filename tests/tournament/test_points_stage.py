"""A Swiss tournament and a group stage played through the result engine's steps at every table."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ruleset.scoring import MatchLevel, Side
from bot.ruleset.variants import DEFAULT_VARIANT
from bot.tournament import results as engine
from bot.tournament.bracket import MatchId
from bot.tournament.matches import MatchKind, MatchState
from bot.tournament.outcome import Outcome
from bot.tournament.points import bye_points, table_points
from bot.tournament.points_stage import (
    NextRoundStartedError,
    PointsStage,
    points_standings,
    restore_points_stage,
    start_points_stage,
)
from bot.tournament.round_robin import start_groups
from bot.tournament.swiss import NextRoundPairedError, record_result, start_swiss
from bot.tournament.teams import Actor, Team

AT = datetime(2026, 5, 1, tzinfo=UTC)
OFFICIAL = Actor("tg:1", official=True)
LEVELS = ("2", "5", "9", "J", "K", "A", "A+")


def teams(count: int) -> tuple[Team, ...]:
    return tuple(Team(number, f"P{number}", (f"name:a{number}", f"name:b{number}"), f"U{number % 3}")
                 for number in range(1, count + 1))


def outcome(rng: random.Random) -> Outcome:
    roll = rng.random()
    if roll < 0.2:
        return Outcome.draw(MatchLevel.parse(rng.choice(LEVELS)))
    if roll < 0.25:
        return Outcome.forfeit(rng.choice((Side.LEFT, Side.RIGHT)))
    left, right = rng.sample(LEVELS, 2)
    return Outcome.played(MatchLevel.parse(left), MatchLevel.parse(right))


def play(event: PointsStage, rng: random.Random) -> PointsStage:
    for _ in range(200):
        if event.finished:
            return event
        for match in event.playable():
            event = engine.decide(event, MatchId(match.match_id), OFFICIAL, outcome(rng), AT, DEFAULT_VARIANT).stage
    raise AssertionError("the event did not finish")


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 24), st.integers(1, 8), st.integers(0, 10_000))
def test_a_swiss_event_plays_to_the_end_and_reads_back(pairs: int, rounds: int, seed: int) -> None:
    rounds = min(rounds, pairs - 1)
    event = start_points_stage(start_swiss(teams(pairs), rounds, DEFAULT_VARIANT, random.Random(seed)))
    event = play(event, random.Random(seed))
    swiss = event.swiss
    assert swiss is not None and len(swiss.rounds) == rounds and event.finished
    assert all(match.state is MatchState.CONFIRMED and match.kind is MatchKind.SWISS for match in event.store)
    byes = [team.team_id for team in swiss.byes()]
    assert len(byes) == len(set(byes)) == (rounds if pairs % 2 else 0)
    expected = {team.team_id: 0 for team in swiss.teams}
    for meeting in swiss.meetings():
        left, right = table_points(meeting.result, DEFAULT_VARIANT)
        expected[meeting.left.team_id] += left
        expected[meeting.right.team_id] += right
    for team_id in byes:
        expected[team_id] += bye_points(DEFAULT_VARIANT)
    assert {row.team.team_id: row.points for row in points_standings(event)} == expected
    restored = restore_points_stage(swiss, event.store)
    assert (restored.store, restored.tables, restored.current_round, restored.open_matches) == (
        event.store, event.tables, event.current_round, event.open_matches)


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 20), st.integers(1, 4), st.integers(0, 10_000))
def test_a_group_stage_plays_round_by_round(pairs: int, groups: int, seed: int) -> None:
    groups = min(groups, pairs // 3)
    stage = start_groups(teams(pairs), groups, 0, DEFAULT_VARIANT, random.Random(seed))
    event = start_points_stage(stage)
    assert all(match.state is MatchState.WAITING for number in range(2, len(event.tables) + 1)
               for match in event.table_matches(number))
    event = play(event, random.Random(seed))
    assert event.groups is not None and event.groups.complete
    sizes = sorted(len(group) for group in event.groups.groups)
    assert len(event.store) == sum(size * (size - 1) // 2 for size in sizes)
    assert all(row.played == len(next(group for group in event.groups.groups if row.team in group)) - 1
               for row in points_standings(event))


def test_a_correction_of_an_earlier_round_keeps_the_pairings_played() -> None:
    event = start_points_stage(start_swiss(teams(6), 3, DEFAULT_VARIANT, random.Random(4)))
    rng = random.Random(4)
    for match in event.playable():
        event = engine.decide(event, MatchId(match.match_id), OFFICIAL, outcome(rng), AT, DEFAULT_VARIANT).stage
    assert event.current_round == 2
    in_place = engine.correct(event, 1, OFFICIAL, Outcome.parse("A K"), AT, DEFAULT_VARIANT, round_number=1).stage
    assert in_place.swiss is not None and str(in_place.swiss.round(1).table(1).result) == "A K"
    assert in_place.swiss.round(2) == event.swiss.round(2)  # type: ignore[union-attr]  # round 2 stays paired
    with pytest.raises(NextRoundPairedError):  # the pure Swiss tournament still refuses unless told it is a correction
        record_result(event.swiss, 1, in_place.swiss.round(1).table(1).result,  # type: ignore[arg-type]
                      round_number=1, replace_result=True)
    taken_back = event.unpaired()
    corrected = engine.correct(taken_back, 1, OFFICIAL, Outcome.parse("A K"), AT, DEFAULT_VARIANT, round_number=1)
    assert corrected.stage.swiss is not None and str(corrected.stage.swiss.round(1).table(1).result) == "A K"
    started = engine.report(event, 1, Actor(event.table_matches()[0].left.members[0]),  # type: ignore[union-attr]
                            Outcome.parse("K A"), AT, DEFAULT_VARIANT).stage
    with pytest.raises(Exception) as refused:
        started.unpaired()
    assert refused.value.key == "swiss.round_has_results"  # type: ignore[attr-defined]
    assert NextRoundStartedError.key == "swiss.next_round_started"
