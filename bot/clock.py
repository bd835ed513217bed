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


class ManualClock:
    """A clock that moves only when told (tests, the demo's simulated evening)."""

    def __init__(self, start: datetime = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        """``clock.advance(minutes=3)``."""
        self.now += timedelta(**delta)
