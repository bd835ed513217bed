"""The shared-structure vector behaves like a tuple with copy-on-write updates."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tournament.shared_vector import SharedVector


@given(
    st.lists(st.integers(), min_size=1, max_size=3000),
    st.lists(st.tuples(st.integers(min_value=0), st.integers()), max_size=30),
)
def test_updates_match_a_list_and_leave_the_original_alone(items: list[int], updates: list[tuple[int, int]]) -> None:
    original = SharedVector(items)
    vector, model = original, list(items)
    for position, value in updates:
        index = position % len(items)
        vector = vector.set(index, value)
        model[index] = value
    assert list(vector) == model and len(vector) == len(model)
    assert [vector[index] for index in range(len(model))] == model
    assert list(original) == items


@given(st.lists(st.integers(), min_size=1, max_size=3000), st.dictionaries(st.integers(0, 2999), st.integers()))
def test_set_many_equals_one_set_after_another(items: list[int], changes: dict[int, int]) -> None:
    vector = SharedVector(items)
    valid = {index: value for index, value in changes.items() if index < len(items)}
    one_by_one = vector
    for index, value in valid.items():
        one_by_one = one_by_one.set(index, value)
    assert vector.set_many(valid) == one_by_one
    assert list(vector.set_many(valid)) == list(one_by_one)


@pytest.mark.parametrize(
    "action",
    [lambda vector: vector[5], lambda vector: vector.set(-1, 0), lambda vector: vector.set_many({7: 0, 1: 1})],
)
def test_out_of_range_is_an_index_error(action: Callable[[SharedVector[int]], object]) -> None:
    with pytest.raises(IndexError):
        action(SharedVector(range(5)))
