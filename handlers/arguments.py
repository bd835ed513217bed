"""Command arguments cleaned at the edge: Unicode normalized, invisible characters dropped, length capped.

NFKC turns full-width letters and digits into plain ones (``ｅｎ`` → ``en``); format and control characters
(zero-width spaces, direction overrides) are removed so that what people see is what the bot reads.

Words are split at white space, except inside quotes: ``/signup "Mary Jane" "Peter Parker"`` and
``/signup “Tony Stark”`` (also 「」, 『』, «») give one argument per quoted name. A quote counts only where it opens
a word and its closing quote ends one, so a quote inside a word (``什么是“抗贡”``) stays as it is. Unless a command
takes free text, commas, enumeration commas and semicolons, ASCII or Chinese, and the Chinese full stop separate
words like spaces (:func:`separate_words`; ``clean_arguments(..., separate=True)``): ``/result 2，A+，10`` is
``/result 2 A+ 10``; inside quotes they stay (``/signup "Ann, Bo"``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from bot.errors import UsageError


class ArgumentTooLong(UsageError):
    key = "arguments.too_long"


class TooManyArguments(UsageError):
    key = "arguments.too_many"


class MissingArgument(UsageError):
    key = "arguments.missing"


def clean_text(text: str) -> str:
    normalized = unicodedata.normalize("NFKC", text)
    return "".join(char for char in normalized if unicodedata.category(char) not in {"Cc", "Cf", "Cs", "Co"}
                   or char in "\n\t")


_CLOSING_QUOTES = {
    '"': frozenset('"”“'), "“": frozenset('”“"'), "”": frozenset("”"), "„": frozenset("“”"),
    "「": frozenset("」"), "『": frozenset("』"), "«": frozenset("»"),
}


WORD_SEPARATORS = ",、;。"
"""After NFKC (which folds ``，`` into ``,`` and ``；`` into ``;``): what a Chinese keyboard types between words."""
_WORD_SEPARATORS = re.compile(f"[{WORD_SEPARATORS}]+")


def split_words(text: str, *, separate: bool = False) -> list[str]:
    """``text`` cut into words at white space, a quoted stretch being one word.

    ``text`` cut at white space (and, with ``separate``, at :data:`WORD_SEPARATORS` too), a quoted stretch being
    one word (without its quotes; inner spaces kept as one space; separators kept); empty quotes give nothing."""

    def gap(char: str) -> bool:
        return char.isspace() or (separate and char in WORD_SEPARATORS)

    words: list[str] = []
    index, end = 0, len(text)
    while index < end:
        if gap(text[index]):
            index += 1
            continue
        closing = _CLOSING_QUOTES.get(text[index])
        if closing is not None:
            close = next((at for at in range(index + 1, end)
                          if text[at] in closing and (at + 1 == end or gap(text[at + 1]))), None)
            if close is not None:
                inner = " ".join(text[index + 1 : close].split())
                if inner:
                    words.append(inner)
                index = close + 1
                continue
        stop = index
        while stop < end and not gap(text[stop]):
            stop += 1
        words.append(text[index:stop])
        index = stop
    return words


def clean_arguments(raw: Iterable[str], max_length: int, *, separate: bool = False) -> tuple[str, ...]:
    """The arguments, cleaned, without empties, quoted stretches as one argument.

    ``separate``: commas and the like separate words outside quotes. :class:`ArgumentTooLong` past ``max_length``
    characters."""
    text = " ".join(clean_text(argument) for argument in raw)
    words = split_words(text)
    for word in words:  # as typed between spaces: a run of thousands of cards with commas is still too long
        if len(word) > max_length:
            raise ArgumentTooLong(limit=max_length)
    return tuple(split_words(text, separate=True) if separate else words)


def separate_words(arguments: Iterable[str]) -> tuple[str, ...]:
    """Cleaned arguments split at commas, enumeration commas, semicolons and the Chinese full stop, without empties.

    ``("2,A+,10",)`` → ``("2", "A+", "10")``, ``("。",)`` → ``()``."""
    return tuple(part for argument in arguments for part in _WORD_SEPARATORS.split(argument) if part)


def at_most(arguments: tuple[str, ...], count: int) -> tuple[str, ...]:
    if len(arguments) > count:
        extra = " ".join(arguments[count:])
        raise TooManyArguments(extra=extra if len(extra) <= 40 else extra[:39] + "…")
    return arguments
