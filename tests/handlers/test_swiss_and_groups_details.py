"""Details of Swiss and groups → knockout evenings, each as an organiser runs it through the chat: the round
after a knockout round announced by its knockout name, the whole field ranked, standings during round one, names
claimed after the draw, units, and who won a mirrored report. ``/help`` says what the bot organises."""

from __future__ import annotations

import csv
import io
import random

from bot.ruleset.scoring import Side
from bot.tournament.points_stage import points_standings
from tests.handlers.tournament_helpers import DispatchedClub as Club


def csv_rows(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


async def groups_into_knockout(club: Club, pairs: int = 14) -> list[str]:
    """``pairs`` pairs in 4 groups, 2 of each into an 8-pair knockout; every group table decided by the organiser.
    The texts of the last reply."""
    rng = random.Random(pairs)
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Spring")
    for setting in ("/set format groups", "/set groups 4", "/set advance 2", "/set time_limit 50"):
        await club.say(club.admin, setting)
    for number in range(pairs):
        await club.say(club.admin, f"/signup A{number} B{number}")
    await club.say(club.admin, "/draw")
    texts: list[str] = []
    for _ in range(3):
        state = await club.state()
        assert state.points_stage is not None and state.bracket is None
        for match in state.points_stage.playable():
            left, right = rng.sample(["K", "A", "10", "A+", "Q"], 2)
            texts = await club.say(club.admin, f"/result {match.table} {left} {right}")
    return texts


async def decide_knockout_round(club: Club) -> list[str]:
    """The organiser decides every open knockout table (the left pair wins); every text the bot sent."""
    state = await club.state()
    bracket = state.require_bracket()
    texts: list[str] = []
    for match in bracket.table_matches(bracket.current_round):
        if match.state.open:
            texts += await club.say(club.admin, f"/result {match.table} A+ 10")
    return texts


async def test_the_rounds_after_the_quarter_finals_are_announced_by_their_knockout_names(club: Club) -> None:
    texts = await groups_into_knockout(club)
    assert any("Quarter-finals" in text for text in texts), texts
    semis = await decide_knockout_round(club)
    assert any("Semi-finals" in text for text in semis), semis
    assert not any("Group round" in text for text in semis), semis
    final = await decide_knockout_round(club)
    assert any("Final" in text for text in final) and not any("Group round" in text for text in final), final


async def test_help_says_the_bot_runs_swiss_and_group_events_too(club: Club) -> None:
    [zh] = await club.say(club.member, "/help")
    assert "积分编排" in zh and "分组循环" in zh
    await club.say(club.admin, "/lang en")
    [en] = await club.say(club.member, "/help")
    assert "Swiss" in en and "round-robin groups" in en


async def test_the_whole_field_is_ranked_after_a_groups_knockout(club: Club) -> None:
    await groups_into_knockout(club)
    for _ in range(3):
        texts = await decide_knockout_round(club)
    final = next(text for text in texts if "final ranking" in text)
    calls = await club.calls(club.member, "/export")
    files = dict((call.file_name, call.content) for call in calls)
    standings = csv_rows(files["standings.csv"])
    header, rows = standings[0], standings[1:]
    assert len(rows) == 14
    ranks = [int(row[0]) for row in rows]
    assert ranks[:4] == [1, 2, 3, 3] or ranks[:4] == [1, 2, 3, 4]
    assert ranks == sorted(ranks) and ranks[8] == 9 and max(ranks) <= 14
    record = [dict(zip(header, row, strict=True)) for row in rows]
    out = record[8:]
    # Below the knockout: group places first (the 3rd places, then the 4th), then group points.
    assert [int(line["rank"]) for line in out] == sorted(int(line["rank"]) for line in out)
    state = await club.state()
    assert state.points_stage is not None
    group_place = {row.name: row.rank for row in points_standings(state.points_stage)}
    places = [group_place[line["name"]] for line in out]
    assert places == sorted(places) and set(places) == {3, 4}
    for earlier, later in zip(out, out[1:], strict=False):
        if group_place[earlier["name"]] == group_place[later["name"]]:
            assert int(earlier["points"]) >= int(later["points"])
            if earlier["rank"] == later["rank"]:
                assert (earlier["points"], earlier["opponent_points"], earlier["level_difference"]) == (
                    later["points"], later["opponent_points"], later["level_difference"])
    for line in out:
        assert f"{line['rank']}. {line['name']}" in final, final


async def test_standings_during_round_one_say_so_and_mark_walkovers_and_byes(club: Club) -> None:
    await club.say(club.admin, "/lang en")
    await club.say(club.admin, "/new Friday")
    for setting in ("/set format swiss", "/set time_limit 50"):
        await club.say(club.admin, setting)
    for number in range(7):
        await club.say(club.admin, f"/signup A{number} B{number}")
    await club.say(club.admin, "/draw")
    [before] = (await club.say(club.member, "/standings"))[:1]
    assert "no results yet" in before and "after round 0" not in before
    state = await club.state()
    assert state.points_stage is not None
    first, second = state.points_stage.table_matches()[:2]
    await club.say(club.admin, f"/result {first.table} forfeit right")
    await club.say(club.admin, f"/result {second.table} A+ 10")
    calls = await club.calls(club.member, "/standings")
    text = calls[0].text
    assert "standings during round 1 (2 of 3 tables in" in text and "after round 0" not in text, text
    assert first.left is not None and second.left is not None
    walkover_line = next(line for line in text.splitlines() if first.left.name in line)
    assert "1 walkover win included" in walkover_line, walkover_line
    [bye] = state.points_stage.byes(1)
    bye_line = next(line for line in text.splitlines() if bye.name in line)
    assert "1 bye" in bye_line and "W-D-L counts the tables played, not byes" in text
    assert any(call.kind == "pictures" for call in calls)


async def test_a_name_claimed_after_a_swiss_draw_plays_as_the_account(club: Club) -> None:
    await club.say(club.admin, "/new 周五积分赛")
    for setting in ("/set format swiss", "/set time_limit 50"):
        await club.say(club.admin, setting)
    await club.say(club.admin, "/signup 小红 小明")
    await club.sign_up_singles(6)
    await club.say(club.admin, "/draw")
    state = await club.state()
    assert state.points_stage is not None
    match = next(match for match in state.points_stage.table_matches()
                 if any(team is not None and team.name == "小红 / 小明" for team in (match.left, match.right)))
    [before] = await club.say(club.member, f"/result {match.table} A+ K")
    assert "你的账号不在这张桌" in before and "/claim 你的名字" in before
    [claimed] = await club.calls(club.member, "/claim 小红")
    replies, _ = await club.tap(club.admin, claimed, "同意认领")
    assert "就是报名名单里的 小红" in replies[0].text
    [mine] = await club.say(club.member, "/mytable")
    assert f"你们在第 {match.table} 桌" in mine, mine
    reported = await club.say(club.member, f"/result {match.table} 赢 A+ K")
    assert "小红 / 小明 报成绩" in reported[0] and "不在这张桌" not in reported[0], reported
    club.bot.services.tournaments.clear()  # read back from storage
    again = await club.state()
    assert again.points_stage is not None
    stored = again.points_stage.match(match.match_id)
    assert any(team is not None and "tg:202" in team.members for team in (stored.left, stored.right))
    assert stored.reports


async def test_unit_sets_the_pairs_unit_and_entries_show_it(club: Club) -> None:
    await club.say(club.admin, "/new 周五积分赛")
    await club.say(club.admin, "/signup 张伟 李娜")
    await club.say(club.admin, "/signup 王五 赵六")
    [done] = await club.say(club.admin, "/unit 张伟 财务处")
    assert done == "✏️ #1 张伟 / 李娜 的单位：无 → 财务处", done
    [by_number] = await club.say(club.admin, "/unit #2 工会")
    assert "#2 王五 / 赵六 的单位：无 → 工会" in by_number
    state = await club.state()
    assert [entry.unit for entry in state.registration.entries] == ["财务处", "工会"]
    [listed] = await club.say(club.member, "/entries")
    assert "#1 张伟 / 李娜 · 财务处" in listed and "#2 王五 / 赵六 · 工会" in listed, listed
    calls = await club.calls(club.member, "/export")
    entries = csv_rows(dict((call.file_name, call.content) for call in calls)["entries.csv"])
    assert [row[2] for row in entries[1:]] == ["财务处", "工会"]
    [unknown] = await club.say(club.admin, "/unit 3 off")
    assert "没有成员叫“3”的报名" in unknown, unknown
    [cleared] = await club.say(club.admin, "/unit 李娜 off")
    assert cleared == "✏️ #1 张伟 / 李娜 的单位：财务处 → 无"


async def test_mirrored_reports_ask_both_pairs_who_won(club: Club) -> None:
    """The right pair writes its own level first (wrong), the left pair then reports correctly: the bot must not
    tell the correct reporter to confirm the wrong report; it asks both pairs who won."""
    await club.say(club.admin, "/new 周五积分赛")
    for setting in ("/set format swiss", "/set time_limit 50"):
        await club.say(club.admin, setting)
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    state = await club.state()
    assert state.points_stage is not None
    match = state.points_stage.table_matches()[0]
    assert match.left is not None and match.right is not None
    # The truth: the right pair won on A+, the left pair ended on K — "K A+" with the left pair first.
    await club.say(club.seat(match, Side.RIGHT), f"/result {match.table} A+ K")  # its own level first: wrong
    [asked] = await club.calls(club.seat(match, Side.LEFT), f"/result {match.table} K A+")
    assert "谁赢了" in asked.text and "确认对方" not in asked.text and "/confirm" not in asked.text, asked.text
    labels = [label for row in asked.rows() for label, _ in row]
    assert labels == [f"🏆 {match.left.name} 胜", f"🏆 {match.right.name} 胜"]
    # The left pair answers with the button: the right pair won; its answer replaces the mirrored report.
    replies, _ = await club.tap(club.seat(match, Side.LEFT), asked, f"{match.right.name} 胜")
    assert "K : A+" in replies[0].text and replies[0].text.startswith("📝"), replies[0].text
    now = (await club.state()).points_stage.match(match.match_id)  # type: ignore[union-attr]
    assert [report.outcome.text for report in now.reports] == ["K A+"]
    # The right pair answers too, in words: we won. The two answers agree: confirmed, K : A+ for the right pair.
    [done] = await club.say(club.seat(match, Side.RIGHT, 1), f"/result {match.table} 赢")
    assert done.startswith("✅") and "K : A+" in done, done
    decided = (await club.state()).points_stage.match(match.match_id)  # type: ignore[union-attr]
    assert decided.state.decided and decided.games[-1].outcome.winner is Side.RIGHT


async def test_who_won_needs_a_report_with_levels(club: Club) -> None:
    await club.say(club.admin, "/new 周五积分赛")
    for setting in ("/set format swiss", "/set time_limit 50"):
        await club.say(club.admin, setting)
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    state = await club.state()
    assert state.points_stage is not None
    match = state.points_stage.table_matches()[0]
    before = await club.fingerprint()
    [refused] = await club.say(club.seat(match, Side.LEFT), f"/result {match.table} 赢")
    assert "请连级数一起报" in refused and await club.fingerprint() == before
