"""Running an application's scheduled jobs by an injected clock instead of waiting for the real one.

Tests never start the scheduler: they move a :class:`~bot.clock.ManualClock` and call
:func:`run_due_jobs`, which runs (as APScheduler would, in due order) every job whose data carries a ``due``
instant at or before the clock's now.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from telegram.ext import Job

from handlers.telegram.context import GuandanApplication


def due_of(job: Job[Any]) -> datetime | None:
    due = getattr(job.data, "due", None)
    return due if isinstance(due, datetime) else None


def scheduled(application: GuandanApplication) -> list[Job[Any]]:
    """The jobs waiting in the (not started) job queue, earliest due first."""
    if application.job_queue is None:
        return []
    jobs = [job for job in application.job_queue.jobs() if due_of(job) is not None]
    return sorted(jobs, key=lambda job: (due_of(job), job.name or ""))


async def run_due_jobs(application: GuandanApplication, now: datetime, *, limit: int = 10_000) -> int:
    """Run every job due at ``now`` (including jobs those runs schedule for ``now`` or earlier); how many ran."""
    ran = 0
    while ran < limit:
        due = [job for job in scheduled(application) if (due_of(job) or now) <= now]
        if not due:
            return ran
        job = due[0]
        job.schedule_removal()  # a date job leaves the scheduler when it fires
        await job.run(application)
        ran += 1
    raise RuntimeError(f"more than {limit} jobs ran at {now.isoformat()}: a job keeps rescheduling itself")
