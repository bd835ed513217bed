"""A reminder counts the minutes left from when it is written: one sent late (the bot was down at its time) says
how long is really left, not the lead it was planned with."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bot.i18n import Language
from bot.match_clock.plan import AnnouncementKind
from bot.presenters.match_clock import announcement_text
from bot.ruleset.variants import TieBreak
from bot.services.match_clock.announcements import AnnouncementFacts
from bot.services.match_clock.board import BoardTournament

TOURNAMENT = BoardTournament(1, -100, "周五杯", ZoneInfo("Asia/Shanghai"), None, next(iter(TieBreak)),
                             timedelta(minutes=2), None, 3, 0, False)
STARTS = datetime(2026, 5, 1, 3, 39, tzinfo=UTC)  # 11:39 in Shanghai
DUE = STARTS - timedelta(minutes=2)


def reminder(written_at: datetime, *, late: bool) -> str:
    facts = AnnouncementFacts(TOURNAMENT, AnnouncementKind.REMINDER, 1, STARTS, DUE, late, written_at=written_at)
    return announcement_text(facts, Language.ZH)


def test_an_on_time_reminder_says_its_lead() -> None:
    assert "还有 2 分钟" in reminder(DUE, late=False)


def test_a_late_reminder_says_the_minutes_really_left() -> None:
    text = reminder(DUE + timedelta(minutes=1), late=True)  # sent at 11:38 for 11:39
    assert "还有 1 分钟" in text and "还有 2 分钟" not in text
    assert "还有 1 分钟" in reminder(DUE + timedelta(seconds=90), late=True)  # 30 s left: rounded up
    assert "还有 0 分钟" in reminder(STARTS + timedelta(seconds=10), late=True)
