"""The per-group send budget kept in the database (``bot.services.send_budget``, ``storage.telegram_sends``), on
both engines; three processes sharing it: ``tests/handlers/telegram/test_shared_pacing.py``."""

from __future__ import annotations

from pathlib import Path

from bot.services.send_budget import StoredSendBudget, shares_budget
from handlers.telegram.pacing import WINDOW, LocalSendBudget, earliest_slot
from storage import Storage

GROUP = -4_000_555


async def test_the_stored_budget_places_slots_as_the_local_one(migrated_target: Path | str) -> None:
    storage = Storage(migrated_target)
    await storage.open()
    try:
        stored = StoredSendBudget(storage, earliest_slot, window=WINDOW)
        local = LocalSendBudget()
        moments = [1_000.0 + index * 0.5 for index in range(45)]
        assert [await stored.reserve(GROUP, 1, at) for at in moments] == \
            [await local.reserve(GROUP, 1, at) for at in moments]
        # Asking when the next one could go reserves nothing.
        assert await stored.earliest(GROUP, 1, 1_030.0) == await local.earliest(GROUP, 1, 1_030.0) > 1_030.0
        assert await stored.earliest(GROUP, 1, 1_030.0) == await stored.earliest(GROUP, 1, 1_030.0)
        assert await stored.reserve(GROUP, 1, 5_000.0) == 5_000.0
        async with storage.read() as tx:  # slots that left the window are deleted as new ones are reserved
            assert await tx.fetch_value("SELECT count(*) FROM telegram_sends") == 1
        assert shares_budget(storage) == isinstance(migrated_target, str)
    finally:
        await storage.close()
