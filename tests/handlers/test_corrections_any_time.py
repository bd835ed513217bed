"""Corrections at any time: an official corrects an earlier round of a Swiss or groups tournament; with
results in later rounds it waits for a confirmation; the pairings played stay, the standings are recomputed, a paired
round without results is paired again only when the score groups change, and one message says what changed."""

from __future__ import annotations

from bot.i18n import Language
from bot.presenters.points_tables import repaired_changes_text
from bot.tournament.matches import MatchState
from bot.tournament.points_stage import RoundPairings, points_standings
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def swiss(club: Club, pairs: int, rounds: int, *settings: str) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set format swiss", f"/set rounds {rounds}", "/set time_limit 50", *settings):
        await club.say(club.admin, setting)
    await club.sign_up_singles(2 * pairs)
    await club.say(club.admin, "/draw")


async def decide_round(club: Club, left: str = "A+", right: str = "9") -> None:
    event = (await club.state()).points_stage
    assert event is not None
    lines = "\n".join(f"{match.table} {left} {right}" for match in event.playable())
    await club.say(club.admin, f"/result {lines}")


async def test_a_correction_of_round_1_after_round_3_has_results_keeps_the_pairings_and_says_what_moved(
        club: Club) -> None:
    await swiss(club, 8, 4)
    for _ in range(3):
        await decide_round(club)
    before = await club.state()
    assert before.points_stage is not None and before.points_stage.current_round == 4
    pairings = [[(m.left, m.right) for m in before.points_stage.table_matches(n)] for n in (1, 2, 3, 4)]
    old_rows = {row.team.team_id: row for row in points_standings(before.points_stage)}
    fingerprint = await club.fingerprint()
    calls = await club.calls(club.admin, "/result 1-1 9 A+")
    assert "第 1 轮之后的轮次已经有成绩" in calls[0].text and await club.fingerprint() == fingerprint
    replies, _answer = await club.tap(club.admin, calls[0], "确认更正")
    message = replies[0].text  # one message says what changed; round 4 (nothing reported) follows, paired again
    assert len(replies) == 2 and "第 4 轮重新编排" in replies[1].text
    assert "第 1 轮第 1 桌 成绩已更正" in message and "原成绩 A+ : 9 → 现在 9 : A+" in message
    after = await club.state()
    assert after.points_stage is not None
    assert [[(m.left, m.right) for m in after.points_stage.table_matches(n)] for n in (1, 2, 3)] == pairings[:3]
    rows = points_standings(after.points_stage)
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
    corrected = after.points_stage.table_matches(1)[0]
    assert corrected.left is not None and corrected.right is not None
    assert f"{corrected.left.name},{corrected.right.name},9,A+,right" in sent["matches.csv"].decode("utf-8-sig")


async def test_the_unplayed_round_is_re_paired_only_when_the_score_groups_change(club: Club) -> None:
    await swiss(club, 8, 4, "/set scoring winloss")
    await decide_round(club)
    await decide_round(club)
    state = await club.state()
    assert state.points_stage is not None and state.points_stage.current_round == 3
    round_three = [(m.left, m.right) for m in state.points_stage.table_matches(3)]
    # the same winner by another margin: with win/loss scoring nothing moves between score groups
    replies = await club.say(club.admin, "/result 2-1 A+ 10")
    assert not any("重新编排" in text for text in replies), replies
    same = await club.state()
    assert [(m.left, m.right) for m in same.points_stage.table_matches(3)] == round_three  # type: ignore[union-attr]
    # another winner: round 3 (nothing reported yet) is paired again from the corrected standings
    replies = await club.say(club.admin, "/result 2-1 10 A+")
    assert any("重新编排" in text for text in replies), replies
    after = await club.state()
    assert after.points_stage is not None and after.points_stage.current_round == 3
    assert all(match.state is MatchState.PENDING for match in after.points_stage.table_matches(3))


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


async def test_a_re_paired_round_says_only_what_changed(club: Club) -> None:
    await swiss(club, 8, 4, "/set scoring winloss")
    await decide_round(club)
    await decide_round(club)
    before = await club.state()
    assert before.points_stage is not None
    old = {m.table: frozenset((m.left, m.right)) for m in before.points_stage.table_matches(3)}
    replies = await club.say(club.admin, "/result 2-1 10 A+")  # another winner: round 3 is paired again
    [repaired] = [text for text in replies if "第 3 轮重新编排" in text]
    after = await club.state()
    assert after.points_stage is not None
    changed = {m.table for m in after.points_stage.table_matches(3) if old[m.table] != frozenset((m.left, m.right))}
    shown = {m.table for m in after.points_stage.table_matches(3) if f"第 {m.table} 桌：" in repaired}
    assert shown == changed  # the tables that changed, and no other
    if changed:
        assert f"{len(changed)} 桌对阵有变化" in repaired
    else:
        assert "对阵没有变化" in repaired


def test_a_re_pairing_that_changes_nothing_says_so() -> None:
    class Event:
        def table_matches(self, number: int) -> tuple[object, ...]:
            return ()

        def byes(self, number: int) -> tuple[object, ...]:
            return ()

    same = RoundPairings(4, (), ())
    text = repaired_changes_text(None, Event(), same, Language.ZH)  # type: ignore[arg-type]
    assert text == "✏️ 更正改变了第 3 轮后的排名，第 4 轮重新编排后对阵没有变化，照原桌次比赛。"
