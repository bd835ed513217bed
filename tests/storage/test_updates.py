from datetime import timedelta

import pytest

from bot.claims import UpdateClaim
from bot.errors import UpdateAlreadyApplied
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


async def recorded(storage: Storage, update_id: int) -> bool:
    async with storage.read() as tx:
        return await updates.is_processed(tx, update_id)


async def test_the_first_changing_transaction_records_the_claim(storage: Storage) -> None:
    claim = UpdateClaim(5, -9, AT)
    async with storage.read() as tx:
        await tx.fetch_all("SELECT * FROM chats")
    async with storage.transaction(claim=claim) as tx:
        await tx.fetch_all("SELECT * FROM chats")
    assert not claim.recorded and not await recorded(storage, 5)
    async with storage.transaction() as tx:
        await tx.execute("INSERT INTO chats (chat_id, updated_at) VALUES (-8, 'now')")  # no claim: not recorded
    assert not claim.recorded and not await recorded(storage, 5)
    async with storage.transaction(claim=claim) as tx:
        await tx.execute("INSERT INTO chats (chat_id, updated_at) VALUES (-9, 'now')")
    assert claim.recorded and await recorded(storage, 5)
    async with storage.transaction(claim=claim) as tx:
        await tx.fetch_all("SELECT * FROM chats")  # reading again under the recorded claim is fine


async def test_recording_tells_the_delivery_ledger(storage: Storage) -> None:
    told: list[int] = []
    claim = UpdateClaim(8, None, AT, on_recorded=told.append)
    async with storage.transaction(claim=claim) as tx:
        await tx.execute("INSERT INTO chats (chat_id, updated_at) VALUES (-9, 'now')")
    assert told == [8]


async def test_a_change_that_fails_records_nothing(storage: Storage) -> None:
    claim = UpdateClaim(6, None, AT)
    with pytest.raises(ValueError, match="half-way"):
        async with storage.transaction(claim=claim) as tx:
            await tx.execute("INSERT INTO chats (chat_id, updated_at) VALUES (-9, 'now')")
            raise ValueError("half-way")
    assert not claim.recorded and not await recorded(storage, 6)
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM chats") == 0


async def test_an_update_recorded_meanwhile_rolls_its_change_back(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await updates.claim_update(tx, 7, None, AT)
    with pytest.raises(UpdateAlreadyApplied):
        async with storage.transaction(claim=UpdateClaim(7, None, AT)) as tx:
            await tx.execute("INSERT INTO chats (chat_id, updated_at) VALUES (-9, 'now')")
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM chats") == 0


async def test_a_second_change_of_one_update_is_refused_in_tests(storage: Storage) -> None:
    claim = UpdateClaim(9, None, AT)
    async with storage.transaction(claim=claim) as tx:
        await tx.execute("INSERT INTO chats (chat_id, updated_at) VALUES (-9, 'now')")
    with pytest.raises(updates.SecondChangeError, match="update 9"):
        async with storage.transaction(claim=claim) as tx:
            await tx.execute("UPDATE chats SET title = 'x' WHERE chat_id = -9")
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT title FROM chats WHERE chat_id = -9") is None


async def test_a_second_change_of_one_update_is_kept_with_a_warning_in_production(
    storage: Storage, caplog: pytest.LogCaptureFixture
) -> None:
    claim = UpdateClaim(10, None, AT)
    async with storage.transaction(claim=claim) as tx:
        await tx.execute("INSERT INTO chats (chat_id, updated_at) VALUES (-9, 'now')")
    updates.refuse_second_changes(False)
    try:
        async with storage.transaction(claim=claim) as tx:
            await tx.execute("UPDATE chats SET title = 'x' WHERE chat_id = -9")
    finally:
        updates.refuse_second_changes()
    assert "update 10 changed rows in a second transaction" in caplog.text
    async with storage.read() as tx:
        assert await tx.fetch_value("SELECT title FROM chats WHERE chat_id = -9") == "x"


async def test_a_transaction_knows_whether_it_wrote(storage: Storage) -> None:
    async with storage.transaction() as tx:
        assert not tx.wrote
        await tx.fetch_all("SELECT * FROM chats")
        assert not tx.wrote
        await tx.execute("INSERT INTO chats (chat_id, updated_at) VALUES (-9, 'now')")
        assert tx.wrote
