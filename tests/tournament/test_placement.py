"""Round-1 unit avoidance (notice 002): no two pairs of one unit meet in round 1 whenever any draw allows it.

The check is independent of the engine: a draw with ``m`` round-1 matches and no clash exists exactly when the
graph "pairs of different units may meet" has a matching of ``m`` edges (the unmatched pairs take the byes). That
graph is complete multipartite, whose largest matching is ``min(n // 2, n − largest unit)``; the formula itself is
checked against an exhaustive search on small fields.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament.bracket import Bracket
from bot.tournament.bracket_layout import bracket_size
from bot.tournament.matches import MatchState
from tests.tournament.bracket_helpers import make_bracket


def largest_cross_unit_matching(units: Sequence[str | None]) -> int:
    """How many matches between pairs of different units can be formed at most (no unit: a unit of its own)."""
    counts = Counter(unit for unit in units if unit is not None)
    largest = max(counts.values(), default=min(1, len(units)))
    return min(len(units) // 2, len(units) - largest)


@cache
def searched_matching(units: tuple[str | None, ...]) -> int:
    """Exhaustive search for the same number: the first pair sits out or meets any later pair of another unit."""
    if len(units) < 2:
        return 0
    first, rest = units[0], units[1:]
    best = searched_matching(rest)
    for index, other in enumerate(rest):
        if first is None or other != first:
            best = max(best, 1 + searched_matching(rest[:index] + rest[index + 1 :]))
    return best


def round_one_matches(bracket: Bracket) -> int:
    return len(bracket.teams) - bracket.size // 2


def clashes(bracket: Bracket) -> int:
    return sum(1 for match in bracket.round_matches(1) if match.left is not None and match.right is not None
               and match.left.unit is not None and match.left.unit == match.right.unit)


@pytest.mark.parametrize("count", range(2, 8))
def test_matching_formula_agrees_with_exhaustive_search(count: int) -> None:
    for units in itertools.product(("a", "b", "c", None), repeat=count):
        assert largest_cross_unit_matching(units) == searched_matching(units), units


@pytest.mark.parametrize(
    ("units", "expected_clashes"),
    [
        (["a"] * 4, 2),  # 4 pairs, one unit: both matches clash
        (["a"] * 5, 1),  # 5 pairs: 3 byes go to unit a, the last match must clash
        (["a", "a", "a", "b", "b"], 0),  # byes to a (and one more): a v b
        (["a", "a", "a", "a", "b", "b", "c", "c"], 0),  # a fills exactly half: every match has one a
        (["a", "a", "a", "a", "a", "b", "b", "c"], 1),  # a is one over half
        (["a", "a", "a", "a", "a", "a", "b", "b", "b", "b", "b", "b"], 0),  # 12 pairs, 4 byes: 4 a v 4 b
        (["a"] * 7 + [None] * 6, 0),  # 13 pairs, 3 byes to a: 4 a against 6 without a unit
    ],
)
def test_unit_avoidance_table(units: list[str | None], expected_clashes: int) -> None:
    for seed in range(20):
        bracket = make_bracket(len(units), seed=seed, units=units)
        assert clashes(bracket) == expected_clashes


unit_lists = st.integers(2, 300).flatmap(
    lambda count: st.lists(st.sampled_from(["a", "a", "a", "b", "b", "c", "d", None]), min_size=count,
                           max_size=count)
)


@settings(max_examples=60)
@given(unit_lists, st.integers(0, 2**32))
def test_unit_avoidance_holds_whenever_possible(units: list[str | None], seed: int) -> None:
    bracket = make_bracket(len(units), seed=seed, units=units)
    needed = round_one_matches(bracket)
    best = largest_cross_unit_matching(units)
    assert clashes(bracket) == max(0, needed - best)


@settings(max_examples=30)
@given(st.integers(2, 300), st.integers(1, 6), st.integers(0, 2**32))
def test_unit_avoidance_with_one_dominant_unit(count: int, others: int, seed: int) -> None:
    rng = random.Random(seed)
    # About half the field from one unit: the hardest cases sit right at the limit.
    units = [("big" if rng.random() < 0.5 else f"u{rng.randrange(others)}") for _ in range(count)]
    bracket = make_bracket(count, seed=seed, units=units)
    needed = count - bracket_size(count) // 2
    assert clashes(bracket) == max(0, needed - largest_cross_unit_matching(units))


def test_byes_are_drawn_at_random_when_units_do_not_force_them() -> None:
    holders = Counter(
        match.winning_team.team_id
        for seed in range(300)
        for match in make_bracket(5, seed=seed).round_matches(1)
        if match.state is MatchState.BYE and match.winning_team is not None
    )
    assert set(holders) == {1, 2, 3, 4, 5}
    assert min(holders.values()) > 300 * 3 / 5 * 0.7  # each pair gets about 3/5 of 300 byes


def test_byes_go_to_the_unit_over_the_limit() -> None:
    # 5 pairs, 1 round-1 match: unit a (4 pairs) must get 3 of the 3 byes, leaving a v b
    for seed in range(20):
        bracket = make_bracket(5, seed=seed, units=["a", "a", "a", "a", "b"])
        (played,) = bracket.playable()
        assert {played.left.unit if played.left else None, played.right.unit if played.right else None} == {"a", "b"}
