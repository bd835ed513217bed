"""Tournament engine speed: the draw (pairing by lot + bracket creation), and applying results.

``bench_draw``: a closed registration of 16, 1,024 and 10,000 pairs is drawn (``bot.tournament.draw.draw``).
Free sign-up: three quarters of the pairs registered together, the rest formed by lot from singles; every
person has one of 20 units, so round-1 unit avoidance has work to do. Mixed mode: as many men as women.
The registration is built before timing; each figure is the best of several rounds.

Target (issue 4): a 10,000-pair draw under 0.2 s. Run: ``.venv/bin/python benchmarks/bench_tournament.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bot.tournament.bracket import BracketOptions, create_bracket
from bot.tournament.draw import BRACKET_STREAM, PAIRING_STREAM, draw
from bot.tournament.entries import Gender, Person, RegistrationMode
from bot.tournament.pairing import pair_entries
from bot.tournament.registration import Registration, close, open_registration, sign_up_many
from bot.tournament.seed import new_seed

SEED = new_seed(bytes(range(32)))
UNITS = tuple(f"单位{number}" for number in range(20))
DRAW_SIZES = (16, 1_024, 10_000)
DRAW_TARGET_SECONDS = 0.2


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


def main() -> int:
    met = bench_draw()
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
