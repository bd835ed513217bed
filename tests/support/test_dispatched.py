"""The dispatcher-level harness: what a command says, sends and offers comes back recorded, and buttons press."""

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.services.caller import ChatUser
from bot.services.tournament.state import read_state
from bot.tournament.matches import MatchState
from handlers.commands import COMMANDS
from handlers.invocation import Invocation
from handlers.registry import CommandSpec
from storage import history
from tests.support.dispatched import Chat, DispatchedBot
from tests.support.jobs import run_due_jobs_of, scheduled_in

GROUP = Chat.group(-5_000_001, "周五掼蛋")
ORGANISER = ChatUser(11, "老王", "laowang", "zh")
PLAYERS = tuple(ChatUser(100 + number, f"选手{number}", None, "zh") for number in range(1, 5))


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[DispatchedBot]:
    async with DispatchedBot.running(Settings(db_path=tmp_path / "bot.sqlite3"), clock=ManualClock()) as running:
        running.set_admins(GROUP, ORGANISER)
        yield running


async def test_answers_files_and_a_confirm_button_round_trip(bot: DispatchedBot) -> None:
    [opened] = await bot.say(GROUP, ORGANISER, "/new 周五杯")
    assert "周五杯" in opened
    for player in PLAYERS:
        await bot.say(GROUP, player, "/signup")
    await bot.say(GROUP, ORGANISER, "/draw")
    match = (await read_state(bot.services, GROUP.chat_id)).require_bracket().playable()[0]
    left, right = match.left, match.right
    assert left is not None and right is not None
    reporter = next(player for player in PLAYERS if player.key == left.members[0])
    confirmer = next(player for player in PLAYERS if player.key == right.members[0])
    [reported] = await bot.answers(GROUP, reporter, f"/result {match.table} A+ K")
    assert reported.buttons, reported.plain  # Confirm / Dispute under the report
    confirm = next(button for row in reported.buttons for button in row if "确认" in button.label)
    answers, note = await bot.press(GROUP, confirmer, confirm.action)
    assert note is not None and not note.alert and answers
    decided = (await read_state(bot.services, GROUP.chat_id)).require_bracket().match(match.match_id)
    assert decided.state is MatchState.CONFIRMED
    files = [answer for answer in await bot.answers(GROUP, ORGANISER, "/export") if answer.file_name]
    assert files and all(answer.content for answer in files), files


async def test_the_same_delivery_is_answered_once(bot: DispatchedBot) -> None:
    """Each message is a new delivery (a fresh update id); one already handled is not answered again."""
    first = await bot.say(Chat.private(ORGANISER), ORGANISER, "/help")
    assert first
    bot.repeat_next_update_id()
    assert await bot.say(Chat.private(ORGANISER), ORGANISER, "/help") == []


async def test_an_event_written_outside_the_updates_claim_is_caught(tmp_path: Path) -> None:
    """The suite's check (``DispatchedBot.check_claims``): a change made apart from the update's transaction fails."""

    async def apart(call: Invocation) -> None:
        async with call.services.storage.transaction() as tx:  # a second transaction, not the update's
            await history.append(tx, chat_id=GROUP.chat_id, actor="tg:11", kind="test.apart", at=call.services.clock())
        await call.reply("done")

    commands = (*COMMANDS, CommandSpec("apart", apart, listed=False))
    async with DispatchedBot.running(Settings(db_path=tmp_path / "bot.sqlite3"), clock=ManualClock(),
                                     commands=commands) as bot:
        assert bot.check_claims
        with pytest.raises(AssertionError, match="outside its claimed transaction"):
            await bot.say(GROUP, ORGANISER, "/apart")


async def test_timers_fire_as_the_clock_moves_and_their_words_are_recorded(tmp_path: Path) -> None:
    clock = ManualClock(datetime(2026, 5, 1, 9, 0, tzinfo=UTC))  # 17:00 in Shanghai
    async with DispatchedBot.running(Settings(db_path=tmp_path / "bot.sqlite3"), clock=clock, timers=True) as bot:
        bot.set_admins(GROUP, ORGANISER)
        await bot.say(GROUP, ORGANISER, "/new 周五杯")
        await bot.say(GROUP, ORGANISER, "/schedule 1 2026-05-01 19:30")
        assert scheduled_in(bot.announcer) and bot.courier.sent == []
        clock.now = datetime(2026, 5, 1, 11, 30, tzinfo=UTC)
        assert await run_due_jobs_of(bot.announcer, clock.now) >= 2
        assert [chat_id for chat_id, _ in bot.courier.sent] == [GROUP.chat_id] * len(bot.courier.sent)
        assert any("周五杯" in piece for _, piece in bot.courier.sent)
