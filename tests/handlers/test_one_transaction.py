"""One update, one transaction: a command whose change takes several steps (a setting and the announcements it
re-plans; a round's start and its announcements; the draw's rows; a result and the bracket ...) fails as a whole
when the database refuses a later step. Nothing changed (rows, timers, the record of the update), the reply says
so, and the update's re-delivery then applies it fully, once."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.clock import ManualClock
from bot.i18n import Language, t
from bot.ruleset.scoring import Side
from bot.services.caller import ChatUser
from storage.database import StorageUnavailable
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.jobs import scheduled_in


@pytest.fixture
def timers() -> bool:
    """A command's change includes its announcements' timers."""
    return True


ROUND_1 = datetime(2026, 5, 1, 11, 30, tzinfo=UTC)  # 19:30 in Shanghai; the clock starts at 17:00 there
REFUSED = t("storage.unavailable", Language.ZH)


async def snapshot(club: Club) -> dict[str, Any]:
    """Every row of every table, and the announcement timers."""
    storage = club.bot.services.storage
    tables: dict[str, Any] = {}
    async with storage.read() as tx:
        names = [row[0] for row in await tx.fetch_all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        for name in names:
            rows = await tx.fetch_all(f"SELECT * FROM {name}")  # type: ignore[arg-type]  # names from the schema
            tables[name] = sorted(json.dumps(dict(row), sort_keys=True, default=str) for row in rows)
    tables["timers"] = sorted(job.name or "" for job in scheduled_in(club.bot.announcer))
    return tables


async def events_of(club: Club, update_id: int) -> list[str]:
    async with club.bot.services.storage.read() as tx:
        rows = await tx.fetch_all("SELECT kind FROM history WHERE json_extract(details, '$.update_id') = ?",
                                  (update_id,))
    return [row["kind"] for row in rows]


async def processed(club: Club, update_id: int) -> bool:
    async with club.bot.services.storage.read() as tx:
        return await tx.fetch_one("SELECT 1 FROM processed_updates WHERE update_id = ?", (update_id,)) is not None


async def opened(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")


async def scheduled_round(club: Club) -> None:
    await opened(club)
    await club.say(club.admin, "/schedule 1 2026-05-01 19:30")


async def signed_up(club: Club, players: int = 8) -> None:
    await opened(club)
    await club.sign_up_singles(players)


async def drawn(club: Club, players: int = 8) -> None:
    await signed_up(club, players)
    await club.say(club.admin, "/set checkin 15")
    await club.say(club.admin, "/draw")


async def final_drawn(club: Club) -> None:
    await drawn(club, 4)


async def drawn_with_a_reserve(club: Club) -> None:
    await drawn(club, 5)


async def named_pair(club: Club) -> None:
    await opened(club)
    await club.say(club.admin, "/signup 小红 小明")


async def finished(club: Club) -> None:
    await final_drawn(club)
    await club.say(club.admin, "/result 1 A+ K")


async def substitution(club: Club) -> str:
    state = await club.state()
    [reserve] = state.reserves
    team = state.teams[0]
    leaving = state.name_of(team.members[0])
    return f"/substitute {leaving} {reserve.name}"


@dataclass(frozen=True)
class Case:
    """A command made of several writes, and the write to refuse: one of the last."""

    arrange: Callable[[Club], Awaitable[None]]
    command: str
    refused: str
    """``module.function`` in ``storage`` whose call fails."""
    sender: Callable[[Club], Awaitable[ChatUser]] | None = None
    command_for: Callable[[Club], Awaitable[str]] | None = None
    """The command, when it depends on the arranged state (who the draw made a reserve)."""
    """Who sends the command (default: the administrator)."""


async def at_table_1(club: Club) -> ChatUser:
    """Round 1 opens for check-in (its start 15 minutes ahead); a player of table 1."""
    await club.say(club.admin, "/schedule 1 2026-05-01 19:30")
    clock = club.bot.services.clock
    assert isinstance(clock, ManualClock)
    clock.now = ROUND_1 - timedelta(minutes=15)
    [table_1, *_] = (await club.state()).require_bracket().table_matches(1)
    player = club.seat(table_1, Side.LEFT)
    await club.say(player, "/help")  # seen again at the new time: the intake has nothing to remember then
    return player


CASES = {
    # The bug this guards against: the setting was committed, then the re-plan failed in a transaction of its own.
    "set remind": Case(scheduled_round, "/set remind 45", "announcements.add"),
    "set remind (cancelling the old plan)": Case(scheduled_round, "/set remind 45", "announcements.cancel"),
    "set checkin": Case(scheduled_round, "/set checkin 15", "announcements.add"),
    "set time_limit": Case(scheduled_round, "/set time_limit 50", "announcements.add"),
    "schedule": Case(opened, "/schedule 1 2026-05-01 19:30", "announcements.add"),
    "schedule off": Case(scheduled_round, "/schedule 1 off", "timetable.remove_round_start"),
    "draw": Case(signed_up, "/draw", "tournaments.record_draw"),
    "result deciding the final": Case(final_drawn, "/result 1 A+ 2", "history.append"),
    "here": Case(drawn, "/here", "history.append", sender=at_table_1),
    "lang": Case(opened, "/lang en", "history.append"),
    "referee": Case(opened, "/referee @whistle", "history.append"),
    "cancel": Case(scheduled_round, "/cancel 周五杯", "history.append"),
    "withdraw by name": Case(signed_up, "/withdraw 选手1", "history.append"),
    "undraw": Case(drawn, "/undraw", "tournaments.seal_seed"),
    "substitute": Case(drawn_with_a_reserve, "", "tournament_bracket.replace_reserves", command_for=substitution),
    "claim (an organiser's links at once)": Case(named_pair, "/claim 小红", "tournament_people.resolve_name_claim"),
    "correction after the final, confirmed": Case(finished, "/result 1 K A+ confirm", "history.append"),
}


@pytest.mark.parametrize("name", list(CASES))
async def test_a_refused_step_changes_nothing_and_a_redelivery_applies_it_all(
    club: Club, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    case = CASES[name]
    await case.arrange(club)
    sender = club.admin if case.sender is None else await case.sender(club)
    command = case.command if case.command_for is None else await case.command_for(club)
    before = await snapshot(club)

    async def refuse(*args: object, **kwargs: object) -> None:
        raise StorageUnavailable()

    module, function = case.refused.split(".")
    with monkeypatch.context() as patched:
        patched.setattr(f"storage.{module}.{function}", refuse)
        replies = await club.say(sender, command)
    update_id = club.bot.last_update_id
    assert replies == [REFUSED]
    assert await snapshot(club) == before
    assert not await processed(club, update_id)

    club.bot.repeat_next_update_id()  # the platform delivers it again (after a crash, say)
    replies = await club.say(sender, command)
    assert replies and REFUSED not in replies
    after = await snapshot(club)
    assert after != before and await processed(club, update_id)
    assert await events_of(club, update_id)
    club.bot.repeat_next_update_id()
    assert await club.say(sender, command) == [] and await snapshot(club) == after


async def test_a_failed_re_plan_leaves_the_setting_and_the_reminder_as_they_were(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a club once saw: ``/settings`` showed the new lead, ``/schedule`` the old reminder, and the re-delivery
    was skipped."""
    await scheduled_round(club)

    async def refuse(*args: object, **kwargs: object) -> None:
        raise StorageUnavailable()

    with monkeypatch.context() as patched:
        patched.setattr("storage.announcements.add", refuse)
        assert await club.say(club.admin, "/set remind 45") == [REFUSED]
    refused_update = club.bot.last_update_id
    [settings] = await club.say(club.member, "/settings")
    [listing] = await club.say(club.member, "/schedule")
    assert "提醒 30" in settings and "2026-05-01 19:00 — 赛前提醒及对阵（待发）" in listing

    # Delivered again after the two reads, as the platform would.
    [done] = await club.say(club.admin, "/set remind 45", update_id=refused_update)
    assert "设置已修改" in done
    [settings] = await club.say(club.member, "/settings")
    [listing] = await club.say(club.member, "/schedule")
    assert "提醒 45" in settings and "2026-05-01 18:45 — 赛前提醒及对阵（待发）" in listing
    assert "19:00" not in listing


# A reply that says nothing changed must mean nothing changed. The apology says "nothing took
# effect"; when a failure comes after the update's change was committed, the answer says the change was made.
AFTER_CHANGE = t("registry.apology_after_change", Language.ZH)


def broken(*args: object, **kwargs: object) -> str:
    raise RuntimeError("the answer could not be written")


async def test_a_failure_after_the_commit_says_the_change_was_made(club: Club, monkeypatch: pytest.MonkeyPatch) -> None:
    await opened(club)
    with monkeypatch.context() as patched:
        patched.setattr("handlers.commands.clock.schedule.scheduled_text", broken)
        assert await club.say(club.admin, "/schedule 1 2026-05-01 19:30") == [AFTER_CHANGE]
    [listing] = await club.say(club.member, "/schedule")
    assert "2026-05-01 19:30" in listing


async def test_a_failure_before_any_change_still_says_nothing_changed(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    await opened(club)
    with monkeypatch.context() as patched:
        # forgiving reads the start with read_start_words (hostile's read_start still bounds the other form)
        patched.setattr("handlers.commands.clock.schedule.read_start_words", broken)
        assert await club.say(club.admin, "/schedule 1 2026-05-01 19:30") == [t("registry.apology", Language.ZH)]


async def test_a_press_that_failed_after_its_change_says_it_was_made(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    [announcement] = await club.calls(club.admin, "/new 周五杯")
    with monkeypatch.context() as patched:
        patched.setattr("handlers.commands.buttons.entries_text.announcement", broken)
        _, answer = await club.tap(club.person(1), announcement, "报名")
    assert answer is not None and answer.text == AFTER_CHANGE and answer.alert
    assert "选手1" in (await club.say(club.member, "/entries"))[0]
