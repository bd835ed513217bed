from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.errors import GuandanError
from bot.match_clock.local_time import (
    AmbiguousLocalTime,
    BadDate,
    BadOffset,
    BadTime,
    NonexistentLocalTime,
    OffsetNotInZone,
    StartOutOfRange,
    clock_text,
    format_offset,
    local_text,
    parse_date,
    parse_offset,
    parse_time,
    read_start,
)

SHANGHAI = ZoneInfo("Asia/Shanghai")
BERLIN = ZoneInfo("Europe/Berlin")


@pytest.mark.parametrize(("text", "expected"), [
    ("2026-05-01", date(2026, 5, 1)), ("2026/5/1", date(2026, 5, 1)), ("2026.05.01", date(2026, 5, 1)),
    ("2028-02-29", date(2028, 2, 29)),
])
def test_dates(text: str, expected: date) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["2026-13-01", "2026-02-30", "2027-02-29", "01-05-2026", "tomorrow", "2026-05",
                                  "２０２６-05-01", ""])
def test_bad_dates(text: str) -> None:
    with pytest.raises(BadDate):
        parse_date(text)


@pytest.mark.parametrize(("text", "expected"), [("19:30", time(19, 30)), ("9:05", time(9, 5)),
                                                ("00:00", time(0, 0)), ("23.59", time(23, 59))])
def test_times(text: str, expected: time) -> None:
    assert parse_time(text) == expected


@pytest.mark.parametrize("text", ["24:00", "19:60", "7pm", "1930", "19:3", ""])
def test_bad_times(text: str) -> None:
    with pytest.raises(BadTime):
        parse_time(text)


@pytest.mark.parametrize(("text", "minutes"), [("+02:00", 120), ("+0100", 60), ("+8", 480), ("UTC+8", 480),
                                               ("-05:30", -330), ("GMT-3", -180)])
def test_offsets(text: str, minutes: int) -> None:
    assert parse_offset(text) == timedelta(minutes=minutes)
    assert parse_offset(format_offset(timedelta(minutes=minutes))) == timedelta(minutes=minutes)


NOW = datetime(2025, 12, 1, tzinfo=UTC)
"""Every date above is within a year of it (a start is read against now)."""


@pytest.mark.parametrize("text", ["+15:00", "+02:60", "2", "east", "+"])
def test_bad_offsets(text: str) -> None:
    with pytest.raises(BadOffset):
        parse_offset(text)


@pytest.mark.parametrize(
    ("zone", "day", "clock", "utc"),
    [
        (SHANGHAI, "2026-05-01", "19:30", datetime(2026, 5, 1, 11, 30, tzinfo=UTC)),
        (SHANGHAI, "2026-01-01", "00:15", datetime(2025, 12, 31, 16, 15, tzinfo=UTC)),
        (BERLIN, "2026-03-28", "19:30", datetime(2026, 3, 28, 18, 30, tzinfo=UTC)),  # CET, the day before
        (BERLIN, "2026-03-29", "19:30", datetime(2026, 3, 29, 17, 30, tzinfo=UTC)),  # CEST, the day of
        (BERLIN, "2026-03-29", "03:00", datetime(2026, 3, 29, 1, 0, tzinfo=UTC)),  # first minute after the gap
        (BERLIN, "2026-10-25", "03:00", datetime(2026, 10, 25, 2, 0, tzinfo=UTC)),  # just after the repeat
    ],
)
def test_local_times_become_instants(zone: ZoneInfo, day: str, clock: str, utc: datetime) -> None:
    instant = read_start(day, clock, zone, now=NOW)
    assert instant == utc and instant.tzinfo is UTC
    assert local_text(instant, zone) == f"{day} {clock}" and clock_text(instant, zone) == clock


@pytest.mark.parametrize("clock", ["02:00", "02:30", "02:59"])
def test_a_time_the_clocks_skip_is_refused_with_a_suggestion(clock: str) -> None:
    with pytest.raises(NonexistentLocalTime) as refused:
        read_start("2026-03-29", clock, BERLIN, now=NOW)
    assert refused.value.params["suggestion"] == f"03:{clock[3:]}"
    assert refused.value.params["zone"] == "Europe/Berlin"


def test_a_repeated_time_needs_its_offset() -> None:
    with pytest.raises(AmbiguousLocalTime) as refused:
        read_start("2026-10-25", "02:30", BERLIN, now=NOW)
    assert (refused.value.params["first"], refused.value.params["second"]) == ("+02:00", "+01:00")
    first = read_start("2026-10-25", "02:30", BERLIN, "+02:00", now=NOW)
    second = read_start("2026-10-25", "02:30", BERLIN, "+01:00", now=NOW)
    assert second - first == timedelta(hours=1)
    assert local_text(first, BERLIN) == local_text(second, BERLIN) == "2026-10-25 02:30"


def test_an_offset_the_zone_does_not_use_is_refused() -> None:
    with pytest.raises(OffsetNotInZone) as refused:
        read_start("2026-10-25", "02:30", BERLIN, "+03:00", now=NOW)
    assert refused.value.params["offsets"] == "+02:00 / +01:00"
    with pytest.raises(OffsetNotInZone):
        read_start("2026-05-01", "19:30", SHANGHAI, "+09:00", now=NOW)
    assert read_start("2026-05-01", "19:30", SHANGHAI, "+08:00", now=NOW) == datetime(2026, 5, 1, 11, 30, tzinfo=UTC)


def test_every_refusal_is_a_user_error() -> None:
    for error in (BadDate, BadTime, BadOffset, NonexistentLocalTime, AmbiguousLocalTime, OffsetNotInZone):
        assert issubclass(error, GuandanError) and error.key.startswith("schedule.")


# A date outside the window is refused before any arithmetic (which could overflow).
@pytest.mark.parametrize(
    ("zone", "day"),
    [("Etc/GMT+12", "9999-12-31"), ("Etc/GMT-14", "0001-01-01"), ("UTC", "9999-12-31"),
     ("Asia/Shanghai", "2026-12-05"), ("Asia/Shanghai", "2025-11-20")],
)
def test_a_date_outside_the_window_is_refused(zone: str, day: str) -> None:
    with pytest.raises(StartOutOfRange) as refused:
        read_start(day, "23:00", ZoneInfo(zone), now=NOW)
    assert refused.value.params["value"] == f"{day} 23:00" and refused.value.params["zone"] == zone


def test_instants_the_zone_cannot_show_are_shown_in_utc() -> None:
    """A row stored before starts were bounded: shown, never an OverflowError."""
    end = datetime(9999, 12, 31, 20, 0, tzinfo=UTC)
    assert local_text(end, ZoneInfo("Etc/GMT-14")) == "9999-12-31 20:00 UTC"
    assert clock_text(end, ZoneInfo("Etc/GMT-14")) == "20:00 UTC"
