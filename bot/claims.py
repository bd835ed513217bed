"""The update being handled: its id, to be recorded (``storage.updates``) in the transaction of its first change.

A plain value of the kernel: the front door opens it (``handlers.dispatch``), the caller carries it
(``bot.services.caller.Caller.claim``), the unit of work hands it to ``storage.transaction(claim=…)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime


@dataclass(slots=True, eq=False)
class UpdateClaim:
    """One handling of one update: its id, to be recorded with the first change it makes.

    Mutable on purpose: ``recorded`` turns true when a transaction recorded the id, which every later
    transaction of the same handling must see (a second change is an error)."""

    update_id: int
    chat_id: int | None
    at: datetime
    on_recorded: Callable[[int], None] | None = None
    """Told the update id once it is recorded (from then on Telegram may forget the update:
    ``handlers.telegram.delivery``)."""
    recorded: bool = False

    def mark_recorded(self) -> None:
        self.recorded = True
        if self.on_recorded is not None:
            self.on_recorded(self.update_id)
