from dataclasses import replace

from bot.tournament.entries import Entry, EntryStatus, Gender, Person
from storage import Storage, tournament_entries
from tests.storage.test_tournaments import AT, new

ALICE = Person.account(1001, "Alice", gender=Gender.FEMALE, unit="工会")
BOB = Person.named("Bob")


async def test_entries_read_back_as_written_and_only_changes_are_written(storage: Storage) -> None:
    first = (Entry(1, (ALICE, BOB)), Entry(2, (Person.account(1002, "Carol"),), EntryStatus.WAITING))
    async with storage.transaction() as tx:
        tournament_id = await new(tx)
        await tournament_entries.save_entries(tx, tournament_id, (), first, by="user:1", at=AT)
        assert await tournament_entries.load_entries(tx, tournament_id) == first
        second = (replace(first[0], status=EntryStatus.WITHDRAWN), replace(first[1], status=EntryStatus.ACTIVE))
        await tournament_entries.save_entries(tx, tournament_id, first, second, by="user:1", at=AT)
        assert await tournament_entries.load_entries(tx, tournament_id) == second
        user_ids = await tx.fetch_all("SELECT user_id FROM entry_members ORDER BY entry_id, position")
    assert [row[0] for row in user_ids] == [1001, None, 1002]
