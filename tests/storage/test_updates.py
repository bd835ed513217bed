from datetime import timedelta

from storage import Storage, updates
from tests.storage.conftest import AT


async def test_an_update_is_claimed_once(storage: Storage) -> None:
    async with storage.transaction() as tx:
        assert await updates.claim_update(tx, 10, -5, AT) is True
        assert await updates.claim_update(tx, 10, -5, AT) is False
        assert await updates.is_processed(tx, 10)
        assert not await updates.is_processed(tx, 11)


async def test_last_update_id(storage: Storage) -> None:
    async with storage.transaction() as tx:
        assert await updates.last_update_id(tx) == 0
        await updates.claim_update(tx, 41, None, AT)
        await updates.claim_update(tx, 7, None, AT)
        assert await updates.last_update_id(tx) == 41


async def test_old_ids_are_forgotten(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await updates.claim_update(tx, 1, None, AT)
        await updates.claim_update(tx, 2, None, AT + timedelta(days=3))
        assert await updates.forget_updates_before(tx, AT + timedelta(days=1)) == 1
        assert not await updates.is_processed(tx, 1) and await updates.is_processed(tx, 2)
