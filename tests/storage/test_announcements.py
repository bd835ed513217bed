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


# Claims (many workers, one database).

TELEGRAM_CHATS = ((-(1 << 52), 1 << 52),)


async def add_due(storage: Storage, chat_id: int, minutes: int = 0) -> int:
    async with storage.transaction() as tx:
        row = await announcements.add(tx, tournament_id=-chat_id, chat_id=chat_id, round_number=1,
                                      kind=AnnouncementKind.START, due=DUE + timedelta(minutes=minutes), at=AT)
    return row.announcement_id


async def claim(tx: object, holder: str, limit: int = 2, now: timedelta = timedelta(0)) -> list[int]:
    claimed = await announcements.claim_due(
        tx, holder=holder, now=DUE + now, until=DUE + now + timedelta(seconds=20),  # type: ignore[arg-type]
        limit=limit, chat_ranges=TELEGRAM_CHATS)
    return [row.announcement_id for row in claimed]


async def test_workers_claiming_together_take_different_rows_without_waiting(storage: Storage) -> None:
    """PostgreSQL: a second worker claiming while the first's claim is not committed skips the rows it locked
    (``FOR UPDATE SKIP LOCKED``) instead of waiting for them; SQLite makes the claims one after the other."""
    ids = [await add_due(storage, -100 - number, minutes=-number) for number in range(5)]
    other = Storage(storage.url if storage.engine == "postgresql" else storage.path)  # type: ignore[attr-defined]
    await other.open()
    try:
        async with storage.transaction(chats=()) as first:
            first_rows = await claim(first, "first")
            if storage.engine == "postgresql":
                async with other.transaction(chats=()) as second:
                    second_rows = await claim(second, "second")
        if storage.engine == "sqlite":
            async with other.transaction(chats=()) as second:
                second_rows = await claim(second, "second")
    finally:
        await other.close()
    assert first_rows == [ids[4], ids[3]] and second_rows == [ids[2], ids[1]]


async def test_a_held_row_is_claimed_again_only_after_its_claim_lapsed(storage: Storage) -> None:
    held = await add_due(storage, -100)
    async with storage.transaction() as tx:
        assert await claim(tx, "first") == [held]
        assert await claim(tx, "second", now=timedelta(seconds=19)) == []
        assert await announcements.next_attempt(tx, now=DUE, chat_ranges=TELEGRAM_CHATS) is None
        assert await announcements.renew_claims(tx, "first", DUE + timedelta(seconds=40)) == 1
        assert await claim(tx, "second", now=timedelta(seconds=21)) == []
        assert await claim(tx, "second", now=timedelta(seconds=40)) == [held]
        row = await announcements.get(tx, held)
    assert row is not None and row.claimed_by == "second"


async def test_only_the_holder_changes_a_claimed_row(storage: Storage) -> None:
    held = await add_due(storage, -100)
    async with storage.transaction() as tx:
        await claim(tx, "holder")
        assert await announcements.begin_attempt(tx, held, "text", 2, holder="other") is None
        assert await announcements.begin_attempt(tx, held, "text", 2, holder="holder") is not None
        assert not await announcements.record_parts_sent(tx, held, 1, holder="other")
        assert await announcements.record_parts_sent(tx, held, 1, holder="holder")
        assert not await announcements.retry_at(tx, held, "other", DUE + timedelta(seconds=8))
        assert not await announcements.close(tx, held, AnnouncementState.SENT, DUE, holder="other")
        assert await announcements.retry_at(tx, held, "holder", DUE + timedelta(seconds=8))
        row = await announcements.get(tx, held)
    assert row is not None and (row.claimed_by, row.failures, row.parts_sent) == (None, 1, 1)
    assert row.retry_at == DUE + timedelta(seconds=8) and row.next_attempt == row.retry_at


async def test_a_retry_waits_and_comes_first_by_its_own_time(storage: Storage) -> None:
    retried = await add_due(storage, -100, minutes=-10)
    later = await add_due(storage, -101, minutes=-5)
    async with storage.transaction() as tx:
        await claim(tx, "worker", limit=1)
        await announcements.retry_at(tx, retried, "worker", DUE + timedelta(minutes=1))
        assert await claim(tx, "worker", limit=5) == [later]
        assert await announcements.next_attempt(tx, now=DUE, chat_ranges=TELEGRAM_CHATS) == DUE + timedelta(minutes=1)
        assert await announcements.close(tx, later, AnnouncementState.SENT, DUE, holder="worker")
        assert await claim(tx, "worker", now=timedelta(minutes=1)) == [retried]


async def test_claims_keep_to_the_chat_ranges_and_stopping_lets_go(storage: Storage) -> None:
    telegram = await add_due(storage, -100)
    wecom = await add_due(storage, -(1 << 60) - 3)
    async with storage.transaction() as tx:
        assert await claim(tx, "worker", limit=5) == [telegram]
        assert await announcements.release_claims(tx, "worker") == 1
        wecom_row = await announcements.get(tx, wecom)
        assert await claim(tx, "next", limit=5) == [telegram]
    assert wecom_row is not None and wecom_row.claimed_by is None
    with pytest.raises(ValueError):
        async with storage.transaction() as tx:
            await announcements.claim_due(tx, holder="x", now=DUE, until=DUE, limit=1, chat_ranges=())
