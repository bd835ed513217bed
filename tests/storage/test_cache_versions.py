import asyncio

from storage import Storage, cache_versions


async def test_a_scope_counts_its_changes_from_zero(storage: Storage) -> None:
    assert await cache_versions.current_version(storage, "chosen_names") == 0
    async with storage.transaction() as tx:
        assert await cache_versions.version(tx, "chosen_names") == 0
        assert await cache_versions.bump(tx, "chosen_names") == 1
        assert await cache_versions.bump(tx, "chosen_names") == 2
        assert await cache_versions.bump(tx, "other") == 1
    assert await cache_versions.current_version(storage, "chosen_names") == 2


async def test_a_bump_rolled_back_is_not_counted(storage: Storage) -> None:
    try:
        async with storage.transaction() as tx:
            await cache_versions.bump(tx, "chosen_names")
            raise RuntimeError("the change failed")
    except RuntimeError:
        pass
    assert await cache_versions.current_version(storage, "chosen_names") == 0


async def test_bumps_of_two_workers_commit_in_the_order_they_count(storage: Storage) -> None:
    """The second worker's bump waits for the first's commit (its row lock on PostgreSQL, the single writer on
    SQLite): a reader that sees version n has seen every change up to n."""
    other = Storage(storage.url if storage.engine == "postgresql" else storage.path)  # type: ignore[attr-defined]
    await other.open()
    counted: list[int] = []
    try:
        async def second_worker() -> None:
            async with other.transaction(chats=(2,)) as tx:
                counted.append(await cache_versions.bump(tx, "chosen_names"))

        async with storage.transaction(chats=(1,)) as tx:
            counted.append(await cache_versions.bump(tx, "chosen_names"))
            waiting = asyncio.create_task(second_worker())
            await asyncio.sleep(0.2)
            assert counted == [1] and not waiting.done()
        await waiting
    finally:
        await other.close()
    assert counted == [1, 2] and await cache_versions.current_version(storage, "chosen_names") == 2
