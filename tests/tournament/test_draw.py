"""The draw: a pure function of the sorted entry list and the seed."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament.bracket import BracketOptions
from bot.tournament.draw import draw
from bot.tournament.draw_file import export_draw
from bot.tournament.entries import Person, RegistrationMode
from bot.tournament.pairing import TooFewEntriesError
from bot.tournament.registration import (
    AlreadyDrawnError,
    RegistrationStillOpenError,
    mark_drawn,
    open_registration,
    sign_up_many,
    withdraw,
)
from tests.tournament.draw_helpers import closed, free_people, mixed_people, sample_draw, seed_of

OPTIONS = BracketOptions()
AT = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
PAIRS, MIXED = RegistrationMode.PAIRS, RegistrationMode.MIXED


def test_the_draw_waits_for_registration_to_close() -> None:
    registration = sign_up_many(open_registration(PAIRS), free_people(4, 0))
    with pytest.raises(RegistrationStillOpenError):
        draw(registration, seed_of(1), OPTIONS)


def test_a_registration_is_drawn_once() -> None:
    with pytest.raises(AlreadyDrawnError):
        draw(mark_drawn(closed(PAIRS, free_people(4, 0))), seed_of(1), OPTIONS)


@pytest.mark.parametrize(("mode", "groups"), [(PAIRS, free_people(1, 1)), (MIXED, mixed_people(5, 1)), (PAIRS, [])])
def test_too_few_entries(mode: RegistrationMode, groups: list[list[Person]]) -> None:
    with pytest.raises(TooFewEntriesError):
        draw(closed(mode, groups), seed_of(1), OPTIONS)


def test_the_draw_takes_the_active_entries_only() -> None:
    registration = withdraw(closed(PAIRS, free_people(5, 0), capacity=3), 2)  # entry 2 leaves; 4 moves up; 5 waits
    result = draw(registration, seed_of(1), OPTIONS)
    assert sorted(team.name for team in result.teams) == ["A0 / B0", "A2 / B2", "A3 / B3"]
    assert len(result.entries) == 3


def test_the_draw_carries_its_seed_and_commitment() -> None:
    result = sample_draw(seed=3)
    assert result.seed == seed_of(3)
    assert result.commitment == seed_of(3).commitment
    assert len(result.teams) == 6 and len(result.reserves) == 1
    assert result.bracket.teams == result.teams


def test_mixed_draw_pairs_men_with_women_and_lists_reserves() -> None:
    result = draw(closed(MIXED, mixed_people(6, 4)), seed_of(2), OPTIONS)
    assert all(team.name.startswith("男") and "/ 女" in team.name for team in result.teams)
    assert sorted(person.name[0] for person in result.reserves) == ["男", "男"]


def test_round_one_keeps_units_apart_when_possible() -> None:
    registration = closed(PAIRS, free_people(8, 0, units=("工会", "财务")))
    for number in range(10):
        result = draw(registration, seed_of(number), OPTIONS)
        for match in result.bracket.round_matches(1):
            assert match.left is not None and match.right is not None
            assert match.left.unit != match.right.unit


@settings(max_examples=40)
@given(
    st.sampled_from([PAIRS, MIXED]),
    st.integers(2, 12),
    st.integers(0, 9),
    st.integers(0, 2**64),
    st.randoms(use_true_random=False),
)
def test_same_seed_and_entries_in_any_sign_up_order_give_the_same_draw(
    mode: RegistrationMode, first: int, second: int, seed: int, shuffler: random.Random
) -> None:
    groups = free_people(first, second) if mode is PAIRS else mixed_people(first, second + 2)
    reordered = list(groups)
    shuffler.shuffle(reordered)
    one = draw(closed(mode, groups), seed_of(seed), OPTIONS)
    other = draw(closed(mode, reordered), seed_of(seed), OPTIONS)
    assert (one.teams, one.reserves, one.bracket.lines) == (other.teams, other.reserves, other.bracket.lines)
    assert export_draw(one, committed_at=AT) == export_draw(other, committed_at=AT)


def test_different_seeds_give_different_draws() -> None:
    registration = closed(PAIRS, free_people(4, 12))
    outcomes = {export_draw(draw(registration, seed_of(number), OPTIONS), committed_at=AT).split('"teams"')[1]
                for number in range(20)}
    assert len(outcomes) == 20
