"""Builders shared by the draw, draw file and verify-draw tests."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tournament.bracket import BracketOptions
from bot.tournament.draw import Draw, draw
from bot.tournament.entries import Gender, Person, RegistrationMode
from bot.tournament.registration import Registration, close, open_registration, sign_up_many
from bot.tournament.seed import DrawSeed, new_seed


def seed_of(number: int) -> DrawSeed:
    return new_seed(number.to_bytes(32, "big"))


def mixed_people(men: int, women: int) -> list[list[Person]]:
    return [[Person.account(100 + index, f"男{index}", gender=Gender.MALE)] for index in range(men)] + [
        [Person.account(200 + index, f"女{index}", gender=Gender.FEMALE)] for index in range(women)
    ]


def free_people(pairs: int, singles: int, units: Sequence[str] = ()) -> list[list[Person]]:
    """``pairs`` registered pairs (with ``units`` in turn) followed by ``singles`` people signing up alone."""
    groups = [
        [Person.account(2 * index, f"A{index}", unit=units[index % len(units)] if units else None),
         Person.named(f"B{index}", unit=units[index % len(units)] if units else None)]
        for index in range(pairs)
    ]
    return groups + [[Person.named(f"S{index}")] for index in range(singles)]


def closed(mode: RegistrationMode, groups: Sequence[Sequence[Person]], capacity: int | None = None) -> Registration:
    return close(sign_up_many(open_registration(mode, capacity), groups))


def sample_draw(seed: int = 7, options: BracketOptions | None = None) -> Draw:
    """Five registered pairs, one with a unit, and three singles (one of whom becomes a reserve)."""
    registration = closed(RegistrationMode.PAIRS, free_people(5, 3, units=("工会", "财务")))
    return draw(registration, seed_of(seed), options or BracketOptions())
