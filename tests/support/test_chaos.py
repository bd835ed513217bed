"""A short crash run: the bot process killed twice under traffic while Telegram fails 10 % of the sends and
drops some long polls; nothing acknowledged is missing, nothing is applied twice, no change is lost.
(``benchmarks/chaos.py`` runs the long version: 20 kills.)

The database starts with what an older version could leave behind: a tournament whose round
was scheduled for year 9999, its announcements pending. No timer can hold them; every start-up must skip them
(dropped, logged) instead of dying before polling, for every group."""

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.match_clock.plan import AnnouncementKind
from storage import Storage, announcements, timetable
from tests.support.chaos import ChaosRun
from tests.support.faults import FaultPlan

OLDER_CHAT = -4_000_999


async def left_by_an_older_version(db: Path) -> None:
    storage = Storage(db)
    await storage.open()
    try:
        now = datetime.now(UTC)
        async with storage.transaction() as tx:
            tournament_id = await tx.insert(
                "INSERT INTO tournaments (chat_id, name, mode, creator, settings, created_at, updated_at)"
                " VALUES (?, '旧杯', 'pairs', 'tg:1', '{}', ?, ?) RETURNING tournament_id",
                (OLDER_CHAT, now.isoformat(), now.isoformat()))
            start = datetime(9999, 12, 31, 20, 0, tzinfo=UTC)
            await timetable.set_round_start(tx, tournament_id, 1, OLDER_CHAT, start, "tg:1", now)
            for kind in (AnnouncementKind.REMINDER, AnnouncementKind.START):
                await announcements.add(tx, tournament_id=tournament_id, chat_id=OLDER_CHAT, round_number=1,
                                        kind=kind, due=start, at=now)
    finally:
        await storage.close()


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
def test_kills_and_telegram_faults_lose_nothing_and_apply_nothing_twice(tmp_path: Path) -> None:
    run = ChaosRun(tmp_path, seed=5, groups=3, faults=FaultPlan(send_rate=0.10, poll_drop_rate=0.05, seed=5),
                   stall_seconds=0.5)
    asyncio.run(left_by_an_older_version(run.db_path))
    report = run.run(kills=2, rate=25, seconds_between_kills=(1.2, 2.0), drain_timeout=60)
    assert report.kills == 2 and report.changes_sent > 5 and report.entries > 10
    assert report.ok, report
    assert report.changes_applied == report.changes_sent
    assert sum(report.faults.values()) > 0
    with sqlite3.connect(run.db_path) as connection:
        states = connection.execute("SELECT state FROM announcements WHERE chat_id = ?", (OLDER_CHAT,)).fetchall()
    assert states == [("dropped",), ("dropped",)]
