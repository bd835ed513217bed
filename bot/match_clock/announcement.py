"""One announcement the bot has to make, as it is kept.

The database is the source of truth for what the bot still has to say, and when (``storage.announcements``).

A row starts ``pending``; it ends ``sent`` (on time), ``late`` (sent after a restart, marked late), ``dropped``
(missed by too much, or the chat refused it for good) or ``cancelled`` (its schedule changed). Only pending rows
change.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime

from bot.match_clock.plan import AnnouncementKind


class AnnouncementState(enum.StrEnum):
    PENDING = "pending"
    SENT = "sent"
    LATE = "late"
    DROPPED = "dropped"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class Announcement:
    announcement_id: int
    tournament_id: int
    chat_id: int
    round: int
    kind: AnnouncementKind
    due: datetime
    state: AnnouncementState
    late: bool
    """Chosen at start-up for a row missed while the bot was down: its text says it is late."""
    attempts: int
    body: str | None
    parts_sent: int
    parts_total: int | None
    part_in_flight: int | None
    """The piece whose request was under way; set at start-up only if the process died during it."""
    last_error: str | None
    sent_at: datetime | None
    claimed_by: str | None = None
    """The worker sending it now (``handlers.claimed_announcer``); ``None`` when no worker holds it."""
    claimed_until: datetime | None = None
    """When the claim lapses unless its worker renews it: a lapsed claim is a worker that died."""
    retry_at: datetime | None = None
    """When a claiming worker tries it again after it was not accepted (``None``: at ``due``)."""
    failures: int = 0
    """Claimed attempts that were not accepted, in a row (for the backoff)."""

    @property
    def next_attempt(self) -> datetime:
        """When a claiming worker tries it next."""
        return self.due if self.retry_at is None else self.retry_at

    @property
    def job_id(self) -> str:
        """The stable id of its timer in the scheduler."""
        return job_id(self.announcement_id)


def job_id(announcement_id: int) -> str:
    """The stable id of an announcement's timer: re-creating the timer under it never makes two."""
    return f"ann:{announcement_id}"
