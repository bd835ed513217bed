"""The order of the by-name list: Chinese names by 拼音 (pypinyin), Latin names alphabetically, in one list.

张三 sorts as ``zhang san``, Mary as ``mary``; a list on the wall is then read like a dictionary, under letter
headings. Tones break ties between names spelt alike (李 lǐ before 理 lì is arbitrary but fixed), then the name.
"""

from __future__ import annotations

import unicodedata
from functools import cache


@cache
def _pinyin(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    from pypinyin import Style, lazy_pinyin  # imported when a list is sorted: /print names, not every command

    plain = tuple(part.strip().lower() for part in lazy_pinyin(name, style=Style.NORMAL, errors="default")
                  if part.strip())
    toned = tuple(lazy_pinyin(name, style=Style.TONE3, errors="default"))
    return plain, toned


def _latin(text: str) -> str:
    """``Zoë`` → ``zoe``: accents do not move a name to the end of the list."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


def name_key(name: str) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """The sort key of ``name`` in the by-name list."""
    plain, toned = _pinyin(name.strip())
    return tuple(_latin(part) for part in plain), toned, name


def heading_of(name: str) -> str:
    """The letter ``name`` is listed under: the first letter of its 拼音 or of the Latin name; ``#`` otherwise."""
    plain = name_key(name)[0]
    first = "".join(plain)[:1].upper()
    return first if "A" <= first <= "Z" else "#"
