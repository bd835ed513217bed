"""Command arguments cleaned at the edge: Unicode normalized, invisible characters dropped, length capped.

NFKC turns full-width letters and digits into plain ones (``ｅｎ`` → ``en``); format and control characters
(zero-width spaces, direction overrides) are removed so that what people see is what the bot reads.

Words are split at white space, except inside quotes: ``/signup "Mary Jane" "Peter Parker"`` and
``/signup “Tony Stark”`` (also 「」, 『』, «») give one argument per quoted name. A quote counts only where it opens
a word and its closing quote ends one, so a quote inside a word (``什么是“抗贡”``) stays as it is.
"""

from __future__ import annotations

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


def split_words(text: str) -> list[str]:
    """``text`` cut at white space, a quoted stretch being one word (without its quotes; inner spaces kept as one
    space); empty quotes give nothing."""
    words: list[str] = []
    index, end = 0, len(text)
    while index < end:
        if text[index].isspace():
            index += 1
            continue
        closing = _CLOSING_QUOTES.get(text[index])
        if closing is not None:
            close = next((at for at in range(index + 1, end)
                          if text[at] in closing and (at + 1 == end or text[at + 1].isspace())), None)
            if close is not None:
                inner = " ".join(text[index + 1 : close].split())
                if inner:
                    words.append(inner)
                index = close + 1
                continue
        stop = index
        while stop < end and not text[stop].isspace():
            stop += 1
        words.append(text[index:stop])
        index = stop
    return words


def clean_arguments(raw: Iterable[str], max_length: int) -> tuple[str, ...]:
    """The arguments, cleaned, without empties, quoted stretches as one argument; :class:`ArgumentTooLong` past
    ``max_length`` characters."""
    cleaned = []
    for word in split_words(" ".join(clean_text(argument) for argument in raw)):
        if len(word) > max_length:
            raise ArgumentTooLong(limit=max_length)
        cleaned.append(word)
    return tuple(cleaned)


def at_most(arguments: tuple[str, ...], count: int) -> tuple[str, ...]:
    if len(arguments) > count:
        extra = " ".join(arguments[count:])
        raise TooManyArguments(extra=extra if len(extra) <= 40 else extra[:39] + "…")
    return arguments
