"""Command arguments cleaned at the edge: Unicode normalized, invisible characters dropped, length capped.

NFKC turns full-width letters and digits into plain ones (``ｅｎ`` → ``en``); format and control characters
(zero-width spaces, direction overrides) are removed so that what people see is what the bot reads. Commas,
enumeration commas and semicolons, ASCII or Chinese, and the Chinese full stop separate words like spaces
(:func:`separate_words`): ``/result 2，A+，10`` is ``/result 2 A+ 10``.
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


def clean_arguments(raw: Iterable[str], max_length: int) -> tuple[str, ...]:
    """The arguments, cleaned, without empties; :class:`ArgumentTooLong` past ``max_length`` characters."""
    cleaned = []
    for argument in raw:
        for word in clean_text(argument).split():
            if len(word) > max_length:
                raise ArgumentTooLong(limit=max_length)
            cleaned.append(word)
    return tuple(cleaned)


_WORD_SEPARATORS = re.compile(r"[,、;。]+")
"""After NFKC (which folds ``，`` into ``,`` and ``；`` into ``;``): what a Chinese keyboard types between words."""


def separate_words(arguments: Iterable[str]) -> tuple[str, ...]:
    """Cleaned arguments split at commas, enumeration commas, semicolons and the Chinese full stop, without
    empties: ``("2,A+,10",)`` → ``("2", "A+", "10")``, ``("。",)`` → ``()``."""
    return tuple(part for argument in arguments for part in _WORD_SEPARATORS.split(argument) if part)


def at_most(arguments: tuple[str, ...], count: int) -> tuple[str, ...]:
    if len(arguments) > count:
        extra = " ".join(arguments[count:])
        raise TooManyArguments(extra=extra if len(extra) <= 40 else extra[:39] + "…")
    return arguments
