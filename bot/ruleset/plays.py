"""What a set of cards is as a play (牌型), with every reading the wild cards allow, strongest first.

Rules (rule collection 001 一、二 and 四; Hefei rules 004 第四章 and 第五章; notice 002 牌型):

- Types: single, pair (two big or two small jokers are a pair, a big and a small are not), triple, full house
  (三带二: triple + pair, compared by the triple), straight (顺子: exactly five, A-2-3-4-5 lowest to 10-J-Q-K-A
  highest, A only at either end, no wrap-around, no jokers), tube (三连对: exactly three consecutive pairs, AA2233
  lowest to QQKKAA highest; 两连对不可出), plate (钢板: exactly two consecutive triples, AAA222 to KKKAAA), bomb
  (4 to 10 cards of one rank), straight flush (同花顺: a straight of one suit) and four jokers (天王炸).
- The level cards (主牌, all eight of the level rank) rank just below the jokers in singles, pairs, triples, full
  houses and bombs (004 第十九条, 第二十二条: 主牌 above A); in sequences every card keeps its natural position.
- The two hearts of the level rank are wild (逢人配, 001 三; 004 第十八条): each stands for any card but a joker.
  A wild played as itself is an ordinary level card; wilds played with no other card are level cards.
- Order (001 二; 004 第二十二条): four jokers > bombs of 6+ cards > straight flush > 5-card bomb > 4-card bomb >
  everything else; bombs: more cards first, then rank; straight flushes by their top card; everything else only
  against the same type (hence the same number of cards), by rank.

Variants read here (:class:`~bot.ruleset.variants.RuleVariant`):
``natural_flush_is_also_straight`` (default False: cards whose natural cards are all of one suit are a straight
flush only), ``five_of_a_rank_is_also_full_house`` (default False: five cards of one rank are a bomb only; three
naturals and two wilds still read both ways, the wilds being a pair of their own) and ``joker_pair_in_full_house``
(default True: two big or two small jokers may be the pair of a full house).

Classification works on counts (cards per rank, number of wilds, one flag for "one suit"), never on substitutions,
so a play costs a few dozen list operations whatever its wilds.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from bot.ruleset.cards import Card, Rank, Suit
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant

MAX_PLAY_SIZE = 10
"""The largest play: eight natural cards of a rank and both wilds (001 一: 可变为10张的炸弹)."""

STRAIGHT_LENGTH = 5
TUBE_PAIRS = 3
PLATE_TRIPLES = 2


class PlayType(enum.StrEnum):
    """The play types, weakest kind first (the order breaks ties between readings no rule compares)."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    FULL_HOUSE = "full_house"
    STRAIGHT = "straight"
    TUBE = "tube"
    PLATE = "plate"
    BOMB = "bomb"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_JOKERS = "four_jokers"

    @property
    def is_sequence(self) -> bool:
        """Cards keep their natural positions (A low or high) and the top card decides."""
        return self in _SEQUENCE_TYPES

    @property
    def is_bomb(self) -> bool:
        """Beats every play of another type (炸弹, 同花顺 and 天王炸 alike)."""
        return self in _BOMB_TYPES


_SEQUENCE_TYPES = frozenset({PlayType.STRAIGHT, PlayType.TUBE, PlayType.PLATE, PlayType.STRAIGHT_FLUSH})
_BOMB_TYPES = frozenset({PlayType.BOMB, PlayType.STRAIGHT_FLUSH, PlayType.FOUR_JOKERS})
_TYPE_ORDER = {play_type: index for index, play_type in enumerate(PlayType)}


class Tier(enum.IntEnum):
    """The bomb ladder of rule 001 二: a higher tier beats every lower one."""

    ORDINARY = 0
    FOUR_CARD_BOMB = 1
    FIVE_CARD_BOMB = 2
    STRAIGHT_FLUSH = 3
    BIG_BOMB = 4  # six to ten cards
    FOUR_JOKERS = 5


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to play a set of cards: its type, the card that decides comparisons, and the number of cards.

    ``rank`` is a sequence's highest card in sequence order (A-2-3-4-5 → 5, 10-J-Q-K-A → A, AA2233 → 3,
    AAA222 → 2), a full house's triple, a bomb's rank, the joker of a joker single or pair, and the big joker
    for four jokers.
    """

    type: PlayType
    rank: Rank
    size: int

    @property
    def is_bomb(self) -> bool:
        return self.type.is_bomb

    @property
    def tier(self) -> Tier:
        """Where the reading stands on the bomb ladder."""
        if self.type is PlayType.BOMB:
            if self.size >= 6:
                return Tier.BIG_BOMB
            return Tier.FIVE_CARD_BOMB if self.size == 5 else Tier.FOUR_CARD_BOMB
        if self.type is PlayType.STRAIGHT_FLUSH:
            return Tier.STRAIGHT_FLUSH
        if self.type is PlayType.FOUR_JOKERS:
            return Tier.FOUR_JOKERS
        return Tier.ORDINARY


def rank_power(rank: Rank, level: Rank) -> int:
    """A rank's height in singles, pairs, triples, full houses and bombs: 2 … A, level cards, small, big joker.

    Rule 001 四 (以打10为例: 大王, 小王, 10, A, K, …, 2) and 004 第十九条.
    """
    return 29 if rank == level else 2 * int(rank)


def strength(reading: Reading, level: Rank) -> tuple[int, int, int, int]:
    """A total order of readings, the larger the stronger: (tier, bomb size, rank power, type).

    Between readings that rule 001 二 compares, this order agrees with :func:`bot.ruleset.compare.reading_beats`.
    Readings no rule compares (a tube and a plate read from the same six cards) are ordered by the power of
    their deciding card, then by :class:`PlayType` order; that is how "the strongest reading" is defined for them.
    """
    play_type = reading.type
    power = int(reading.rank) if play_type in _SEQUENCE_TYPES else rank_power(reading.rank, level)
    bomb_size = reading.size if play_type is PlayType.BOMB else 0
    return (reading.tier, bomb_size, power, _TYPE_ORDER[play_type])


def readings(cards: Iterable[Card], level: Rank, variant: RuleVariant = DEFAULT_VARIANT) -> tuple[Reading, ...]:
    """Every distinct reading (type, rank) of ``cards`` at ``level``, strongest first; empty if no play.

    Rules: rule collection 001 一–四 and Hefei rules 004 第四章–第五章, as the module docstring sums them up.
    Variants (where the documents and platforms differ): ``variant.natural_flush_is_also_straight``,
    ``variant.five_of_a_rank_is_also_full_house``, ``variant.joker_pair_in_full_house``; the defaults follow the
    major platforms. Use :func:`bot.ruleset.refusals.refusal` to say why cards with no reading are no play.
    """
    counts = [0] * 17  # cards per rank value; the wilds are counted apart
    wilds = 0
    size = 0
    one_suit = True
    flush_suit: Suit | None = None
    for card in cards:
        size += 1
        rank = card.rank
        suit = card.suit
        if suit is Suit.HEARTS and rank == level:
            wilds += 1
            continue
        counts[rank] += 1
        if one_suit:
            if suit is None:  # a joker or a suitless rank never completes a flush
                one_suit = False
            elif flush_suit is None:
                flush_suit = suit
            elif suit is not flush_suit:
                one_suit = False
    found = classify_counts(counts, wilds, size, one_suit, level, variant)
    if len(found) > 1:
        found.sort(key=lambda reading: strength(reading, level), reverse=True)
    return tuple(found)


def classify_counts(
    counts: list[int], wilds: int, size: int, one_suit: bool, level: Rank, variant: RuleVariant
) -> list[Reading]:
    """The readings (unsorted) of ``size`` cards: ``counts[r]`` natural cards of rank value ``r`` and ``wilds``.

    ``one_suit``: every natural card has the same real suit. Any number of wilds is accepted, so that
    :mod:`bot.ruleset.refusals` can ask "what if this joker were a wild".
    """
    if size == 0 or size > MAX_PLAY_SIZE:
        return []
    small, big = counts[Rank.SMALL_JOKER], counts[Rank.BIG_JOKER]
    if small or big:
        return _with_jokers(counts, wilds, size, small, big, variant)
    present = [value for value in range(2, 15) if counts[value]]
    if not present:
        # Wilds alone are level cards (a lone wild gains nothing by standing for a lower card).
        return _of_a_rank(level, size, 0, variant)
    if len(present) == 1:
        return _of_a_rank(_RANKS[present[0]], size, wilds, variant)
    found: list[Reading] = []
    if size == 5:
        if len(present) == 2:
            first, second = present
            if counts[first] <= 3 and counts[second] <= 2:
                found.append(_reading(PlayType.FULL_HOUSE, first, 5))
            if counts[second] <= 3 and counts[first] <= 2:
                found.append(_reading(PlayType.FULL_HOUSE, second, 5))
        tops = _sequence_tops(counts, present, 1, STRAIGHT_LENGTH)
        for top in tops:
            if one_suit:
                found.append(_reading(PlayType.STRAIGHT_FLUSH, top, 5))
            if not one_suit or variant.natural_flush_is_also_straight:
                found.append(_reading(PlayType.STRAIGHT, top, 5))
    elif size == 6:
        for top in _sequence_tops(counts, present, 2, TUBE_PAIRS):
            found.append(_reading(PlayType.TUBE, top, 6))
        for top in _sequence_tops(counts, present, 3, PLATE_TRIPLES):
            found.append(_reading(PlayType.PLATE, top, 6))
    return found


def _with_jokers(
    counts: list[int], wilds: int, size: int, small: int, big: int, variant: RuleVariant
) -> list[Reading]:
    jokers = small + big
    if size == 4 and small == 2 and big == 2:
        return [_reading(PlayType.FOUR_JOKERS, Rank.BIG_JOKER, 4)]
    if jokers == size and size <= 2 and (small == 0 or big == 0):
        joker = Rank.BIG_JOKER if big else Rank.SMALL_JOKER
        return [_reading(PlayType.SINGLE if size == 1 else PlayType.PAIR, joker, size)]
    if size == 5 and variant.joker_pair_in_full_house and (small, big) in ((2, 0), (0, 2)):
        present = [value for value in range(2, 15) if counts[value]]
        if len(present) == 1 and counts[present[0]] + wilds == 3:
            return [_reading(PlayType.FULL_HOUSE, present[0], 5)]
    return []


def _of_a_rank(rank: int, size: int, wilds: int, variant: RuleVariant) -> list[Reading]:
    """``size`` cards of one rank, ``wilds`` of them wild (so free to be a pair of another rank)."""
    if size == 1:
        return [_reading(PlayType.SINGLE, rank, 1)]
    if size == 2:
        return [_reading(PlayType.PAIR, rank, 2)]
    if size == 3:
        return [_reading(PlayType.TRIPLE, rank, 3)]
    found = [_reading(PlayType.BOMB, rank, size)]
    if size == 5 and (wilds >= 2 or variant.five_of_a_rank_is_also_full_house):
        found.append(_reading(PlayType.FULL_HOUSE, rank, 5))
    return found


def _sequence_tops(counts: list[int], present: list[int], per_rank: int, length: int) -> list[int]:
    """Top positions (2 … 14) of every run of ``length`` ranks, ``per_rank`` cards each, holding all naturals.

    Positions: A low is 1, 2 … K are themselves, A high is 14; the wilds fill whatever the naturals leave.
    """
    for value in present:
        if counts[value] > per_rank:
            return []
    tops: list[int] = []
    if present[-1] == 14:
        others = present[:-1]
        # A low: the run must reach from 1 up to the highest other card; A high: from the lowest up to 14.
        _add_tops(tops, 1, others[-1], length)
        _add_tops(tops, others[0], 14, length)
    else:
        _add_tops(tops, present[0], present[-1], length)
    return tops


def _add_tops(tops: list[int], lowest: int, highest: int, length: int) -> None:
    for top in range(max(highest, length), min(lowest + length - 1, 14) + 1):
        tops.append(top)


_RANKS: dict[int, Rank] = {int(rank): rank for rank in Rank}

# Readings are immutable: one shared object per (type, rank value, size) keeps classification allocation-free.
_READINGS: dict[tuple[PlayType, int, int], Reading] = {
    (play_type, int(rank), size): Reading(play_type, rank, size)
    for play_type in PlayType
    for rank in Rank
    for size in range(1, MAX_PLAY_SIZE + 1)
}


def _reading(play_type: PlayType, rank: int, size: int) -> Reading:
    return _READINGS[(play_type, rank, size)]
