"""Reading the start time organisers type (``2026-05-01 19:30`` in the tournament's zone) into an instant.

:func:`read_start_words` also takes what people say: ``明天 19:30``, ``12-03 19:30`` (this year, or next year once
the day has passed) and a time alone, ``19:30`` (today, or tomorrow once that time has passed); the date and the
time may come in either order, and a missing time or date is named as such.

Wall-clock times that do not exist (the hour skipped when clocks go forward) or exist twice (the hour repeated
when they go back) are refused with what to type instead; a repeated time is chosen by adding its UTC offset
(``+02:00`` / ``+01:00``). Nothing is guessed. A date outside the schedulable window (from today to a year ahead,
:data:`~bot.match_clock.plan.SCHEDULE_HORIZON`) is refused before any arithmetic on it: near the calendar's ends
(year 1, year 9999) a time zone's offset alone would overflow.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
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


class MissingStart(UsageError):
    """Neither a date nor a time was given."""

    key = "schedule.missing_start"


class MissingTime(UsageError):
    """A date without the time of day."""

    key = "schedule.missing_time"


_SHORT_DATE = re.compile(r"^(\d{1,2})[-/.](\d{1,2})$", re.ASCII)
DAY_WORDS: dict[str, int] = {
    "今天": 0, "今日": 0, "today": 0, "明天": 1, "明日": 1, "tomorrow": 1, "后天": 2,
}  # fmt: skip
"""Days counted from today in the tournament's zone."""
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


def _check_window(day: date, value: str, zone: ZoneInfo, now: datetime) -> None:
    """Refuse a day more than a day outside the window from ``now`` to :data:`SCHEDULE_HORIZON` ahead.

    Before any arithmetic on it (a zone's offset alone overflows near the calendar's ends)."""
    today = require_aware(now).date()
    if not today - timedelta(days=2) <= day <= (now + SCHEDULE_HORIZON).date() + timedelta(days=2):
        raise out_of_range(value, zone, now)


def parse_day(text: str, today: date) -> date:
    """A day as organisers type it: a word, a month and day, or a full date.

    ``明天``/``tomorrow`` (and 今天, 后天, today), ``12-03`` (also ``12/3``: the next 3 December from ``today``
    on), or a full date as :func:`parse_date` reads it."""
    word = text.strip().casefold()
    if word in DAY_WORDS:
        return today + timedelta(days=DAY_WORDS[word])
    short = _SHORT_DATE.match(word)
    if short is None:
        return parse_date(text)
    for year in range(today.year, today.year + 5):  # 29 February comes back within four years
        try:
            candidate = date(year, int(short[1]), int(short[2]))
        except ValueError:
            continue
        if candidate >= today:
            return candidate
    raise BadDate(value=text)


def _is_offset(text: str) -> bool:
    return text[:1] in "+-" or text[:3].upper() in {"UTC", "GMT"}


def _is_day(text: str) -> bool:
    return text.strip().casefold() in DAY_WORDS or any(char in text for char in "-/")


def read_start_words(words: Sequence[str], zone: ZoneInfo, now: datetime) -> datetime:
    """What ``/schedule <round> …`` means by the words after the round, as a UTC instant.

    ``[date] time [offset]`` with the date and the time in either order. Without a date the time is today's, or
    tomorrow's once it has passed at ``now``. Raises :class:`MissingStart`, :class:`MissingTime` or the parse errors of
    each part; a date more than a day outside the window from ``now`` to :data:`SCHEDULE_HORIZON` ahead raises
    :class:`StartOutOfRange` before any arithmetic on it (the exact check is the service's, on the instant)."""
    rest = list(words)
    offset_text = rest.pop() if len(rest) >= 3 or (len(rest) == 2 and _is_offset(rest[-1])) else None
    if not rest:
        raise MissingStart()
    today = require_aware(now).astimezone(zone).date()
    if len(rest) == 1:
        [only] = rest
        if _is_day(only) or _DATE.match(only.strip()):
            day = parse_day(only, today)
            raise MissingTime(date=only, example=f"{day.isoformat()} 19:30")
        wall = parse_time(only)
        offset = parse_offset(offset_text) if offset_text is not None else None
        instant = local_instant(today, wall, zone, offset)
        if instant > now:
            return instant
        return local_instant(today + timedelta(days=1), wall, zone, offset)
    day_text, time_text = rest[0], rest[1]
    if ":" in day_text and ":" not in time_text:
        day_text, time_text = time_text, day_text  # 19:30 明天
    offset = parse_offset(offset_text) if offset_text is not None else None
    day, wall = parse_day(day_text, today), parse_time(time_text)
    _check_window(day, f"{day_text} {time_text}", zone, now)
    return local_instant(day, wall, zone, offset)


def read_start(date_text: str, time_text: str, zone: ZoneInfo, offset_text: str | None = None, *,
               now: datetime) -> datetime:
    """What ``/schedule <round> <date> <time> [offset]`` means, as a UTC instant.

    A date more than a day outside the window from ``now`` to :data:`SCHEDULE_HORIZON` ahead raises
    :class:`StartOutOfRange` (the exact check is the service's, on the instant)."""
    offset = parse_offset(offset_text) if offset_text is not None else None
    day, wall = parse_date(date_text), parse_time(time_text)
    _check_window(day, f"{date_text} {time_text}", zone, now)
    return local_instant(day, wall, zone, offset)


def _in_zone(instant: datetime, zone: ZoneInfo) -> tuple[datetime, str]:
    """``instant`` in ``zone``, or in UTC (marked so) when the zone's offset would leave the calendar.

    An instant stored before starts were bounded may lie in year 9999."""
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
