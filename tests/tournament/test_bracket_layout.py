"""Bracket arithmetic: sizes, match ids, the standard seeding order, where byes go."""

from __future__ import annotations

import pytest

from bot.ruleset.scoring import Side
from bot.tournament.bracket_layout import (
    bracket_size,
    bye_lines,
    locate,
    match_id,
    matches_in_round,
    next_match,
    round_count,
    seeding_order,
)


@pytest.mark.parametrize(("pairs", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (9, 16), (1024, 1024), (10_000, 16_384)])
def test_bracket_size_is_the_smallest_power_of_two(pairs: int, size: int) -> None:
    assert bracket_size(pairs) == size


@pytest.mark.parametrize(
    ("size", "order"),
    [(2, (1, 2)), (4, (1, 4, 2, 3)), (8, (1, 8, 4, 5, 2, 7, 3, 6))],
)
def test_standard_seeding_order(size: int, order: tuple[int, ...]) -> None:
    assert seeding_order(size) == order


@pytest.mark.parametrize("size", [2, 4, 8, 16, 64, 256])
def test_top_seeds_meet_as_late_as_possible(size: int) -> None:
    order = seeding_order(size)
    # In every block of 2^k lines the best seed is one of the top size / 2^k seeds: seeds 1 and 2 only in the final.
    for block in (2 ** power for power in range(1, round_count(size) + 1)):
        for start in range(0, size, block):
            assert min(order[start : start + block]) <= size // block
    assert all(order[line] + order[line + 1] == size + 1 for line in range(0, size, 2))


@pytest.mark.parametrize(("size", "byes", "lines"), [(8, 1, [1]), (8, 2, [1, 5]), (8, 3, [1, 5, 7]), (4, 1, [1])])
def test_bye_lines_face_the_top_seeds(size: int, byes: int, lines: list[int]) -> None:
    assert bye_lines(size, byes) == lines


@pytest.mark.parametrize("size", [4, 8, 16, 32, 64])
def test_byes_spread_evenly_over_halves_and_quarters(size: int) -> None:
    for byes in range(size // 2):
        lines = bye_lines(size, byes)
        for parts in (2, 4):
            counts = [sum(1 for line in lines if line * parts // size == part) for part in range(parts)]
            assert max(counts) - min(counts) <= 1, (size, byes, parts, counts)


@pytest.mark.parametrize("size", [2, 4, 8, 32])
def test_match_ids_round_trip(size: int) -> None:
    idents = [match_id(size, round_number, slot) for round_number in range(1, round_count(size) + 1)
              for slot in range(matches_in_round(size, round_number))]
    assert idents == list(range(1, size))
    assert [match_id(size, *locate(size, ident)) for ident in idents] == idents


def test_winners_of_neighbouring_matches_meet_next() -> None:
    # notice 000: the winners of table 1 and table 2 meet, and so on
    assert next_match(8, 1, 0) == (5, Side.LEFT)
    assert next_match(8, 1, 1) == (5, Side.RIGHT)
    assert next_match(8, 2, 1) == (7, Side.RIGHT)
