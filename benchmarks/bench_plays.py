"""Play classification throughput: ``readings()`` over a fixed, seeded set of 10,000 plays of 1–10 cards.

Half the plays hold no wild card, half hold one or two (the hearts of the level rank). Within each half, half
the plays are drawn from the whole two-deck pack and half from a narrow window of ranks (so that pairs, full
houses, tubes, plates, straights and bombs are common, not just no-plays). Each play has its own random level.

Target: at least 20,000 plays/s on one core. Run: ``.venv/bin/python benchmarks/bench_plays.py``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence

import _paths  # noqa: F401

from bot.ruleset.cards import BIG_JOKER, LEVEL_RANKS, SMALL_JOKER, Card, Rank, Suit
from bot.ruleset.judge import judge_cards
from bot.ruleset.plays import readings

SEED = 20261202
PLAYS = 10_000
ROUNDS = 5
PACK: tuple[Card, ...] = tuple(
    Card(rank, suit) for rank in LEVEL_RANKS for suit in Suit for _ in range(2)
) + (SMALL_JOKER, SMALL_JOKER, BIG_JOKER, BIG_JOKER)


def draw_play(rng: random.Random, with_wilds: bool) -> tuple[tuple[Card, ...], Rank]:
    level = rng.choice(LEVEL_RANKS)
    size = rng.randint(1, 10)
    wilds = min(size, rng.randint(1, 2)) if with_wilds else 0
    pool = [card for card in PACK if not card.is_wild(level)]
    if rng.random() < 0.5:
        low = rng.randint(2, 13)
        window = range(low, min(low + rng.randint(1, 5), 15))
        narrow = [card for card in pool if card.rank in window]
        if len(narrow) >= size - wilds:
            pool = narrow
    naturals = rng.sample(pool, size - wilds)
    cards = naturals + [Card(level, Suit.HEARTS)] * wilds
    rng.shuffle(cards)
    return tuple(cards), level


def make_plays(seed: int = SEED, count: int = PLAYS) -> list[tuple[tuple[Card, ...], Rank]]:
    rng = random.Random(seed)
    return [draw_play(rng, with_wilds=index % 2 == 1) for index in range(count)]


def best_rate(plays: Sequence[tuple[tuple[Card, ...], Rank]], rounds: int = ROUNDS, explain: bool = False) -> float:
    """Plays per second, best of ``rounds``; ``explain`` also finds the reason for every no-play."""
    classify = judge_cards if explain else readings
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for cards, level in plays:
            classify(cards, level)
        best = min(best, time.perf_counter() - started)
    return len(plays) / best


def main() -> None:
    plays = make_plays()
    kinds = Counter(
        (found[0].type.value if found else "no play") for found in (readings(cards, level) for cards, level in plays)
    )
    plain = [play for index, play in enumerate(plays) if index % 2 == 0]
    wild = [play for index, play in enumerate(plays) if index % 2 == 1]
    print(f"plays: {len(plays)} (seed {SEED}); strongest readings: {dict(kinds.most_common())}")
    print(f"without wilds: {best_rate(plain):,.0f} plays/s")
    print(f"with wilds:    {best_rate(wild):,.0f} plays/s")
    print(f"all:           {best_rate(plays):,.0f} plays/s (target 20,000, one core)")
    print(f"all, with the reason for each no-play (judge_cards): {best_rate(plays, explain=True):,.0f} plays/s")


if __name__ == "__main__":
    main()
