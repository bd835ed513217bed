"""One bulk message that completes more than one round, through the dispatcher on both engines: every round it
completed is announced — the rounds it started and completed with their results, together with the next round's
tables in one message (quiet in the group) — never only the last round."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.services.caller import ChatUser
from bot.services.tournament.state import TournamentState, read_state
from tests.support.dispatched import Chat, DispatchedBot, organised

GROUP = Chat.group(-4_022_002, "周五掼蛋")
ORGANISER = ChatUser(101, "老王", "laowang", "zh-hans")
PAIRS = [(f"甲{number}", f"乙{number}") for number in range(1, 9)]


@pytest.fixture
async def bot(migrated_target: Path | str) -> AsyncIterator[DispatchedBot]:
    async with organised(migrated_target, GROUP, ORGANISER, clock=ManualClock()) as running:
        yield running


async def say(bot: DispatchedBot, text: str) -> list[str]:
    return await bot.say(GROUP, ORGANISER, text)


async def state(bot: DispatchedBot) -> TournamentState:
    return await read_state(bot.services, GROUP.chat_id)


async def enter(bot: DispatchedBot, *settings: str) -> None:
    await say(bot, "/new 周五杯")
    for setting in ("/set time_limit 50", *settings):
        await say(bot, setting)
    for first, second in PAIRS:
        await say(bot, f"/signup {first} {second}")
    await say(bot, "/draw")


async def test_two_group_rounds_in_one_message_announce_both(bot: DispatchedBot) -> None:
    await enter(bot, "/set format groups", "/set groups 2", "/set advance 2")
    event = (await state(bot)).points_stage
    assert event is not None
    first = [f"{match.table} K 9" for match in event.table_matches(1)]
    second = [f"2-{match.table} 9 K" for match in event.table_matches(2)]
    replies = await say(bot, "/result " + "\n".join(first + second))
    event = (await state(bot)).points_stage
    assert event is not None and event.current_round == 3
    # The lines' reply, then ONE message: round 2 with its results (never posted before), then round 3's tables.
    assert len(replies) == 2, replies
    announced = replies[1]
    assert "第 2 轮" in announced and "第 3 轮" in announced, announced
    assert announced.index("第 2 轮") < announced.index("第 3 轮")
    for match in event.table_matches(2):
        assert match.left is not None and match.right is not None
        assert f"第 {match.table} 桌：{match.left.name} 对 {match.right.name}：" in announced
    for match in event.table_matches(3):
        assert match.left is not None and match.left.name in announced.split("第 3 轮", 1)[1]


async def test_two_knockout_rounds_in_one_message_announce_the_semi_finals_and_the_final(bot: DispatchedBot) -> None:
    await enter(bot)
    bracket = (await state(bot)).require_bracket()
    quarter = [f"{match.table} K 9" for match in bracket.table_matches(1)]
    replies = await say(bot, "/result " + "\n".join([*quarter, "2-1 K 9", "2-2 9 K"]))
    bracket = (await state(bot)).require_bracket()
    assert bracket.current_round == 3
    assert len(replies) == 2, replies
    announced = replies[1]
    assert "半决赛" in announced and "决赛" in announced.split("半决赛", 1)[1], announced
    for match in bracket.table_matches(2):
        assert match.left is not None and match.right is not None
        assert f"{match.left.name} 对 {match.right.name}：" in announced
    [final] = bracket.table_matches(3)
    assert final.left is not None and final.right is not None
    assert final.left.name in announced and final.right.name in announced
