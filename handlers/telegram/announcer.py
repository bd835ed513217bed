"""Announcements on PTB's ``JobQueue`` (APScheduler): one date job per pending row.

A job is only a timer. Its id is stable (``ann:<announcement id>``) and added with ``replace_existing``, so
re-creating it (at start-up, after a change, for a retry) never makes two. It fires with no misfire limit
(``misfire_grace_time=None``): whether a late announcement is still worth sending was decided at start-up from
the database (:func:`bot.services.match_clock.announcements.restore`). The callback re-reads the row and sends
at most once.

Time: a job's delay is computed from the services' clock (``due - clock()``), so an injected or shifted clock and
the scheduler agree; ``AnnouncementJob.due`` keeps the intended instant on that clock.
"""

from __future__ import annotations

import logging
import warnings
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import cast

from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter, TelegramError
from telegram.ext import Job, JobQueue
from telegram.warnings import PTBDeprecationWarning

from bot.match_clock.announcement import job_id
from bot.match_clock.catchup import retry_delay
from bot.presenters.match_clock import announcement_text
from bot.services import Services
from bot.services.chats import move_chat
from bot.services.match_clock import announcements as announcing
from bot.services.match_clock.announcements import Restored
from bot.services.match_clock.timetable import JobChanges
from handlers.telegram.context import BotContext, GuandanApplication
from handlers.telegram.replies import split_message, telegram_html

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class AnnouncementJob:
    """A job's data."""

    announcement_id: int
    due: datetime
    """When it should run, on the services' clock."""
    failures: int = 0
    """Failed attempts in a row so far (for the backoff)."""


def job_queue_of(application: GuandanApplication) -> JobQueue[BotContext]:
    if application.job_queue is None:
        raise RuntimeError("python-telegram-bot was installed without its job-queue extra")
    return application.job_queue


def jobs_of(context: BotContext) -> JobQueue[BotContext]:
    """The application's job queue, as a handler or job sees it."""
    job_queue = context.job_queue
    if job_queue is None:
        raise RuntimeError("python-telegram-bot was installed without its job-queue extra")
    return cast("JobQueue[BotContext]", job_queue)


def add_job(job_queue: JobQueue[BotContext], services: Services, data: AnnouncementJob, *,
                 known_new: bool = False) -> Job[BotContext]:
    """(Re)create the announcement's timer. ``known_new``: the caller knows there is no timer for it yet."""
    name = job_id(data.announcement_id)
    # replace_existing only takes effect once the scheduler runs; before that (post_init) two adds with one id
    # would both wait in APScheduler's pending list. Removing first keeps one job either way.
    if not known_new:
        cancel_job(job_queue, data.announcement_id)
    delay = max(data.due - services.clock(), timedelta(0))
    return job_queue.run_once(
        announce, when=delay, data=data, name=name,
        job_kwargs={"id": name, "replace_existing": True, "misfire_grace_time": None},
    )


def cancel_job(job_queue: JobQueue[BotContext], announcement_id: int) -> bool:
    found = job_queue.scheduler.get_job(job_id(announcement_id))
    if found is None:
        return False
    found.remove()
    return True


class UnschedulableError(Exception):
    """No timer can hold this due time (PTB adds the delay to "now" in the default zone: near the calendar's end
    that overflows). Starts are bounded (``bot.match_clock.plan.SCHEDULE_HORIZON``); only a row stored before that
    bound can meet this."""


def _add_checked(job_queue: JobQueue[BotContext], services: Services, data: AnnouncementJob, *,
                 known_new: bool = False) -> None:
    try:
        add_job(job_queue, services, data, known_new=known_new)
    except (OverflowError, ValueError) as error:
        raise UnschedulableError(f"announcement {data.announcement_id} due {data.due.isoformat()}: {error}") from error


def apply_changes(job_queue: JobQueue[BotContext], services: Services, changes: JobChanges) -> None:
    """After a committed change: remove the timers of cancelled rows, create those of new ones. A row no timer can
    hold is logged and left pending (the next start-up drops it): the change is committed, and the reply must
    say so."""
    for announcement_id in changes.stop:
        cancel_job(job_queue, announcement_id)
    for row in changes.start:
        try:
            _add_checked(job_queue, services, AnnouncementJob(row.announcement_id, row.due))
        except UnschedulableError as error:
            log.warning("%s; left for the next start-up", error)


class JobQueueTimers:
    """The command functions' :class:`~handlers.invocation.Timers` on Telegram: PTB's job queue."""

    def __init__(self, context: BotContext) -> None:
        self.context = context

    def apply(self, changes: JobChanges) -> None:
        apply_changes(jobs_of(self.context), self.context.services, changes)


async def restore_jobs(application: GuandanApplication) -> Restored:
    """At start-up: a timer for every pending row still ahead, an immediate run for those missed by at most the
    late grace (sent marked late); older ones are dropped and logged. A row no timer can hold (stored before starts
    were bounded) is dropped and logged too: one bad row must not keep the bot from starting, for every group."""
    services = application.bot_data.services
    job_queue = job_queue_of(application)
    now = services.clock()
    restored = await announcing.restore(services)
    # One query, one job per row: nothing else has created announcement timers before start-up.
    for row, due in [*((row, row.due) for row in restored.ahead), *((row, now) for row in restored.late)]:
        try:
            _add_checked(job_queue, services, AnnouncementJob(row.announcement_id, due), known_new=True)
        except UnschedulableError as error:
            await announcing.give_up(services, row.announcement_id, "no timer can hold its due time")
            log.warning("start-up: %s; dropped", error)
    if restored.late or restored.dropped:
        log.info("start-up: %d announcements pending, %d to send late, %d dropped",
                 len(restored.ahead), len(restored.late), len(restored.dropped))
    return restored


def retry_after_of(error: RetryAfter) -> timedelta:
    """Telegram's wait as a ``timedelta`` (PTB 22 warns when reading it as seconds; 23 gives a timedelta)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        wait = error.retry_after
    return wait if isinstance(wait, timedelta) else timedelta(seconds=wait)


def _retry(context: BotContext, data: AnnouncementJob, delay: timedelta) -> None:
    services = context.services
    again = replace(data, due=services.clock() + delay, failures=data.failures + 1)
    add_job(jobs_of(context), services, again)


async def announce(context: BotContext) -> None:
    """The job callback: send the announcement unless it was sent, cancelled or is moot; retry on Telegram's
    flood control and on network trouble, never dropping it for those."""
    job = context.job
    if job is None or not isinstance(job.data, AnnouncementJob):
        return
    data = job.data
    services = context.services
    outgoing = await announcing.prepare(services, data.announcement_id, render=announcement_text,
                                        split=lambda text: split_message(telegram_html(text)))
    if outgoing is None:
        return
    row = outgoing.announcement
    try:
        for index in range(row.parts_sent, len(outgoing.pieces)):
            await context.bot.send_message(row.chat_id, outgoing.pieces[index])
            await announcing.record_parts(services, row.announcement_id, index + 1)
    except RetryAfter as error:
        await announcing.note_failure(services, row.announcement_id, f"RetryAfter {error.retry_after}")
        wait = retry_after_of(error)
        log.info("announcement %s: flood control, retrying in %s", row.announcement_id, wait)
        _retry(context, data, retry_delay(data.failures + 1, wait))
        return
    except ChatMigrated as error:
        await move_chat(services.storage, row.chat_id, error.new_chat_id, services.clock())
        services.roles.forget_chat(row.chat_id)
        _retry(context, data, timedelta(0))
        return
    except (Forbidden, BadRequest) as error:
        # The bot was removed from the group, the chat is gone, or Telegram refuses this text: retrying cannot help.
        await announcing.give_up(services, row.announcement_id, str(error))
        log.warning("announcement %s to chat %s dropped: %s", row.announcement_id, row.chat_id, error)
        return
    except TelegramError as error:  # NetworkError (timeouts, 5xx answers) and anything else Telegram says
        await announcing.note_failure(services, row.announcement_id, f"{type(error).__name__}: {error}")
        delay = retry_delay(data.failures + 1)
        log.info("announcement %s: %s; retrying in %s", row.announcement_id, error, delay)
        _retry(context, data, delay)
        return
    except Exception as error:
        # Our own fault: nothing is in flight any more; the row stays pending and is tried again at start-up.
        await announcing.note_failure(services, row.announcement_id, f"{type(error).__name__}: {error}")
        raise
    await announcing.finish(services, row.announcement_id)
