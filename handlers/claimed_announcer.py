"""Announcements claimed from the database.

Each worker claims due rows for a lease and sends them through :func:`handlers.announcer.deliver`, so each
announcement is sent by one worker, at most once, also while workers die and start. Leases, failures, the late
grace and timing: docs/design.md, "Announcements claimed by many workers". A database served by claiming workers must
not also run an :class:`~handlers.announcer.Announcer`; :func:`announcer_for` picks the claiming one on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from datetime import timedelta

from bot.match_clock.announcement import Announcement
from bot.services import Services
from bot.services.match_clock import announcements as announcing
from bot.services.match_clock.announcements import Restored
from bot.services.match_clock.timetable import JobChanges
from bot.services.platform_ids import Platform, chat_id_ranges
from handlers.announcer import AnnouncementScheduler, Announcer, Courier, Delivered, deliver

log = logging.getLogger(__name__)

LEASE = timedelta(seconds=10)
"""How long a claim holds without being renewed: how long a dead worker's rows wait before another takes them."""
HEARTBEAT = timedelta(seconds=2)
"""How often a worker that is sending renews its claims."""
POLL = timedelta(seconds=1)
"""The longest the loop sleeps before asking the database again (another worker's change is seen by then)."""
MISSED_AFTER = timedelta(seconds=60)
"""A row claimed this long after its attempt was due was missed (no worker ran): the late grace decides."""
SENDING_AT_ONCE = 8
"""Rows one worker sends at the same time (the platform's own pacing, ``handlers.telegram.sending``, still holds)."""
_SPIN_FLOOR = 0.01
"""Seconds the loop waits at least, so a row due "now" that another worker holds cannot make it spin."""
_ERROR_PAUSE = 1.0
"""Seconds the loop waits after the database failed it."""
_CLOSE_GRACE = 5.0
"""Seconds :meth:`ClaimingAnnouncer.aclose` lets the sends under way finish."""


def worker_name() -> str:
    """A name no other worker has: host, process and a random part (a restarted process is a new worker)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class ClaimingAnnouncer:
    """One worker's sender of the announcements it claims from the database (see the module)."""

    def __init__(self, services: Services, *, worker: str | None = None, lease: timedelta = LEASE,
                 heartbeat: timedelta = HEARTBEAT, poll: timedelta = POLL, missed_after: timedelta = MISSED_AFTER,
                 sending_at_once: int = SENDING_AT_ONCE) -> None:
        if heartbeat >= lease:
            raise ValueError("the heartbeat must come well within the lease")
        self.services = services
        self.worker = worker or worker_name()
        self.lease = lease
        self.heartbeat = heartbeat
        self.poll = poll
        self.missed_after = missed_after
        self.sending_at_once = sending_at_once
        self._couriers: dict[Platform, Courier] = {}
        self._wake = asyncio.Event()
        self._loop_task: asyncio.Task[None] | None = None
        self._sending: set[asyncio.Task[None]] = set()
        self._renewed_at: float | None = None

    def add_courier(self, platform: Platform, courier: Courier) -> None:
        self._couriers[platform] = courier
        self.wake()

    def _chat_ranges(self) -> tuple[tuple[int, int], ...]:
        return tuple(chat_range for platform in sorted(self._couriers) for chat_range in chat_id_ranges(platform))

    # The scheduler's interface (handlers.announcer.AnnouncementScheduler).

    def apply(self, changes: JobChanges) -> None:
        """After this worker committed a change.

        The rows are in the database already; look again at once (a row due now goes out now, a later one sets the next
        wake-up)."""
        if changes.start or changes.stop:
            self.wake()

    async def restore(self) -> Restored:
        """At start-up: what is pending for this worker's platforms (``ahead``).

        Nothing is settled here: other workers may be sending right now, so what was missed or left in flight is settled
        row by row when it is claimed (see the module); ``late`` and ``dropped`` are therefore empty."""
        ranges = self._chat_ranges()
        pending = await announcing.pending(self.services)
        ahead = tuple(row for row in pending if any(low <= row.chat_id <= high for low, high in ranges))
        return Restored(ahead, (), ())

    def start(self) -> None:
        """Run the claiming loop in the running event loop."""
        if self._loop_task is None or self._loop_task.done():
            self._loop_task = asyncio.get_running_loop().create_task(self._run(), name=f"announcer {self.worker}")

    def stop(self) -> None:
        """Stop at once, as if the worker died.

        Sends under way are cancelled; their rows are taken over when their lease lapses. :meth:`aclose` stops gently.
        """
        for task in (self._loop_task, *self._sending):
            if task is not None and not task.done():
                task.cancel()

    async def aclose(self) -> None:
        """Stop gently and let go of the rows this worker still holds.

        Stop gently: no new claims, the sends under way get a few seconds to finish, then the rows this worker
        still holds with no piece in flight are let go (another worker takes them at once)."""
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
        if self._sending:
            await asyncio.wait(set(self._sending), timeout=_CLOSE_GRACE)
        self.stop()
        if self._sending:
            await asyncio.gather(*self._sending, return_exceptions=True)
        try:
            await announcing.release_claims(self.services, self.worker)
        except Exception:
            log.warning("announcements of worker %s: its claims could not be let go; they lapse by themselves",
                        self.worker, exc_info=True)

    # The loop.

    def wake(self) -> None:
        """Look for due rows now instead of at the next planned wake-up."""
        self._wake.set()

    @property
    def sending(self) -> int:
        """Rows this worker is sending now."""
        return len(self._sending)

    def tasks(self) -> tuple[asyncio.Task[None], ...]:
        """The sends under way."""
        return tuple(self._sending)

    async def drain(self) -> None:
        """Wait until the sends under way (those started so far) have ended."""
        while self._sending:
            await asyncio.gather(*self._sending, return_exceptions=True)

    async def claim_once(self) -> float:
        """One pass: renew claims, claim due rows and start sending them.

        Claims are renewed when due, and as many due rows claimed as the worker may send now; the seconds until the loop
        should look again."""
        await self._renew_if_due()
        free = self.sending_at_once - len(self._sending)
        ranges = self._chat_ranges()
        if not ranges:
            return self.poll.total_seconds()
        claimed = await announcing.claim_due(self.services, self.worker, limit=max(free, 0), lease=self.lease,
                                             missed_after=self.missed_after, chat_ranges=ranges)
        for row in claimed.to_send:
            self._start_sending(row)
        wait = self.poll.total_seconds()
        if free - len(claimed.to_send) <= 0:
            return wait  # full: a finished send wakes the loop
        if claimed.next_attempt is not None:
            wait = min(wait, (claimed.next_attempt - self.services.clock()).total_seconds())
        return max(wait, _SPIN_FLOOR)

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            try:
                wait = await self.claim_once()
            except Exception:
                log.exception("announcements: claiming failed; trying again in %s s", _ERROR_PAUSE)
                wait = _ERROR_PAUSE
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)

    async def _renew_if_due(self) -> None:
        if not self._sending:
            self._renewed_at = None
            return
        now = asyncio.get_running_loop().time()
        if self._renewed_at is not None and now - self._renewed_at < self.heartbeat.total_seconds():
            return
        self._renewed_at = now
        await announcing.renew_claims(self.services, self.worker, self.lease)

    def _start_sending(self, row: Announcement) -> None:
        if self._renewed_at is None:
            self._renewed_at = asyncio.get_running_loop().time()  # the claim itself was the first renewal
        task = asyncio.get_running_loop().create_task(self._send(row), name=f"announcement {row.announcement_id}")
        self._sending.add(task)
        task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[None]) -> None:
        self._sending.discard(task)
        self.wake()

    async def _send(self, row: Announcement) -> None:
        """Send one claimed row, then let go of it until its next attempt if it was not accepted.

        Sending is :func:`handlers.announcer.deliver`."""
        try:
            delivery = await deliver(self.services, self._couriers, row.announcement_id, failures=row.failures,
                                     holder=self.worker, chat_id=row.chat_id)
            if delivery.outcome in (Delivered.RETRY, Delivered.FAILED):
                await announcing.retry_later(self.services, row.announcement_id, self.worker, delivery.delay,
                                             chat_id=row.chat_id)
            elif delivery.outcome is Delivered.MOVED:
                await announcing.retry_later(self.services, row.announcement_id, self.worker, timedelta(0))
            elif delivery.outcome is Delivered.NO_COURIER:
                await announcing.retry_later(self.services, row.announcement_id, self.worker, self.poll,
                                             chat_id=row.chat_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            # The database failed between steps: the claim lapses and the row is taken over by the in-flight rule.
            log.exception("announcement %s: sending failed; its claim lapses", row.announcement_id)


def announcer_for(services: Services) -> AnnouncementScheduler:
    """The announcer for a process on ``services``' database.

    Claims (:class:`ClaimingAnnouncer`) on PostgreSQL, where any number of workers may share the database; the one
    process's timers (:class:`Announcer`) on SQLite."""
    if services.storage.engine == "postgresql":
        return ClaimingAnnouncer(services)
    return Announcer(services)
