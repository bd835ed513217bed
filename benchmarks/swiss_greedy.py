"""How often the seed paper's greedy pairing is forced into a rematch, against the maximum-weight matching.

The system of seed 002 (篇3 §3.1, §4.1) sorts the pairs by points and pairs 1v2, 3v4 …, each pair taking the next
one down it has not met; when every pair left below has met it, a rematch is forced. The Swiss design says this happens
in about 40 % of 40-pair, 6-round events and never with a matching. This script plays ``EVENTS`` such events both
ways — the same round 1 (``bot.tournament.swiss.start_swiss``), the same standings order, random results (final
levels drawn uniformly from 2 … A+, draws on equal levels) — on the 26 scale and on win/loss (where more pairs
share a score), and counts events and rounds with a rematch. Units are left out (the greedy system keeps them
apart in round 1 only), so only rematches are compared.

Run: ``.venv/bin/python benchmarks/swiss_greedy.py [events]`` (default 1,000; under a minute).
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace

from bot.ruleset.scoring import MatchLevel
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant, ScoringScale
from bot.tournament.points import table_result
from bot.tournament.swiss import (
    PairingFlaw,
    SwissRound,
    SwissStage,
    SwissTable,
    pair_next_round,
    record_result,
    start_swiss,
    swiss_standings,
)
from bot.tournament.teams import Team

PAIRS, ROUNDS, EVENTS = 40, 6, 1_000
LEVELS = [MatchLevel.parse(text) for text in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "A+")]


def greedy_next_round(event: SwissStage) -> SwissStage:
    """Seed 002 篇3 §4.1: by points, each unpaired pair with the next unpaired one it has not met (else the next)."""
    order = [row.team for row in swiss_standings(event)]
    met = {frozenset((table.left.team_id, table.right.team_id)) for played in event.rounds for table in played.tables}
    number = len(event.rounds) + 1
    tables: list[SwissTable] = []
    waiting = list(order)
    while waiting:
        first = waiting.pop(0)
        partner = next((other for other in waiting if frozenset((first.team_id, other.team_id)) not in met),
                       waiting[0])
        waiting.remove(partner)
        flaws = (PairingFlaw.REMATCH,) if frozenset((first.team_id, partner.team_id)) in met else ()
        tables.append(SwissTable(number, len(tables) + 1, first, partner, flaws))
    return replace(event, rounds=(*event.rounds, SwissRound(number, tuple(tables))))


def play(seed: int, greedy: bool, variant: RuleVariant) -> int:
    """Rounds with a rematch in one event."""
    teams = [Team(number, f"Pair {number}", (f"p{number}",)) for number in range(1, PAIRS + 1)]
    event = start_swiss(teams, ROUNDS, variant, random.Random(seed))
    results = random.Random(seed)
    while True:
        for table in event.current.tables:
            event = record_result(event, table.table, table_result(results.choice(LEVELS), results.choice(LEVELS)))
        if event.finished:
            break
        event = greedy_next_round(event) if greedy else pair_next_round(event)
    return sum(1 for played in event.rounds if any(PairingFlaw.REMATCH in table.flaws for table in played.tables))


def main() -> int:
    events = int(sys.argv[1]) if len(sys.argv) > 1 else EVENTS
    print(f"{events:,} events of {PAIRS} pairs and {ROUNDS} rounds, rematches (rounds 2–{ROUNDS}):")
    for scale in (ScoringScale.SCALE_26, ScoringScale.WIN_LOSS):
        variant = replace(DEFAULT_VARIANT, scoring=scale)
        for label, greedy in (("greedy 1v2 (seed 002)", True), ("maximum-weight matching", False)):
            rounds = [play(seed, greedy, variant) for seed in range(events)]
            hit = sum(1 for count in rounds if count)
            share = sum(rounds) / (events * (ROUNDS - 1))
            print(f"  {scale.value:>7} {label:<24}: {hit:>5} events with a rematch ({hit / events:6.1%}), "
                  f"{sum(rounds):>5} of {events * (ROUNDS - 1):,} rounds ({share:6.2%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
