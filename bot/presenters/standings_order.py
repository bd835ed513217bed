"""The order a points stage's standings use, in words.

:func:`bot.sheets.standings_order.standings_order_text` (with the sheets, since the standings picture writes it under
its table too), for the chat and the print."""

from __future__ import annotations

from bot.sheets.standings_order import standings_order_text

__all__ = ["standings_order_text"]
