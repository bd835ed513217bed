"""Announcements whose time came while the bot was not running, and retrying refused sends.

What happens to an announcement whose time came while the bot was not running, and how long to wait before
trying again when Telegram refuses or cannot be reached."""

from __future__ import annotations

import enum
from datetime import datetime, timedelta

from bot.match_clock.plan import require_aware

DEFAULT_LATE_GRACE = timedelta(minutes=10)
"""Missed by less than this: still sent, marked late. Missed by more: dropped (and logged)."""

RETRY_AFTER_MARGIN = timedelta(seconds=1)
NETWORK_BACKOFF_FIRST = timedelta(seconds=1)
NETWORK_BACKOFF_MAX = timedelta(seconds=60)


class Catchup(enum.StrEnum):
    AHEAD = "ahead"  # not due yet: wait for it
    LATE = "late"  # missed by at most the grace: send now, say it is late
    DROP = "drop"  # missed by more: too late to be useful


def catch_up(due: datetime, now: datetime, grace: timedelta = DEFAULT_LATE_GRACE) -> Catchup:
    """At start-up, for a pending announcement due at ``due``.

    Exactly at ``due`` counts as missed (late by nothing), exactly ``grace`` late is still sent."""
    lateness = require_aware(now) - require_aware(due)
    if lateness < timedelta(0):
        return Catchup.AHEAD
    return Catchup.LATE if lateness <= grace else Catchup.DROP


def retry_delay(failures: int, retry_after: timedelta | None = None) -> timedelta:
    """How long to wait after the ``failures``-th failed attempt in a row (1, 2, ...).

    Telegram's ``retry_after`` is obeyed (plus a margin); otherwise (network errors, 5xx) the wait doubles from
    ``NETWORK_BACKOFF_FIRST`` up to ``NETWORK_BACKOFF_MAX``. Never a reason to give up: announcements are delayed,
    not dropped.
    """
    if retry_after is not None:
        return max(retry_after, timedelta(0)) + RETRY_AFTER_MARGIN
    doubled = NETWORK_BACKOFF_FIRST * (1 << min(max(failures, 1) - 1, 16))
    return min(doubled, NETWORK_BACKOFF_MAX)
