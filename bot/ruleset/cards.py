"""Cards of the two-deck Guandan game and the notation people type for them.

Rule (all seed documents): two decks, 108 cards, 27 per player; so at most two copies of any identical card
and at most 27 cards in a hand or a play.

Notation: a card is a suit and a rank, suit first (``S10``, ``♥Q``, ``红桃Q``) or rank first (``10S``, ``Q♥``).
Suits ``S H C D`` / ``♠ ♥ ♣ ♦`` / ``黑桃 红桃 梅花 方块`` (also ``红心 方片 草花``); ranks ``2``–``10`` (also ``T``),
``J Q K A``, case-insensitive. A rank without a suit is "some suit other than hearts": it is never a wild card
and never completes a flush. Jokers: ``大王``/``BIG``/``RJ`` (red), ``小王``/``SMALL``/``BJ`` (black).
Cards are separated by spaces or commas (ASCII or full-width); ranks without suits may also be written together,
``33344`` (:func:`rank_run`).

``BJ``, ``SJ`` and ``RJ`` mean different things to different people (black/red joker, big/small joker, ♠J):
:func:`read_abbreviations` reads them across a whole request and says how it read them.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.errors import CardError

MAX_COPIES = 2
HAND_SIZE = 27


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦"}


class Rank(enum.IntEnum):
    """Natural order of ranks; jokers above aces. Level cards are ranked by the play rules, not here."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    SMALL_JOKER = 15
    BIG_JOKER = 16

    @property
    def is_joker(self) -> bool:
        return self >= Rank.SMALL_JOKER

    @property
    def label(self) -> str:
        """``2``–``10``, ``J Q K A``, ``小王``, ``大王`` (the notation of the JSON outputs)."""
        return _RANK_LABELS[self]

    @classmethod
    def from_label(cls, text: str) -> Rank:
        """A rank as typed: ``2``–``10``, ``T``, ``J Q K A`` (any case) or a joker name; ``KeyError`` if unknown."""
        normalized = _normalize(text)
        if normalized in _JOKER_NAMES:
            return _JOKER_NAMES[normalized]
        return _RANK_NAMES[normalized]


_RANK_LABELS = {rank: str(int(rank)) for rank in Rank if rank <= Rank.TEN} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.SMALL_JOKER: "小王",
    Rank.BIG_JOKER: "大王",
}

LEVEL_RANKS: tuple[Rank, ...] = tuple(rank for rank in Rank if not rank.is_joker)
"""The ranks a pair can be playing (打2 … 打A)."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card. ``suit`` is ``None`` for jokers and for a rank typed without a suit (a non-heart)."""

    rank: Rank
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.rank.is_joker and self.suit is not None:
            raise ValueError("jokers have no suit")

    @property
    def is_joker(self) -> bool:
        return self.rank.is_joker

    def is_wild(self, level: Rank) -> bool:
        """逢人配: the two hearts of the current level rank are wild."""
        return self.suit is Suit.HEARTS and self.rank == level

    def __str__(self) -> str:
        if self.suit is None:
            return self.rank.label
        return f"{self.suit.symbol}{self.rank.label}"


SMALL_JOKER = Card(Rank.SMALL_JOKER)
BIG_JOKER = Card(Rank.BIG_JOKER)


class UnknownCardError(CardError):
    """A token that is neither a card nor a joker."""

    key = "cards.unknown_card"


class UnknownSuitError(CardError):
    key = "cards.unknown_suit"


class UnknownRankError(CardError):
    key = "cards.unknown_rank"


class TooManyCopiesError(CardError):
    """More copies of one card than two decks hold."""

    key = "cards.too_many_copies"


class TooManyCardsError(CardError):
    key = "cards.too_many_cards"


class NoCardsError(CardError):
    key = "cards.no_cards"


def _normalize(text: str) -> str:
    # NFKC folds full-width letters and digits (Ｓ１０ → S10); suit symbols are kept as they are.
    return unicodedata.normalize("NFKC", text).strip().upper()


_SUIT_NAMES: dict[str, Suit] = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES, "黑桃": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS, "红桃": Suit.HEARTS, "红心": Suit.HEARTS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS, "梅花": Suit.CLUBS, "草花": Suit.CLUBS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "方块": Suit.DIAMONDS, "方片": Suit.DIAMONDS,
}  # fmt: skip

_RANK_NAMES: dict[str, Rank] = {str(value): Rank(value) for value in range(2, 11)} | {
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}

_JOKER_NAMES: dict[str, Rank] = {
    "大王": Rank.BIG_JOKER, "BIG": Rank.BIG_JOKER, "RJ": Rank.BIG_JOKER, "红王": Rank.BIG_JOKER,
    "大鬼": Rank.BIG_JOKER,
    "小王": Rank.SMALL_JOKER, "SMALL": Rank.SMALL_JOKER, "BJ": Rank.SMALL_JOKER, "黑王": Rank.SMALL_JOKER,
    "小鬼": Rank.SMALL_JOKER,
}  # fmt: skip

_SUIT_PATTERN = "|".join(sorted(map(re.escape, _SUIT_NAMES), key=len, reverse=True))
_RANK_PATTERN = "|".join(sorted(map(re.escape, _RANK_NAMES), key=len, reverse=True))
_SUIT_FIRST = re.compile(rf"(?P<suit>{_SUIT_PATTERN})(?P<rank>.*)", re.DOTALL)
_RANK_FIRST = re.compile(rf"(?P<rank>{_RANK_PATTERN})(?P<suit>.*)", re.DOTALL)
_RANK_LAST = re.compile(rf"(?P<suit>.+?)(?P<rank>{_RANK_PATTERN})", re.DOTALL)
_SEPARATORS = re.compile(r"[\s,，、;；]+")


def parse_card(token: str) -> Card:
    """Read one card token; raise a specific :class:`CardError` naming the token and what is wrong."""
    text = _normalize(token)
    if text in _JOKER_NAMES:
        return Card(_JOKER_NAMES[text])
    if text in _RANK_NAMES:
        return Card(_RANK_NAMES[text])
    suit_first = _SUIT_FIRST.fullmatch(text)
    if suit_first:
        rank_text = suit_first["rank"]
        if rank_text not in _RANK_NAMES:
            if len(rank_text) > 2 and not rank_text.isdigit():
                raise UnknownCardError(token=token)  # a word that merely starts like a suit ("hello")
            raise UnknownRankError(token=token, rank=rank_text)
        return Card(_RANK_NAMES[rank_text], _SUIT_NAMES[suit_first["suit"]])
    rank_first = _RANK_FIRST.fullmatch(text)
    if rank_first:
        suit_text = rank_first["suit"]
        if suit_text not in _SUIT_NAMES:
            if len(suit_text) > 2 and suit_text.isalpha():
                raise UnknownCardError(token=token)  # a word that merely starts like a rank ("joker")
            raise UnknownSuitError(token=token, suit=suit_text)
        return Card(_RANK_NAMES[rank_first["rank"]], _SUIT_NAMES[suit_text])
    rank_last = _RANK_LAST.fullmatch(text)
    if rank_last and len(rank_last["suit"]) <= 2:
        raise UnknownSuitError(token=token, suit=rank_last["suit"])
    raise UnknownCardError(token=token)


_RUN_RANK = re.compile(r"10|[2-9TJQKA]")


def rank_run(token: str) -> tuple[Card, ...] | None:
    """``33344`` → 3 3 3 4 4 and ``1010JJ`` → 10 10 J J (ranks without suits written together, two or more).

    ``None`` when ``token`` is not only ranks."""
    text = _normalize(token)
    ranks = _RUN_RANK.findall(text)
    if len(ranks) < 2 or "".join(ranks) != text:
        return None
    return tuple(Card(_RANK_NAMES[rank]) for rank in ranks)


def _cards_of(token: str) -> tuple[Card, ...]:
    try:
        return (parse_card(token),)
    except CardError:
        run = rank_run(token)
        if run is None:
            raise
        return run


@dataclass(frozen=True, slots=True)
class AbbreviationReading:
    """How a joker abbreviation of a request was read: ``typed`` (``BJ``) as ``card``."""

    typed: str
    card: Card


ABBREVIATIONS = ("BJ", "RJ", "SJ")


def read_abbreviations(tokens: Sequence[str]) -> tuple[tuple[str, ...], tuple[AbbreviationReading, ...]]:
    """The tokens of a request (every card of both sides) with ``BJ``/``SJ``/``RJ`` written out, and how each was read.

    ``RJ`` is the red joker (大王). ``BJ`` and ``SJ`` together, without ``RJ``, are the big and the small joker;
    otherwise ``BJ`` is the black joker (小王) and ``SJ`` the jack of spades, as the suit-first notation reads it."""
    typed = {_normalize(token) for token in tokens} & set(ABBREVIATIONS)
    if not typed:
        return tuple(tokens), ()
    big_and_small = {"BJ", "SJ"} <= typed and "RJ" not in typed
    meaning = {
        "RJ": BIG_JOKER,
        "BJ": BIG_JOKER if big_and_small else SMALL_JOKER,
        "SJ": SMALL_JOKER if big_and_small else Card(Rank.JACK, Suit.SPADES),
    }
    written = tuple(str(meaning[_normalize(token)]) if _normalize(token) in meaning else token for token in tokens)
    return written, tuple(AbbreviationReading(name, meaning[name]) for name in ABBREVIATIONS if name in typed)


def split_tokens(text: str) -> list[str]:
    return [token for token in _SEPARATORS.split(text) if token]


def check_copies(cards: Iterable[Card]) -> None:
    """Two decks hold two copies of every card: six non-hearts of a rank, two of each joker.

    A suitless rank counts against the non-heart copies of that rank.
    """
    counts = Counter(cards)
    for card, count in counts.items():
        if count > MAX_COPIES and (card.suit is not None or card.is_joker):
            raise TooManyCopiesError(card=str(card), count=count, limit=MAX_COPIES)
    non_hearts: Counter[Rank] = Counter()
    for card, count in counts.items():
        if not card.is_joker and card.suit is not Suit.HEARTS:
            non_hearts[card.rank] += count
    for rank, count in non_hearts.items():
        if count > 3 * MAX_COPIES:
            raise TooManyCopiesError(card=rank.label, count=count, limit=3 * MAX_COPIES)


def parse_cards(text: str, *, limit: int = HAND_SIZE) -> tuple[Card, ...]:
    """Read a list of cards typed by a person, in the order given.

    Raises :class:`NoCardsError`, :class:`UnknownCardError`, :class:`UnknownSuitError`,
    :class:`UnknownRankError`, :class:`TooManyCardsError` or :class:`TooManyCopiesError`.
    """
    tokens = split_tokens(text)
    if not tokens:
        raise NoCardsError()
    if len(tokens) > limit:
        raise TooManyCardsError(count=len(tokens), limit=limit)
    cards = tuple(card for token in tokens for card in _cards_of(token))
    if len(cards) > limit:
        raise TooManyCardsError(count=len(cards), limit=limit)
    check_copies(cards)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
