"""Tournament engine speed: the draw (pairing by lot + bracket creation), and applying results.

``bench_draw``: a closed registration of 16, 1,024 and 10,000 pairs is drawn (``bot.tournament.draw.draw``).
Free sign-up: three quarters of the pairs registered together, the rest formed by lot from singles; every
person has one of 20 units, so round-1 unit avoidance has work to do. Mixed mode: as many men as women.
The registration is built before timing; each figure is the best of several rounds.

``bench_creation``: ``create_bracket`` alone for 16, 1,024 and 10,000 pairs, with and without units.
``bench_results``: report + confirm every match of a 10,001-pair bracket (10,000 results).

Targets: a 10,000-pair draw under 0.2 s; each result under 0.1 ms.
Run: ``.venv/bin/python benchmarks/bench_tournament.py`` (also part of ``make bench``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from datetime import datetime

import _paths  # noqa: F401

from bot.ruleset.scoring import MatchLevel, Side
from bot.ruleset.variants import DEFAULT_VARIANT
from bot.tournament.bracket import Bracket, BracketOptions, FinalFormat, ThirdPlace, create_bracket
from bot.tournament.draw import BRACKET_STREAM, PAIRING_STREAM, draw
from bot.tournament.entries import Gender, Person, RegistrationMode
from bot.tournament.pairing import pair_entries
from bot.tournament.registration import Registration, close, open_registration, sign_up_many
from bot.tournament.results import Outcome, confirm, report
from bot.tournament.seed import new_seed
from bot.tournament.teams import Actor, Team

SEED = new_seed(bytes(range(32)))
UNITS = tuple(f"单位{number}" for number in range(20))
DRAW_SIZES = (16, 1_024, 10_000)
DRAW_TARGET_SECONDS = 0.2
RESULT_TARGET_SECONDS = 0.0001


def best_seconds(action: Callable[[], object], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - started)
    return best


def free_registration(pairs: int, rng: random.Random) -> Registration:
    registered = pairs * 3 // 4
    people = [Person.account(number, f"选手{number}", unit=rng.choice(UNITS)) for number in range(2 * pairs)]
    groups = [people[2 * index : 2 * index + 2] for index in range(registered)]
    groups += [[person] for person in people[2 * registered :]]
    return close(sign_up_many(open_registration(RegistrationMode.PAIRS), groups))


def mixed_registration(pairs: int, rng: random.Random) -> Registration:
    groups = [
        [Person.account(number, f"选手{number}", gender=Gender.MALE if number % 2 else Gender.FEMALE,
                        unit=rng.choice(UNITS))]
        for number in range(2 * pairs)
    ]
    return close(sign_up_many(open_registration(RegistrationMode.MIXED), groups))


def bench_draw() -> bool:
    """Print the draw figures; return whether the 10,000-pair target holds."""
    options = BracketOptions()
    met = True
    print("draw (pairing by lot + bracket creation), best of rounds:")
    for build in (free_registration, mixed_registration):
        for pairs in DRAW_SIZES:
            registration = build(pairs, random.Random(pairs))
            rounds = 20 if pairs < 10_000 else 7
            pairing = pair_entries(registration.mode, registration.active, SEED.stream(PAIRING_STREAM))
            pairing_time = best_seconds(
                lambda r=registration: pair_entries(r.mode, r.active, SEED.stream(PAIRING_STREAM)), rounds)
            bracket_time = best_seconds(
                lambda p=pairing: create_bracket(p.teams, SEED.stream(BRACKET_STREAM), options), rounds)
            total = best_seconds(lambda r=registration: draw(r, SEED, options), rounds)
            verdict = ""
            if pairs == DRAW_SIZES[-1]:
                ok = total < DRAW_TARGET_SECONDS
                met = met and ok
                verdict = f"  target < {DRAW_TARGET_SECONDS * 1000:.0f} ms: {'met' if ok else 'MISSED'}"
            print(f"  {registration.mode.value:5} {pairs:>6} pairs: pairing {pairing_time * 1000:7.2f} ms, "
                  f"bracket {bracket_time * 1000:7.2f} ms, draw {total * 1000:7.2f} ms{verdict}")
    return met


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
            bracket = report(bracket, match.table, Actor(match.left.members[0]), outcome, AT, DEFAULT_VARIANT).stage
            bracket = confirm(bracket, match.table, Actor(match.right.members[0]), AT).stage
            applied += 1
    return applied


def bench_results() -> bool:
    # 10,001 pairs and a shared third place: exactly 10,000 matches to decide.
    bracket = create_bracket(teams(10_001), random.Random(1), BracketOptions(ThirdPlace.SHARED, FinalFormat.SINGLE))
    results = outcomes(1_000)
    counted: list[int] = []
    wall, cpu = best_of(5, lambda: counted.append(play_out(bracket, results)))
    applied = counted[0]
    print(f"results (report + confirm, every match of a {len(bracket.teams):,}-pair bracket; best of 5: wall / CPU)")
    print(f"  {applied:,} results: {wall:.3f} s / {cpu:.3f} s, "
          f"{wall / applied * 1e6:.1f} µs / {cpu / applied * 1e6:.1f} µs per result")
    ok = cpu / applied < RESULT_TARGET_SECONDS
    print(f"  target < {RESULT_TARGET_SECONDS * 1e6:.0f} µs CPU per result: {'met' if ok else 'MISSED'}")
    return ok


def main() -> int:
    met = bench_draw()
    bench_creation()
    met = bench_results() and met
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
