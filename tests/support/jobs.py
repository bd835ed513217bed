"""Running the process's scheduled announcement jobs by an injected clock instead of waiting for the real one.

Tests never start the scheduler: they move a :class:`~bot.clock.ManualClock` and call
:func:`run_due_jobs`, which runs (as APScheduler would, in due order) every job whose data carries a ``due``
instant at or before the clock's now.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from apscheduler.job import Job

from handlers.announcer import AnnouncementJob, Announcer
from handlers.telegram.context import GuandanApplication, announcer_of


@dataclass(frozen=True, slots=True)
class ScheduledJob:
    """A timer waiting in the (not started) scheduler: its name (``ann:<id>``), its data, the APScheduler job."""

    name: str
    data: AnnouncementJob
    job: Job


def scheduled_in(announcer: Announcer) -> list[ScheduledJob]:
    """The timers waiting in the scheduler, earliest due first."""
    found = []
    for job in announcer.jobs():
        data = announcer.data_of(job)
        if data is not None:
            found.append(ScheduledJob(job.name or job.id, data, job))
    return sorted(found, key=lambda item: (item.data.due, item.name))


def scheduled(application: GuandanApplication) -> list[ScheduledJob]:
    return scheduled_in(announcer_of(application))


async def run_due_jobs_of(announcer: Announcer, now: datetime, *, limit: int = 10_000) -> int:
    """Run every job due at ``now`` (including jobs those runs schedule for ``now`` or earlier); how many ran."""
    ran = 0
    while ran < limit:
        due = [item for item in scheduled_in(announcer) if item.data.due <= now]
        if not due:
            return ran
        item = due[0]
        item.job.remove()  # a date job leaves the scheduler when it fires
        await announcer.announce(item.data)
        ran += 1
    raise RuntimeError(f"more than {limit} jobs ran at {now.isoformat()}: a job keeps rescheduling itself")


async def run_due_jobs(application: GuandanApplication, now: datetime, *, limit: int = 10_000) -> int:
    return await run_due_jobs_of(announcer_of(application), now, limit=limit)
