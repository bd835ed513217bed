import pytest

from bot.ruleset.cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    NoCardsError,
    Rank,
    Suit,
    TooManyCardsError,
    TooManyCopiesError,
    UnknownCardError,
    UnknownRankError,
    UnknownSuitError,
    parse_card,
    parse_cards,
)

S, H, C, D = Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("S10", Card(Rank.TEN, S)), ("10S", Card(Rank.TEN, S)), ("s10", Card(Rank.TEN, S)),
        ("ST", Card(Rank.TEN, S)), ("Ts", Card(Rank.TEN, S)), ("♥Q", Card(Rank.QUEEN, H)),
        ("Q♥", Card(Rank.QUEEN, H)), ("红桃Q", Card(Rank.QUEEN, H)), ("红心q", Card(Rank.QUEEN, H)),
        ("梅花3", Card(Rank.THREE, C)), ("草花3", Card(Rank.THREE, C)), ("3♣", Card(Rank.THREE, C)),
        ("方块A", Card(Rank.ACE, D)), ("方片a", Card(Rank.ACE, D)), ("DA", Card(Rank.ACE, D)),
        ("AD", Card(Rank.ACE, D)), ("黑桃K", Card(Rank.KING, S)), ("♠2", Card(Rank.TWO, S)),
        ("7", Card(Rank.SEVEN)), ("j", Card(Rank.JACK)), ("Ｓ１０", Card(Rank.TEN, S)),
        ("大王", BIG_JOKER), ("BIG", BIG_JOKER), ("rj", BIG_JOKER), ("红王", BIG_JOKER),
        ("小王", SMALL_JOKER), ("small", SMALL_JOKER), ("BJ", SMALL_JOKER), ("黑王", SMALL_JOKER),
    ],
)  # fmt: skip
def test_card_notation(token: str, card: Card) -> None:
    assert parse_card(token) == card


@pytest.mark.parametrize(
    ("token", "error"),
    [
        ("X3", UnknownSuitError), ("3X", UnknownSuitError), ("S1", UnknownRankError), ("S11", UnknownRankError),
        ("红桃", UnknownRankError), ("hello", UnknownCardError), ("1", UnknownCardError), ("王", UnknownCardError),
        ("🂡", UnknownCardError), ("joker", UnknownCardError), ("Queen", UnknownCardError),
    ],
)  # fmt: skip
def test_bad_tokens_name_the_problem(token: str, error: type[Exception]) -> None:
    with pytest.raises(error) as raised:
        parse_card(token)
    assert raised.value.params["token"] == token  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "count"),
    [("S3 D3 C3 S4 D4", 5), ("S3,D3，C3", 3), ("  大王  小王 ", 2), ("S3 S3", 2), ("3 3 3 3 3 3", 6)],
)
def test_lists(text: str, count: int) -> None:
    assert len(parse_cards(text)) == count


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", NoCardsError), (" , ", NoCardsError), ("S3 S3 S3", TooManyCopiesError),
        ("大王 大王 大王", TooManyCopiesError), ("3 3 3 3 3 3 3", TooManyCopiesError),
        ("S3 S3 3 3 3 3 3", TooManyCopiesError), (" ".join(["S2", "S3", "S4"] * 9 + ["S5"]), TooManyCardsError),
    ],
)  # fmt: skip
def test_list_errors(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_cards(text)


def test_wild_is_the_heart_of_the_level() -> None:
    assert Card(Rank.TEN, H).is_wild(Rank.TEN)
    assert not Card(Rank.TEN, S).is_wild(Rank.TEN)
    assert not Card(Rank.TEN).is_wild(Rank.TEN)
    assert not Card(Rank.NINE, H).is_wild(Rank.TEN)
