"""What beats what: every step of the bomb ladder, same-type comparisons, readings with wilds, and invariants."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ruleset.cards import Rank, parse_cards
from bot.ruleset.compare import beats, reading_beats
from bot.ruleset.plays import readings, strength
from bot.ruleset.refusals import MixedJokerPairError, NotAPlayError
from tests.ruleset.play_strategies import bombs, levels, plays

FOUR_JOKERS = "BIG BIG SMALL SMALL"
TEN_CARD_BOMB = "S3 S3 D3 D3 C3 C3 H3 H3 H10 H10"


def judge(attack: str, defence: str, level: str = "10") -> bool:
    return beats(parse_cards(attack), parse_cards(defence), Rank.from_label(level))


LADDER = [
    # four jokers > bombs of six or more
    (FOUR_JOKERS, TEN_CARD_BOMB),
    # more cards first among big bombs, then rank (level cards above A)
    (TEN_CARD_BOMB, "SA SA DA DA CA CA HA HA H10"),
    ("S2 S2 D2 D2 C2 C2 H2", "SA SA DA DA CA CA"),
    ("S10 S10 D10 D10 C10 C10", "SA SA DA DA CA CA"),
    ("SA SA DA DA CA CA", "SK SK DK DK CK CK"),
    # bombs of six or more > straight flush
    ("S2 S2 D2 D2 C2 C2", "S10 SJ SQ SK SA"),
    ("S2 D2 C2 H2 H10 H10", "S10 SJ SQ SK SA"),
    # straight flushes by top card; straight flush > five-card bomb
    ("S10 SJ SQ SK SA", "H9 H10 HJ HQ HK"),
    ("S2 S3 S4 S5 S6", "SA S2 S3 S4 S5"),
    ("SA S2 S3 S4 S5", "S10 D10 C10 S10 D10"),
    # five-card bomb > four-card bomb, whatever the ranks
    ("S2 D2 C2 H2 S2", "S10 D10 C10 H10"),
    ("S2 D2 C2 H10 H10", "SA DA CA HA"),
    # four-card bombs by rank, the level rank above A
    ("S10 D10 C10 D10", "SA DA CA HA"),
    ("SA DA CA HA", "SK DK CK HK"),
    ("S3 D3 C3 H3", "S2 D2 C2 H2"),
    # a four-card bomb beats every other type
    ("S2 D2 C2 H2", "BIG"),
    ("S2 D2 C2 H2", "BIG BIG"),
    ("S2 D2 C2 H2", "S10 D10 H10"),
    ("S2 D2 C2 H2", "S10 DJ CQ SK DA"),
    ("S2 D2 C2 H2", "SA DA CA BIG BIG"),
    ("S2 D2 C2 H2", "SQ DQ SK DK SA DA"),
    ("S2 D2 C2 H2", "SK DK CK SA DA CA"),
    # singles: jokers, then level cards, then A; a wild single is a level card
    ("BIG", "SMALL"),
    ("SMALL", "S10"),
    ("S10", "SA"),
    ("H10", "SA"),
    ("SA", "SK"),
    # pairs, triples, full houses (by the triple, whatever the pair)
    ("BIG BIG", "SMALL SMALL"),
    ("SMALL SMALL", "S10 D10"),
    ("S10 D10", "SA DA"),
    ("S3 H10", "S2 D2"),
    ("S10 D10 C10", "SA DA CA"),
    ("S4 D4 C4 S2 D2", "S3 D3 C3 BIG BIG"),
    ("S10 D10 C10 S2 D2", "SA DA CA SK DK"),
    # straights, tubes and plates by their top card in sequence order; level cards keep their place
    ("S2 D3 C4 S5 D6", "SA D2 C3 S4 D5"),
    ("S10 DJ CQ SK DA", "S9 D10 CJ SQ DK"),
    ("S9 D10 CJ SQ DK", "S8 D9 C10 SJ DQ"),
    ("S2 D2 S3 D3 S4 D4", "SA DA S2 D2 S3 D3"),
    ("SQ DQ SK DK SA DA", "SJ DJ SQ DQ SK DK"),
    ("S2 D2 C2 S3 D3 C3", "SA DA CA S2 D2 C2"),
    ("SK DK CK SA DA CA", "SQ DQ CQ SK DK CK"),
    # wilds: some reading of the attack beats the strongest reading of the defence
    ("S3 D3 S4 D4 H10 H10", "S2 D2 S3 D3 S4 D4"),
    ("S4 D4 S5 D5 S6 D6", "S3 D3 S4 D4 H10 H10"),
    ("S5 D5 C5 H10 H10", "S6 D6 C6 S2 D2"),  # read as a bomb; its full-house reading never counts against it
    ("H10 H10 C3 S4 D5", "S2 D3 C4 S5 D6"),
]


@pytest.mark.parametrize(("stronger", "weaker"), LADDER)
def test_the_stronger_beats_the_weaker_and_not_the_reverse(stronger: str, weaker: str) -> None:
    assert judge(stronger, weaker)
    assert not judge(weaker, stronger)


NEITHER = [
    # wild-made bombs and straight flushes are as strong as natural ones (rule collection 001)
    ("S9 D9 C9 H2", "S9 D9 C9 D9", "2"),
    ("S10 SJ SQ H2 SA", "D10 DJ DQ DK DA", "2"),
    (FOUR_JOKERS, FOUR_JOKERS, "10"),
    ("S3", "D3", "10"),
    ("S3 D3 C3 S4 D4", "S3 D3 C3 S5 D5", "10"),
    # different types, or different numbers of cards, do not compare
    ("SA DA", "S3", "10"),
    ("S4 D4 C4", "S3 D3", "10"),
    ("S10 DJ CQ SK DA", "S3 D3 C3 S4 D4", "10"),
    ("S3 D3 C3 S4 D4", "S9 D10 CJ SQ DK", "10"),
    ("S4 D4 C4 S5 D5 C5", "S3 D3 S4 D4 S5 D5", "10"),
    ("S10 D10 SJ DJ SQ DQ", "S3 D3 C3 S4 D4 C4", "10"),
    # the strongest reading of the defence counts: a tube here, so a plate cannot beat it
    ("S5 D5 C5 S6 D6 C6", "S3 D3 S4 D4 H10 H10", "10"),
]


@pytest.mark.parametrize(("first", "second", "level"), NEITHER)
def test_neither_beats_the_other(first: str, second: str, level: str) -> None:
    assert not judge(first, second, level)
    assert not judge(second, first, level)


def test_a_bomb_of_the_level_rank_beats_aces_at_any_level() -> None:
    for level in ("2", "5", "K"):
        level_bomb = " ".join(f"{suit}{level}" for suit in "SDC") + f" S{level}"
        assert judge(level_bomb, "SA DA CA SA", level)


@pytest.mark.parametrize(("attack", "defence", "error"), [
    ("BIG SMALL", "S3", MixedJokerPairError),
    ("S3", "BIG SMALL", MixedJokerPairError),
    ("S3 S5", "S4", NotAPlayError),
])
def test_no_play_on_either_side_raises(attack: str, defence: str, error: type[NotAPlayError]) -> None:
    with pytest.raises(error):
        judge(attack, defence)


# Invariants ---------------------------------------------------------------------------------------------------


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@given(st.data(), levels)
def test_beats_is_never_true_both_ways(data: st.DataObject, level: Rank) -> None:
    first, second = data.draw(plays(level)), data.draw(plays(level))
    assert not (beats(first, second, level) and beats(second, first, level))


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@given(st.data(), levels)
def test_a_play_never_beats_itself(data: st.DataObject, level: Rank) -> None:
    cards = data.draw(plays(level))
    assert not beats(cards, cards, level)
    assert not beats(cards, data.draw(st.permutations(cards)), level)


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@given(st.data(), levels)
def test_every_bomb_beats_every_non_bomb(data: st.DataObject, level: Rank) -> None:
    bomb = data.draw(bombs(level))
    other = data.draw(plays(level).filter(lambda cards: not readings(cards, level)[0].is_bomb))
    assert readings(bomb, level)[0].is_bomb
    assert beats(bomb, other, level)
    assert not beats(other, bomb, level)


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@given(st.data(), levels)
def test_reading_beats_agrees_with_the_strength_order(data: st.DataObject, level: Rank) -> None:
    for attack in readings(data.draw(plays(level)), level):
        for defence in readings(data.draw(plays(level)), level):
            if reading_beats(attack, defence, level):
                assert strength(attack, level) > strength(defence, level)
