"""The words of a ``/play`` request in chat: an optional level, the cards, optionally a separator and other cards.

::

    /play 打10 S3 D3 C3 S4 D4                 level 10, classify
    /play level=A SA HA vs SK HK              level A, does the first pair beat the second?
    /play S3 S3 对 S4 S4                       no level: level 2 is assumed (and the reply says so)

The level may be written ``打10``, ``打 10``, ``打10级``, ``level=10``, ``level 10``, ``level: 10``, ``L=10``,
``lvl:10``, ``级=10`` or ``--level 10``, anywhere among the words. The separator between the two sets of cards is one of
:data:`SEPARATORS` (``vs``, ``对``, ``压``, ``beats``, ...). Words are expected already cleaned at the edge (Unicode
normalized, invisible characters dropped); the cards themselves are read later by :func:`bot.ruleset.judge.judge`,
after the joker abbreviations ``BJ``/``SJ``/``RJ`` of both sides were read together
(:func:`bot.ruleset.cards.read_abbreviations`). :func:`read_level` reads a level alone as the chat does
(``--level 打10`` of ``python -m bot play``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.errors import UsageError
from bot.ruleset.cards import AbbreviationReading, Rank, read_abbreviations, split_tokens
from bot.ruleset.judge import parse_level

DEFAULT_LEVEL = Rank.TWO
"""The level assumed when none is given: a chat does not know which level a table is playing."""

SEPARATORS: frozenset[str] = frozenset({
    "vs", "vs.", "v", "v.", "versus", "beats", "beat", "over", "against", "--beats", ">",
    "对", "压", "管", "比", "大过", "管上", "压过",
})  # fmt: skip
"""Words (compared case-insensitively) between the cards played and the cards they should beat."""

LEVEL_WORDS: frozenset[str] = frozenset({"level", "lvl", "lv", "l", "--level", "打", "级", "级数", "等级", "级牌"})
"""Words that announce a level: glued with ``=`` or ``:`` (``level=10``) or followed by it (``level 10``)."""

_GLUED_LEVEL = re.compile(r"(?P<word>[^=:]+)[=:](?P<value>.*)", re.DOTALL)
_LEVEL_SUFFIX = "级"


class NoPlayCardsError(UsageError):
    key = "play_request.no_cards"


class NoAgainstCardsError(UsageError):
    key = "play_request.no_against"


class ExtraSeparatorError(UsageError):
    key = "play_request.extra_separator"


class MissingLevelError(UsageError):
    key = "play_request.missing_level"


class TwoLevelsError(UsageError):
    key = "play_request.two_levels"


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """What to judge.

    ``cards`` (and ``against``) as typed, at ``level``; ``level_given`` is False when the level is :data:`DEFAULT_LEVEL`
    because the request named none."""

    cards: str
    level: Rank = DEFAULT_LEVEL
    against: str | None = None
    level_given: bool = False
    abbreviations: tuple[AbbreviationReading, ...] = ()
    """How ``BJ``/``SJ``/``RJ`` were read (``cards`` and ``against`` have them written out)."""


def _level_text(words: Sequence[str], index: int) -> tuple[str, int] | None:
    """The level written at ``words[index]`` and how many words it takes; None if that word is no level."""
    word = words[index]
    glued = _GLUED_LEVEL.fullmatch(word)
    if glued and glued["word"].casefold() in LEVEL_WORDS and glued["value"]:
        value, used = glued["value"], 1
    elif word.casefold() in LEVEL_WORDS or (glued and glued["word"].casefold() in LEVEL_WORDS):
        # "level 10", or "level: 10" with the value in the next word
        value, used = (words[index + 1], 2) if index + 1 < len(words) else ("", 1)
    elif word.startswith("打"):
        value, used = word.removeprefix("打"), 1
    else:
        return None
    if not value:
        raise MissingLevelError(word=words[index])
    return value.removesuffix(_LEVEL_SUFFIX) or value, used


def parse_play_request(words: Sequence[str]) -> PlayRequest:
    """Read the words after ``/play``.

    Raises :class:`NoPlayCardsError`, :class:`NoAgainstCardsError`, :class:`ExtraSeparatorError`,
    :class:`MissingLevelError`, :class:`TwoLevelsError` or the :class:`~bot.ruleset.judge.UnknownPlayLevelError`
    of :func:`~bot.ruleset.judge.parse_level`.
    """
    sides: list[list[str]] = [[]]
    separator = ""
    level: tuple[Rank, str] | None = None
    index = 0
    while index < len(words):
        word = words[index]
        if word.casefold() in SEPARATORS:
            if separator:
                raise ExtraSeparatorError(separator=word)
            separator = word
            sides.append([])
            index += 1
            continue
        found = _level_text(words, index)
        if found is None:
            sides[-1].append(word)
            index += 1
            continue
        text, used = found
        rank = parse_level(text)
        if level is not None and level[0] is not rank:
            raise TwoLevelsError(first=level[1], second=text)
        level = (rank, text)
        index += used
    if not sides[0]:
        raise NoPlayCardsError()
    if separator and not sides[1]:
        raise NoAgainstCardsError(separator=separator)
    cards, against, abbreviations = written_out(" ".join(sides[0]), " ".join(sides[1]) if separator else None)
    if level is None:
        return PlayRequest(cards, DEFAULT_LEVEL, against, level_given=False, abbreviations=abbreviations)
    return PlayRequest(cards, level[0], against, level_given=True, abbreviations=abbreviations)


def written_out(cards: str, against: str | None) -> tuple[str, str | None, tuple[AbbreviationReading, ...]]:
    """Both sides with ``BJ``/``SJ``/``RJ`` written out, read across the whole request, and how they were read."""
    play_tokens = split_tokens(cards)
    other_tokens = split_tokens(against) if against is not None else []
    written, readings = read_abbreviations([*play_tokens, *other_tokens])
    if not readings:
        return cards, against, ()
    play, other = written[: len(play_tokens)], written[len(play_tokens):]
    return " ".join(play), (" ".join(other) if against is not None else None), readings


def read_level(text: str) -> Rank:
    """A level written alone as the chat takes it: ``10``, ``打10``, ``打10级``, ``10级``, ``level=10``, ``L=10``.

    Raises :class:`MissingLevelError` or the :class:`~bot.ruleset.judge.UnknownPlayLevelError` of
    :func:`~bot.ruleset.judge.parse_level`."""
    words = text.split()
    found = _level_text(words, 0) if words else None
    if found is not None and found[1] == len(words):
        return parse_level(found[0])
    return parse_level(text.strip().removesuffix(_LEVEL_SUFFIX) or text)
