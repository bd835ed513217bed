"""Builders shared by the bracket, results and standings tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from bot.tournament.bracket import Bracket, BracketOptions, create_bracket
from bot.tournament.teams import Actor, Team

AT = datetime(2026, 12, 2, 14, 0)
REFEREE = Actor("referee", official=True)


def make_teams(count: int, units: Sequence[str | None] = ()) -> list[Team]:
    """Pairs 1…count with members ``p<id>a``/``p<id>b``; ``units[i]`` is pair i+1's unit (none past the end)."""
    padded = [*units, *[None] * (count - len(units))]
    return [
        Team(number, f"Pair {number}", (f"p{number}a", f"p{number}b"), padded[number - 1])
        for number in range(1, count + 1)
    ]


def make_bracket(count: int, seed: int = 1, options: BracketOptions | None = None,
                 units: Sequence[str | None] = ()) -> Bracket:
    return create_bracket(make_teams(count, units), random.Random(seed), options or BracketOptions())


def player(team: Team | None) -> Actor:
    assert team is not None
    return Actor(team.members[0])
