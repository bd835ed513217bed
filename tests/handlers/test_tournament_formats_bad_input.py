"""Bad input to the Swiss and group formats: a clear reply in the group's language and nothing changed;
a correction of an earlier Swiss round is refused once the next round is under way, and re-pairs it before."""

from __future__ import annotations

import pytest

from tests.handlers.tournament_helpers import DispatchedClub as Club


async def opened(club: Club, pairs: int, *settings: str) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in settings:
        await club.say(club.admin, setting)
    for number in range(pairs):
        await club.say(club.admin, f"/signup 甲{number} 乙{number}")


# (pairs, settings before the draw, drawn first?, the command, a fragment of the reply)
CASES = [
    (4, ("/set format swiss",), True, "/set format knockout", "抽签之后不能再改"),
    (4, ("/set format swiss",), True, "/set rounds 2", "抽签之后不能再改"),
    (9, ("/set format groups",), True, "/set advance 1", "抽签之后不能再改"),
    (4, ("/set format swiss", "/set rounds 5"), False, "/draw", "4 对选手打不了 5 轮积分编排"),
    (8, ("/set format groups", "/set groups 3"), False, "/draw", "8 对选手分不成 3 个小组"),
    (9, ("/set format groups", "/set groups 2", "/set advance 5"), False, "/draw", "每个小组不能出线 5 对"),
    (4, (), False, "/set format league", "不是 format 的有效值"),
    (4, (), False, "/set rounds 0", "不是 rounds 的有效值"),
    (4, (), False, "/set groups many", "不是 groups 的有效值"),
    (4, (), False, "/set advance 99", "不是 advance 的有效值"),
    (5, ("/set format swiss",), True, "/result 9 K A", "没有第 9 桌"),
    (5, ("/set format swiss",), True, "/result 1 K A draw", "已经能看出胜负"),
]


@pytest.mark.parametrize(("pairs", "chosen", "drawn", "command", "fragment"), CASES)
async def test_a_bad_format_choice_is_explained_and_changes_nothing(
        club: Club, pairs: int, chosen: tuple[str, ...], drawn: bool, command: str, fragment: str) -> None:
    await opened(club, pairs, *chosen)
    if drawn:
        await club.say(club.admin, "/draw")
    before = await club.fingerprint()
    replies = await club.say(club.admin, command)
    assert len(replies) == 1 and fragment in replies[0], replies
    assert await club.fingerprint() == before


async def play_round_one(club: Club) -> None:
    state = await club.state()
    assert state.points_stage is not None
    for match in state.points_stage.playable():
        await club.say(club.admin, f"/result {match.table} K A")


async def test_a_correction_after_the_next_round_started_waits_for_its_confirmation(club: Club) -> None:
    await opened(club, 6, "/set format swiss", "/set rounds 3", "/set time_limit 50")  # "K A" ends a timed match
    await club.say(club.admin, "/draw")
    await play_round_one(club)
    state = await club.state()
    assert state.points_stage is not None and state.points_stage.current_round == 2
    first = state.points_stage.table_matches(2)[0]
    player = club.admin
    await club.say(player, f"/result {first.table} 10 J")  # the organiser decides a table of round 2
    before = await club.fingerprint()
    [reply] = await club.say(club.admin, "/result 1-1 A K")
    assert "第 1 轮之后的轮次已经有成绩" in reply and "/result 1-1 A K 确认" in reply
    assert await club.fingerprint() == before


async def test_a_correction_before_the_next_round_starts_re_pairs_it(club: Club) -> None:
    await opened(club, 6, "/set format swiss", "/set rounds 3", "/set time_limit 50")  # "K A" ends a timed match
    await club.say(club.admin, "/draw")
    await play_round_one(club)
    before = await club.state()
    assert before.points_stage is not None and before.points_stage.current_round == 2
    replies = await club.say(club.admin, "/result 1-1 A K")
    assert any("已更正" in reply for reply in replies) and any("重新编排" in reply for reply in replies), replies
    after = await club.state()
    assert after.points_stage is not None and after.points_stage.current_round == 2
    assert after.points_stage.swiss is not None
    corrected = after.points_stage.swiss.round(1).table(1).result
    assert corrected is not None and str(corrected) == "A K"
    assert len(after.points_stage.table_matches(2)) == 3
    assert all(match.state.open for match in after.points_stage.table_matches(2))
    # The stored event reads back as the engine holds it.
    services = club.bot.services
    services.tournaments.clear()
    reloaded = await club.state()
    assert reloaded.points_stage is not None and reloaded.points_stage.store == after.points_stage.store
