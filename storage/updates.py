"""Update idempotency: Telegram re-delivers updates it has not seen confirmed; each is applied once.

An update's id is recorded in ``processed_updates`` in the SAME transaction as the first change it makes: the
intake opens an :class:`UpdateClaim` for the update being handled (a context variable, so concurrent updates
each have their own) and :meth:`storage.Storage.transaction` adds the claim to the first transaction that changed
a row. A crash before that commit loses nothing: the update was not recorded, Telegram delivers it again (the bot
confirms an update only after handling it, ``handlers.telegram.delivery``) and it is applied then. A crash after it
cannot apply it twice: the re-delivered update is found recorded and skipped. Updates that change nothing (questions,
refusals) are recorded when they are done (``bot.services.intake.settle_update``).

A command must therefore make its change in ONE transaction; a second changing transaction of the same update
runs unclaimed, and a crash between the two would leave only the first applied.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.database import Storage, Tx


@dataclass(slots=True)
class UpdateClaim:
    """The update being handled in this context, until its id is recorded."""

    update_id: int
    chat_id: int | None
    at: datetime
    recorded: bool = False
    on_recorded: Callable[[int], None] | None = None
    """Told the update id once it is recorded (from then on Telegram may forget the update:
    ``handlers.telegram.delivery``)."""

    def mark_recorded(self) -> None:
        self.recorded = True
        if self.on_recorded is not None:
            self.on_recorded(self.update_id)


_claim: ContextVar[UpdateClaim | None] = ContextVar("guandan_update_claim", default=None)


def open_claim(
    update_id: int, chat_id: int | None, at: datetime, on_recorded: Callable[[int], None] | None = None
) -> UpdateClaim:
    """From now on in this context, the first changing transaction records ``update_id``."""
    claim = UpdateClaim(update_id, chat_id, at, on_recorded=on_recorded)
    _claim.set(claim)
    return claim


def current_claim() -> UpdateClaim | None:
    """The unrecorded claim of the update being handled in this context, if any."""
    claim = _claim.get()
    return None if claim is None or claim.recorded else claim


def close_claim() -> None:
    _claim.set(None)


async def claim_update(tx: Tx, update_id: int, chat_id: int | None, at: datetime) -> bool:
    """Record ``update_id``; ``False`` if it was recorded before (a re-delivery to ignore)."""
    changed = await tx.execute(
        "INSERT INTO processed_updates (update_id, chat_id, processed_at) VALUES (?, ?, ?)"
        " ON CONFLICT (update_id) DO NOTHING",
        (update_id, chat_id, at.isoformat()),
    )
    return changed == 1


async def is_processed(tx: Tx, update_id: int) -> bool:
    return await tx.fetch_one("SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,)) is not None


async def record_update(storage: Storage, update_id: int, chat_id: int | None, at: datetime) -> bool:
    """:func:`claim_update` as a statement of its own, outside a transaction (an update that changed nothing)."""
    changed = await storage.execute_one(
        "INSERT INTO processed_updates (update_id, chat_id, processed_at) VALUES (?, ?, ?)"
        " ON CONFLICT (update_id) DO NOTHING",
        (update_id, chat_id, at.isoformat()),
    )
    return changed == 1


async def was_processed(storage: Storage, update_id: int) -> bool:
    """:func:`is_processed` outside a transaction (one statement, one trip)."""
    return await storage.query_one("SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,)) is not None


async def forget_updates_before(tx: Tx, before: datetime) -> int:
    """Drop ids older than ``before`` (Telegram keeps undelivered updates for at most 24 hours)."""
    return await tx.execute("DELETE FROM processed_updates WHERE processed_at < ?", (before.isoformat(),))


async def last_update_id(tx: Tx) -> int:
    """The highest update id recorded, 0 if none (an offline simulation continues numbering from there)."""
    return int(await tx.fetch_value("SELECT coalesce(max(update_id), 0) FROM processed_updates"))
