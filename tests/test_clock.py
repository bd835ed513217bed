from datetime import UTC, datetime, timedelta

from bot.clock import shifted_clock, system_clock


def test_a_shifted_clock_runs_ahead_by_its_offset() -> None:
    assert shifted_clock(timedelta(0)) is system_clock
    ahead = shifted_clock(timedelta(hours=3))()
    assert ahead.tzinfo is UTC
    assert abs(ahead - datetime.now(UTC) - timedelta(hours=3)) < timedelta(seconds=5)
