"""Display names and unit names as people type them: cleaned, bounded, and compared by a normalized key.

A name is shown to a whole group chat and written into the published draw file, so what reaches the engine is
tidied first: Unicode NFC; every kind of space (and the blank "filler" letters used for invisible nicknames)
becomes one ordinary space; control, format, private-use and unassigned characters are dropped (this removes
bidirectional overrides that could reverse a name on screen), except the zero-width joiner that glues emoji
together; a letter keeps at most :data:`MAX_MARKS_PER_LETTER` combining marks (no "Zalgo" towers). What is left
must contain something visible and be at most :data:`MAX_NAME_LENGTH` code points.
"""

from __future__ import annotations

import unicodedata

from bot.errors import TournamentError

MAX_NAME_LENGTH = 64
MAX_MARKS_PER_LETTER = 4
ELLIPSIS = "…"

_ZERO_WIDTH_JOINER = "\u200d"
# Letters and symbols that render as nothing; nicknames use them to look blank.
_BLANK_LOOKALIKES = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_VISIBLE_CATEGORY_GROUPS = frozenset("LNSP")


class NameEmptyError(TournamentError):
    key = "entries.name_empty"


class NameTooLongError(TournamentError):
    key = "entries.name_too_long"


def _is_space(char: str) -> bool:
    return char.isspace() or char in _BLANK_LOOKALIKES or unicodedata.category(char).startswith("Z")


def tidy(text: str) -> str:
    """``text`` with the cleaning rules above applied, but neither checked for emptiness nor for length."""
    kept: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", text):
        if _is_space(char):
            kept.append(" ")
            marks = 0
            continue
        category = unicodedata.category(char)
        if category in _DROPPED_CATEGORIES and char != _ZERO_WIDTH_JOINER:
            continue
        if category in {"Mn", "Me"}:
            marks += 1
            if marks > MAX_MARKS_PER_LETTER:
                continue
        else:
            marks = 0
        kept.append(char)
    return " ".join("".join(kept).split()).strip(_ZERO_WIDTH_JOINER + " ")


def _has_visible_character(text: str) -> bool:
    return any(unicodedata.category(char)[0] in _VISIBLE_CATEGORY_GROUPS for char in text)


def clean_name(text: str) -> str:
    """A name typed by an organiser or player; raise :class:`NameEmptyError` or :class:`NameTooLongError`."""
    cleaned = tidy(text)
    if not _has_visible_character(cleaned):
        raise NameEmptyError()
    if len(cleaned) > MAX_NAME_LENGTH:
        raise NameTooLongError(limit=MAX_NAME_LENGTH, length=len(cleaned))
    return cleaned


def fit_name(text: str, fallback: str) -> str:
    """A name nobody can retype (a Telegram profile name): cleaned, shortened with "…", ``fallback`` if blank."""
    cleaned = tidy(text)
    if not _has_visible_character(cleaned):
        return fallback
    if len(cleaned) > MAX_NAME_LENGTH:
        return cleaned[: MAX_NAME_LENGTH - len(ELLIPSIS)].rstrip(_ZERO_WIDTH_JOINER + " ") + ELLIPSIS
    return cleaned


def clean_unit(text: str | None) -> str | None:
    """A unit or club (部门, 单位): cleaned like a name; blank means none."""
    if text is None:
        return None
    cleaned = tidy(text)
    if not _has_visible_character(cleaned):
        return None
    if len(cleaned) > MAX_NAME_LENGTH:
        raise NameTooLongError(limit=MAX_NAME_LENGTH, length=len(cleaned))
    return cleaned


def name_key(cleaned: str) -> str:
    """What two spellings of one name share: compatibility forms folded, case ignored (``Ｂｏｂ`` = ``bob``)."""
    return " ".join(unicodedata.normalize("NFKC", cleaned).casefold().split())
