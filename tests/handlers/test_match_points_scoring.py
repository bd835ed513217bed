"""The national rules' match points (场分, ``/set scoring 3-2-1``) through the chat: the setting in both names, win 3,
draw 2, loss 1, a bye 3 and a walkover 3 : 0 in the standings and in ``standings.csv``, ranked by the scale's own
tie-breaks (NOTES-EVENTS.md)."""

from __future__ import annotations

import csv
import io

from bot.ruleset.scoring import Side
from tests.handlers.tournament_helpers import Club


async def standings_csv(club: Club) -> list[dict[str, str]]:
    sent = {call.files["document"][0]: call.files["document"][1] for call in await club.calls(club.member, "/export")}
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
    event = (await club.state()).event
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
    event = (await club.state()).event
    assert event is not None
    first, second = event.table_matches()
    await club.say(club.admin, f"/result {first.table} forfeit left")
    await club.say(club.admin, f"/result {second.table} A+ 5")
    assert first.left and first.right
    points = {row["name"]: int(row["points"]) for row in await standings_csv(club)}
    assert (points[first.left.name], points[first.right.name]) == (0, 3)
