"""Text that fits: control characters made visible-safe, long names shortened by measured pixel width."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from bot.pictures.fonts import AnyFont, font

ELLIPSIS = "…"
PAIR_SEPARATOR = " / "
_JOINERS = {"\u200d", "\ufe0e", "\ufe0f"}


def clean(text: str) -> str:
    """One line of printable text: newlines, tabs and other control or format characters become spaces."""
    cleaned = "".join(
        " " if unicodedata.category(char) in {"Cc", "Zl", "Zp"} or (char in "\u202a\u202b\u202c\u202d\u202e") else char
        for char in unicodedata.normalize("NFC", text)
    )
    return " ".join(cleaned.split())


def width(text: str, size: int) -> float:
    return font(size).getlength(text)


@lru_cache(maxsize=8192)
def fit(text: str, size: int, max_width: float) -> str:
    """``text`` itself when it fits in ``max_width`` pixels, else a shortened form ending in an ellipsis.

    A pair's name ``A / B`` is shortened member by member (``Alexand… / Maria``) so that both players stay
    recognisable; other text is cut at the end. Cuts never split a character from its combining marks.
    """
    text = clean(text)
    face = font(size)
    if face.getlength(text) <= max_width:
        return text
    members = text.split(PAIR_SEPARATOR)
    if len(members) == 2 and all(members):
        shortened = _fit_pair(face, members[0], members[1], max_width)
        if shortened is not None:
            return shortened
    return _cut(face, text, max_width)


def _fit_pair(face: AnyFont, first: str, second: str, max_width: float) -> str | None:
    room = max_width - face.getlength(PAIR_SEPARATOR)
    first_width, second_width = face.getlength(first), face.getlength(second)
    if room < 2 * face.getlength("M" + ELLIPSIS):
        return None
    # The shorter member keeps its full width when it needs less than half; the longer one gets the rest.
    if first_width <= room / 2:
        return first + PAIR_SEPARATOR + _cut(face, second, room - first_width)
    if second_width <= room / 2:
        return _cut(face, first, room - second_width) + PAIR_SEPARATOR + second
    return _cut(face, first, room / 2) + PAIR_SEPARATOR + _cut(face, second, room / 2)


def _cut(face: AnyFont, text: str, max_width: float) -> str:
    if face.getlength(text) <= max_width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if face.getlength(_shortened(text, middle)) <= max_width:
            low = middle
        else:
            high = middle - 1
    return _shortened(text, low)


def _shortened(text: str, keep: int) -> str:
    while 0 < keep < len(text) and (unicodedata.combining(text[keep]) or text[keep] in _JOINERS
                                    or text[keep - 1] in _JOINERS):
        keep -= 1
    return text[:keep].rstrip(" /·-,，、") + ELLIPSIS


def wrap(text: str, size: int, max_width: float) -> list[str]:
    """``text`` broken into lines no wider than ``max_width``.

    Between words where there are spaces, between any two characters in Chinese; a single word wider than the line is
    shortened with an ellipsis."""
    text = clean(text)
    lines: list[str] = []
    line = ""
    for piece in _pieces(text):
        candidate = line + piece if line else piece.lstrip()
        if not line or width(candidate, size) <= max_width:
            line = candidate
            continue
        lines.append(line.rstrip())
        line = piece.lstrip()
    if line:
        lines.append(line.rstrip())
    return [fit(line, size, max_width) for line in lines]


def _pieces(text: str) -> list[str]:
    """Words with their leading space, and each wide (CJK) character on its own."""
    pieces: list[str] = []
    for char in text:
        wide = unicodedata.east_asian_width(char) in {"W", "F"}
        if pieces and not wide and char != " " and not pieces[-1].endswith(" ") and not _is_wide(pieces[-1][-1]):
            pieces[-1] += char
        else:
            pieces.append(char)
    merged: list[str] = []
    for piece in pieces:
        if merged and merged[-1] == " ":
            merged[-1] += piece
        else:
            merged.append(piece)
    return merged


def _is_wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in {"W", "F"}
