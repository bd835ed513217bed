from datetime import timedelta

import pytest

from bot.match_clock.announcement import AnnouncementState, job_id
from bot.match_clock.plan import AnnouncementKind
from storage import Storage, announcements, chats
from tests.storage.conftest import AT, violation

DUE = AT + timedelta(hours=2)


async def add(storage: Storage, kind: AnnouncementKind = AnnouncementKind.REMINDER, round_number: int = 1,
              due_minutes: int = 120) -> int:
    async with storage.transaction() as tx:
        row = await announcements.add(tx, tournament_id=7, chat_id=-100, round_number=round_number, kind=kind,
                                      due=AT + timedelta(minutes=due_minutes), at=AT)
    return row.announcement_id


async def test_a_new_row_is_pending_with_its_due_time_in_utc(storage: Storage) -> None:
    announcement_id = await add(storage)
    async with storage.read() as tx:
        row = await announcements.get(tx, announcement_id)
    assert row is not None and row.state is AnnouncementState.PENDING and row.due == DUE
    assert (row.attempts, row.parts_sent, row.body, row.late, row.sent_at) == (0, 0, None, False, None)
    assert row.job_id == job_id(announcement_id) == f"ann:{announcement_id}"


async def test_pending_rows_come_earliest_first(storage: Storage) -> None:
    late = await add(storage, AnnouncementKind.START, due_minutes=150)
    early = await add(storage, AnnouncementKind.REMINDER, due_minutes=120)
    other_round = await add(storage, AnnouncementKind.REMINDER, round_number=2, due_minutes=60)
    async with storage.read() as tx:
        assert [row.announcement_id for row in await announcements.pending(tx)] == [other_round, early, late]
        assert [row.announcement_id for row in await announcements.pending_for(tx, 7, 1)] == [early, late]
        assert await announcements.pending_for(tx, 8) == []


async def test_one_pending_row_per_round_and_kind(storage: Storage) -> None:
    await add(storage)
    error, message = violation(storage, "unique")
    with pytest.raises(error, match=message):
        await add(storage)


async def test_an_attempt_keeps_the_first_body_and_counts(storage: Storage) -> None:
    announcement_id = await add(storage)
    async with storage.transaction() as tx:
        first = await announcements.begin_attempt(tx, announcement_id, "first text", 3)
        second = await announcements.begin_attempt(tx, announcement_id, "other text", 3)
        await announcements.record_parts_sent(tx, announcement_id, 2)
        sending_last = await announcements.get(tx, announcement_id)
        await announcements.record_parts_sent(tx, announcement_id, 1)
        await announcements.record_failure(tx, announcement_id, "RetryAfter 5")
        row = await announcements.get(tx, announcement_id)
    assert first is not None and second is not None and sending_last is not None and row is not None
    assert (first.attempts, second.attempts, second.body) == (1, 2, "first text")
    assert (first.part_in_flight, sending_last.part_in_flight) == (0, 2)
    assert (row.parts_sent, row.parts_total, row.part_in_flight, row.last_error) == (2, 3, None, "RetryAfter 5")


async def test_the_last_accepted_piece_leaves_nothing_in_flight(storage: Storage) -> None:
    announcement_id = await add(storage)
    async with storage.transaction() as tx:
        await announcements.begin_attempt(tx, announcement_id, "text", 1)
        await announcements.record_parts_sent(tx, announcement_id, 1)
        row = await announcements.get(tx, announcement_id)
    assert row is not None and (row.parts_sent, row.part_in_flight) == (1, None)


async def test_a_piece_in_flight_when_the_process_died_counts_as_sent(storage: Storage) -> None:
    announcement_id = await add(storage)
    async with storage.transaction() as tx:
        await announcements.begin_attempt(tx, announcement_id, "text", 2)
        settled = await announcements.settle_in_flight(tx, announcement_id)
        again = await announcements.settle_in_flight(tx, announcement_id)
    assert settled is not None and (settled.parts_sent, settled.part_in_flight) == (1, None)
    assert again == settled


async def test_only_pending_rows_change_and_closing_is_final(storage: Storage) -> None:
    announcement_id = await add(storage)
    async with storage.transaction() as tx:
        assert await announcements.close(tx, announcement_id, AnnouncementState.SENT, DUE)
        assert not await announcements.close(tx, announcement_id, AnnouncementState.DROPPED, DUE)
        assert await announcements.begin_attempt(tx, announcement_id, "again", 1) is None
        assert await announcements.cancel(tx, [announcement_id], DUE) == []
        row = await announcements.get(tx, announcement_id)
    assert row is not None and row.state is AnnouncementState.SENT and row.sent_at == DUE
    with pytest.raises(ValueError):
        async with storage.transaction() as tx:
            await announcements.close(tx, announcement_id, AnnouncementState.PENDING, DUE)


async def test_late_rows_and_cancellation(storage: Storage) -> None:
    reminder, start = await add(storage), await add(storage, AnnouncementKind.START)
    async with storage.transaction() as tx:
        await announcements.mark_late(tx, reminder)
        assert await announcements.cancel(tx, [start, 999], AT) == [start]
        rows = {row.announcement_id: row for row in await announcements.for_tournament(tx, 7)}
    assert rows[reminder].late and rows[reminder].state is AnnouncementState.PENDING
    assert rows[start].state is AnnouncementState.CANCELLED and rows[start].sent_at is None


async def test_rows_follow_their_group_to_its_supergroup(storage: Storage) -> None:
    announcement_id = await add(storage)
    async with storage.transaction() as tx:
        await chats.migrate_chat(tx, -100, -1_009_999_000_000, AT)
        row = await announcements.get(tx, announcement_id)
    assert row is not None and row.chat_id == -1_009_999_000_000


async def test_the_database_refuses_unknown_kinds_and_states(storage: Storage) -> None:
    announcement_id = await add(storage)
    error, message = violation(storage, "check")
    with pytest.raises(error, match=message):
        async with storage.transaction() as tx:
            await tx.execute("UPDATE announcements SET state = 'maybe' WHERE announcement_id = ?", (announcement_id,))
