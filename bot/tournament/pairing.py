"""Pairing by lot: turning the entries of a closed registration into the teams of the bracket.

Rules (notice 002):

- ``pairs`` mode — 员工自行配对；无配对者将现场进行两人抽签，同号码为一对: registered pairs stay together; the
  singles are shuffled and paired in shuffled order (1st with 2nd, 3rd with 4th, …); an odd single left over is a
  reserve.
- ``mixed`` mode — 男女分开抽签，1号男与1号女组成一对 … 以人少的一方人数确定比赛对数: men and women are shuffled
  separately and man #k partners woman #k; the extras of the larger side (the highest numbers) are reserves.

Fewer than two teams is :class:`TooFewEntriesError`. The result depends only on the set of entries and ``rng``:
entries are first put in canonical order (``bot.tournament.entries.canonical_order``), so sign-up timing plays
no part. Team ids are 1..n: registered pairs first in canonical order, then the pairs made by lot in lot order.
A team's name is its members' names joined by " / "; its unit is the members' common unit, if they share one
(``bot.tournament.entries.common_unit``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bot.errors import TournamentError
from bot.tournament.entries import (
    TEAM_NAME_SEPARATOR,
    Entry,
    Gender,
    Person,
    RegistrationMode,
    canonical_order,
)
from bot.tournament.teams import Team

MIN_TEAMS = 2


class TooFewEntriesError(TournamentError):
    key = "entries.too_few_entries"


@dataclass(frozen=True, slots=True)
class Pairing:
    entries: tuple[Entry, ...]
    """The entries paired, in canonical order."""
    teams: tuple[Team, ...]
    reserves: tuple[Person, ...]
    """People the pairing left out, in lot order (they stand by in case a team cannot play)."""


def _team(team_id: int, members: Sequence[Person]) -> Team:
    first, second = members
    unit = first.unit if first.unit == second.unit else None  # common_unit for two, without building a set
    return Team(team_id, f"{first.name}{TEAM_NAME_SEPARATOR}{second.name}", (first.key, second.key), unit)


def _lot_pairs(people: list[Person]) -> tuple[list[tuple[Person, Person]], list[Person]]:
    """Consecutive people of an already shuffled list as pairs, and the odd one out."""
    pairs = list(zip(people[0::2], people[1::2], strict=False))
    return pairs, people[2 * len(pairs) :]


def _pair_free(entries: Sequence[Entry], rng: random.Random) -> tuple[list[Sequence[Person]], list[Person]]:
    registered: list[Sequence[Person]] = [entry.members for entry in entries if not entry.is_single]
    singles = [entry.members[0] for entry in entries if entry.is_single]
    rng.shuffle(singles)
    by_lot, left_over = _lot_pairs(singles)
    return [*registered, *by_lot], left_over


def _pair_mixed(entries: Sequence[Entry], rng: random.Random) -> tuple[list[Sequence[Person]], list[Person]]:
    men: list[Person] = []
    women: list[Person] = []
    for entry in entries:
        person = entry.members[0]
        if len(entry.members) != 1 or person.gender is None:
            raise ValueError("mixed pairing needs single entries with a gender")
        (men if person.gender is Gender.MALE else women).append(person)
    rng.shuffle(men)
    rng.shuffle(women)
    pairs: list[Sequence[Person]] = list(zip(men, women, strict=False))
    return pairs, [*men[len(pairs) :], *women[len(pairs) :]]


def pair_entries(mode: RegistrationMode, entries: Iterable[Entry], rng: random.Random,
                 order_key: Callable[[str], str] | None = None) -> Pairing:
    """Teams and reserves from the entries taking part (the active ones) under ``mode``, drawing lots with ``rng``.

    ``order_key`` maps person keys to the keys the canonical order sorts by (default: the keys themselves)."""
    ordered = canonical_order(entries, order_key)
    if mode is RegistrationMode.MIXED:
        member_lists, reserves = _pair_mixed(ordered, rng)
    else:
        member_lists, reserves = _pair_free(ordered, rng)
    if len(member_lists) < MIN_TEAMS:
        raise TooFewEntriesError(teams=len(member_lists), minimum=MIN_TEAMS)
    teams = tuple(_team(team_id, members) for team_id, members in enumerate(member_lists, start=1))
    return Pairing(ordered, teams, tuple(reserves))
