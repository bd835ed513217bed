"""Builders shared by the bracket, results and standings tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import datetime

from bot.ruleset.scoring import MatchLevel, Side
from bot.ruleset.variants import RuleVariant
from bot.tournament.bracket import Bracket, BracketOptions, create_bracket
from bot.tournament.matches import Match
from bot.tournament.results import Outcome, ResultChange, confirm, report
from bot.tournament.teams import Actor, Event, Team
from tests.support.bracket_invariants import check_bracket

AT = datetime(2026, 12, 2, 14, 0)
REFEREE = Actor("referee", official=True)
VARIANT = RuleVariant()
LEVELS = [MatchLevel.parse(text) for text in ("2", "6", "10", "Q", "K", "A", "A+")]


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


def player(team: Team | None, index: int = 0) -> Actor:
    assert team is not None
    return Actor(team.members[index])


def left_player(match: Match) -> Actor:
    return player(match.left)


def right_player(match: Match) -> Actor:
    return player(match.right, 1)


def agree(bracket: Bracket, table: int, text: str) -> ResultChange:
    """The left pair reports ``text`` at ``table`` of the current round and the right pair confirms."""
    match = bracket.at_table(table)
    reported = report(bracket, table, left_player(match), Outcome.parse(text), AT, VARIANT)
    confirmed = confirm(reported.stage, table, right_player(match), AT)
    return ResultChange(confirmed.stage, reported.events + confirmed.events)


def random_outcome(rng: random.Random, forfeit_rate: float = 0.0) -> Outcome:
    roll = rng.random()
    if roll < forfeit_rate / 2:
        return Outcome.double_forfeit()
    if roll < forfeit_rate:
        return Outcome.forfeit(rng.choice(list(Side)))
    left, right = rng.choice(LEVELS), rng.choice(LEVELS)
    return Outcome.played(left, right, rng.choice(list(Side)) if left == right else None)


def play_out(bracket: Bracket, rng: random.Random, forfeit_rate: float = 0.0,
             after_each: Callable[[Bracket], None] | None = None) -> tuple[Bracket, list[Event]]:
    """Report and confirm random results table by table until the bracket is finished."""
    history: list[Event] = []
    while not bracket.finished:
        playable = bracket.playable()
        assert playable, "an unfinished bracket must have a playable match"
        match = playable[0]
        assert match.table is not None
        reported = report(bracket, match.table, left_player(match), random_outcome(rng, forfeit_rate), AT, VARIANT)
        confirmed = confirm(reported.stage, match.table, right_player(match), AT)
        bracket = confirmed.stage
        history.extend(reported.events + confirmed.events)
        if after_each is not None:
            after_each(bracket)
    return bracket, history


def assert_valid(bracket: Bracket) -> None:
    assert check_bracket(bracket) == []
