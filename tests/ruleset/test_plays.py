"""Classification tables: every type, every boundary, wild readings (strongest first), the variants."""

from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ruleset.cards import Card, Rank, Suit, parse_cards
from bot.ruleset.plays import PlayType, Reading, Tier, rank_power, readings, strength
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant
from tests.ruleset.play_strategies import NATURAL_CARDS, card_sets, levels, reference_readings


def read(text: str, level: str = "10", variant: RuleVariant = DEFAULT_VARIANT) -> list[str]:
    """The readings as "type rank" strings, strongest first."""
    found = readings(parse_cards(text), Rank.from_label(level), variant)
    return [f"{reading.type.value} {reading.rank.label}" for reading in found]


TABLE = [
    # singles: jokers, level cards, a lone wild, a suitless rank
    ("S3", "10", ["single 3"]),
    ("3", "10", ["single 3"]),
    ("SA", "10", ["single A"]),
    ("S10", "10", ["single 10"]),
    ("H10", "10", ["single 10"]),
    ("SMALL", "10", ["single 小王"]),
    ("BIG", "10", ["single 大王"]),
    # pairs: two big or two small jokers are a pair, a big and a small are not; a wild is no joker
    ("S3 D3", "10", ["pair 3"]),
    ("H10 H10", "10", ["pair 10"]),
    ("H10 S10", "10", ["pair 10"]),
    ("H10 S3", "10", ["pair 3"]),
    ("BIG BIG", "10", ["pair 大王"]),
    ("SMALL SMALL", "10", ["pair 小王"]),
    ("BIG SMALL", "10", []),
    ("H10 BIG", "10", []),
    ("H10 SMALL", "10", []),
    ("S3 S4", "10", []),
    ("3 3", "10", ["pair 3"]),
    # triples
    ("S3 D3 C3", "10", ["triple 3"]),
    ("S3 H10 H10", "10", ["triple 3"]),
    ("S10 D10 H10", "10", ["triple 10"]),
    ("BIG BIG SMALL", "10", []),
    # full houses: compared by the triple; joker pairs allowed; five of a rank is a bomb
    ("S3 D3 C3 S4 D4", "10", ["full_house 3"]),
    ("S4 D4 S3 D3 C3", "10", ["full_house 3"]),
    ("SK DK CK S2 D2", "10", ["full_house K"]),
    ("S2 D2 C2 SA DA", "2", ["full_house 2"]),
    ("S3 D3 C3 BIG BIG", "10", ["full_house 3"]),
    ("S3 D3 C3 SMALL SMALL", "10", ["full_house 3"]),
    ("S3 D3 C3 BIG SMALL", "10", []),
    ("S3 D3 H10 BIG BIG", "10", ["full_house 3"]),
    ("S3 H10 H10 SMALL SMALL", "10", ["full_house 3"]),
    ("S3 D3 S4 D4 H10", "10", ["full_house 4", "full_house 3"]),
    ("S3 D3 S10 D10 H10", "10", ["full_house 10", "full_house 3"]),
    ("S3 D3 C3 S4 H10", "10", ["full_house 3"]),
    ("S5 D5 C5 H10 H10", "10", ["bomb 5", "full_house 5"]),
    ("S5 D5 C5 S5 D5", "10", ["bomb 5"]),
    ("S5 D5 C5 S5 H10", "10", ["bomb 5"]),
    ("S3 D3 C3 S4 D5", "10", []),
    # straights: exactly five, A low or high, no wrap-around, no jokers, level cards in their natural place
    ("SA D2 C3 S4 D5", "10", ["straight 5"]),
    ("S10 DJ CQ SK DA", "10", ["straight A"]),
    ("D9 S10 DJ CQ SK", "10", ["straight K"]),
    ("S8 D9 C10 SJ DQ", "10", ["straight Q"]),
    ("SA D2 C3 S4 D5", "A", ["straight 5"]),
    ("S10 DJ CQ SK DA", "A", ["straight A"]),
    ("3 4 5 6 7", "10", ["straight 7"]),
    ("SJ DQ CK SA D2", "10", []),
    ("SQ DK CA S2 D3", "10", []),
    ("SK DA C2 S3 D4", "10", []),
    ("S3 D4 C5 S6 D7 S8", "10", []),
    ("S3 D4 C5 S6", "10", []),
    ("S3 D4 BIG S6 D7", "10", []),
    ("S3 D4 C5 S6 H10", "10", ["straight 7", "straight 6"]),
    ("H10 D2 C3 S4 D5", "10", ["straight 6", "straight 5"]),
    ("H10 H10 C3 S4 D5", "10", ["straight 7", "straight 6", "straight 5"]),
    ("H10 DJ CQ SK H10", "10", ["straight A", "straight K"]),
    # straight flushes: the natural cards decide the suit; suitless ranks never complete a flush
    ("SA S2 S3 S4 S5", "10", ["straight_flush 5"]),
    ("S10 SJ SQ SK SA", "10", ["straight_flush A"]),
    ("H9 H10 HJ HQ HK", "2", ["straight_flush K"]),
    ("H9 H10 HJ HQ HK", "10", ["straight_flush K"]),
    ("S3 S4 S5 S6 H10", "10", ["straight_flush 7", "straight_flush 6"]),
    ("S3 S4 S5 S6 7", "10", ["straight 7"]),
    ("SJ SQ SK SA S2", "10", []),
    # tubes: exactly three consecutive pairs, AA2233 … QQKKAA
    ("SA DA S2 D2 S3 D3", "10", ["tube 3"]),
    ("SQ DQ SK DK SA DA", "10", ["tube A"]),
    ("S9 D9 S10 D10 SJ DJ", "10", ["tube J"]),
    ("SK DK SA DA S2 D2", "10", []),
    ("S3 D3 S4 D4", "10", []),
    ("S3 D3 S4 D4 S5 D5 S6 D6", "10", []),
    ("S3 D3 S4 D4 S5 H10", "10", ["tube 5"]),
    ("S3 D3 S5 D5 H10 H10", "10", ["tube 5"]),
    ("S3 D3 S4 D4 S5 BIG", "10", []),
    # plates: exactly two consecutive triples, AAA222 … KKKAAA
    ("SA DA CA S2 D2 C2", "10", ["plate 2"]),
    ("SK DK CK SA DA CA", "10", ["plate A"]),
    ("S3 D3 C3 S4 D4 C4", "10", ["plate 4"]),
    ("SK DK CK S2 D2 C2", "10", []),
    ("S3 D3 C3 S4 D4 C4 S5 D5 C5", "10", []),
    ("SA DA CA S2 D2 H10", "10", ["plate 2"]),
    # tube and plate from the same six cards
    ("S3 D3 S4 D4 H10 H10", "10", ["tube 5", "plate 4", "tube 4"]),
    ("SA DA S2 D2 H10 H10", "10", ["tube 3", "plate 2"]),
    # bombs: 4 to 10 cards of one rank, wilds included
    ("S3 D3 C3 H3", "10", ["bomb 3"]),
    ("S3 D3 C3 H10", "10", ["bomb 3"]),
    ("S3 D3 H10 H10", "10", ["bomb 3"]),
    ("S10 D10 C10 H10", "10", ["bomb 10"]),
    ("S3 S3 D3 D3 C3 C3 H3 H3 H10 H10", "10", ["bomb 3"]),
    ("S10 S10 D10 D10 C10 C10 H10 H10", "10", ["bomb 10"]),
    ("3 3 3 3", "10", ["bomb 3"]),
    # four jokers; wilds never make one
    ("BIG BIG SMALL SMALL", "10", ["four_jokers 大王"]),
    ("SMALL BIG SMALL BIG", "2", ["four_jokers 大王"]),
    ("BIG BIG SMALL H10", "10", []),
    ("BIG BIG SMALL SMALL S3", "10", []),
]


@pytest.mark.parametrize(("cards", "level", "expected"), TABLE)
def test_readings(cards: str, level: str, expected: list[str]) -> None:
    assert read(cards, level) == expected


def test_bomb_size_is_the_number_of_cards() -> None:
    found = readings(parse_cards("S3 S3 D3 D3 C3 C3 H3 H3 H10 H10"), Rank.TEN)
    assert found == (Reading(PlayType.BOMB, Rank.THREE, 10),)


@pytest.mark.parametrize(
    ("cards", "variant", "expected"),
    [
        ("S3 S4 S5 S6 S7", RuleVariant(natural_flush_is_also_straight=True), ["straight_flush 7", "straight 7"]),
        ("S3 S4 S5 S6 H10", RuleVariant(natural_flush_is_also_straight=True),
         ["straight_flush 7", "straight_flush 6", "straight 7", "straight 6"]),
        ("S3 S4 S5 S6 D7", RuleVariant(natural_flush_is_also_straight=True), ["straight 7"]),
        ("S5 D5 C5 S5 D5", RuleVariant(five_of_a_rank_is_also_full_house=True), ["bomb 5", "full_house 5"]),
        ("S5 D5 C5 S5 H10", RuleVariant(five_of_a_rank_is_also_full_house=True), ["bomb 5", "full_house 5"]),
        ("S5 D5 C5 S5", RuleVariant(five_of_a_rank_is_also_full_house=True), ["bomb 5"]),
        ("S3 D3 C3 BIG BIG", RuleVariant(joker_pair_in_full_house=False), []),
        ("S3 D3 C3 S4 D4", RuleVariant(joker_pair_in_full_house=False), ["full_house 3"]),
    ],
)
def test_variants(cards: str, variant: RuleVariant, expected: list[str]) -> None:
    assert read(cards, "10", variant) == expected


@pytest.mark.parametrize(
    ("level", "expected"),
    [
        (Rank.TEN, ["2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A", "10", "小王", "大王"]),
        (Rank.ACE, ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "小王", "大王"]),
        (Rank.TWO, ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "小王", "大王"]),
    ],
)
def test_level_cards_rank_just_below_the_jokers(level: Rank, expected: list[str]) -> None:
    assert [rank.label for rank in sorted(Rank, key=lambda rank: rank_power(rank, level))] == expected


@pytest.mark.parametrize(
    ("cards", "tier"),
    [
        ("S3", Tier.ORDINARY),
        ("S3 D3 C3 H3", Tier.FOUR_CARD_BOMB),
        ("S3 D3 C3 H3 S3", Tier.FIVE_CARD_BOMB),
        ("SA S2 S3 S4 S5", Tier.STRAIGHT_FLUSH),
        ("S3 D3 C3 H3 S3 D3", Tier.BIG_BOMB),
        ("BIG BIG SMALL SMALL", Tier.FOUR_JOKERS),
    ],
)
def test_tiers(cards: str, tier: Tier) -> None:
    assert readings(parse_cards(cards), Rank.TEN)[0].tier is tier


def test_strongest_first_is_the_strength_order() -> None:
    found = readings(parse_cards("H10 H10 C3 S4 D5"), Rank.TEN)
    assert list(found) == sorted(found, key=lambda reading: strength(reading, Rank.TEN), reverse=True)


def test_the_level_rank_moves_bombs_not_sequences() -> None:
    # At level 5 a bomb of 5s outranks a bomb of As, but A-2-3-4-5 stays the lowest straight.
    bomb_of_fives = readings(parse_cards("S5 D5 C5 S5"), Rank.FIVE)[0]
    bomb_of_aces = readings(parse_cards("SA DA CA SA"), Rank.FIVE)[0]
    assert strength(bomb_of_fives, Rank.FIVE) > strength(bomb_of_aces, Rank.FIVE)
    low = readings(parse_cards("SA D2 C3 S4 D5"), Rank.FIVE)[0]
    six_high = readings(parse_cards("S2 D3 C4 S5 D6"), Rank.FIVE)[0]
    assert strength(low, Rank.FIVE) < strength(six_high, Rank.FIVE)


# Properties -------------------------------------------------------------------------------------------------

VARIANTS = st.builds(RuleVariant, natural_flush_is_also_straight=st.booleans(),
                     five_of_a_rank_is_also_full_house=st.booleans(), joker_pair_in_full_house=st.booleans())


def readings_by_substitution(cards: tuple[Card, ...], level: Rank, variant: RuleVariant) -> set[str]:
    """Every wild replaced by every non-joker card in turn, each result read by the naive reference."""
    wild = Card(level, Suit.HEARTS)
    naturals = [card for card in cards if card != wild]
    wilds = len(cards) - len(naturals)
    if not naturals:  # wilds alone are level cards
        return reference_readings(cards, level, variant)
    # A suit only matters by being the naturals' one suit or not: two suits stand for all four.
    suit = naturals[0].suit or Suit.SPADES
    stand_ins = [card for card in NATURAL_CARDS if card.suit in (suit, Suit.CLUBS if suit is Suit.DIAMONDS
                                                                    else Suit.DIAMONDS)]
    found: set[str] = set()
    for chosen in combinations_with_replacement(stand_ins, wilds):
        found |= reference_readings([*naturals, *chosen], level, variant)
    suits = {card.suit for card in naturals}
    if len(suits) == 1 and None not in suits and not variant.natural_flush_is_also_straight:
        found = {reading for reading in found if not reading.startswith("straight ")}
    return found


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@settings(max_examples=500)
@given(st.data(), levels, VARIANTS)
def test_readings_match_every_substitution_of_the_wilds(data: st.DataObject, level: Rank,
                                                        variant: RuleVariant) -> None:
    cards = data.draw(card_sets(level))
    found = readings(cards, level, variant)
    assert {f"{reading.type.value} {reading.rank.label}" for reading in found} == readings_by_substitution(
        cards, level, variant)
    assert len(set(found)) == len(found)


@given(st.data(), levels)
def test_readings_do_not_depend_on_card_order(data: st.DataObject, level: Rank) -> None:
    cards = data.draw(card_sets(level))
    shuffled = data.draw(st.permutations(cards))
    assert readings(shuffled, level) == readings(cards, level)
