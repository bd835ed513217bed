"""check_bracket finds each kind of corruption (so the property and fuzz tests relying on it can fail)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from bot.ruleset.scoring import Side
from bot.tournament.bracket import Bracket
from bot.tournament.matches import MatchState, Report
from bot.tournament.outcome import Outcome
from tests.support.bracket_invariants import check_bracket
from tests.tournament.bracket_helpers import agree, make_bracket
from tests.tournament.test_advance import settle_round


def with_match(bracket: Bracket, ident: int, **changes: object) -> Bracket:
    match = bracket.match(ident)._replace(**changes)
    return bracket.evolve(bracket.store.set(ident - 1, match), bracket.open_matches)


def _swap_lines(bracket: Bracket) -> Bracket:
    lines = list(bracket.lines)
    lines[0], lines[1] = lines[1], lines[0]  # line 1 of 5 pairs is a bye line
    return replace(bracket, frame=replace(bracket.frame, lines=tuple(lines)))


CORRUPTIONS: dict[str, tuple[Callable[[], Bracket], Callable[[Bracket], Bracket], str]] = {
    "bye on the wrong line": (lambda: make_bracket(5), _swap_lines, "byes on lines"),
    "wrong winner moved on": (
        lambda: agree(make_bracket(8), 1, "A+ K").stage,
        lambda b: with_match(b, 5, left=b.match(1).right),
        "holds",
    ),
    "confirmed without games": (
        lambda: agree(make_bracket(8), 1, "A+ K").stage,
        lambda b: with_match(b, 1, games=()),
        "confirmed but",
    ),
    "winner disagrees with the games": (
        lambda: agree(make_bracket(8), 1, "A+ K").stage,
        lambda b: with_match(b, 1, winner=Side.RIGHT),
        "confirmed but",
    ),
    "table number changed": (lambda: make_bracket(8), lambda b: with_match(b, 2, table=7), "should be table"),
    "future round touched": (lambda: make_bracket(8), lambda b: with_match(b, 7, state=MatchState.PENDING),
                             "has not started"),
    "open count off": (lambda: make_bracket(8), lambda b: b.evolve(b.store, 3), "the bracket counts"),
    "round complete but not advanced": (
        lambda: settle_round(make_bracket(8)),
        lambda b: b.evolve(b.store, 2, b.tables[:1], 1),
        "round 1",
    ),
    "two champions": (
        lambda: settle_round(settle_round(settle_round(make_bracket(8)))),
        lambda b: with_match(b, 6, state=MatchState.CONFIRMED, winner=Side.LEFT, round=3),
        "champions",
    ),
    "reports in a pending match": (
        lambda: make_bracket(8),
        lambda b: with_match(b, 1, reports=(Report("p1a", Side.LEFT, Outcome.parse("A+ K"), None),)),
        "reports",
    ),
}


def test_healthy_brackets_pass() -> None:
    for build, _, _ in CORRUPTIONS.values():
        assert check_bracket(build()) == []


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_corruption_is_reported(name: str) -> None:
    build, corrupt, fragment = CORRUPTIONS[name]
    problems = check_bracket(corrupt(build()))
    assert problems and any(fragment in problem for problem in problems), problems
