from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.match_clock.plan import AnnouncementKind, ClockSettings, plan_round, require_aware

START = datetime(2026, 5, 1, 11, 30, tzinfo=UTC)
K = AnnouncementKind


def minutes(value: int) -> timedelta:
    return timedelta(minutes=value)


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        (ClockSettings(), [(K.REMINDER, -30), (K.START, 0)]),
        (ClockSettings(remind=minutes(60)), [(K.REMINDER, -60), (K.START, 0)]),
        (ClockSettings(time_limit=minutes(50)), [(K.REMINDER, -30), (K.START, 0), (K.WARNING, 40), (K.TIME_UP, 50)]),
        (ClockSettings(time_limit=minutes(50), checkin_grace=minutes(15)),
         [(K.REMINDER, -30), (K.START, 0), (K.CHECKIN, 15), (K.WARNING, 40), (K.TIME_UP, 50)]),
        # seed 002: lateness limit 10 minutes, time limit 30: the warning and the check-in call fall together
        (ClockSettings(time_limit=minutes(30), checkin_grace=minutes(20)),
         [(K.REMINDER, -30), (K.START, 0), (K.CHECKIN, 20), (K.WARNING, 20), (K.TIME_UP, 30)]),
        # a limit of 10 minutes or less has no "10 minutes left"
        (ClockSettings(time_limit=minutes(10)), [(K.REMINDER, -30), (K.START, 0), (K.TIME_UP, 10)]),
        (ClockSettings(time_limit=minutes(11)),
         [(K.REMINDER, -30), (K.START, 0), (K.WARNING, 1), (K.TIME_UP, 11)]),
    ],
)
def test_a_round_gets_its_announcements_in_order(settings: ClockSettings,
                                                 expected: list[tuple[AnnouncementKind, int]]) -> None:
    planned = plan_round(3, START, settings)
    assert [(item.kind, (item.due - START) // timedelta(minutes=1)) for item in planned] == expected
    assert {item.round for item in planned} == {3}
    assert all(item.due.tzinfo is UTC for item in planned)


def test_a_start_in_another_zone_is_planned_in_utc() -> None:
    berlin = datetime(2026, 5, 1, 13, 30, tzinfo=ZoneInfo("Europe/Berlin"))
    [reminder, start] = plan_round(1, berlin, ClockSettings())
    assert start.due == START and reminder.due == START - minutes(30)


def test_naive_times_and_round_zero_are_refused() -> None:
    with pytest.raises(ValueError, match="naive"):
        plan_round(1, datetime(2026, 5, 1, 19, 30), ClockSettings())
    with pytest.raises(ValueError, match="round 0"):
        plan_round(0, START, ClockSettings())
    with pytest.raises(ValueError):
        require_aware(datetime(2026, 5, 1))
