"""Tournament engine speed: bracket creation and applying results.

Run: ``.venv/bin/python benchmarks/bench_tournament.py`` (also part of ``make bench``).
Targets (issue 4): a 10,000-pair draw under 0.2 s (bracket creation is part of it); each result under 0.1 ms.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime

from bot.ruleset.scoring import MatchLevel, Side
from bot.ruleset.variants import DEFAULT_VARIANT
from bot.tournament.bracket import Bracket, BracketOptions, FinalFormat, ThirdPlace, create_bracket
from bot.tournament.results import Outcome, confirm, report
from bot.tournament.teams import Actor, Team

AT = datetime(2026, 12, 2)
LEVELS = [MatchLevel.parse(text) for text in ("2", "5", "9", "J", "K", "A", "A+")]


def teams(count: int, units: int = 0) -> list[Team]:
    return [
        Team(number, f"Pair {number}", (f"p{number}a", f"p{number}b"), f"unit {number % units}" if units else None)
        for number in range(1, count + 1)
    ]


def best_of(runs: int, action: Callable[[], object]) -> tuple[float, float]:
    """Fastest wall time and fastest CPU time of this process over ``runs`` runs, in seconds.

    On a shared machine the CPU time leaves out the moments other jobs held the processor; both are printed.
    """
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        action()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def bench_creation() -> None:
    print("bracket creation (create_bracket; best of 7: wall / CPU)")
    for count in (16, 1_024, 10_000):
        for units in (0, 40):
            field = teams(count, units)
            wall, cpu = best_of(7, lambda field=field: create_bracket(
                field, random.Random(1), BracketOptions(ThirdPlace.PLAYOFF)))
            label = f"{units} units" if units else "no units"
            print(f"  {count:>6,} pairs, {label:<9}: {wall * 1000:8.2f} ms / {cpu * 1000:8.2f} ms")


def outcomes(count: int) -> list[Outcome]:
    rng = random.Random(2)
    found = []
    for _ in range(count):
        left, right = rng.choice(LEVELS), rng.choice(LEVELS)
        found.append(Outcome.played(left, right, Side.LEFT if left == right else None))
    return found


def play_out(bracket: Bracket, results: list[Outcome]) -> int:
    """Report and confirm every match table by table until the bracket is finished; return the results applied."""
    applied = 0
    while not bracket.finished:
        for match in bracket.playable():
            assert match.left is not None and match.right is not None and match.table is not None
            outcome = results[applied % len(results)]
            bracket = report(bracket, match.table, Actor(match.left.members[0]), outcome, AT, DEFAULT_VARIANT).bracket
            bracket = confirm(bracket, match.table, Actor(match.right.members[0]), AT).bracket
            applied += 1
    return applied


def bench_results() -> None:
    # 10,001 pairs and a shared third place: exactly 10,000 matches to decide.
    bracket = create_bracket(teams(10_001), random.Random(1), BracketOptions(ThirdPlace.SHARED, FinalFormat.SINGLE))
    results = outcomes(1_000)
    counted: list[int] = []
    wall, cpu = best_of(5, lambda: counted.append(play_out(bracket, results)))
    applied = counted[0]
    print(f"results (report + confirm, every match of a {len(bracket.teams):,}-pair bracket; best of 5: wall / CPU)")
    print(f"  {applied:,} results: {wall:.3f} s / {cpu:.3f} s, "
          f"{wall / applied * 1e6:.1f} µs / {cpu / applied * 1e6:.1f} µs per result")


if __name__ == "__main__":
    bench_creation()
    bench_results()
