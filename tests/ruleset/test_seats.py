import itertools

import pytest

from bot.ruleset.seats import (
    FinishingOrder,
    FinishingOrderLengthError,
    Pair,
    RepeatedSeatError,
    Seat,
    UnknownSeatError,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("N S E W", (N, S, E, W)),
        ("nsew", (N, S, E, W)),
        ("W,E,N,S", (W, E, N, S)),
        ("北南东西", (N, S, E, W)),
        ("east north west south", (E, N, W, S)),
        ("Ｎ Ｅ Ｓ Ｗ", (N, E, S, W)),
        ("N>E>S>W", (N, E, S, W)),
    ],
)
def test_parse_finishing_order(text: str, expected: tuple[Seat, ...]) -> None:
    assert FinishingOrder.parse(text).seats == expected


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("N S E", FinishingOrderLengthError),
        ("", FinishingOrderLengthError),
        ("N S E W N", RepeatedSeatError),
        ("N N E W", RepeatedSeatError),
        ("N S E X", UnknownSeatError),
        ("up down left right", UnknownSeatError),
    ],
)
def test_bad_finishing_orders(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        FinishingOrder.parse(text)


def test_partners_sit_opposite_and_play_passes_counterclockwise() -> None:
    assert [seat.partner for seat in (N, E, S, W)] == [S, W, N, E]
    assert [seat.next for seat in (N, W, S, E)] == [W, S, E, N]
    assert all(seat.next.pair is not seat.pair for seat in Seat)
    assert Pair.NORTH_SOUTH.seats == (N, S) and Pair.EAST_WEST.other is Pair.NORTH_SOUTH


def test_places_of_every_order() -> None:
    for seats in itertools.permutations(Seat):
        order = FinishingOrder(seats)  # type: ignore[arg-type]
        assert [order.place(seat) for seat in seats] == [1, 2, 3, 4]
        assert order.winners is seats[0].pair
        assert order.is_double_down == (seats[1] is seats[0].partner)
