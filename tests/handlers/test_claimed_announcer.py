"""Announcements claimed from the database by several workers (``handlers.claimed_announcer``), on both engines:
each row sent by exactly one worker, a worker dying mid-send settled by the in-flight rule (never sent twice), flood
control and network trouble delaying (any worker retries), a moved chat, the late grace for rows nobody claimed in
time, and a run on the real clock that sends in due order.

Each "worker" is its own :class:`Services` with its own :class:`Storage` (its own connection, or pool) on one
database, as separate processes would be."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock import Clock, ManualClock, system_clock
from bot.match_clock.announcement import Announcement, AnnouncementState
from bot.match_clock.plan import AnnouncementKind
from bot.services import Services
from bot.services.match_clock.timetable import JobChanges
from bot.services.platform_ids import WECOM_FIRST_CHAT_ID, Platform
from bot.services.roles import OwnChat, Roles
from handlers.announcer import Announcer, ChatMoved, GiveUp, RetryLater
from handlers.claimed_announcer import LEASE, MISSED_AFTER, ClaimingAnnouncer, announcer_for
from storage import Storage, announcements, timetable
from tests.support.board import InMemoryBoard
from tests.support.postgres import settings_for

NOW = datetime(2026, 5, 1, 11, 30, tzinfo=UTC)
FIRST_CHAT = -4_100_000
PIECE_BREAK = "§"
"""Where the fake platform cuts a text into pieces (a tournament named ``one§two§three`` makes three)."""


@dataclass
class Sent:
    worker: str
    chat_id: int
    piece: str


@dataclass
class FakeCourier:
    """A platform at its boundary: records every piece handed to it (``log``, shared by the workers) and may act up
    on a piece: ``trouble`` raises for the next calls (one item per call), ``hold`` makes a send wait until
    released."""

    worker: str
    log: list[Sent]
    trouble: list[Exception] = field(default_factory=list)
    hold: asyncio.Event | None = None
    sending: asyncio.Event = field(default_factory=asyncio.Event)

    def split(self, text: str) -> Sequence[str]:
        return text.split(PIECE_BREAK)

    async def send(self, chat_id: int, piece: str) -> None:
        self.sending.set()
        if self.hold is not None:
            await self.hold.wait()
        if self.trouble:
            raise self.trouble.pop(0)
        await asyncio.sleep(0.001)  # a request takes a moment: other workers run meanwhile
        self.log.append(Sent(self.worker, chat_id, piece))


@dataclass
class Worker:
    name: str
    services: Services
    announcer: ClaimingAnnouncer
    courier: FakeCourier


@dataclass
class Club:
    """The database, the tournaments' board and the clock the workers share."""

    target: Path | str
    board: InMemoryBoard
    clock: Clock
    log: list[Sent] = field(default_factory=list)
    workers: list[Worker] = field(default_factory=list)

    async def worker(self, name: str, **options: object) -> Worker:
        storage = Storage(self.target)
        await storage.open()
        services = Services(settings_for(self.target), storage, Roles(OwnChat()), self.clock, board=self.board)
        announcer = ClaimingAnnouncer(services, worker=name, **options)  # type: ignore[arg-type]
        courier = FakeCourier(name, self.log)
        announcer.add_courier(Platform.TELEGRAM, courier)
        worker = Worker(name, services, announcer, courier)
        self.workers.append(worker)
        return worker

    @property
    def storage(self) -> Storage:
        return self.workers[0].services.storage

    async def seed(self, chat_id: int, tournament_id: int, due: datetime, *, name: str = "周五掼蛋赛",
                   kind: AnnouncementKind = AnnouncementKind.START) -> int:
        """A scheduled round 1 of a tournament in ``chat_id`` and its announcement of ``kind``, due at ``due``."""
        self.board.add(tournament_id, chat_id, name)
        async with self.storage.transaction() as tx:
            await timetable.set_round_start(tx, tournament_id, 1, chat_id, due, "test", NOW - timedelta(hours=1))
            row = await announcements.add(tx, tournament_id=tournament_id, chat_id=chat_id, round_number=1,
                                          kind=kind, due=due, at=NOW - timedelta(hours=1))
        return row.announcement_id

    async def row(self, announcement_id: int) -> Announcement:
        async with self.storage.read() as tx:
            found = await announcements.get(tx, announcement_id)
        assert found is not None
        return found

    async def rows(self) -> list[Announcement]:
        async with self.storage.read() as tx:
            ids = [row[0] for row in await tx.fetch_all("SELECT announcement_id FROM announcements ORDER BY 1")]
            found = [await announcements.get(tx, number) for number in ids]
        return [row for row in found if row is not None]

    async def until(self, done: Callable[[], Awaitable[bool]], *, seconds: float = 30.0) -> None:
        """Wait (polling, on the real clock) until ``done``; fail after ``seconds``."""
        deadline = asyncio.get_running_loop().time() + seconds
        while not await done():
            if asyncio.get_running_loop().time() > deadline:
                pytest.fail(f"not done within {seconds} s")
            await asyncio.sleep(0.02)

    async def all_closed(self) -> bool:
        return all(row.state is not AnnouncementState.PENDING for row in await self.rows())

    def pieces_to(self, chat_id: int) -> list[str]:
        return [sent.piece for sent in self.log if sent.chat_id == chat_id]


def piece_name(piece: str) -> str:
    """Which piece of ``one§two§three`` this is."""
    return next(word for word in ("one", "two", "three") if word in piece)


@asynccontextmanager
async def club(target: Path | str, clock: Clock | None = None) -> AsyncIterator[Club]:
    shared = Club(target, InMemoryBoard(), clock or ManualClock(NOW))
    try:
        yield shared
    finally:
        for worker in shared.workers:
            worker.announcer.stop()
            if worker.announcer.sending:
                await asyncio.gather(*worker.announcer.tasks(), return_exceptions=True)
        for worker in shared.workers:
            await worker.services.storage.close()


def manual(shared: Club) -> ManualClock:
    assert isinstance(shared.clock, ManualClock)
    return shared.clock


async def test_three_workers_send_each_of_many_due_rows_exactly_once(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        workers = [await shared.worker(name, sending_at_once=3) for name in ("w1", "w2", "w3")]
        chats = [FIRST_CHAT - number for number in range(36)]
        for number, chat_id in enumerate(chats):
            await shared.seed(chat_id, 100 + number, NOW - timedelta(seconds=number % 3))
        for worker in workers:
            worker.announcer.start()
        await shared.until(shared.all_closed)
        for worker in workers:
            await worker.announcer.drain()
        rows = await shared.rows()
    assert {chat_id: len(shared.pieces_to(chat_id)) for chat_id in chats} == dict.fromkeys(chats, 1)
    assert len(rows) == len(chats) and {row.state for row in rows} == {AnnouncementState.SENT}
    assert len({sent.worker for sent in shared.log}) > 1  # shared out: one worker sends at most 3 at once


async def test_a_worker_dying_mid_send_is_settled_by_the_in_flight_rule(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        dying, taking_over = await shared.worker("dying"), await shared.worker("taking-over")
        one_piece = await shared.seed(FIRST_CHAT, 1, NOW)
        dying.courier.hold = asyncio.Event()  # its request never comes back
        await dying.announcer.claim_once()
        await asyncio.wait_for(dying.courier.sending.wait(), 10)
        held = await shared.row(one_piece)
        assert held.claimed_by == "dying" and held.part_in_flight == 0
        dying.announcer.stop()  # the worker dies during the request
        await asyncio.gather(*dying.announcer.tasks(), return_exceptions=True)

        await taking_over.announcer.claim_once()  # its claim still holds: nobody else may take the row
        await taking_over.announcer.drain()
        assert (await shared.row(one_piece)).claimed_by == "dying"
        manual(shared).advance(seconds=LEASE.total_seconds() + 1)
        await taking_over.announcer.claim_once()
        await taking_over.announcer.drain()
        row = await shared.row(one_piece)
    assert row.state is AnnouncementState.SENT and row.parts_sent == 1 and row.part_in_flight is None
    assert "counted as sent" in (row.last_error or "")
    assert shared.log == []  # the piece in flight counts as sent: the second worker sends nothing


async def test_a_long_announcement_resumes_after_the_piece_in_flight(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        dying, taking_over = await shared.worker("dying"), await shared.worker("taking-over")
        three_pieces = await shared.seed(FIRST_CHAT, 1, NOW, name=f"one{PIECE_BREAK}two{PIECE_BREAK}three",
                                         kind=AnnouncementKind.START)
        first = asyncio.Event()
        dying.courier.hold = first
        await dying.announcer.claim_once()
        await asyncio.wait_for(dying.courier.sending.wait(), 10)
        dying.announcer.stop()
        await asyncio.gather(*dying.announcer.tasks(), return_exceptions=True)
        manual(shared).advance(seconds=LEASE.total_seconds() + 1)
        await taking_over.announcer.claim_once()
        await taking_over.announcer.drain()
        row = await shared.row(three_pieces)
    assert row.state is AnnouncementState.SENT and row.parts_total == 3 and row.parts_sent == 3
    assert [(sent.worker, piece_name(sent.piece)) for sent in shared.log] == [
        ("taking-over", "two"), ("taking-over", "three")]


async def test_a_slow_worker_whose_claim_lapsed_sends_no_more(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        slow, other = await shared.worker("slow"), await shared.worker("other")
        three_pieces = await shared.seed(FIRST_CHAT, 1, NOW, name=f"one{PIECE_BREAK}two{PIECE_BREAK}three")
        slow.courier.hold = asyncio.Event()
        await slow.announcer.claim_once()
        await asyncio.wait_for(slow.courier.sending.wait(), 10)
        manual(shared).advance(seconds=LEASE.total_seconds() + 1)  # its request hangs past its lease
        await other.announcer.claim_once()
        await other.announcer.drain()
        slow.courier.hold.set()  # the hung request comes back, accepted
        await slow.announcer.drain()
        row = await shared.row(three_pieces)
    assert row.state is AnnouncementState.SENT
    # Piece one went out once (the slow worker's, counted as sent by the other), two and three once each (the
    # other's); the slow worker sent nothing after its request came back.
    assert [(sent.worker, piece_name(sent.piece)) for sent in shared.log] == [
        ("other", "two"), ("other", "three"), ("slow", "one")]


async def test_flood_control_delays_and_any_worker_retries(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        first, second = await shared.worker("first"), await shared.worker("second")
        flooded = await shared.seed(FIRST_CHAT, 1, NOW)
        first.courier.trouble = [RetryLater("RetryAfter 7", timedelta(seconds=7))]
        await first.announcer.claim_once()
        await first.announcer.drain()
        waiting = await shared.row(flooded)
        assert waiting.state is AnnouncementState.PENDING and waiting.claimed_by is None
        assert waiting.retry_at == NOW + timedelta(seconds=8) and waiting.failures == 1  # Telegram's wait + 1 s
        await second.announcer.claim_once()
        await second.announcer.drain()
        assert shared.log == []  # not before the wait
        manual(shared).advance(seconds=8)
        await second.announcer.claim_once()
        await second.announcer.drain()
        row = await shared.row(flooded)
    assert row.state is AnnouncementState.SENT and row.attempts == 2 and not row.late
    assert [sent.worker for sent in shared.log] == ["second"]


async def test_network_trouble_backs_off_doubling(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        worker = await shared.worker("only")
        troubled = await shared.seed(FIRST_CHAT, 1, NOW)
        worker.courier.trouble = [RetryLater("NetworkError"), RetryLater("NetworkError"), RetryLater("BadGateway")]
        retries = []
        for _ in range(3):
            await worker.announcer.claim_once()
            await worker.announcer.drain()
            row = await shared.row(troubled)
            assert row.retry_at is not None
            retries.append(row.retry_at - manual(shared).now)
            manual(shared).now = row.retry_at
        await worker.announcer.claim_once()
        await worker.announcer.drain()
        row = await shared.row(troubled)
    assert retries == [timedelta(seconds=1), timedelta(seconds=2), timedelta(seconds=4)]
    assert row.state is AnnouncementState.SENT and len(shared.log) == 1


async def test_a_moved_chat_gets_it_under_its_new_id(migrated_target: Path | str) -> None:
    new_chat = FIRST_CHAT - 999
    async with club(migrated_target) as shared:
        worker = await shared.worker("only")
        moving = await shared.seed(FIRST_CHAT, 1, NOW)
        worker.courier.trouble = [ChatMoved(new_chat)]
        await worker.announcer.claim_once()
        await worker.announcer.drain()
        moved = await shared.row(moving)
        assert moved.chat_id == new_chat and moved.state is AnnouncementState.PENDING and moved.claimed_by is None
        await worker.announcer.claim_once()  # at once, no wait
        await worker.announcer.drain()
        row = await shared.row(moving)
    assert row.state is AnnouncementState.SENT
    assert shared.pieces_to(new_chat) and not shared.pieces_to(FIRST_CHAT)


async def test_a_refused_announcement_is_dropped(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        worker = await shared.worker("only")
        refused = await shared.seed(FIRST_CHAT, 1, NOW)
        worker.courier.trouble = [GiveUp("Forbidden: bot was kicked")]
        await worker.announcer.claim_once()
        await worker.announcer.drain()
        row = await shared.row(refused)
    assert row.state is AnnouncementState.DROPPED and row.last_error == "Forbidden: bot was kicked"


async def test_rows_nobody_claimed_in_time_meet_the_late_grace(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        worker = await shared.worker("first-to-start")
        just_due = await shared.seed(FIRST_CHAT, 1, NOW - MISSED_AFTER + timedelta(seconds=1))
        missed = await shared.seed(FIRST_CHAT - 1, 2, NOW - timedelta(minutes=5))
        too_old = await shared.seed(FIRST_CHAT - 2, 3, NOW - timedelta(minutes=11))
        ahead = await shared.seed(FIRST_CHAT - 3, 4, NOW + timedelta(minutes=1))
        restored = await worker.announcer.restore()
        assert [row.announcement_id for row in restored.ahead] == [too_old, missed, just_due, ahead]
        await worker.announcer.claim_once()
        await worker.announcer.drain()
        states = {number: (await shared.row(number)).state for number in (just_due, missed, too_old, ahead)}
    assert states == {just_due: AnnouncementState.SENT, missed: AnnouncementState.LATE,
                      too_old: AnnouncementState.DROPPED, ahead: AnnouncementState.PENDING}
    [late_text] = shared.pieces_to(FIRST_CHAT - 1)
    assert "迟发" in late_text
    assert "迟发" not in shared.pieces_to(FIRST_CHAT)[0]


async def test_only_the_platforms_it_runs_are_claimed(migrated_target: Path | str) -> None:
    wecom_group = WECOM_FIRST_CHAT_ID - 5
    async with club(migrated_target) as shared:
        worker = await shared.worker("telegram-only")
        telegram_row = await shared.seed(FIRST_CHAT, 1, NOW)
        wecom_row = await shared.seed(wecom_group, 2, NOW)
        await worker.announcer.claim_once()
        await worker.announcer.drain()
        states = [(await shared.row(number)).state for number in (telegram_row, wecom_row)]
        wecom = await shared.row(wecom_row)
    assert states == [AnnouncementState.SENT, AnnouncementState.PENDING] and wecom.claimed_by is None


async def test_stopping_gently_lets_go_of_rows_not_in_flight(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        worker = await shared.worker("leaving")
        row_id = await shared.seed(FIRST_CHAT, 1, NOW)
        await worker.announcer.claim_once()
        await worker.announcer.aclose()
        row = await shared.row(row_id)
    assert row.state is AnnouncementState.SENT and row.claimed_by is None


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
async def test_on_the_real_clock_workers_send_in_due_order_and_once(migrated_target: Path | str) -> None:
    async with club(migrated_target, system_clock) as shared:
        workers = [await shared.worker(name, poll=timedelta(seconds=0.2)) for name in ("w1", "w2", "w3")]
        start = system_clock()
        chats = [FIRST_CHAT - number for number in range(4)]
        for number, chat_id in enumerate(chats[:3]):
            await shared.seed(chat_id, 10 + number, start + timedelta(seconds=2 * number + 1))
        for worker in workers:
            worker.announcer.start()
        # A change made by one worker while they run: it wakes at once and the row goes out first.
        now_due = await shared.seed(chats[3], 20, system_clock())
        workers[0].announcer.apply(JobChanges(start=(await shared.row(now_due),)))
        await shared.until(shared.all_closed, seconds=20)
        rows = await shared.rows()
    assert [sent.chat_id for sent in shared.log] == [chats[3], chats[0], chats[1], chats[2]]
    assert {row.state for row in rows} == {AnnouncementState.SENT}
    assert all(row.sent_at is not None and row.sent_at >= row.due for row in rows)


async def test_announcer_for_picks_claims_on_postgresql_only(migrated_target: Path | str) -> None:
    async with club(migrated_target) as shared:
        worker = await shared.worker("any")
        chosen = announcer_for(worker.services)
    expected = ClaimingAnnouncer if isinstance(migrated_target, str) else Announcer
    assert type(chosen) is expected
