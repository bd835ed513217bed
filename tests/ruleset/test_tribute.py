import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ruleset.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit, TooManyCopiesError, parse_cards
from bot.ruleset.seats import FinishingOrder, Seat
from bot.ruleset.tribute import (
    MissingHandError,
    NoTributeCardError,
    TributeKind,
    card_strength,
    plan_tribute,
    return_choices,
)
from bot.ruleset.variants import DoubleDownTribute, EqualTributes, RuleVariant

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
TEN = Rank.TEN
SINGLE_DOWN = FinishingOrder.parse("N E S W")  # N first, W last pays N
DOUBLE_DOWN = FinishingOrder.parse("N S E W")  # E and W pay N and S


def hands(**by_seat: str) -> dict[Seat, tuple[Card, ...]]:
    filled = {"N": "C2", "E": "D2", "S": "C4", "W": "D4"} | by_seat
    return {Seat(seat): parse_cards(text) for seat, text in filled.items()}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.parametrize(
    ("level", "last_hand", "card", "choices"),
    [
        (TEN, "S3 D9 CK", "CK", "CK"),
        (TEN, "H10 SA D4", "SA", "SA"),  # the wild heart level card is never paid
        (TEN, "H10 H10 DA SA", "SA", "SA DA"),
        (TEN, "H10 S10 SA", "S10", "S10"),  # a level card ranks above A
        (TEN, "C10 D10 SA", "C10", "C10 D10"),
        (Rank.TWO, "S2 SA SK", "S2", "S2"),
        (Rank.TWO, "H2 SA SK", "SA", "SA"),
        (Rank.ACE, "SA HA SK", "SA", "SA"),
        (TEN, "SMALL BIG S2", "BIG", "BIG"),  # one big joker is paid (no anti-tribute with one)
        (TEN, "SMALL SMALL H10", "SMALL", "SMALL"),
        (TEN, "C9 D9 S3", "C9", "C9 D9"),
    ],
)
def test_single_down_pays_the_highest_card(level: Rank, last_hand: str, card: str, choices: str) -> None:
    plan = plan_tribute(SINGLE_DOWN, hands(W=last_hand), level)
    assert plan.kind is TributeKind.SINGLE
    assert plan.leader is W
    (tribute,) = plan.tributes
    assert (tribute.payer, tribute.receiver) == (W, N)
    assert tribute.card == cards(card)[0]
    assert tribute.choices == cards(choices)


@pytest.mark.parametrize(
    ("hand", "variant", "expected"),
    [
        ("S3 D10 SJ BIG H10", RuleVariant(), "S3 H10 D10"),
        ("S3 D10 SJ BIG H10", RuleVariant(max_return_rank=Rank.JACK), "S3 H10 D10 SJ"),
        ("S3 D10 SJ", RuleVariant(max_return_rank=Rank.FIVE), "S3"),
        ("SJ DJ SQ BIG SMALL", RuleVariant(), "SJ DJ"),  # nothing up to 10: the lowest cards
        ("S3 S3 S2", RuleVariant(), "S2 S3"),
    ],
)
def test_return_choices(hand: str, variant: RuleVariant, expected: str) -> None:
    assert return_choices(cards(hand), variant) == cards(expected)


def test_the_receiver_returns_to_the_payer() -> None:
    (tribute,) = plan_tribute(SINGLE_DOWN, hands(W="SA", N="S3 SQ D10 BIG"), TEN).tributes
    assert tribute.returns == cards("S3 D10")


@pytest.mark.parametrize(
    ("order", "third", "last", "variant", "to_first", "to_second", "leader"),
    [
        # Larger tribute to first place, its payer leads (notice 004 第二十九条).
        ("N S E W", "CK", "SA", RuleVariant(), (W, "SA"), (E, "CK"), W),
        ("N S E W", "SA", "CK", RuleVariant(), (E, "SA"), (W, "CK"), E),
        ("N S E W", "S10", "SA", RuleVariant(), (E, "S10"), (W, "SA"), E),  # level card beats A
        ("N S E W", "BIG", "SMALL", RuleVariant(), (E, "BIG"), (W, "SMALL"), E),
        ("E W S N", "S5", "S6", RuleVariant(), (N, "S6"), (S, "S5"), N),
        # Equal tributes: the player after first place leads; by default they pay first place.
        ("N S E W", "SA", "DA", RuleVariant(), (W, "DA"), (E, "SA"), W),
        ("S N E W", "SA", "DA", RuleVariant(), (E, "SA"), (W, "DA"), E),
        ("S N E W", "SA", "DA", RuleVariant(equal_tributes=EqualTributes.LAST_PLACE_TO_FIRST),
         (W, "DA"), (E, "SA"), E),
        ("E W N S", "SK", "CK", RuleVariant(), (N, "SK"), (S, "CK"), N),
        # By places: last place pays first place and leads, whatever the cards.
        ("N S E W", "SA", "CK", RuleVariant(double_down_tribute=DoubleDownTribute.BY_PLACE),
         (W, "CK"), (E, "SA"), W),
    ],
)
def test_double_down(order: str, third: str, last: str, variant: RuleVariant, to_first: tuple[Seat, str],
                     to_second: tuple[Seat, str], leader: Seat) -> None:
    finishing = FinishingOrder.parse(order)
    plan = plan_tribute(finishing, hands(**{finishing.third.value: third, finishing.last.value: last}), TEN, variant)
    assert plan.kind is TributeKind.DOUBLE
    first, second = plan.tributes
    assert (first.payer, first.receiver, first.card) == (to_first[0], finishing.first, cards(to_first[1])[0])
    assert (second.payer, second.receiver, second.card) == (to_second[0], finishing.second, cards(to_second[1])[0])
    assert plan.leader is leader


@pytest.mark.parametrize(
    ("order", "holdings", "kind", "holders"),
    [
        # Single down: only last place's own big jokers count.
        (SINGLE_DOWN, {"W": "BIG BIG"}, TributeKind.ANTI, (W,)),
        (SINGLE_DOWN, {"W": "BIG S4", "E": "BIG"}, TributeKind.SINGLE, ()),
        (SINGLE_DOWN, {"E": "BIG BIG"}, TributeKind.SINGLE, ()),
        (SINGLE_DOWN, {"W": "BIG", "N": "BIG"}, TributeKind.SINGLE, ()),
        (SINGLE_DOWN, {"W": "SMALL SMALL BIG"}, TributeKind.SINGLE, ()),
        (SINGLE_DOWN, {"N": "BIG BIG"}, TributeKind.SINGLE, ()),
        # Double down: the two losers together.
        (DOUBLE_DOWN, {"E": "BIG BIG"}, TributeKind.ANTI, (E,)),
        (DOUBLE_DOWN, {"W": "BIG BIG"}, TributeKind.ANTI, (W,)),
        (DOUBLE_DOWN, {"E": "BIG", "W": "BIG"}, TributeKind.ANTI, (E, W)),
        (DOUBLE_DOWN, {"E": "BIG", "N": "BIG"}, TributeKind.DOUBLE, ()),
        (DOUBLE_DOWN, {"E": "SMALL SMALL", "W": "BIG"}, TributeKind.DOUBLE, ()),
        (DOUBLE_DOWN, {}, TributeKind.DOUBLE, ()),
    ],
)
def test_anti_tribute(order: FinishingOrder, holdings: dict[str, str], kind: TributeKind,
                      holders: tuple[Seat, ...]) -> None:
    plan = plan_tribute(order, hands(**holdings), TEN)
    assert plan.kind is kind
    if kind is TributeKind.ANTI:
        assert (plan.tributes, plan.leader, plan.big_joker_holders) == ((), order.first, holders)
    else:
        assert plan.tributes and plan.leader is not order.first


def test_a_single_big_joker_is_paid_in_a_double_down() -> None:
    plan = plan_tribute(DOUBLE_DOWN, hands(E="BIG S4", W="SA"), TEN)
    assert [(t.payer, t.receiver, t.card) for t in plan.tributes] == [(E, N, BIG_JOKER), (W, S, cards("SA")[0])]
    assert plan.leader is E


def test_no_tribute_when_the_tournament_plays_without() -> None:
    plan = plan_tribute(SINGLE_DOWN, hands(W="BIG SA"), TEN, RuleVariant(tribute=False))
    assert (plan.kind, plan.tributes, plan.leader) == (TributeKind.NONE, (), N)


def test_errors() -> None:
    with pytest.raises(MissingHandError):
        plan_tribute(SINGLE_DOWN, {N: cards("S3")}, TEN)
    with pytest.raises(NoTributeCardError) as caught:
        plan_tribute(SINGLE_DOWN, hands(W="H10 H10"), TEN)
    assert caught.value.params == {"seat": "W"}
    with pytest.raises(TooManyCopiesError):
        plan_tribute(SINGLE_DOWN, hands(W="BIG BIG", N="BIG"), TEN)


def test_card_strength_puts_level_cards_below_jokers() -> None:
    order = [card_strength(card, TEN) for card in (BIG_JOKER, SMALL_JOKER, Card(TEN, Suit.SPADES),
                                                    Card(Rank.ACE, Suit.SPADES), Card(Rank.NINE))]
    assert order == sorted(order, reverse=True) and len(set(order)) == 5


FULL_DECK = [Card(rank, suit) for rank in Rank if not rank.is_joker for suit in Suit] * 2 + [BIG_JOKER, SMALL_JOKER] * 2


@settings(max_examples=60)
@given(st.randoms(use_true_random=False), st.permutations(list(Seat)), st.sampled_from([r for r in Rank if r < 15]))
def test_tribute_invariants(rng: random.Random, seats: list[Seat], level: Rank) -> None:
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    dealt = {seat: tuple(deck[index * 27:(index + 1) * 27]) for index, seat in enumerate(Seat)}
    order = FinishingOrder((seats[0], seats[1], seats[2], seats[3]))
    plan = plan_tribute(order, dealt, level)
    payers = (order.third, order.last) if order.is_double_down else (order.last,)
    big = sum(card.rank is Rank.BIG_JOKER for seat in payers for card in dealt[seat])
    assert (plan.kind is TributeKind.ANTI) == (big >= 2)
    for tribute in plan.tributes:
        assert not tribute.card.is_wild(level)
        best = max(card_strength(card, level) for card in dealt[tribute.payer] if not card.is_wild(level))
        assert card_strength(tribute.card, level) == best
        assert all(card.rank <= TEN for card in tribute.returns)
        assert set(tribute.returns) <= set(dealt[tribute.receiver])
    if plan.kind is TributeKind.ANTI:
        assert plan.leader is order.first
    else:
        assert plan.leader in payers
