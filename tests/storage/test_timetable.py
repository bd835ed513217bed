from datetime import timedelta

from storage import Storage, chats, timetable
from tests.storage.conftest import AT

START = AT + timedelta(hours=3)


async def test_a_round_start_is_set_moved_and_removed(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await timetable.set_round_start(tx, 7, 2, -100, START, "user:1", AT)
        await timetable.set_round_start(tx, 7, 1, -100, START - timedelta(days=1), "user:1", AT)
        await timetable.set_round_start(tx, 7, 2, -100, START + timedelta(hours=1), "user:2", AT)
        moved = await timetable.round_start(tx, 7, 2)
        assert [start.round for start in await timetable.timetable(tx, 7)] == [1, 2]
        assert await timetable.remove_round_start(tx, 7, 1)
        assert not await timetable.remove_round_start(tx, 7, 1)
        assert await timetable.round_start(tx, 7, 1) is None
    assert moved is not None and moved.starts_at == START + timedelta(hours=1) and moved.set_by == "user:2"


async def test_a_pair_checks_in_once(storage: Storage) -> None:
    async with storage.transaction() as tx:
        assert await timetable.check_in(tx, 7, 1, 3, "left", "user:1", AT)
        assert not await timetable.check_in(tx, 7, 1, 3, "left", "user:2", AT)
        assert await timetable.check_in(tx, 7, 1, 3, "right", "user:3", AT)
        assert await timetable.check_in(tx, 7, 2, 3, "left", "user:1", AT)
        entries = await timetable.check_ins(tx, 7, 1)
    assert [(entry.table, entry.side, entry.actor) for entry in entries] == [(3, "left", "user:1"),
                                                                              (3, "right", "user:3")]


async def test_the_timetable_follows_its_group_to_its_supergroup(storage: Storage) -> None:
    async with storage.transaction() as tx:
        await timetable.set_round_start(tx, 7, 1, -100, START, "user:1", AT)
        await chats.migrate_chat(tx, -100, -1_009_999_000_000, AT)
        start = await timetable.round_start(tx, 7, 1)
    assert start is not None and start.chat_id == -1_009_999_000_000
