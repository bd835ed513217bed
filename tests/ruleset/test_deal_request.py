"""The words of /levelup and /tribute: finishing orders as seats or our places, a level, hands by seat."""

import pytest

from bot.errors import GuandanError
from bot.ruleset.cards import Rank
from bot.ruleset.deal_request import (
    BadPlacesError,
    NoFinishingOrderError,
    SeatsNeededError,
    parse_deal_request,
)
from bot.ruleset.scoring import UnknownLevelError
from bot.ruleset.seats import FinishingOrderLengthError, RepeatedSeatError, Seat, UnknownSeatError


@pytest.mark.parametrize(
    ("words", "order", "places", "level"),
    [
        ("北 南 东 西", "N S E W", None, None),
        ("n s e w", "N S E W", None, None),
        ("nsew", "N S E W", None, None),
        ("北南东西 打Q", "N S E W", None, Rank.QUEEN),
        ("N E S W A", "N E S W", None, Rank.ACE),
        ("1 3", "N E S W", (1, 3), None),  # we are North–South
        ("3 1", "N E S W", (1, 3), None),
        ("2 4", "E N W S", (2, 4), None),
        ("1 2 Q", "N S E W", (1, 2), Rank.QUEEN),
        ("1 4 4", "N E W S", (1, 4), Rank.FOUR),
        ("3 4", "E W N S", (3, 4), None),
    ],
)
def test_finishing_orders(words: str, order: str, places: tuple[int, int] | None, level: Rank | None) -> None:
    request = parse_deal_request(words.split())
    assert (str(request.order), request.our_places, request.level) == (order, places, level)


def test_hands_by_seat() -> None:
    words = ["N", "E", "S", "W", "打10", "W:大王", "A", "K", "E:", "小王", "Q", "S:"]
    request = parse_deal_request(words, hands=True)
    assert request.level is Rank.TEN
    assert {seat: [str(card) for card in cards] for seat, cards in request.hands.items()} == {
        Seat.WEST: ["大王", "A", "K"], Seat.EAST: ["小王", "Q"]}


@pytest.mark.parametrize(
    ("words", "error"),
    [
        ("", NoFinishingOrderError),
        ("打Q", NoFinishingOrderError),
        ("1 1", BadPlacesError),
        ("1 5", BadPlacesError),
        ("1", BadPlacesError),
        ("1 2 3 4", BadPlacesError),
        ("1 3 Z", BadPlacesError),
        ("N S E", FinishingOrderLengthError),
        ("N N E W", RepeatedSeatError),
        ("x y z w", UnknownSeatError),
        ("N S E W 打Z", UnknownLevelError),
    ],
)
def test_bad_words_are_named(words: str, error: type[GuandanError]) -> None:
    with pytest.raises(error):
        parse_deal_request(words.split())


def test_tribute_needs_seats() -> None:
    with pytest.raises(SeatsNeededError):
        parse_deal_request(["1", "3"], hands=True, seats_needed=True)
