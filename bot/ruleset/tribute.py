"""Tribute (进贡), the returned card (还贡), anti-tribute (抗贡) and who leads the next deal.

Rules, as the seed documents state them (notice 000 篇1 竞赛规则 1 and 篇3 附件; notice 001 五 and 九;
notice 002 篇2 §6–7; notice 004 第八章):

* Single down (单下, the losers did not finish 3rd and 4th): last place (末游) pays first place (头游) the highest
  card in hand, never a wild heart level card (除主牌红桃外的最大的牌); last place leads the next deal.
* Double down (双下): both losers pay. By default the larger tribute goes to first place, the smaller to second
  place, and the payer of the larger tribute leads (notice 004 第二十九条; notice 002 篇2 §6–7). Equal tributes:
  the player after first place (头游的下家) leads; ``RuleVariant.equal_tributes`` says who pays first place.
  ``RuleVariant.double_down_tribute = BY_PLACE`` pairs by places instead (末游向头游、另一输方向另一赢方) and lets
  last place lead (notice 000 篇3 附件).
* Anti-tribute (抗贡): no tribute when the paying side holds both big jokers: last place alone in a single down,
  the two losers together (one each or one both) in a double down. First place then leads.
* Each receiver returns one card to the player who paid them (拿谁的还给谁), at most 10 by default
  (``RuleVariant.max_return_rank``; notice 000 篇1 "不得超过10", notice 004 "10（含10）以下").
* ``RuleVariant.tribute = False`` (notice 002 篇1 "本次比赛规则为不进贡"): no tribute, first place leads.

Card strength for a tribute is the single-card order: big joker, small joker, the level rank, then A down to 2;
suits never matter, so the payer chooses among the cards of equal strength (``Tribute.choices``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.errors import RuleError
from bot.ruleset.cards import LEVEL_RANKS, Card, Rank, Suit, check_copies
from bot.ruleset.seats import FinishingOrder, Seat
from bot.ruleset.variants import DEFAULT_VARIANT, DoubleDownTribute, EqualTributes, RuleVariant


class MissingHandError(RuleError):
    key = "tribute.missing_hand"


class NoTributeCardError(RuleError):
    """The payer's hand holds no card that may be paid (only wild heart level cards, or nothing)."""

    key = "tribute.no_tribute_card"


class TributeKind(enum.StrEnum):
    NONE = "none"  # tribute switched off by the tournament
    SINGLE = "single"  # 单下: last place pays first place
    DOUBLE = "double"  # 双下: both losers pay
    ANTI = "anti"  # 抗贡: the paying side holds both big jokers


_LEVEL_STRENGTH = 15  # above A (14), below the jokers


def card_strength(card: Card, level: Rank) -> int:
    """Single-card order: big joker > small joker > level rank > A > K > … > 2 (notice 000 篇2 "以打10为例")."""
    if card.is_joker:
        return int(card.rank) + 1
    if card.rank == level:
        return _LEVEL_STRENGTH
    return int(card.rank)


_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3, None: 4}


def _sorted(cards: Iterable[Card], level: Rank) -> tuple[Card, ...]:
    # Strongest first; suit order only makes the output stable.
    return tuple(sorted(set(cards), key=lambda card: (-card_strength(card, level), _SUIT_ORDER[card.suit])))


def tribute_choices(hand: Sequence[Card], level: Rank) -> tuple[Card, ...]:
    """Every card the payer may give: the strongest cards of the hand, wild heart level cards left out.

    Empty when the hand holds nothing else.
    """
    payable = [card for card in hand if not card.is_wild(level)]
    if not payable:
        return ()
    top = max(card_strength(card, level) for card in payable)
    return _sorted((card for card in payable if card_strength(card, level) == top), level)


def return_choices(hand: Sequence[Card], variant: RuleVariant = DEFAULT_VARIANT) -> tuple[Card, ...]:
    """Cards the receiver may give back: natural rank at most ``variant.max_return_rank`` (default 10).

    The hand is the receiver's hand as dealt. Jokers never qualify. A hand without such a card (rare) may return
    one of its lowest cards by natural rank.
    """
    allowed = [card for card in hand if not card.is_joker and card.rank <= variant.max_return_rank]
    if not allowed and hand:
        lowest = min(card.rank for card in hand)
        allowed = [card for card in hand if card.rank == lowest]
    return tuple(sorted(set(allowed), key=lambda card: (int(card.rank), _SUIT_ORDER[card.suit])))


@dataclass(frozen=True, slots=True)
class Tribute:
    """One payment of the tribute and the card given back.

    One payment: ``payer`` gives ``card`` (or any of ``choices``, equal in strength) to ``receiver``, who gives
    one of ``returns`` back."""

    payer: Seat
    receiver: Seat
    card: Card
    choices: tuple[Card, ...]
    returns: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TributePlan:
    """What happens between two deals: the payments (none for anti-tribute) and who leads the next deal."""

    kind: TributeKind
    tributes: tuple[Tribute, ...]
    leader: Seat
    big_joker_holders: tuple[Seat, ...] = ()
    """The paying seats that hold big jokers (the reason for an anti-tribute)."""


def _big_jokers(hand: Sequence[Card]) -> int:
    return sum(1 for card in hand if card.rank is Rank.BIG_JOKER)


def _choices_of(payer: Seat, hands: Mapping[Seat, Sequence[Card]], level: Rank) -> tuple[Card, ...]:
    choices = tribute_choices(hands[payer], level)
    if not choices:
        raise NoTributeCardError(seat=payer.value)
    return choices


def _pay(
    payer: Seat, receiver: Seat, hands: Mapping[Seat, Sequence[Card]], level: Rank, variant: RuleVariant
) -> Tribute:
    choices = _choices_of(payer, hands, level)
    return Tribute(payer, receiver, choices[0], choices, return_choices(hands[receiver], variant))


def plan_tribute(
    order: FinishingOrder,
    hands: Mapping[Seat, Sequence[Card]],
    level: Rank,
    variant: RuleVariant = DEFAULT_VARIANT,
) -> TributePlan:
    """Tribute, return cards and the leader of the next deal (rules in the module docstring).

    ``order`` is the previous deal's finishing order, ``hands`` the new deal's hands (at least the payers' and
    receivers'), ``level`` the new deal's level. Reads ``variant.tribute``, ``variant.double_down_tribute``,
    ``variant.equal_tributes`` and ``variant.max_return_rank``. Raise :class:`MissingHandError`,
    :class:`NoTributeCardError`, or a :class:`bot.ruleset.cards.TooManyCopiesError` for hands two decks cannot hold.
    """
    if level not in LEVEL_RANKS:
        raise ValueError(f"not a level: {level!r}")
    if not variant.tribute:
        return TributePlan(TributeKind.NONE, (), order.first)
    payers = (order.third, order.last) if order.is_double_down else (order.last,)
    receivers = (order.first, order.second) if order.is_double_down else (order.first,)
    for seat in (*payers, *receivers):
        if seat not in hands:
            raise MissingHandError(seat=seat.value)
    check_copies(card for hand in hands.values() for card in hand)

    holders = tuple(seat for seat in payers if _big_jokers(hands[seat]))
    if sum(_big_jokers(hands[seat]) for seat in payers) >= 2:
        return TributePlan(TributeKind.ANTI, (), order.first, holders)
    if not order.is_double_down:
        return TributePlan(TributeKind.SINGLE, (_pay(order.last, order.first, hands, level, variant),), order.last)

    if variant.double_down_tribute is DoubleDownTribute.BY_PLACE:
        tributes = (_pay(order.last, order.first, hands, level, variant),
                    _pay(order.third, order.second, hands, level, variant))  # fmt: skip
        return TributePlan(TributeKind.DOUBLE, tributes, order.last)

    strength = {seat: card_strength(_choices_of(seat, hands, level)[0], level) for seat in payers}
    if strength[order.third] != strength[order.last]:
        larger, smaller = sorted(payers, key=lambda seat: -strength[seat])
        leader = larger
    else:
        leader = order.first.next
        if variant.equal_tributes is EqualTributes.NEXT_PLAYER_TO_FIRST:
            larger, smaller = leader, leader.partner
        else:
            larger, smaller = order.last, order.third
    tributes = (_pay(larger, order.first, hands, level, variant), _pay(smaller, order.second, hands, level, variant))
    return TributePlan(TributeKind.DOUBLE, tributes, leader)
