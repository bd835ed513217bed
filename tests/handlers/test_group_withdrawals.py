"""A pair that withdraws within a round-robin group stage, through the dispatcher on both engines: its unplayed
tables are walkovers for its opponents, it is last in its group and never goes on; ``/set withdrawn_results void``
makes every result against it count for nobody (seed 002); ``/reinstate`` gives its later tables back."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.services.caller import ChatUser
from bot.services.tournament.state import TournamentState, read_state
from bot.tournament.matches import Match, MatchState
from bot.tournament.outcome import OutcomeKind
from bot.tournament.points_stage import PointsStage, points_standings
from bot.tournament.teams import Team
from tests.support.dispatched import Chat, DispatchedBot, organised

GROUP = Chat.group(-4_022_001, "周五掼蛋")
ORGANISER = ChatUser(101, "老王", "laowang", "zh-hans")
PAIRS = [(f"甲{number}", f"乙{number}") for number in range(1, 9)]
WIN, LOSS, WALKOVER = 3, 1, 3
"""场分 (3-2-1) as the national rules give it: what the test counts, independently of the bot."""


@pytest.fixture
async def bot(migrated_target: Path | str) -> AsyncIterator[DispatchedBot]:
    async with organised(migrated_target, GROUP, ORGANISER, clock=ManualClock()) as running:
        yield running


async def say(bot: DispatchedBot, text: str) -> list[str]:
    return await bot.say(GROUP, ORGANISER, text)


async def state(bot: DispatchedBot, *, reload: bool = False) -> TournamentState:
    if reload:  # read back from the database, not the cache
        bot.services.tournaments.clear()
    return await read_state(bot.services, GROUP.chat_id)


async def event_of(bot: DispatchedBot, *, reload: bool = False) -> PointsStage:
    event = (await state(bot, reload=reload)).points_stage
    assert event is not None
    return event


async def draw_groups(bot: DispatchedBot, *extra: str) -> None:
    """Eight pairs entered by name in two groups of four, the best two of each into a knockout, on 场分."""
    await say(bot, "/new 周五循环赛")
    for setting in ("/set format groups", "/set groups 2", "/set advance 2", "/set time_limit 50",
                    "/set scoring 3-2-1", *extra):
        await say(bot, setting)
    for first, second in PAIRS:
        await say(bot, f"/signup {first} {second}")
    await say(bot, "/draw")


def left_wins(matches: tuple[Match, ...]) -> str:
    """Bulk results: the left pair wins every table given, K to 9."""
    return "\n".join(f"{match.table} K 9" for match in matches)


def team_of(event: PointsStage, team_id: int) -> Team:
    return next(team for team in event.teams if team.team_id == team_id)


def group_of(event: PointsStage, team: Team) -> tuple[Team, ...]:
    assert event.groups is not None
    return next(group for group in event.groups.groups if team in group)


def expected_points(event: PointsStage, *, void: frozenset[int] = frozenset()) -> dict[int, int]:
    """Each pair's points from the decided tables as the test reads them (void: tables of these pairs count 0)."""
    points = {team.team_id: 0 for team in event.teams}
    for match in event.store:
        if match.state is not MatchState.CONFIRMED or match.left is None or match.right is None:
            continue
        if {match.left.team_id, match.right.team_id} & void:
            continue
        winner, loser = (match.left, match.right) if match.winning_team == match.left else (match.right, match.left)
        walkover = match.games[-1].outcome.kind is OutcomeKind.FORFEIT
        points[winner.team_id] += WALKOVER if walkover else WIN
        points[loser.team_id] += 0 if walkover else LOSS
    return points


async def export_rows(bot: DispatchedBot, name: str) -> list[dict[str, str]]:
    answers = await bot.answers(GROUP, ORGANISER, "/export")
    content = next(answer.content for answer in answers if answer.file_name == name)
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))


async def test_a_pair_withdraws_in_round_two_its_unplayed_tables_are_walkovers_and_it_does_not_go_on(
    bot: DispatchedBot
) -> None:
    await draw_groups(bot)
    await say(bot, f"/result {left_wins((await event_of(bot)).playable())}")
    event = await event_of(bot)
    assert event.current_round == 2
    # The pair that won round 1 on table 1 leaves: it would have had the points to go on.
    leaving = event.table_matches(1)[0].left
    assert leaving is not None
    own = [match for match in event.store if leaving in (match.left, match.right)]
    assert [match.state for match in own] == [MatchState.CONFIRMED, MatchState.PENDING, MatchState.WAITING]
    replies = await say(bot, f"/withdraw {leaving.name.split(' / ')[0]}")
    assert f"{leaving.name} 在小组赛中退赛：它还没打的 2 场都判对手弃权胜" in replies[0], replies
    assert "与它比赛的成绩都保留" in replies[0] and "不能出线" in replies[0]
    assert any("弃权" in reply for reply in replies[1:]), replies  # the current table's walkover, posted
    event = await event_of(bot)
    after = [event.match(match.match_id) for match in own]
    assert [match.state for match in after] == [MatchState.CONFIRMED] * 3
    assert all(match.winning_team != leaving for match in after[1:])
    assert all(match.games[-1].outcome.kind is OutcomeKind.FORFEIT for match in after[1:])
    assert event.withdrawn == frozenset({leaving.team_id})
    # Round 3's walkover is decided but counts once round 3 starts, as a bye does.
    later = after[2].winning_team
    assert later is not None
    assert next(row for row in points_standings(event) if row.team == later).won == \
        sum(1 for match in event.store if match.round <= 2 and match.winning_team == later)
    # The rest of round 2; round 3 starts without the pair's table (already a walkover).
    await say(bot, f"/result {left_wins(event.playable())}")
    event = await event_of(bot)
    assert event.current_round == 3 and len(event.playable()) == len(event.table_matches(3)) - 1
    assert next(row for row in points_standings(event) if row.team == later).won == \
        sum(1 for match in event.store if match.round <= 3 and match.winning_team == later)
    rows = [row for row in points_standings(event) if row.team in group_of(event, leaving)]
    assert rows[-1].team == leaving and rows[-1].rank == 4
    [standings] = [text for text in await say(bot, "/standings") if "排名" in text][:1]
    assert f"{leaving.name}" in standings and "（退赛）" in standings
    # Read back from the database: the same event.
    reloaded = await event_of(bot, reload=True)
    assert reloaded.store == event.store and reloaded.withdrawn == event.withdrawn
    assert reloaded.current_round == 3 and reloaded.open_matches == event.open_matches
    await say(bot, f"/result {left_wins(reloaded.playable())}")
    final = await state(bot)
    assert final.bracket is not None and final.points_stage is not None
    assert leaving.team_id not in {team.team_id for team in final.bracket.teams}
    assert len(final.bracket.teams) == 4
    # Every point as the test counts it; standings.csv marks the pair and ranks it after everyone.
    counted = expected_points(final.points_stage)
    for row in points_standings(final.points_stage):
        assert row.points == counted[row.team.team_id], row
    exported = await export_rows(bot, "standings.csv")
    by_name = {row["name"]: row for row in exported}
    assert by_name[leaving.name]["withdrawn"] == "1" and exported[-1]["name"] == leaving.name
    assert sum(row["withdrawn"] == "1" for row in exported) == 1
    assert int(by_name[leaving.name]["points"]) == counted[leaving.team_id] == WIN
    # Once the knockout is drawn the group stage is over: refused, nothing changed.
    other = next(team for team in final.points_stage.teams if team.team_id != leaving.team_id)
    [refused] = await say(bot, f"/withdraw {other.name.split(' / ')[0]}")
    assert "小组赛已经结束" in refused
    assert (await event_of(bot, reload=True)).withdrawn == frozenset({leaving.team_id})


async def test_void_counts_no_result_against_the_pair_that_withdrew(bot: DispatchedBot) -> None:
    await draw_groups(bot, "/set withdrawn_results void")
    [shown] = await say(bot, "/settings")
    assert "退赛成绩 取消" in shown
    await say(bot, f"/result {left_wins((await event_of(bot)).playable())}")
    event = await event_of(bot)
    leaving = event.table_matches(1)[0].left
    beaten = event.table_matches(1)[0].right
    assert leaving is not None and beaten is not None
    replies = await say(bot, f"/withdraw {leaving.name.split(' / ')[0]}")
    assert "全部取消" in replies[0], replies
    for _ in range(2):
        await say(bot, f"/result {left_wins((await event_of(bot)).playable())}")
    final = await state(bot, reload=True)
    assert final.points_stage is not None and final.bracket is not None
    counted = expected_points(final.points_stage, void=frozenset({leaving.team_id}))
    rows = {row.team.team_id: row for row in points_standings(final.points_stage)}
    for ident, row in rows.items():
        assert row.points == counted[ident], row
    # The pair it beat lost nothing by it; the pair itself has nothing counted; each of the others in its group
    # played two tables that count.
    assert rows[leaving.team_id].played == 0 and rows[leaving.team_id].points == 0
    assert all(rows[team.team_id].played == 2 for team in group_of(final.points_stage, leaving) if team != leaving)
    matches = await export_rows(bot, "matches.csv")
    voided = [row for row in matches if row["stage"] != "knockout" and leaving.name in (row["left"], row["right"])]
    assert len(voided) == 3 and all((row["left_points"], row["right_points"]) == ("0", "0") for row in voided)
    standings = {row["name"]: row for row in await export_rows(bot, "standings.csv")}
    assert standings[leaving.name]["withdrawn"] == "1" and standings[leaving.name]["points"] == "0"
    assert standings[beaten.name]["points"] == str(counted[beaten.team_id])


async def test_reinstate_gives_back_the_tables_of_rounds_not_started(bot: DispatchedBot) -> None:
    await draw_groups(bot)
    event = await event_of(bot)
    leaving = event.table_matches(1)[0].left
    assert leaving is not None
    await say(bot, f"/withdraw {leaving.name.split(' / ')[0]}")
    event = await event_of(bot)
    own = [match for match in event.store if leaving in (match.left, match.right)]
    assert all(match.state is MatchState.CONFIRMED for match in own)
    [back] = await say(bot, f"/reinstate {leaving.name.split(' / ')[0]}")
    assert f"{leaving.name} 恢复参赛：第 2 轮起的 2 场比赛重新进行" in back, back
    event = await event_of(bot, reload=True)
    states = [event.match(match.match_id).state for match in own]
    assert states == [MatchState.CONFIRMED, MatchState.WAITING, MatchState.WAITING]
    assert event.withdrawn == frozenset()
    await say(bot, f"/result {left_wins(event.playable())}")
    event = await event_of(bot)
    assert event.current_round == 2 and any(leaving in (match.left, match.right) for match in event.playable())


async def test_the_setting_is_checked_and_locked_at_the_draw(bot: DispatchedBot) -> None:
    await say(bot, "/new 周五循环赛")
    [bad] = await say(bot, "/set withdrawn_results maybe")
    assert "keep|void" in bad
    [done] = await say(bot, "/set 退赛成绩 取消")
    assert "取消" in done
    for first, second in PAIRS:
        await say(bot, f"/signup {first} {second}")
    await say(bot, "/set format groups")
    await say(bot, "/draw")
    [locked] = await say(bot, "/set withdrawn_results keep")
    assert "withdrawn_results" in locked or "退赛成绩" in locked
    assert "取消" in next(text for text in await say(bot, "/settings") if "退赛成绩" in text)
