"""A start far in the future stopped the bot from starting again, for every group.

Every accepted start lies within :data:`~bot.match_clock.plan.SCHEDULE_HORIZON` (a year) of now, checked before
anything is written; a date outside it is refused with what to type, in any time zone, and changes nothing. A reply
that says nothing changed means nothing changed. ``/cancel`` cancels the tournament's pending announcements. Rows
stored by an older version that no timer can hold are shown, and skipped (logged, dropped) at start-up:
``tests/handlers/telegram/test_announcer.py``.

The clock of these tests: 2026-05-01 17:00 in Shanghai (09:00 UTC).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.i18n import Language, t
from bot.match_clock.plan import AnnouncementKind
from storage import announcements, timetable
from tests.handlers.test_one_transaction import snapshot
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.jobs import scheduled_in


@pytest.fixture
def timers() -> bool:
    """The announcements the commands plan get timers."""
    return True


APOLOGY = t("registry.apology", Language.ZH)


def without_the_record_of_updates(tables: dict[str, object]) -> dict[str, object]:
    return {name: rows for name, rows in tables.items() if name != "processed_updates"}


@pytest.mark.parametrize(
    ("zone", "time_limit", "when"),
    [
        ("UTC", None, "9999-12-31 20:00"),  # the issue's: the rows were stored, the reply was the apology
        ("Etc/GMT-14", "1440", "9999-12-30 20:00"),  # 4 rows stored, then /schedule failed for every member
        ("Etc/GMT+12", None, "9999-12-31 23:00"),  # past the calendar's end in UTC
        ("Etc/GMT-14", None, "0001-01-01 00:00"),  # before its start in UTC
        ("Asia/Shanghai", "1440", "2027-05-02 19:00"),  # just over a year ahead
        ("Asia/Shanghai", None, "2000-01-01 19:00"),  # long past
    ],
)
async def test_a_start_outside_the_window_is_refused_and_changes_nothing(
    club: Club, zone: str, time_limit: str | None, when: str
) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, f"/set tz {zone}")
    if time_limit is not None:
        await club.say(club.admin, f"/set time_limit {time_limit}")
    before = without_the_record_of_updates(await snapshot(club))
    [reply] = await club.say(club.admin, f"/schedule 2 {when}")
    assert reply != APOLOGY
    assert "到一年后" in reply or "已经过去" in reply, reply
    assert without_the_record_of_updates(await snapshot(club)) == before
    [listing] = await club.say(club.member, "/schedule")
    assert listing != APOLOGY


async def test_a_start_within_the_year_is_planned(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set tz Etc/GMT-14")
    await club.say(club.admin, "/set time_limit 1440")
    [reply] = await club.say(club.admin, "/schedule 2 2027-04-30 23:59")
    assert "2027-04-30 23:59" in reply
    assert len(scheduled_in(club.bot.announcer)) == 4  # reminder, start, 10 minutes left, time up


async def test_cancel_cancels_the_pending_announcements_and_their_timers(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/schedule 1 2026-05-01 19:30")
    assert scheduled_in(club.bot.announcer)
    await club.say(club.admin, "/cancel 周五杯")
    assert scheduled_in(club.bot.announcer) == []
    async with club.bot.services.storage.read() as tx:
        assert await announcements.pending(tx) == []


async def stored_by_an_older_version(club: Club) -> None:
    """A round starting in year 9999 and its reminder, as the version before the fix stored them."""
    services = club.bot.services
    state = await club.state()
    now = services.clock()
    async with services.storage.transaction() as tx:
        start = datetime(9999, 12, 31, 20, 0, tzinfo=UTC)
        await timetable.set_round_start(tx, state.tournament_id, 2, club.chat_id, start, "tg:101", now)
        for kind, due in ((AnnouncementKind.REMINDER, datetime(9999, 12, 31, 19, 30, tzinfo=UTC)),
                          (AnnouncementKind.START, start)):
            await announcements.add(tx, tournament_id=state.tournament_id, chat_id=club.chat_id, round_number=2,
                                    kind=kind, due=due, at=now)


async def test_rows_an_older_version_stored_are_listed_and_do_not_block_changes(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set tz Etc/GMT-14")
    await stored_by_an_older_version(club)
    [listing] = await club.say(club.member, "/schedule")
    assert listing != APOLOGY and "9999" in listing
    [changed] = await club.say(club.admin, "/set time_limit 1440")
    assert "限时" in changed  # forgiving names the key in the chat's language (time_limit)
    [removed] = await club.say(club.admin, "/schedule 2 off")
    assert removed != APOLOGY
