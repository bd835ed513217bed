"""The one scheduler of announcements, for every chat platform of the process: one date job per pending row.

The announcements are rows in the database; an :class:`Announcer` holds only their timers and sends each through
the :class:`Courier` of its chat's platform, at most once (:func:`deliver`). Jobs, what a courier may say went
wrong, time, and why many workers use :class:`handlers.claimed_announcer.ClaimingAnnouncer` instead:
docs/design.md, "Announcements in one process".
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Protocol, runtime_checkable

from apscheduler.job import Job
from apscheduler.schedulers.asyncio import AsyncIOScheduler

from bot.i18n import CommandWords, Language, commands_written
from bot.match_clock.announcement import job_id
from bot.match_clock.catchup import retry_delay
from bot.match_clock.plan import SCHEDULE_HORIZON
from bot.presenters.match_clock import announcement_text
from bot.services import Services
from bot.services.chats import move_chat
from bot.services.match_clock import announcements as announcing
from bot.services.match_clock.announcements import Restored
from bot.services.match_clock.timetable import JobChanges
from bot.services.platform_ids import Platform, platform_of_chat

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AnnouncementJob:
    """A job's data."""

    announcement_id: int
    due: datetime
    """When it should run, on the services' clock."""
    failures: int = 0
    """Failed attempts in a row so far (for the backoff)."""


TIMER_HORIZON = SCHEDULE_HORIZON + timedelta(days=2)
"""The latest a row can be due and be one this version made: a start at the horizon, its announcements at most a
day after it (and a day to spare)."""


class UnschedulableError(Exception):
    """No timer should hold this due time.

    Beyond what any accepted start announces (``TIMER_HORIZON``), or so near the calendar's end that the delay added to
    "now" overflows. Starts are bounded (``bot.match_clock.plan.SCHEDULE_HORIZON``); only a row stored before that bound
    can meet this."""


class RetryLater(Exception):
    """The piece was not accepted now; try again after ``wait`` (the platform's own wait), else after a backoff."""

    def __init__(self, reason: str, wait: timedelta | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.wait = wait


class ChatMoved(Exception):
    """The chat lives on under ``new_chat_id``."""

    def __init__(self, new_chat_id: int) -> None:
        super().__init__(f"moved to {new_chat_id}")
        self.new_chat_id = new_chat_id


class GiveUp(Exception):
    """The platform refuses this piece for good."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Courier(Protocol):
    """How one platform sends an announcement: its text (markup) cut into the pieces it accepts, each piece sent."""

    def split(self, text: str) -> Sequence[str]:
        """The announcement's markup as the platform's pieces, in order."""

    async def send(self, chat_id: int, piece: str) -> None:
        """Send one piece; raise :class:`RetryLater`, :class:`ChatMoved` or :class:`GiveUp` when it was not accepted."""


@runtime_checkable
class WritesCommands(Protocol):
    """A courier whose people type commands otherwise than ``/command``.

    On WeCom the bot's @-mention and the verb: the announcement's text names commands so (``bot.i18n.CommandWords``)."""

    def command_words(self, language: Language) -> CommandWords | None:
        """How a group's people type commands; ``language``: the process's default (the mention's fallback words)."""


class AnnouncementScheduler(Protocol):
    """What the platforms and the command functions ask of the process's announcer.

    :class:`Announcer` (one process, timers) or :class:`handlers.claimed_announcer.ClaimingAnnouncer` (many workers,
    claims)."""

    def add_courier(self, platform: Platform, courier: Courier) -> None:
        """Send the announcements of ``platform``'s chats through ``courier``."""

    def apply(self, changes: JobChanges) -> None:
        """After a committed change.

        The announcements it added or cancelled (the command functions' :class:`~handlers.invocation.Timers`)."""

    async def restore(self) -> Restored:
        """At start-up, before :meth:`start`: what is pending, what is sent late and what was dropped."""

    def start(self) -> None:
        """Begin sending (in the running event loop)."""

    def stop(self) -> None:
        """Stop sending at once."""

    async def aclose(self) -> None:
        """Stop sending, letting what is under way end well (before the storage is closed)."""


class Delivered(enum.StrEnum):
    """How one attempt at an announcement ended (:func:`deliver`)."""

    SENT = "sent"  # every piece accepted; the row is sent (or late)
    NOTHING = "nothing"  # nothing to send: sent, cancelled or moot already, or no longer this worker's
    NO_COURIER = "no_courier"  # its chat's platform does not run here: left pending
    RETRY = "retry"  # not accepted now: try again after ``Delivery.delay``
    MOVED = "moved"  # the chat moved (its rows with it): try again at once
    DROPPED = "dropped"  # refused for good: dropped
    FAILED = "failed"  # our own fault: left pending, nothing in flight


@dataclass(frozen=True, slots=True)
class Delivery:
    outcome: Delivered
    delay: timedelta = timedelta(0)
    """For ``RETRY``: how long to wait (the platform's own wait, else the backoff of ``failures + 1``)."""


async def deliver(services: Services, couriers: Mapping[Platform, Courier], announcement_id: int, *,
                  failures: int = 0, holder: str | None = None, chat_id: int | None = None) -> Delivery:
    """One attempt at an announcement.

    Re-read its row, send its pieces through the courier of its chat's platform, recording each piece before its request
    (in flight) and after it was accepted, and the row as sent once every piece was; say how it ended. ``failures``:
    attempts not accepted so far (the backoff). ``holder``: the claiming worker, whose every step changes the row only
    while it holds it (``chat_id``: the row's chat, whose writers alone the steps wait for on PostgreSQL); ``None`` for
    the one process's timers.

    :class:`RetryLater`, :class:`ChatMoved` and :class:`GiveUp` of a courier before the row was read again (it
    cannot be) propagate; after, they become the outcome, the row updated as the module says."""
    row = None
    try:
        found = await announcing.get(services, announcement_id)
        courier = None if found is None else couriers.get(platform_of_chat(found.chat_id))
        if found is not None and courier is None:
            # The chat's platform does not run in this process: the row waits for a run that has it.
            log.warning("announcement %s to chat %s: its platform (%s) is not running; left pending",
                        found.announcement_id, found.chat_id, platform_of_chat(found.chat_id).value)
            return Delivery(Delivered.NO_COURIER)
        if courier is None:
            return Delivery(Delivered.NOTHING)
        words = courier.command_words(services.settings.language) if isinstance(courier, WritesCommands) else None
        with commands_written(words):
            outgoing = await announcing.prepare(services, announcement_id, render=announcement_text,
                                                split=courier.split, holder=holder, chat_id=chat_id)
        if outgoing is None:
            return Delivery(Delivered.NOTHING)
        row = outgoing.announcement
        for index in range(row.parts_sent, len(outgoing.pieces)):
            await courier.send(row.chat_id, outgoing.pieces[index])
            if not await announcing.record_parts(services, row.announcement_id, index + 1, holder=holder,
                                                 chat_id=chat_id):
                # Another worker took the row over (this one's claim lapsed) and counted this piece as sent.
                log.warning("announcement %s: no longer this worker's; it stops sending", row.announcement_id)
                return Delivery(Delivered.NOTHING)
    except RetryLater as trouble:
        if row is None:
            raise
        await announcing.note_failure(services, row.announcement_id, trouble.reason, holder=holder, chat_id=chat_id)
        delay = retry_delay(failures + 1, trouble.wait)
        log.info("announcement %s: %s; retrying in %s", row.announcement_id, trouble.reason, delay)
        return Delivery(Delivered.RETRY, delay)
    except ChatMoved as moved:
        if row is None:
            raise
        # The piece was refused, not in flight any more: the retry sends it (a claiming worker would otherwise
        # count it as sent, as it cannot tell a refusal from a worker that died).
        await announcing.note_failure(services, row.announcement_id, f"moved to {moved.new_chat_id}", holder=holder,
                                      chat_id=chat_id)
        await move_chat(services.storage, row.chat_id, moved.new_chat_id, services.clock())
        services.roles.forget_chat(row.chat_id)
        return Delivery(Delivered.MOVED)
    except GiveUp as refused:
        if row is None:
            raise
        await announcing.give_up(services, row.announcement_id, refused.reason, holder=holder, chat_id=chat_id)
        log.warning("announcement %s to chat %s dropped: %s", row.announcement_id, row.chat_id, refused.reason)
        return Delivery(Delivered.DROPPED)
    except Exception as error:
        # Our own fault: nothing is in flight any more; the row stays pending.
        if row is not None:
            await announcing.note_failure(services, row.announcement_id, f"{type(error).__name__}: {error}",
                                          holder=holder, chat_id=chat_id)
        log.exception("announcement %s failed", announcement_id)
        return Delivery(Delivered.FAILED, retry_delay(failures + 1))
    await announcing.finish(services, row.announcement_id, holder=holder, chat_id=chat_id)
    return Delivery(Delivered.SENT)


class Announcer:
    """The scheduler of announcement timers and the couriers of the platforms that run.

    Also the command functions' :class:`~handlers.invocation.Timers`."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.scheduler = AsyncIOScheduler(timezone=UTC)
        self._couriers: dict[Platform, Courier] = {}

    def add_courier(self, platform: Platform, courier: Courier) -> None:
        self._couriers[platform] = courier

    # Timers.

    def add_job(self, data: AnnouncementJob, *, known_new: bool = False) -> Job:
        """(Re)create the announcement's timer. ``known_new``: the caller knows there is no timer for it yet."""
        name = job_id(data.announcement_id)
        # replace_existing only takes effect once the scheduler runs; before that two adds with one id would both
        # wait in APScheduler's pending list. Removing first keeps one job either way.
        if not known_new:
            self.cancel_job(data.announcement_id)
        delay = max(data.due - self.services.clock(), timedelta(0))
        return self.scheduler.add_job(
            self.announce, trigger="date", run_date=datetime.now(UTC) + delay, args=(data,), id=name, name=name,
            replace_existing=True, misfire_grace_time=None)

    def cancel_job(self, announcement_id: int) -> bool:
        found = self.scheduler.get_job(job_id(announcement_id))
        if found is None:
            return False
        found.remove()
        return True

    def _add_checked(self, data: AnnouncementJob, *, known_new: bool = False) -> None:
        if data.due > self.services.clock() + TIMER_HORIZON:
            raise UnschedulableError(f"announcement {data.announcement_id} due {data.due.isoformat()}: beyond the"
                                     f" schedulable horizon")
        try:
            self.add_job(data, known_new=known_new)
        except (OverflowError, ValueError) as error:
            raise UnschedulableError(
                f"announcement {data.announcement_id} due {data.due.isoformat()}: {error}") from error

    def apply(self, changes: JobChanges) -> None:
        """After a committed change: remove the timers of cancelled rows, create those of new ones.

        A row no timer can hold is logged and left pending (the next start-up drops it): the change is committed, and
        the reply must say so."""
        for announcement_id in changes.stop:
            self.cancel_job(announcement_id)
        for row in changes.start:
            try:
                self._add_checked(AnnouncementJob(row.announcement_id, row.due))
            except UnschedulableError as error:
                log.warning("%s; left for the next start-up", error)

    def jobs(self) -> list[Job]:
        """Every timer, the ones waiting for the scheduler to start too."""
        return list(self.scheduler.get_jobs())

    def job(self, name: str) -> Job | None:
        return self.scheduler.get_job(name)

    @staticmethod
    def data_of(job: Job) -> AnnouncementJob | None:
        data = job.args[0] if job.args else None
        return data if isinstance(data, AnnouncementJob) else None

    async def restore(self) -> Restored:
        """At start-up: a timer for every pending row, late sends for recent misses, the rest dropped.

        Rows still ahead get a timer; those missed by at most the late grace run at once (sent marked late); older ones
        are dropped and logged. A row no timer can hold (stored before starts were bounded) is dropped and logged too:
        one bad row must not keep the bot from starting, for every group."""
        now = self.services.clock()
        restored = await announcing.restore(self.services)
        # One query, one job per row: nothing else has created announcement timers before start-up.
        for row, due in [*((row, row.due) for row in restored.ahead), *((row, now) for row in restored.late)]:
            try:
                self._add_checked(AnnouncementJob(row.announcement_id, due), known_new=True)
            except UnschedulableError as error:
                await announcing.give_up(self.services, row.announcement_id, "no timer can hold its due time")
                log.warning("start-up: %s; dropped", error)
        if restored.late or restored.dropped:
            log.info("start-up: %d announcements pending, %d to send late, %d dropped",
                     len(restored.ahead), len(restored.late), len(restored.dropped))
        return restored

    def start(self) -> None:
        """Run the timers (in the running event loop)."""
        self.scheduler.start()

    def stop(self) -> None:
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)

    async def aclose(self) -> None:
        """:meth:`stop` (a job under way ends with the process, as before: its row's in-flight rule holds)."""
        self.stop()

    # Sending.

    def _retry(self, data: AnnouncementJob, delay: timedelta) -> None:
        self.add_job(replace(data, due=self.services.clock() + delay, failures=data.failures + 1))

    async def announce(self, data: AnnouncementJob) -> None:
        """The job: send the announcement unless it was sent, cancelled or is moot.

        Retry on flood control and on network trouble, never dropping it for those. A failure of our own leaves the row
        pending for the next start-up."""
        delivery = await deliver(self.services, self._couriers, data.announcement_id, failures=data.failures)
        if delivery.outcome is Delivered.RETRY:
            self._retry(data, delivery.delay)
        elif delivery.outcome is Delivered.MOVED:
            self._retry(data, timedelta(0))
