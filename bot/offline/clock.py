"""A clock that moves only when told (tests, simulations)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class ManualClock:
    def __init__(self, start: datetime = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        """``clock.advance(minutes=3)``."""
        self.now += timedelta(**delta)
