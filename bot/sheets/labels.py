"""Exported sheets in a chat's language, on request (``/export zh``): the headers, and the cells that are words.

The default export is the contract: English headers and values (``entries.csv``, ``matches.csv``). Asked for a
language, each header is ``sheets.column.<sheet>.<column>`` and a word cell ``sheets.cell.<sheet>.<column>.<value>``
(``pair`` → 对, ``confirmed`` → 已确认, ``m / f`` → 男 / 女); names, numbers and levels stay as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Language, has, t

Cell = str | int | None

MEMBER_SEPARATOR = " / "


def localized_header(sheet: str, header: Sequence[str], language: Language | None) -> tuple[str, ...]:
    """The header in ``language``; the contract's own names when ``language`` is ``None``."""
    if language is None:
        return tuple(header)
    return tuple(t(f"sheets.column.{sheet}.{column}", language) for column in header)


def localized_cells(sheet: str, header: Sequence[str], cells: Sequence[Cell], language: Language | None
                    ) -> tuple[Cell, ...]:
    """A row's cells with its words in ``language`` (unchanged when ``language`` is ``None``).

    A cell listing one word per member (``m / f``) has each word translated."""
    if language is None:
        return tuple(cells)
    return tuple(_cell(sheet, column, value, language) for column, value in zip(header, cells, strict=True))


def _cell(sheet: str, column: str, value: Cell, language: Language) -> Cell:
    if not isinstance(value, str) or not value:
        return value
    prefix = f"sheets.cell.{sheet}.{column}."
    if has(prefix + value, language):
        return t(prefix + value, language)
    parts = value.split(MEMBER_SEPARATOR)
    if len(parts) > 1 and all(not part or has(prefix + part, language) for part in parts):
        return MEMBER_SEPARATOR.join(t(prefix + part, language) if part else "" for part in parts)
    return value
