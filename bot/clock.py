"""Where the time comes from: a callable returning an aware UTC ``datetime`` (injectable for tests)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

Clock = Callable[[], datetime]


def system_clock() -> datetime:
    return datetime.now(UTC)


def shifted_clock(offset: timedelta) -> Clock:
    """The system clock moved by ``offset`` (process-level tests: ``GUANDAN_TEST_CLOCK_OFFSET_SECONDS``)."""
    if not offset:
        return system_clock

    def shifted() -> datetime:
        return datetime.now(UTC) + offset

    return shifted
