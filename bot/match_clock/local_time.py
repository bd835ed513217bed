"""Reading the start time organisers type (``2026-05-01 19:30`` in the tournament's zone) into an instant.

Wall-clock times that do not exist (the hour skipped when clocks go forward) or exist twice (the hour repeated
when they go back) are refused with what to type instead; a repeated time is chosen by adding its UTC offset
(``+02:00`` / ``+01:00``). Nothing is guessed. A date outside the schedulable window (from today to a year ahead,
:data:`~bot.match_clock.plan.SCHEDULE_HORIZON`) is refused before any arithmetic on it: near the calendar's ends
(year 1, year 9999) a time zone's offset alone would overflow.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from bot.errors import UsageError
from bot.match_clock.plan import SCHEDULE_HORIZON, require_aware


class BadDate(UsageError):
    key = "schedule.bad_date"


class BadTime(UsageError):
    key = "schedule.bad_time"


class BadOffset(UsageError):
    key = "schedule.bad_offset"


class NonexistentLocalTime(UsageError):
    """The clocks skip this wall time (spring forward)."""

    key = "schedule.nonexistent_time"


class AmbiguousLocalTime(UsageError):
    """The clocks show this wall time twice (fall back)."""

    key = "schedule.ambiguous_time"


class OffsetNotInZone(UsageError):
    key = "schedule.offset_not_in_zone"


class StartOutOfRange(UsageError):
    """A start before today or more than :data:`SCHEDULE_HORIZON` ahead."""

    key = "schedule.out_of_range"


_DATE = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$", re.ASCII)
_TIME = re.compile(r"^(\d{1,2})[:.](\d{2})$", re.ASCII)
_OFFSET = re.compile(r"^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE | re.ASCII)


def parse_date(text: str) -> date:
    """``2026-05-01`` (also ``2026/5/1``, ``2026.05.01``)."""
    match = _DATE.match(text.strip())
    if not match:
        raise BadDate(value=text)
    try:
        return date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        raise BadDate(value=text) from None


def parse_time(text: str) -> time:
    """``19:30`` (also ``9:30``, ``19.30``); 24-hour clock."""
    match = _TIME.match(text.strip())
    if not match:
        raise BadTime(value=text)
    try:
        return time(int(match[1]), int(match[2]))
    except ValueError:
        raise BadTime(value=text) from None


def parse_offset(text: str) -> timedelta:
    """``+02:00``, ``+0200``, ``+2``, ``UTC+8``, ``-05:30``."""
    match = _OFFSET.match(text.strip())
    if not match:
        raise BadOffset(value=text)
    hours, minutes = int(match[2]), int(match[3] or 0)
    if hours > 14 or minutes >= 60:
        raise BadOffset(value=text)
    offset = timedelta(hours=hours, minutes=minutes)
    return -offset if match[1] == "-" else offset


def format_offset(offset: timedelta | None) -> str:
    """``+02:00`` / ``-05:30``."""
    total = int((offset or timedelta(0)).total_seconds()) // 60
    sign = "-" if total < 0 else "+"
    hours, minutes = divmod(abs(total), 60)
    return f"{sign}{hours:02d}:{minutes:02d}"


def local_instant(day: date, wall: time, zone: ZoneInfo, offset: timedelta | None = None) -> datetime:
    """The instant (UTC) when clocks in ``zone`` show ``day wall``.

    ``offset`` picks one of a repeated time's two readings (and must be the zone's offset there in any case).
    Raises :class:`NonexistentLocalTime` in a gap, :class:`AmbiguousLocalTime` for a repeated time without
    ``offset``, :class:`OffsetNotInZone` for an offset the zone does not use at that time.
    """
    naive = datetime.combine(day, wall)
    readings = [naive.replace(tzinfo=zone, fold=fold) for fold in (0, 1)]
    # A wall time exists if reading it with some offset and converting back gives the same wall time.
    existing = [reading for reading in readings if _round_trips(reading, zone)]
    shown = {"date": day.isoformat(), "time": wall.strftime("%H:%M"), "zone": zone.key}
    if not existing:
        after_gap = readings[0].astimezone(UTC).astimezone(zone)
        raise NonexistentLocalTime(**shown, suggestion=after_gap.strftime("%H:%M"))
    offsets = sorted({reading.utcoffset() or timedelta(0) for reading in existing}, reverse=True)
    if offset is None:
        if len(offsets) > 1:
            raise AmbiguousLocalTime(**shown, first=format_offset(offsets[0]), second=format_offset(offsets[1]))
        return existing[0].astimezone(UTC)
    for reading in existing:
        if reading.utcoffset() == offset:
            return reading.astimezone(UTC)
    raise OffsetNotInZone(**shown, offset=format_offset(offset),
                          offsets=" / ".join(format_offset(value) for value in offsets))


def _round_trips(reading: datetime, zone: ZoneInfo) -> bool:
    back = reading.astimezone(UTC).astimezone(zone)
    return back.replace(tzinfo=None) == reading.replace(tzinfo=None) and back.utcoffset() == reading.utcoffset()


def out_of_range(value: str, zone: ZoneInfo, now: datetime) -> StartOutOfRange:
    """The refusal of a start outside the window, saying the window in ``zone``."""
    return StartOutOfRange(value=value, first=local_text(now, zone), last=local_text(now + SCHEDULE_HORIZON, zone),
                           zone=zone.key)


def read_start(date_text: str, time_text: str, zone: ZoneInfo, offset_text: str | None = None, *,
               now: datetime) -> datetime:
    """What ``/schedule <round> <date> <time> [offset]`` means, as a UTC instant. A date more than a day outside
    the window from ``now`` to :data:`SCHEDULE_HORIZON` ahead raises :class:`StartOutOfRange` (the exact check is
    the service's, on the instant)."""
    offset = parse_offset(offset_text) if offset_text is not None else None
    day, wall = parse_date(date_text), parse_time(time_text)
    today = require_aware(now).date()
    if not today - timedelta(days=2) <= day <= (now + SCHEDULE_HORIZON).date() + timedelta(days=2):
        raise out_of_range(f"{date_text} {time_text}", zone, now)
    return local_instant(day, wall, zone, offset)


def _in_zone(instant: datetime, zone: ZoneInfo) -> tuple[datetime, str]:
    """``instant`` in ``zone``, or in UTC (marked so) when the zone's offset would leave the calendar: an instant
    stored before starts were bounded may lie in year 9999."""
    aware = require_aware(instant)
    try:
        return aware.astimezone(zone), ""
    except OverflowError:
        return aware, " UTC"


def local_text(instant: datetime, zone: ZoneInfo) -> str:
    """``2026-05-01 19:30`` in ``zone``."""
    shown, mark = _in_zone(instant, zone)
    return shown.strftime("%Y-%m-%d %H:%M") + mark


def clock_text(instant: datetime, zone: ZoneInfo) -> str:
    """``19:30`` in ``zone``."""
    shown, mark = _in_zone(instant, zone)
    return shown.strftime("%H:%M") + mark
