"""Invariants of drawn and played-out brackets over 2..300 pairs and random seeds (hypothesis)."""

from __future__ import annotations

import math
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament.bracket import BracketOptions, FinalFormat, ThirdPlace
from bot.tournament.matches import MatchState
from bot.tournament.standings import Finish, standings
from tests.tournament.bracket_helpers import assert_valid, make_bracket, play_out

pair_counts = st.integers(2, 300)
seeds = st.integers(0, 2**32)
option_sets = st.builds(BracketOptions, st.sampled_from(ThirdPlace), st.sampled_from(FinalFormat))


@settings(max_examples=80)
@given(pair_counts, seeds)
def test_drawn_bracket_shape(pairs: int, seed: int) -> None:
    bracket = make_bracket(pairs, seed=seed)
    round_one = bracket.round_matches(1)
    byes = [match for match in round_one if match.state is MatchState.BYE]
    assert len(byes) == bracket.size - pairs
    assert all(match.left is not None or match.right is not None for match in round_one)  # no bye meets a bye
    appearances = Counter(team.team_id for match in round_one for team in (match.left, match.right) if team)
    assert appearances == Counter(range(1, pairs + 1))  # every pair plays or has a bye in round 1, exactly once
    assert bracket.rounds == math.log2(bracket.size) and bracket.size // 2 < pairs <= bracket.size
    arrived = Counter(team.team_id for match in bracket.round_matches(2) for team in (match.left, match.right) if team)
    assert arrived == Counter(match.winning_team.team_id for match in byes if match.winning_team)
    assert [match.table for match in bracket.playable()] == list(range(1, len(round_one) - len(byes) + 1))
    assert_valid(bracket)


@settings(max_examples=40)
@given(pair_counts, seeds)
def test_same_seed_same_draw(pairs: int, seed: int) -> None:
    assert make_bracket(pairs, seed=seed) == make_bracket(pairs, seed=seed)


@settings(max_examples=25)
@given(pair_counts, seeds, option_sets)
def test_random_results_give_exactly_one_champion(pairs: int, seed: int, options: BracketOptions) -> None:
    bracket, history = play_out(make_bracket(pairs, seed=seed, options=options), random.Random(seed))
    assert_valid(bracket)
    table = standings(bracket)
    assert table.champion is not None and table.champion == bracket.champion
    assert [line.finish for line in table.placings].count(Finish.CHAMPION) == 1
    assert [event.kind for event in history].count("bracket.finished") == 1
    assert len(table.third) == (0 if pairs == 2 else 1 if options.third_place is ThirdPlace.PLAYOFF or pairs == 3
                                else 2)


@settings(max_examples=25)
@given(st.integers(2, 40), seeds, option_sets)
def test_every_change_keeps_the_bracket_valid_even_with_forfeits(pairs: int, seed: int,
                                                                options: BracketOptions) -> None:
    bracket, _ = play_out(make_bracket(pairs, seed=seed, options=options), random.Random(seed), forfeit_rate=0.3,
                          after_each=assert_valid)
    assert bracket.finished
    placed = standings(bracket).placings
    assert all(line.place is not None for line in placed)
    assert [line.place for line in placed] == sorted(line.place for line in placed if line.place is not None)
