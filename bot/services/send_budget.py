"""Telegram's per-group message budget in the database, shared by every process of one bot.

Telegram counts a bot's messages per group whatever process sends them, so worker processes over one PostgreSQL
database must share the count. :class:`StoredSendBudget` keeps each reserved slot as a row of ``telegram_sends``
(``storage.telegram_sends``) and reserves in a transaction naming the chat (on PostgreSQL that takes the chat's
advisory lock, ``storage.postgres``), so two processes never take the same room. Where a slot goes is decided by
the rule the in-process budget uses (``handlers.telegram.pacing.earliest_slot``, passed in: services do not import
handlers). Times are seconds since the epoch, so the processes' clocks must agree (NTP) within the second of
slack the pacer's window keeps. The transaction shares the chat's lock with the chat's updates: a reservation
waits for an update of the chat being written, a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Callable

from storage import Storage, telegram_sends

SlotRule = Callable[[list[tuple[float, int]], int, float], float]
"""(slots in time order, messages, now) → when the new slot starts."""


class StoredSendBudget:
    def __init__(self, storage: Storage, earliest: SlotRule, *, window: float) -> None:
        self.storage = storage
        self.earliest_rule = earliest
        self.window = window

    async def reserve(self, chat_id: int, messages: int, now: float) -> float:
        async with self.storage.transaction(chats=(chat_id,)) as tx:
            slots = await telegram_sends.recent_slots(tx, chat_id, now - self.window)
            at = self.earliest_rule(slots, messages, now)
            await telegram_sends.add_slot(tx, chat_id, at, messages)
        return at

    async def earliest(self, chat_id: int, messages: int, now: float) -> float:
        async with self.storage.read() as tx:
            slots = await telegram_sends.slots_after(tx, chat_id, now - self.window)
        return self.earliest_rule(slots, messages, now)


def shares_budget(storage: Storage) -> bool:
    """Whether ``storage`` is one several processes may share (PostgreSQL), so their budget must be too."""
    from storage.postgres import PostgresStorage

    return isinstance(storage, PostgresStorage)
