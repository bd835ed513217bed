"""Hypothesis strategies for plays, and a deliberately naive reference classifier for wild-free cards."""

from collections import Counter
from collections.abc import Sequence

from hypothesis import strategies as st

from bot.ruleset.cards import BIG_JOKER, LEVEL_RANKS, SMALL_JOKER, Card, Rank, Suit
from bot.ruleset.plays import readings
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant

NATURAL_CARDS = tuple(Card(rank, suit) for rank in LEVEL_RANKS for suit in Suit)
PACK = tuple(card for card in NATURAL_CARDS for _ in range(2)) + (SMALL_JOKER, SMALL_JOKER, BIG_JOKER, BIG_JOKER)

levels = st.sampled_from(LEVEL_RANKS)


def card_sets(level: Rank) -> st.SearchStrategy[tuple[Card, ...]]:
    """1–10 cards: drawn from the pack (often from a narrow window of ranks), or shaped like a play and then
    perhaps spoiled; either way with zero to two wilds."""
    return st.one_of(drawn_sets(level), shaped_sets(level), shaped_sets(level))


@st.composite
def shaped_sets(draw: st.DrawFn, level: Rank) -> tuple[Card, ...]:
    """A run of singles, pairs or triples (A low or high, wrapping sometimes), a full house or cards of a rank;
    some cards replaced by wilds, and sometimes one card changed, added or dropped."""
    wild = Card(level, Suit.HEARTS)
    shape = draw(st.sampled_from(["run", "run", "run", "full_house", "of_a_rank"]))
    one_suit = draw(st.booleans())
    suits = st.just(draw(st.sampled_from(list(Suit)))) if one_suit else st.sampled_from(list(Suit))
    if shape == "run":
        per_rank, lengths = draw(st.sampled_from([(1, [4, 5, 5, 5, 6]), (2, [2, 3, 3, 3, 4]), (3, [2, 2, 2, 3])]))
        length = draw(st.sampled_from(lengths))
        start = draw(st.integers(0, 12))  # on the 13-rank clock, so some runs wrap around K-A-2
        ranks = [Rank(2 + (start + offset) % 13) for offset in range(length) for _ in range(per_rank)]
    elif shape == "full_house":
        triple, pair = draw(st.lists(st.sampled_from([*LEVEL_RANKS, Rank.SMALL_JOKER, Rank.BIG_JOKER]),
                                     min_size=2, max_size=2, unique=True))
        ranks = [triple] * 3 + [pair] * 2
    else:
        ranks = [draw(st.sampled_from(LEVEL_RANKS))] * draw(st.sampled_from([1, 2, 3, 4, 5, 5, 6, 8]))
    cards = [Card(rank) if rank.is_joker else Card(rank, draw(suits)) for rank in ranks]
    change = draw(st.sampled_from(["none", "none", "none", "replace", "add", "drop"]))
    if change == "replace" and cards:
        cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(PACK))
    elif change == "add":
        cards.append(draw(st.sampled_from(PACK)))
    elif change == "drop" and len(cards) > 1:
        cards.pop(draw(st.integers(0, len(cards) - 1)))
    wilds = min(len(cards), draw(st.sampled_from([0, 1, 2, 2])))
    for index in draw(st.lists(st.integers(0, len(cards) - 1), min_size=wilds, max_size=wilds, unique=True)):
        cards[index] = wild
    cards = cards[:10]
    if sum(card == wild for card in cards) > 2 or max(Counter(cards).values()) > 2:
        return draw(drawn_sets(level))  # more copies than two decks hold
    return tuple(cards)


@st.composite
def drawn_sets(draw: st.DrawFn, level: Rank, max_size: int = 10) -> tuple[Card, ...]:
    """1–max_size cards of the two-deck pack, often from a narrow window of ranks, sometimes with wilds."""
    wild = Card(level, Suit.HEARTS)
    wilds = draw(st.integers(0, 2))
    size = draw(st.integers(max(1, wilds), max_size))
    pool = [card for card in PACK if card != wild]
    if draw(st.booleans()):
        low = draw(st.integers(2, 14))
        width = draw(st.integers(1, 4))
        narrow = [card for card in pool if low <= card.rank < low + width or (card.is_joker and width == 4)]
        if len(narrow) >= size - wilds:
            pool = narrow
    indices = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size - wilds, max_size=size - wilds,
                            unique=True))
    return tuple(pool[index] for index in indices) + (wild,) * wilds


@st.composite
def plays(draw: st.DrawFn, level: Rank) -> tuple[Card, ...]:
    """Card sets that are plays (at the default variant)."""
    return draw(card_sets(level).filter(lambda cards: bool(readings(cards, level))))


@st.composite
def bombs(draw: st.DrawFn, level: Rank) -> tuple[Card, ...]:
    """A bomb of 4–10 cards, a straight flush or four jokers, with or without wilds."""
    wild = Card(level, Suit.HEARTS)
    kind = draw(st.sampled_from(["bomb", "straight_flush", "four_jokers"]))
    if kind == "four_jokers":
        return (SMALL_JOKER, SMALL_JOKER, BIG_JOKER, BIG_JOKER)
    wilds = draw(st.integers(0, 2))
    if kind == "bomb":
        rank = draw(st.sampled_from(LEVEL_RANKS))
        copies = [Card(rank, suit) for suit in Suit for _ in range(2) if Card(rank, suit) != wild]
        count = draw(st.integers(max(1, 4 - wilds), len(copies)))
        return tuple(copies[:count]) + (wild,) * wilds
    top = draw(st.integers(5, 14))
    suit = draw(st.sampled_from(list(Suit)))
    run = [Card(Rank.ACE if value == 1 else Rank(value), suit) for value in range(top - 4, top + 1)]
    run = [card for card in run if card != wild]
    return tuple(run[wilds:]) + (wild,) * (5 - len(run[wilds:]))


def reference_readings(cards: Sequence[Card], level: Rank, variant: RuleVariant = DEFAULT_VARIANT) -> set[str]:
    """Readings of cards that hold no wild, straight from the rule text, as "type rank" strings."""
    size = len(cards)
    ranks = Counter(card.rank for card in cards)
    found: set[str] = set()
    jokers = ranks[Rank.SMALL_JOKER] + ranks[Rank.BIG_JOKER]
    if size == 4 and ranks[Rank.SMALL_JOKER] == 2 and ranks[Rank.BIG_JOKER] == 2:
        found.add("four_jokers 大王")
    if len(ranks) == 1:
        rank = next(iter(ranks))
        names = {1: "single", 2: "pair", 3: "triple"}
        if size in names:
            found.add(f"{names[size]} {rank.label}")
        elif not rank.is_joker and 4 <= size <= 10:
            found.add(f"bomb {rank.label}")
            if size == 5 and variant.five_of_a_rank_is_also_full_house:
                found.add(f"full_house {rank.label}")
    if size == 5 and sorted(ranks.values()) == [2, 3]:
        triple = next(rank for rank, count in ranks.items() if count == 3)
        pair = next(rank for rank, count in ranks.items() if count == 2)
        if not triple.is_joker and (not pair.is_joker or variant.joker_pair_in_full_house):
            found.add(f"full_house {triple.label}")
    if jokers:
        return found
    for per_rank, length, name in ((1, 5, "straight"), (2, 3, "tube"), (3, 2, "plate")):
        if size != per_rank * length or any(count != per_rank for count in ranks.values()):
            continue
        for ace_value in (1, 14):
            values = sorted(ace_value if rank == Rank.ACE else int(rank) for rank in ranks)
            if values == list(range(values[0], values[0] + length)):
                top = Rank.ACE if values[-1] == 14 else Rank(values[-1])
                suits = {card.suit for card in cards}
                if name == "straight" and len(suits) == 1 and None not in suits:
                    found.add(f"straight_flush {top.label}")
                    if not variant.natural_flush_is_also_straight:
                        continue
                found.add(f"{name} {top.label}")
    return found
