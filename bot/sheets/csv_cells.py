"""Cells of the CSV files the bot writes, safe to open in a spreadsheet (CSV injection).

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula (tab and carriage return
start one too in some of them), so a name such as ``=HYPERLINK("http://evil","Click")`` typed by an organiser,
imported from a roster or taken from a Telegram display name would become a live link or command. As OWASP
recommends, such a TEXT cell is written with a leading ``'``: spreadsheets then show it as text.

Per column, not per value: only columns of people's text (names, units) are neutralised. Numbers (rounds, tables,
points, a level difference, even a negative one) and the format's fixed words (statuses, stages, levels) are
written as they are, so they stay numbers. A cell that starts with ``'`` is prefixed too, which makes the change
reversible: :func:`restore` gives back exactly what was neutralised (``python -m bot render`` reads its
``matches.csv`` that way), and a cell typed by hand such as ``'Tom`` is left alone.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TEXT_MARK = "'"
_MARKED = (*FORMULA_STARTS, TEXT_MARK)


def neutralise(text: str) -> str:
    """``text`` as a text cell no spreadsheet runs: a leading ``'`` before a formula's first character."""
    return TEXT_MARK + text if text.startswith(_MARKED) else text


def restore(text: str) -> str:
    """The text :func:`neutralise` was given (other cells are returned unchanged)."""
    return text[1:] if text.startswith(TEXT_MARK) and text[1:].startswith(_MARKED) else text


def csv_row(cells: Sequence[str | int | None], *, text_columns: Collection[int]) -> list[str | int]:
    """A row for ``csv.writer``: ``None`` as an empty field, the string cells of ``text_columns`` neutralised."""
    return ["" if cell is None else neutralise(cell) if isinstance(cell, str) and index in text_columns else cell
            for index, cell in enumerate(cells)]
