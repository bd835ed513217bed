"""The national rules' match points (场分, ``/set scoring 3-2-1``) through the chat: the setting in both names, win 3,
draw 2, loss 1, a bye 3 and a walkover 3 : 0 in the standings and in ``standings.csv``, ranked by the scale's own
tie-breaks (NOTES-EVENTS.md)."""

from __future__ import annotations

import csv
import io

from bot.ruleset.scoring import Side
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def standings_csv(club: Club) -> list[dict[str, str]]:
    sent = {answer.file_name: answer.content
            for answer in await club.bot.answers(club.chat, club.member, "/export")}
    return list(csv.DictReader(io.StringIO(sent["standings.csv"].decode("utf-8-sig"))))


async def test_set_scoring_takes_3_2_1_and_its_chinese_name(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    [bad] = await club.say(club.admin, "/set scoring 4-2-1")
    assert "26|28|winloss|3-2-1" in bad
    [changed] = await club.say(club.admin, "/set 积分 场分")
    assert "场分" in changed
    assert (await club.state()).record.settings.variant().scoring.value == "3-2-1"
    [shown] = await club.say(club.admin, "/settings")
    assert "<code>积分 场分</code>" in shown


async def test_a_swiss_round_on_3_2_1_scores_win_3_draw_2_loss_1_and_a_bye_3(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set format swiss", "/set scoring 3-2-1", "/set time_limit 50"):
        await club.say(club.admin, setting)
    await club.sign_up_singles(10)
    await club.say(club.admin, "/draw")
    event = (await club.state()).points_stage
    assert event is not None
    drawn, decided = event.table_matches()
    [bye] = event.byes(1)
    await club.say(club.admin, f"/result {decided.table} 9 A+")
    await club.say(club.seat(drawn, Side.LEFT), f"/result {drawn.table} K K")
    assert drawn.left and drawn.right and decided.left and decided.right
    rows = await standings_csv(club)  # the draw is reported, not confirmed: round 2 is not paired yet
    points = {row["name"]: int(row["points"]) for row in rows}
    assert points == {drawn.left.name: 0, drawn.right.name: 0, decided.left.name: 1, decided.right.name: 3,
                      bye.name: 3}
    # points, then opponents' points: the winner met a pair on 1, the bye met nobody
    assert [row["name"] for row in rows][:2] == [decided.right.name, bye.name]
    columns = {row["name"]: (row["wins"], row["levels_reached"], row["withdrawn"]) for row in rows}
    assert columns[decided.left.name] == ("0", "7", "0") and columns[decided.right.name] == ("1", "13", "0")
    assert columns[bye.name] == ("1", "0", "0")  # a bye is a round scored as a win, with no levels
    await club.say(club.seat(drawn, Side.RIGHT), f"/confirm {drawn.table}")
    points = {row["name"]: int(row["points"]) for row in await standings_csv(club)}
    assert (points[drawn.left.name], points[drawn.right.name]) == (2, 2)


async def test_a_walkover_on_3_2_1_scores_3_to_0(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set format swiss", "/set scoring 3-2-1"):
        await club.say(club.admin, setting)
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    event = (await club.state()).points_stage
    assert event is not None
    first, second = event.table_matches()
    await club.say(club.admin, f"/result {first.table} forfeit left")
    await club.say(club.admin, f"/result {second.table} A+ 5")
    assert first.left and first.right
    points = {row["name"]: int(row["points"]) for row in await standings_csv(club)}
    assert (points[first.left.name], points[first.right.name]) == (0, 3)


# The unit test's "two tied, head-to-head" group (tests/tournament/test_ranking.py), played through the chat: pairs
# 1 and 2 end on 6 points, 1 beat 2, 2 has the far better net level difference (+12 against −12).
GROUP = {(1, 2): "9 8", (1, 3): "2 A+", (1, 4): "K K", (2, 3): "A+ 2", (2, 4): "K K", (3, 4): "A+ 2"}


async def play_the_group(club: Club, *settings: str) -> list[str]:
    """A group of four on 3-2-1 played to its end with :data:`GROUP`; the pair numbers (1–4) in standings order."""
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set format groups", "/set groups 1", "/set advance 0", "/set scoring 3-2-1",
                    "/set time_limit 50", *settings):
        await club.say(club.admin, setting)
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    event = (await club.state()).points_stage
    assert event is not None
    number = {team.team_id: index for index, team in enumerate(event.teams, start=1)}
    for _ in range(3):
        event = (await club.state()).points_stage
        assert event is not None
        for match in event.playable():
            assert match.left is not None and match.right is not None
            left, right = number[match.left.team_id], number[match.right.team_id]
            levels = GROUP[(left, right)] if left < right else " ".join(reversed(GROUP[(right, left)].split()))
            await club.say(club.admin, f"/result {match.table} {levels}")
    names = {team.name: number[team.team_id] for team in event.teams}
    return [f"{names[row['name']]}" for row in await standings_csv(club)]


async def test_the_group_order_of_3_2_1_puts_the_winner_of_two_tied_pairs_first(club: Club) -> None:
    assert await play_the_group(club) == ["3", "1", "2", "4"]
    standings, *_pictures = await club.say(club.member, "/standings")
    assert ("排名依次看：积分；恰好两对同分时，两对之间的胜负；<b>级差</b>（净积小分" in standings
            and "累积小分（每场己方终局级数减 2 之和，过A 再加 1）；最后按抽签顺序。" in standings)
    assert "· 累积小分 26" in standings  # pair 3: A+, 2 and A+ → 13 + 0 + 13


async def test_set_tiebreak_changes_the_order_and_standings_say_it(club: Club) -> None:
    assert await play_the_group(club, "/set 排名顺序 净积小分、相互胜负") == ["3", "2", "1", "4"]
    await club.say(club.admin, "/lang en")
    standings, *_pictures = await club.say(club.member, "/standings")
    assert ("Order: points; then <b>LD</b> = level difference (own final level minus the opponent's, over the "
            "matches played); then the match between two tied pairs (only when exactly two are tied); then the "
            "draw's lot.") in standings
    assert "levels reached" not in standings


async def test_set_tiebreak_shows_the_order_in_the_chats_words_and_refuses_a_bad_one(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    [changed] = await club.say(club.admin, "/set tiebreak wins, level_difference")
    assert "积分,胜场,净积小分,抽签" in changed
    [shown] = await club.say(club.admin, "/settings")
    assert "<code>排名顺序 积分,胜场,净积小分,抽签</code>" in shown
    before = await club.fingerprint()
    for bad in ("/set tiebreak wins, wins", "/set tiebreak lot, wins", "/set tiebreak wins, points",
                "/set tiebreak height"):
        [refused] = await club.say(club.admin, bad)
        assert "不是 tiebreak 的有效值" in refused and "head_to_head" in refused, refused
    assert await club.fingerprint() == before
    [back] = await club.say(club.admin, "/set tiebreak 默认")
    assert "排名顺序</b> = 默认" in back


async def test_help_set_names_the_scale_and_the_order_in_both_languages(club: Club) -> None:
    chinese = "\n".join(await club.say(club.admin, "/help set"))
    assert "积分 26|28|胜负|场分" in chinese and "<code>/set 排名顺序 相互胜负 净积小分 累积小分</code>" in chinese
    await club.say(club.admin, "/lang en")
    english = "\n".join(await club.say(club.admin, "/help set"))
    assert "scoring 26|28|winloss|3-2-1" in english and "<code>/set scoring 3-2-1</code>" in english
