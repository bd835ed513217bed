"""Corrections at any time: an official corrects an earlier round of a Swiss or groups tournament; with
results in later rounds it waits for a confirmation; the pairings played stay, the standings are recomputed, a paired
round without results is paired again only when the score groups change, and one message says what changed."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.tournament.matches import MatchState
from bot.tournament.points_stage import points_standings
from tests.handlers.tournament_helpers import DispatchedClub as Club


@pytest.fixture
async def club(settings: Settings, clock: ManualClock) -> AsyncIterator[Club]:
    async with Club.running(settings, clock=clock) as running:
        yield running


async def swiss(club: Club, pairs: int, rounds: int, *settings: str) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set format swiss", f"/set rounds {rounds}", "/set time_limit 50", *settings):
        await club.say(club.admin, setting)
    await club.sign_up_singles(2 * pairs)
    await club.say(club.admin, "/draw")


async def decide_round(club: Club, left: str = "A+", right: str = "9") -> None:
    event = (await club.state()).event
    assert event is not None
    lines = "\n".join(f"{match.table} {left} {right}" for match in event.playable())
    await club.say(club.admin, f"/result {lines}")


async def test_a_correction_of_round_1_after_round_3_has_results_keeps_the_pairings_and_says_what_moved(
        club: Club) -> None:
    await swiss(club, 8, 4)
    for _ in range(3):
        await decide_round(club)
    before = await club.state()
    assert before.event is not None and before.event.current_round == 4
    pairings = [[(m.left, m.right) for m in before.event.table_matches(n)] for n in (1, 2, 3, 4)]
    old_rows = {row.team.team_id: row for row in points_standings(before.event)}
    fingerprint = await club.fingerprint()
    calls = await club.calls(club.admin, "/result 1-1 9 A+")
    assert "第 1 轮之后的轮次已经有成绩" in calls[0].text and await club.fingerprint() == fingerprint
    replies, _answer = await club.tap(club.admin, calls[0], "确认更正")
    message = replies[0].text  # one message says what changed; round 4 (nothing reported) follows, paired again
    assert len(replies) == 2 and "第 4 轮重新编排" in replies[1].text
    assert "第 1 轮第 1 桌 成绩已更正" in message and "原成绩 A+ : 9 → 现在 9 : A+" in message
    after = await club.state()
    assert after.event is not None
    assert [[(m.left, m.right) for m in after.event.table_matches(n)] for n in (1, 2, 3)] == pairings[:3]
    rows = points_standings(after.event)
    moved = [row for row in rows if (old_rows[row.team.team_id].points, old_rows[row.team.team_id].rank)
             != (row.points, row.rank)]
    assert moved
    for row in moved:
        was = old_rows[row.team.team_id]
        assert f"{row.team.name}：{was.points} → {row.points} 分，第 {was.rank} → {row.rank} 名" in message
    # history records it; the export reflects it
    async with club.bot.services.storage.read() as tx:
        kinds = [row[0] for row in await tx.fetch_all("SELECT kind FROM history ORDER BY rowid")]
    assert "result.corrected" in kinds
    sent = {answer.file_name: answer.content
            for answer in await club.bot.answers(club.chat, club.member, "/export")}
    corrected = after.event.table_matches(1)[0]
    assert corrected.left is not None and corrected.right is not None
    assert f"{corrected.left.name},{corrected.right.name},9,A+,right" in sent["matches.csv"].decode("utf-8-sig")


async def test_the_unplayed_round_is_re_paired_only_when_the_score_groups_change(club: Club) -> None:
    await swiss(club, 8, 4, "/set scoring winloss")
    await decide_round(club)
    await decide_round(club)
    state = await club.state()
    assert state.event is not None and state.event.current_round == 3
    round_three = [(m.left, m.right) for m in state.event.table_matches(3)]
    # the same winner by another margin: with win/loss scoring nothing moves between score groups
    replies = await club.say(club.admin, "/result 2-1 A+ 10")
    assert not any("重新编排" in text for text in replies), replies
    same = await club.state()
    assert [(m.left, m.right) for m in same.event.table_matches(3)] == round_three  # type: ignore[union-attr]
    # another winner: round 3 (nothing reported yet) is paired again from the corrected standings
    replies = await club.say(club.admin, "/result 2-1 10 A+")
    assert any("重新编排" in text for text in replies), replies
    after = await club.state()
    assert after.event is not None and after.event.current_round == 3
    assert all(match.state is MatchState.PENDING for match in after.event.table_matches(3))


async def test_a_group_round_correction_after_later_results(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set format groups", "/set groups 1", "/set advance 0", "/set time_limit 50"):
        await club.say(club.admin, setting)
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    await decide_round(club)
    await decide_round(club)
    calls = await club.calls(club.admin, "/result 1-1 9 A+ confirm")
    assert "成绩已更正" in calls[0].text and "原成绩 A+ : 9 → 现在 9 : A+" in calls[0].text
