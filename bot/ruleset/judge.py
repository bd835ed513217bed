"""Judging cards as people type them: the pure core of ``/play`` in chat and ``python -m bot play``.

Parses the notation of :mod:`bot.ruleset.cards`, reads the play (:mod:`bot.ruleset.plays`), explains a refusal
(:mod:`bot.ruleset.refusals`) and, given a second set of cards, says whether the first beats it
(:mod:`bot.ruleset.compare`). Rendering the :class:`Verdict` in a language is the presenters' job.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.errors import RuleError
from bot.ruleset.cards import LEVEL_RANKS, Card, Rank, parse_cards
from bot.ruleset.compare import readings_beat
from bot.ruleset.plays import Reading, readings
from bot.ruleset.refusals import NotAPlayError, refusal
from bot.ruleset.variants import DEFAULT_VARIANT, RuleVariant


class UnknownPlayLevelError(RuleError):
    key = "plays.unknown_level"


def parse_level(text: str) -> Rank:
    """A level as typed: ``2``–``10`` (or ``T``), ``J Q K A``, any case; raises :class:`UnknownPlayLevelError`."""
    try:
        rank = Rank.from_label(text)
    except KeyError:
        raise UnknownPlayLevelError(level=text) from None
    if rank not in LEVEL_RANKS:
        raise UnknownPlayLevelError(level=text)
    return rank


@dataclass(frozen=True, slots=True)
class JudgedCards:
    """One set of cards with its readings (strongest first), or the reason it is no play."""

    cards: tuple[Card, ...]
    readings: tuple[Reading, ...]
    refusal: NotAPlayError | None

    @property
    def valid(self) -> bool:
        return bool(self.readings)

    @property
    def strongest(self) -> Reading | None:
        return self.readings[0] if self.readings else None


@dataclass(frozen=True, slots=True)
class Verdict:
    """What ``play`` is at ``level`` and, when ``against`` was given, whether it beats it.

    ``beats`` is None without ``against``, and False when either side is no play.
    """

    level: Rank
    play: JudgedCards
    against: JudgedCards | None = None
    beats: bool | None = None


def judge_cards(cards: Sequence[Card], level: Rank, variant: RuleVariant = DEFAULT_VARIANT) -> JudgedCards:
    found = readings(cards, level, variant)
    return JudgedCards(tuple(cards), found, None if found else refusal(cards, level, variant))


def judge(
    text: str, level: Rank, against: str | None = None, variant: RuleVariant = DEFAULT_VARIANT
) -> Verdict:
    """Judge the cards typed in ``text`` at ``level``, and against the cards typed in ``against`` if given.

    Raises the :class:`~bot.errors.CardError` of :func:`bot.ruleset.cards.parse_cards` for unreadable cards.
    """
    play = judge_cards(parse_cards(text), level, variant)
    if against is None:
        return Verdict(level, play)
    other = judge_cards(parse_cards(against), level, variant)
    return Verdict(level, play, other, readings_beat(play.readings, other.readings, level))
