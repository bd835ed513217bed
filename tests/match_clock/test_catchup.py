from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.match_clock.catchup import (
    NETWORK_BACKOFF_MAX,
    RETRY_AFTER_MARGIN,
    Catchup,
    catch_up,
    retry_delay,
)

DUE = datetime(2026, 5, 1, 11, 0, tzinfo=UTC)
GRACE = timedelta(minutes=10)


@pytest.mark.parametrize(
    ("seconds_after_due", "expected"),
    [(-3600, Catchup.AHEAD), (-1, Catchup.AHEAD), (0, Catchup.LATE), (5, Catchup.LATE), (600, Catchup.LATE),
     (601, Catchup.DROP), (86_400, Catchup.DROP)],
)
def test_missed_announcements_are_sent_late_within_the_grace_and_dropped_after(
    seconds_after_due: int, expected: Catchup
) -> None:
    assert catch_up(DUE, DUE + timedelta(seconds=seconds_after_due), GRACE) is expected


def test_a_configured_grace_is_used() -> None:
    assert catch_up(DUE, DUE + timedelta(minutes=20), timedelta(minutes=30)) is Catchup.LATE
    assert catch_up(DUE, DUE + timedelta(seconds=1), timedelta(0)) is Catchup.DROP


@pytest.mark.parametrize(
    ("failures", "retry_after", "expected"),
    [(1, None, 1), (2, None, 2), (3, None, 4), (6, None, 32), (7, None, 60), (500, None, 60),
     (1, 5, 6), (9, 30, 31), (1, 0, 1)],
)
def test_retry_delays(failures: int, retry_after: int | None, expected: int) -> None:
    wait = None if retry_after is None else timedelta(seconds=retry_after)
    assert retry_delay(failures, wait) == timedelta(seconds=expected)


@given(st.integers(min_value=1, max_value=10_000))
def test_network_backoff_grows_and_stays_bounded(failures: int) -> None:
    assert timedelta(0) < retry_delay(failures) <= retry_delay(failures + 1) <= NETWORK_BACKOFF_MAX


@given(st.integers(min_value=0, max_value=86_400))
def test_telegrams_retry_after_is_always_obeyed(seconds: int) -> None:
    assert retry_delay(3, timedelta(seconds=seconds)) == timedelta(seconds=seconds) + RETRY_AFTER_MARGIN
