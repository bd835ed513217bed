"""Seats, pairs and the finishing order of a deal.

Rule (all seed documents; notice 000 篇1 竞赛方法 1): four players sit North, East, South and West; partners sit
opposite each other (North–South against East–West) and stay together for the whole match. Play passes
counterclockwise (notice 002 篇2 §7, 逆时针), so the next player (下家) after North is West, then South, then East.

A deal's finishing order lists the seats in the order they played out all their cards: first place (头游),
second (二游), third (三游) and last (末游). It is typed as four seats, e.g. ``N S E W``, ``nsew`` or ``北南东西``.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass

from bot.errors import RuleError


class UnknownSeatError(RuleError):
    key = "seats.unknown_seat"


class FinishingOrderLengthError(RuleError):
    """A finishing order names each of the four seats once; this one has a different number of seats."""

    key = "seats.order_length"


class RepeatedSeatError(RuleError):
    key = "seats.repeated_seat"


class Pair(enum.StrEnum):
    NORTH_SOUTH = "NS"
    EAST_WEST = "EW"

    @property
    def other(self) -> Pair:
        return Pair.EAST_WEST if self is Pair.NORTH_SOUTH else Pair.NORTH_SOUTH

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.NORTH, Seat.SOUTH) if self is Pair.NORTH_SOUTH else (Seat.EAST, Seat.WEST)


class Seat(enum.StrEnum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def partner(self) -> Seat:
        return _PARTNERS[self]

    @property
    def pair(self) -> Pair:
        return Pair.NORTH_SOUTH if self in (Seat.NORTH, Seat.SOUTH) else Pair.EAST_WEST

    @property
    def next(self) -> Seat:
        """下家: the player who plays after this one (counterclockwise)."""
        return _NEXT[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``N E S W`` (any case), ``north`` …, or ``北 东 南 西``; raise :class:`UnknownSeatError`."""
        cleaned = unicodedata.normalize("NFKC", text).strip().upper()
        seat = _SEAT_NAMES.get(cleaned)
        if seat is None:
            raise UnknownSeatError(seat=text)
        return seat


_PARTNERS = {Seat.NORTH: Seat.SOUTH, Seat.SOUTH: Seat.NORTH, Seat.EAST: Seat.WEST, Seat.WEST: Seat.EAST}
_NEXT = {Seat.NORTH: Seat.WEST, Seat.WEST: Seat.SOUTH, Seat.SOUTH: Seat.EAST, Seat.EAST: Seat.NORTH}
_SEAT_NAMES: dict[str, Seat] = {
    "N": Seat.NORTH, "NORTH": Seat.NORTH, "北": Seat.NORTH,
    "E": Seat.EAST, "EAST": Seat.EAST, "东": Seat.EAST, "東": Seat.EAST,
    "S": Seat.SOUTH, "SOUTH": Seat.SOUTH, "南": Seat.SOUTH,
    "W": Seat.WEST, "WEST": Seat.WEST, "西": Seat.WEST,
}  # fmt: skip
_SEPARATORS = re.compile(r"[\s,，、;；>\-→]+")
_SINGLE_LETTERS = re.compile(r"[NESW北东東南西]+", re.IGNORECASE)

LEVELS_FOR_PARTNER_PLACE = {2: 3, 3: 2, 4: 1}
"""Levels the winners go up, by where first place's partner finished (notice 000 篇1; notice 004 第二十六条)."""


@dataclass(frozen=True, slots=True)
class FinishingOrder:
    """The four seats in the order they went out: first place (头游) … last place (末游)."""

    seats: tuple[Seat, Seat, Seat, Seat]

    def __post_init__(self) -> None:
        if len(set(self.seats)) != 4:
            raise ValueError(f"a finishing order names every seat once: {self.seats}")

    @classmethod
    def parse(cls, text: str) -> FinishingOrder:
        """Read ``N S E W`` / ``N,S,E,W`` / ``nsew`` / ``北南东西``.

        Raise :class:`UnknownSeatError`, :class:`RepeatedSeatError` or :class:`FinishingOrderLengthError`.
        """
        cleaned = unicodedata.normalize("NFKC", text).strip()
        tokens = [token for token in _SEPARATORS.split(cleaned) if token]
        if len(tokens) == 1 and _SINGLE_LETTERS.fullmatch(tokens[0]):
            tokens = list(tokens[0])
        seats = [Seat.parse(token) for token in tokens]
        for index, seat in enumerate(seats):
            if seat in seats[:index]:
                raise RepeatedSeatError(seat=seat.value, order=text)
        if len(seats) != 4:
            raise FinishingOrderLengthError(count=len(seats), order=text)
        return cls((seats[0], seats[1], seats[2], seats[3]))

    @property
    def first(self) -> Seat:
        return self.seats[0]

    @property
    def second(self) -> Seat:
        return self.seats[1]

    @property
    def third(self) -> Seat:
        return self.seats[2]

    @property
    def last(self) -> Seat:
        return self.seats[3]

    @property
    def winners(self) -> Pair:
        """The pair of first place wins the deal."""
        return self.first.pair

    def place(self, seat: Seat) -> int:
        """1 for first place (头游) … 4 for last place (末游)."""
        return self.seats.index(seat) + 1

    @property
    def partner_place(self) -> int:
        """Where first place's partner finished: 2, 3 or 4."""
        return self.place(self.first.partner)

    @property
    def is_double_down(self) -> bool:
        """双下: the winners took first and second, the losers third and last."""
        return self.partner_place == 2

    @property
    def levels_gained(self) -> int:
        """1st+2nd → 3, 1st+3rd → 2, 1st+4th → 1 (notice 000 篇1; notice 001 六; notice 004 第二十六条)."""
        return LEVELS_FOR_PARTNER_PLACE[self.partner_place]

    def __str__(self) -> str:
        return " ".join(seat.value for seat in self.seats)
