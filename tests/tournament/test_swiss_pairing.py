"""Swiss pairing by maximum-weight matching: the weights are lexicographic, the pairing is the best of all pairings
(checked by exhaustive search on fields up to 10 pairs), byes follow the rules, large fields are cut into blocks.

The exhaustive search is independent of the engine: it lists every way to seat the places at tables, scores each
with the five cost digits written out again here, and keeps the smallest digit sums in priority order.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament.swiss_pairing import (
    BLOCK,
    BYE,
    MAX_BLOCK,
    Costs,
    PairingRequest,
    RoundPairing,
    blocks,
    edge_weight,
    exact_pairing,
    meeting_key,
    pair_round,
    pairing_base,
)

Digits = tuple[int, int, int, int, int]


def places(request: PairingRequest) -> list[int]:
    return [*request.order, BYE] if len(request.order) % 2 else list(request.order)


def may_have_bye(request: PairingRequest) -> set[int]:
    return {team for team in request.order if team not in request.had_bye} or set(request.order)


def table_digits(request: PairingRequest, first: int, second: int) -> Digits | None:
    """The cost digits of seating places ``first < second`` together, written independently of the engine."""
    seats = places(request)
    one, two = seats[first], seats[second]
    if two == BYE:
        return (0, 0, len(request.order) - 1 - first, 0, 0) if one in may_have_bye(request) else None
    unit = request.units.get(one)
    return (request.meetings.get(meeting_key(one, two), 0), int(unit is not None and unit == request.units.get(two)),
            0, request.score_groups[second] - request.score_groups[first], (second - first) ** 2)


def seatings(spots: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    if not spots:
        yield []
        return
    first, rest = spots[0], spots[1:]
    for index, other in enumerate(rest):
        for more in seatings(rest[:index] + rest[index + 1 :]):
            yield [(first, other), *more]


def total(request: PairingRequest, tables: Sequence[tuple[int, int]]) -> Digits | None:
    sums = [0] * 5
    for first, second in tables:
        digits = table_digits(request, min(first, second), max(first, second))
        if digits is None:
            return None
        sums = [have + add for have, add in zip(sums, digits, strict=True)]
    return (sums[0], sums[1], sums[2], sums[3], sums[4])


def best_by_search(request: PairingRequest) -> Digits:
    found = [digits for tables in seatings(list(range(len(places(request)))))
             if (digits := total(request, tables)) is not None]
    return min(found)


def engine_tables(request: PairingRequest, pairing: RoundPairing) -> list[tuple[int, int]]:
    spot = {team: index for index, team in enumerate(places(request))}
    tables = [(spot[table.left], spot[table.right]) for table in pairing.tables]
    if pairing.bye is not None:
        tables.append((spot[pairing.bye], spot[BYE]))
    return tables


def check_valid(request: PairingRequest, pairing: RoundPairing) -> None:
    seated = [team for table in pairing.tables for team in (table.left, table.right)]
    seated += [] if pairing.bye is None else [pairing.bye]
    assert sorted(seated) == sorted(request.order), "every pair exactly once"
    assert (pairing.bye is not None) == (len(request.order) % 2 == 1)
    if pairing.bye is not None:
        assert pairing.bye in may_have_bye(request), "no second bye while a pair has none"
    rank = {team: index for index, team in enumerate(request.order)}
    for table in pairing.tables:
        assert rank[table.left] < rank[table.right], "the better-ranked pair sits left"
        assert table.rematch == request.meetings.get(meeting_key(table.left, table.right), 0)
        unit = request.units.get(table.left)
        assert table.same_unit == (unit is not None and unit == request.units.get(table.right))
    leaders = [rank[table.left] for table in pairing.tables]
    assert leaders == sorted(leaders), "tables are numbered by rank"


@st.composite
def requests(draw: st.DrawFn, smallest: int = 2, largest: int = 10) -> PairingRequest:
    count = draw(st.integers(smallest, largest))
    order = tuple(draw(st.permutations(range(1, count + 1))))
    points = sorted(draw(st.lists(st.integers(0, 4), min_size=count, max_size=count)), reverse=True)
    groups = [0]
    for before, now in itertools.pairwise(points):
        groups.append(groups[-1] + (now != before))
    units = draw(st.lists(st.sampled_from([None, "工会", "财务", "后勤"]), min_size=count, max_size=count))
    pairs = list(itertools.combinations(range(1, count + 1), 2))
    met = draw(st.sets(st.sampled_from(pairs), max_size=len(pairs))) if pairs else set()
    twice = draw(st.sets(st.sampled_from(sorted(met)))) if met else set()
    had_bye = draw(st.sets(st.sampled_from(order)))
    return PairingRequest(order, tuple(groups), dict(zip(range(1, count + 1), units, strict=True)),
                          {pair: 2 if pair in twice else 1 for pair in met}, frozenset(had_bye))


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@settings(max_examples=300, deadline=None)
@given(requests())
def test_the_pairing_is_the_best_of_all_pairings(request: PairingRequest) -> None:
    pairing = pair_round(request)
    check_valid(request, pairing)
    assert total(request, engine_tables(request, pairing)) == best_by_search(request)


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@settings(max_examples=300, deadline=None)
@given(requests())
def test_no_rematch_and_no_same_unit_table_whenever_a_pairing_avoids_them(request: PairingRequest) -> None:
    pairing = pair_round(request)
    flawed = [table for table in pairing.tables if table.rematch or table.same_unit]
    assert not flawed if clean_pairing_exists(request) else flawed


def clean_pairing_exists(request: PairingRequest) -> bool:
    """Exhaustive search: some seating has no rematch, no same-unit table and no second bye."""
    for tables in seatings(list(range(len(places(request))))):
        digits = total(request, tables)
        if digits is not None and digits[:2] == (0, 0):
            return True
    return False


def test_greedy_one_against_two_is_forced_into_a_rematch_the_matching_avoids() -> None:
    # greedy (seed 002 篇3 §4.1) seats 1v2, 3v4 and is left with 5 and 6, who met; the matching moves one table
    request = PairingRequest((1, 2, 3, 4, 5, 6), (0,) * 6, {}, {(5, 6): 1})
    pairing = pair_round(request)
    assert not any(table.rematch for table in pairing.tables)
    assert [(table.left, table.right) for table in pairing.tables] == [(1, 2), (3, 5), (4, 6)]


@pytest.mark.parametrize(
    ("had_bye", "meetings", "bye"),
    [
        (frozenset(), {}, 5),  # the last place
        (frozenset({5}), {}, 4),  # the lowest-ranked pair that has had none
        (frozenset({4, 5}), {}, 3),
        (frozenset({1, 2, 3, 4, 5}), {}, 5),  # everyone had one: the last place again
        # giving it to 4 would force 3 and 5, who met, together: 3 gets it instead and 4 plays 5
        (frozenset({5}), {(3, 5): 1, (1, 5): 1, (2, 5): 1}, 3),
    ],
)
def test_the_bye(had_bye: frozenset[int], meetings: dict[tuple[int, int], int], bye: int) -> None:
    request = PairingRequest((1, 2, 3, 4, 5), (0, 0, 0, 0, 0), {}, meetings, had_bye)
    assert pair_round(request).bye == bye


def test_a_clean_field_pairs_neighbours_without_a_matching() -> None:
    request = PairingRequest(tuple(range(1, 8)), (0, 0, 1, 1, 1, 2, 2), {}, {})
    pairing = pair_round(request)
    assert [(table.left, table.right) for table in pairing.tables] == [(1, 2), (3, 4), (5, 6)]
    assert pairing.bye == 7


def test_a_unit_holding_most_of_the_field_meets_itself_as_little_as_possible() -> None:
    units = {team: "工会" if team <= 7 else "财务" for team in range(1, 11)}
    pairing = pair_round(PairingRequest(tuple(range(1, 11)), (0,) * 10, units, {}))
    assert sum(table.same_unit for table in pairing.tables) == 2  # 7 of 10: (2·7 − 10) / 2


@pytest.mark.parametrize("count", [2, 4, 24, 26, 48, 50, 200, 1002])
def test_blocks_cover_the_field_in_even_pieces(count: int) -> None:
    pieces = blocks(count)
    assert pieces[0][0] == 0 and pieces[-1][1] == count
    assert all(high == low for (_, high), (low, _) in itertools.pairwise(pieces))
    sizes = [high - low for low, high in pieces]
    assert all(size % 2 == 0 and size <= BLOCK for size in sizes) and max(sizes) - min(sizes) <= 2


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@settings(max_examples=25, deadline=None)
@given(st.integers(30, 90), st.integers(0, 2**32), st.integers(2, 12))
def test_blocks_avoid_what_the_whole_field_avoids(count: int, seed: int, rounds: int) -> None:
    """A field of several blocks leaves a rematch or same-unit table only when the whole field, paired as one
    matching, cannot avoid it either."""
    rng = random.Random(seed)
    order = tuple(range(1, count + 1))
    units = {team: rng.choice([None, "a", "b", "c", "d", "e", "f", "g", "h"]) for team in order}
    meetings: dict[tuple[int, int], int] = {}
    for team in order:  # a dense history among neighbours in the ranking, where rematches threaten
        for _ in range(rounds // 2):
            other = min(count, max(1, team + rng.randint(-4, 4)))
            if other != team:
                key = meeting_key(team, other)
                meetings[key] = meetings.get(key, 0) + 1
    request = PairingRequest(order, tuple(index // 3 for index in range(count)), units, meetings)
    pairing = pair_round(request)
    check_valid(request, pairing)
    assert len(places(request)) <= MAX_BLOCK
    exact = exact_pairing(request)
    check_valid(request, exact)
    exact_flaws = sum(1 for table in exact.tables if table.rematch or table.same_unit)
    found_flaws = sum(1 for table in pairing.tables if table.rematch or table.same_unit)
    assert (found_flaws == 0) == (exact_flaws == 0)


def test_a_large_field_is_paired_in_blocks() -> None:
    rng = random.Random(3)
    order = tuple(range(1, 1001))
    units = {team: f"单位{rng.randrange(20)}" for team in order}
    request = PairingRequest(order, tuple(index // 10 for index in range(1000)), units, {})
    pairing = pair_round(request)
    check_valid(request, pairing)
    assert not any(table.same_unit for table in pairing.tables)


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@settings(max_examples=500, deadline=None)
@given(st.integers(2, 40), st.data())
def test_weights_compare_digit_sums_in_priority_order(places_count: int, data: st.DataObject) -> None:
    """The base-B argument of the module docstring: two pairings' weight sums compare as their digit sums do, for
    any digit sums a pairing of that many places can have."""
    places_count += places_count % 2
    tables = places_count // 2
    base = pairing_base(places_count, 3)
    limits = (tables * 3, tables, places_count - 1, tables * (places_count - 1), tables * (places_count - 1) ** 2)

    def sums() -> tuple[int, ...]:
        return tuple(data.draw(st.integers(0, limit)) for limit in limits)

    first, second = sums(), sums()

    def weight(digits: tuple[int, ...]) -> int:
        # a pairing whose tables add up to these digit sums weighs ``tables · B⁵ − C``: the engine's per-table
        # formula is linear in the digits, so the sum of table weights is the formula applied to the sums
        return edge_weight(Costs(*digits), base) + (tables - 1) * base**5

    assert (weight(first) > weight(second)) == (first < second)
    assert (weight(first) == weight(second)) == (first == second)


@pytest.mark.parametrize("seed", range(5))
def test_a_dominant_unit_meets_itself_no_more_than_it_must(seed: int) -> None:
    rng = random.Random(seed)
    order = tuple(range(1, 81))
    units = {team: "工会" if rng.random() < 0.6 else rng.choice([None, "财务"]) for team in order}
    meetings = {meeting_key(team, team + 1): 1 for team in range(1, 80, 3)}
    request = PairingRequest(order, tuple(index // 5 for index in range(80)), units, meetings)
    pairing = pair_round(request)
    exact = exact_pairing(request)
    assert sum(table.same_unit for table in pairing.tables) == sum(table.same_unit for table in exact.tables)
    assert not any(table.rematch for table in pairing.tables)


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@pytest.mark.parametrize("groups", [(0, 2, 2), (1, 1, 1), (0, 0), (0, 1, 0)])
def test_score_groups_must_grow_step_by_step(groups: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="score groups"):
        PairingRequest((1, 2, 3), groups, {}, {})
