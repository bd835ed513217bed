"""Seeding by rating (``/set seeding rating``).

The draw places pairs by the sum of their players' ratings instead of by lot alone (club-season notice: "knockout seeds
and Swiss round-1 halves by the pairs' summed ratings instead of by lot; the lot still decides among equals; the draw
file records it and verify-draw checks it").

Ratings reach the draw as whole numbers of millionths (:func:`rating_units`, the displayed ``mu − 3·sigma``), one
per person key, so the draw file can record them exactly (its numbers are whole) and ``verify-draw`` recomputes the
same draw. A person without a rating counts 0 (a newcomer's rating).

* Knockout: the pairs in rating order — the lot first shuffles them with the bracket's stream, then a stable sort
  by summed rating, strongest first, so the lot decides among equals — take the seeds 1, 2, … of the standard
  order (``bot.tournament.bracket_layout.seeding_order``): the two strongest can meet only in the final, byes go to the
  top seeds. Round-1 unit avoidance gives way to the seeding.
* Swiss: round 1 pairs the stronger half against the weaker half (1st v (n/2 + 1)th, 2nd v (n/2 + 2)th …; with an
  odd number the weakest pair has the bye), the pairing still keeping units apart where it can.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence

from bot.tournament.bracket_layout import bracket_size, seeding_order
from bot.tournament.teams import Team

RATING_UNITS = 1_000_000


class Seeding(enum.StrEnum):
    LOT = "lot"
    RATING = "rating"


def rating_units(rating: float) -> int:
    """A displayed rating as the draw uses and records it: whole millionths."""
    return round(rating * RATING_UNITS)


def team_strength(team: Team, ratings: Mapping[str, int]) -> int:
    """The sum of the pair's players' ratings (millionths; 0 for a player without one)."""
    return sum(ratings.get(key, 0) for key in team.members)


def rating_order(items: Sequence[Team], rng: random.Random, ratings: Mapping[str, int]) -> list[Team]:
    """``items`` strongest first; the lot (``rng``) orders equals."""
    order = list(items)
    rng.shuffle(order)
    order.sort(key=lambda team: -team_strength(team, ratings))
    return order


def seeded_lines(teams: Sequence[Team], rng: random.Random, ratings: Mapping[str, int]) -> tuple[Team | None, ...]:
    """The knockout's draw lines (``None`` = a bye line): seed ``s`` on its line of the standard order."""
    size = bracket_size(len(teams))
    order = rating_order(teams, rng, ratings)
    lines: list[Team | None] = [None] * size
    for line, seed in enumerate(seeding_order(size)):
        if seed <= len(order):
            lines[line] = order[seed - 1]
    return tuple(lines)


def halves(order: Sequence[int]) -> list[int]:
    """A ranking (strongest first) rearranged so that neighbours are a stronger and a weaker half's pair.

    The stronger half is the first ``n // 2`` (with an odd number the weaker half has one more, the last of whom is left
    for the bye)."""
    middle = len(order) // 2
    stronger, weaker = order[:middle], order[middle:]
    arranged = [ident for pair in zip(stronger, weaker, strict=False) for ident in pair]
    return arranged + list(weaker[len(stronger):])
