"""The words of ``/levelup`` and ``/tribute``.

A deal's finishing order, an optional level and, for ``/tribute``, the hands of the new deal by seat.

::

    /levelup 北 南 东 西            four seats, first place first (also N S E W, nsew, 北南东西)
    /levelup 1 3                    our pair's two places: we took first and third
    /levelup 1 2 Q                  … playing Q (a level last: the winners' level before the deal)
    /tribute N E S W 打10 W:大王 A K S:小王 Q J
                                    the order, the new deal's level, hands as <seat>:<cards>

Our places are read as the North–South pair (the opponents East–West), so that the pure rules of
:mod:`bot.ruleset.seats` apply unchanged; a reply speaks of "we" and "they" instead. Words are expected cleaned at
the edge (Unicode normalized, invisible characters dropped).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.errors import RuleError, UsageError
from bot.ruleset.cards import Card, Rank, parse_cards
from bot.ruleset.levels import parse_level
from bot.ruleset.scoring import UnknownLevelError
from bot.ruleset.seats import FinishingOrder, Seat

PLACES = frozenset({1, 2, 3, 4})


class NoFinishingOrderError(UsageError):
    key = "deal_request.no_order"


class BadPlacesError(UsageError):
    """Two places that are not two different numbers from 1 to 4."""

    key = "deal_request.bad_places"


class SeatsNeededError(UsageError):
    """``/tribute`` says who pays whom, which needs the seats, not only our places."""

    key = "deal_request.seats_needed"


@dataclass(frozen=True, slots=True)
class DealRequest:
    order: FinishingOrder
    our_places: tuple[int, int] | None = None
    """Given as our places (sorted): then ``order`` seats us North–South and the opponents East–West."""
    level: Rank | None = None
    hands: Mapping[Seat, tuple[Card, ...]] = field(default_factory=dict)

    @property
    def by_places(self) -> bool:
        return self.our_places is not None


_LEVEL_WORD = re.compile(r"^(?:打|level[=:]|lvl[=:]|级[=:])(?P<level>.+)$", re.IGNORECASE)
_HAND = re.compile(r"^(?P<seat>[NESW北东東南西]|north|east|south|west)[:：=](?P<cards>.*)$", re.IGNORECASE)


def _level_word(word: str) -> Rank | None:
    found = _LEVEL_WORD.match(word)
    if found is None:
        return None
    return parse_level(found["level"])


def _places_order(first: int, second: int) -> FinishingOrder:
    ours = iter((Seat.NORTH, Seat.SOUTH))
    theirs = iter((Seat.EAST, Seat.WEST))
    seats = tuple(next(ours) if place in (first, second) else next(theirs) for place in (1, 2, 3, 4))
    return FinishingOrder((seats[0], seats[1], seats[2], seats[3]))


def _order(words: Sequence[str]) -> tuple[FinishingOrder, tuple[int, int] | None]:
    if not any(word.isdigit() for word in words):
        return FinishingOrder.parse(" ".join(words)), None
    if len(words) != 2 or not all(word.isdigit() for word in words):
        raise BadPlacesError(places=" ".join(words))
    first, second = sorted(int(word) for word in words)
    if first == second or not {first, second} <= PLACES:
        raise BadPlacesError(places=" ".join(words))
    return _places_order(first, second), (first, second)


def _split_hands(words: Sequence[str]) -> tuple[list[str], dict[Seat, tuple[Card, ...]]]:
    before: list[str] = []
    typed: dict[Seat, list[str]] = {}
    seat: Seat | None = None
    for word in words:
        found = _HAND.match(word)
        if found is not None:
            seat = Seat.parse(found["seat"])
            typed.setdefault(seat, [])
            if found["cards"]:
                typed[seat].append(found["cards"])
        elif seat is None:
            before.append(word)
        else:
            typed[seat].append(word)
    return before, {seat: parse_cards(" ".join(cards)) for seat, cards in typed.items() if cards}


def parse_deal_request(words: Sequence[str], *, hands: bool = False, seats_needed: bool = False) -> DealRequest:
    """Read the words of ``/levelup`` (``hands=False``) or ``/tribute`` (``hands=True, seats_needed=True``).

    Raise :class:`NoFinishingOrderError`, :class:`BadPlacesError`, :class:`SeatsNeededError`, a seat error of
    :mod:`bot.ruleset.seats`, :class:`~bot.ruleset.scoring.UnknownLevelError` or a card error.
    """
    order_words, typed_hands = _split_hands(words) if hands else (list(words), {})
    level: Rank | None = None
    rest = []
    for word in order_words:
        found = _level_word(word)
        if found is None:
            rest.append(word)
        else:
            level = found
    if not rest:
        raise NoFinishingOrderError()
    try:
        order, places = _order(rest)
    except (RuleError, UsageError) as error:
        # A bare level last (1 3 Q, N S E W A): read the rest as the order.
        if level is not None or len(rest) < 2 or (len(rest) == 2 and all(word.isdigit() for word in rest)):
            raise
        try:
            bare = parse_level(rest[-1])
        except UnknownLevelError:
            raise error from None
        order, places = _order(rest[:-1])
        level = bare
    if seats_needed and places is not None:
        raise SeatsNeededError()
    return DealRequest(order, places, level, typed_hands)
