from storage import Storage, users
from tests.storage.conftest import AT


async def test_remember_then_find_by_username_in_any_case(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await users.remember_user(tx, 1, "Alice", "Alice Li", "zh-hans", AT)
        found = await users.find_by_username(tx, "@alice")
    assert found == users.SeenUser(1, "Alice", "Alice Li", "zh-hans")


async def test_a_username_passed_on_belongs_to_its_new_owner(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await users.remember_user(tx, 1, "ace", "First", None, AT)
        await users.remember_user(tx, 2, "ace", "Second", None, AT)
        found = await users.find_by_username(tx, "ace")
        first = await users.get_user(tx, 1)
    assert found is not None and found.user_id == 2
    assert first is not None and first.username is None


async def test_unknown_username(storage: Storage) -> None:
    async with storage.read() as tx:
        assert await users.find_by_username(tx, "nobody") is None
