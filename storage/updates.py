"""Update idempotency: Telegram re-delivers updates it has not seen confirmed; each is applied once.

An update's id is recorded in ``processed_updates`` in the SAME transaction as the change it makes. The claim
travels explicitly, from the intake to the one transaction that changes something:

1. the intake admits the update (``bot.services.intake.admit_update``) and gets its :class:`UpdateClaim`, or
   ``None`` for an update applied before (a re-delivery, stopped there);
2. the platform puts the claim on the update's :class:`~bot.services.caller.Caller` (``Caller.claim``);
3. the unit of work opens its transaction with it: ``changing(services, caller)`` runs
   ``storage.transaction(claim=caller.claim)``, and a transaction that changed a row adds the claim's id before
   it commits (:meth:`storage.database.Storage.transaction`); its change and "this update was applied" commit
   together;
4. an update whose transactions changed nothing (a question, a refusal) is recorded when it is done
   (``bot.services.intake.settle_update``).

A crash before the change commits loses nothing: the update was not recorded, Telegram delivers it again (the
bot confirms an update only after handling it, ``handlers.telegram.delivery``) and it is applied then. A crash
after it cannot apply it twice: the re-delivered update is found recorded and skipped.

An update makes its change in ONE transaction: a second transaction that changes rows under an already recorded
claim would be applied again by a re-delivery after a crash between the two. That is a bug:
:class:`SecondChangeError` where :func:`refuse_second_changes` was called (the test suite), a logged warning in
production.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from storage.database import Storage, Tx


class SecondChangeError(RuntimeError):
    """A second transaction changed rows for an update whose change was already recorded (rolled back)."""

    def __init__(self, update_id: int) -> None:
        super().__init__(f"update {update_id} changed rows in a second transaction; one update, one transaction")
        self.update_id = update_id


class _Policy:
    second_changes_raise = False


def refuse_second_changes(refuse: bool = True) -> None:
    """Make a second changing transaction of one update raise instead of logging.

    Tests raise :class:`SecondChangeError`; production logs a warning and keeps the change (refusing it would lose it
    for good)."""
    _Policy.second_changes_raise = refuse


def second_changes_raise() -> bool:
    return _Policy.second_changes_raise


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
