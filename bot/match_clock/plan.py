"""Which announcements a round gets, and when.

Timing rules from the tournament notices in ``shared/seeds``:

* a time limit per match — "每场比赛限时50分钟" / "限时35分钟" / "每局限时一小时" (seed 000, 002); at the limit
  play stops ("时间结束即封牌") and the higher level wins ("到时如未有打通A者，以最高级者取胜");
* a late-arrival forfeit — "比赛开始后超过15分钟未到赛场视为弃权" (seed 000, 001; seed 002 uses 10 minutes):
  the check-in grace, 15 minutes unless the tournament sets another.

Variant chosen: the bot only *announces*; forfeits are confirmed by a referee (``/result <table> forfeit ...``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

DEFAULT_REMIND = timedelta(minutes=30)
DEFAULT_CHECKIN_GRACE = timedelta(minutes=15)
"""The late-arrival limit of seeds 000 and 001."""
LIMIT_WARNING = timedelta(minutes=10)
"""How long before the time limit the "10 minutes left" warning goes out."""
SCHEDULE_HORIZON = timedelta(days=365)
"""How far ahead a round may be scheduled. A season's timetable fits; every announcement of an
accepted start (at most a day after it) then lies far from the calendar's end in every time zone, so no timer
and no local time can overflow."""


class AnnouncementKind(enum.StrEnum):
    """What an announcement says, in the order a round meets them."""

    REMINDER = "reminder"  # the round's tables and pairs, ``remind`` before the start; check-in opens
    START = "start"  # "round N starts now"
    CHECKIN = "checkin"  # start + grace: tables with a pair missing, a referee decides forfeits
    WARNING = "warning"  # "10 minutes left"
    TIME_UP = "time_up"  # "time is up — finish the current deal, then report levels"


_ORDER = {kind: index for index, kind in enumerate(AnnouncementKind)}


@dataclass(frozen=True, slots=True)
class ClockSettings:
    """A tournament's timing choices."""

    remind: timedelta = DEFAULT_REMIND
    """How long before the start the reminder (tables and pairs) goes out."""
    time_limit: timedelta | None = None
    """Playing time of a match; ``None``: no limit, so no warning and no time-up call."""
    checkin_grace: timedelta | None = None
    """``None``: no check-in. Otherwise pairs check in from the reminder on, and at start + grace the bot lists
    the tables where a pair is missing."""


@dataclass(frozen=True, slots=True)
class PlannedAnnouncement:
    kind: AnnouncementKind
    round: int
    due: datetime
    """Aware, UTC."""


def require_aware(instant: datetime) -> datetime:
    """``instant`` in UTC; a naive datetime is a programming error (its zone would be a guess)."""
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ValueError(f"naive datetime {instant.isoformat()}: pass an aware one")
    return instant.astimezone(UTC)


def within_horizon(start: datetime, now: datetime) -> bool:
    """Whether ``start`` is no more than :data:`SCHEDULE_HORIZON` after ``now``.

    A start in the past is a different refusal."""
    return require_aware(start) <= require_aware(now) + SCHEDULE_HORIZON


def plan_round(round_number: int, start: datetime, settings: ClockSettings) -> tuple[PlannedAnnouncement, ...]:
    """Every announcement of a round starting at ``start``, by due time.

    Ties in the order of :class:`AnnouncementKind`.

    Reminder at ``start - remind``; start; with check-in, the missing-pairs call at ``start + grace``; with a
    time limit, the warning ``LIMIT_WARNING`` before it (only if the limit is longer than that) and the time-up
    call at ``start + limit``.
    """
    if round_number < 1:
        raise ValueError(f"round {round_number} does not exist")
    start = require_aware(start)
    planned = [
        PlannedAnnouncement(AnnouncementKind.REMINDER, round_number, start - settings.remind),
        PlannedAnnouncement(AnnouncementKind.START, round_number, start),
    ]
    if settings.checkin_grace is not None:
        planned.append(PlannedAnnouncement(AnnouncementKind.CHECKIN, round_number, start + settings.checkin_grace))
    if settings.time_limit is not None:
        if settings.time_limit > LIMIT_WARNING:
            planned.append(PlannedAnnouncement(
                AnnouncementKind.WARNING, round_number, start + settings.time_limit - LIMIT_WARNING))
        planned.append(PlannedAnnouncement(AnnouncementKind.TIME_UP, round_number, start + settings.time_limit))
    return tuple(sorted(planned, key=lambda item: (item.due, _ORDER[item.kind])))
