"""Results from twenty tables at once: one ``/result`` message with a line per table (or ``;``),
``/confirm all`` and ``/confirm 5 6 8`` — each line recorded or refused with its reason, a refused line changing
nothing and not stopping the others, all of it one transaction and one reply. Driven through the dispatcher
(``tests.handlers.tournament_helpers.DispatchedClub``): the same on every platform."""

from __future__ import annotations

import pytest

from bot.ruleset.scoring import Side
from bot.tournament.matches import MatchState
from handlers.commands.results.results import result_lines
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def swiss(club: Club, tables: int = 4) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set format swiss")
    await club.say(club.admin, "/set time_limit 50")
    await club.sign_up_singles(4 * tables)
    await club.say(club.admin, "/draw")


async def states(club: Club) -> dict[int, MatchState]:
    event = (await club.state()).points_stage
    assert event is not None
    return {match.table or 0: match.state for match in event.table_matches()}


def test_lines_are_cut_at_line_breaks_and_semicolons_but_not_between_the_words_of_one_result() -> None:
    assert result_lines("3 A+ 10; 4 K A+；5 forfeit left\n\n 6 2 A+ ") == ["3 A+ 10", "4 K A+", "5 forfeit left",
                                                                          "6 2 A+"]
    assert result_lines("2；A+；10") == ["2;A+;10"]  # a Chinese keyboard's separators between words: one result
    assert result_lines("2 A+ 10") == ["2 A+ 10"]


async def test_an_official_enters_a_round_in_one_message_and_a_bad_line_stops_nothing(club: Club) -> None:
    await swiss(club)
    [reply] = await club.say(club.admin, "/result 1 A+ 10; 2 K A+\n9 A+ K\n3 forfeit left\n4 A+ X")
    assert "收到 5 行成绩：记录 3 行，未记录 2 行" in reply
    assert "未记录：第 1 轮没有第 9 桌" in reply and "未记录：“X”不是级数" in reply
    assert await states(club) == {1: MatchState.CONFIRMED, 2: MatchState.CONFIRMED, 3: MatchState.CONFIRMED,
                                  4: MatchState.PENDING}
    replies = await club.say(club.admin, "/result 4 A+ 2\n1 A+ 3 confirm")
    assert "记录 2 行" in replies[0]
    assert any("积分赛第 2 轮" in text for text in replies[1:]), replies  # the round the message completed
    state = await club.state()
    assert state.points_stage is not None and state.points_stage.current_round == 2
    # "1" named table 1 of round 1, the round being played when the message came: corrected there, round 2 re-paired
    assert str(state.points_stage.table_matches(1)[0].games[-1].outcome) == "A+ 3"


async def test_a_player_s_lines_count_only_at_their_own_table(club: Club) -> None:
    await swiss(club)
    event = (await club.state()).points_stage
    assert event is not None
    own, other = event.table_matches()[:2]
    player = club.seat(own, Side.LEFT)
    before = await club.fingerprint()
    [reply] = await club.say(player, f"/result {own.table} K A+; {other.table} A+ K")
    assert "记录 1 行，未记录 1 行" in reply and "你不在这张桌" in reply
    assert (await states(club))[own.table or 0] is MatchState.REPORTED
    assert (await states(club))[other.table or 0] is MatchState.PENDING
    assert await club.fingerprint() != before


async def test_confirm_all_confirms_every_reported_table_and_leaves_the_disputed_one(club: Club) -> None:
    await swiss(club, tables=5)
    event = (await club.state()).points_stage
    assert event is not None
    first, second, third, fourth, fifth = event.table_matches()
    for match in (first, second, third, fourth):
        await club.say(club.seat(match, Side.LEFT), f"/result {match.table} A+ 9")
    await club.say(club.seat(fourth, Side.RIGHT), f"/result {fourth.table} A+ 10")  # a different report: disputed
    before = await club.fingerprint()
    [refused] = await club.say(club.seat(fifth, Side.LEFT), "/confirm all")
    assert "只有裁判或组织者" in refused and await club.fingerprint() == before
    [reply] = await club.say(club.admin, "/confirm all")
    assert "一次确认了 3 桌" in reply and f"第 {fourth.table} 桌双方所报不一致" in reply
    assert await states(club) == {1: MatchState.CONFIRMED, 2: MatchState.CONFIRMED, 3: MatchState.CONFIRMED,
                                  4: MatchState.DISPUTED, 5: MatchState.PENDING}
    [nothing] = await club.say(club.admin, "/confirm all")
    assert "没有待确认的桌" in nothing


async def test_confirm_several_tables_and_the_round_that_completes(club: Club) -> None:
    await swiss(club)
    event = (await club.state()).points_stage
    assert event is not None
    for match in event.table_matches():
        await club.say(club.seat(match, Side.LEFT), f"/result {match.table} A+ 9")
    replies = await club.say(club.admin, "/confirm 1 2 9")
    assert "确认了 2 桌（共 3 桌）" in replies[0] and "第 9 桌未确认" in replies[0]
    replies = await club.say(club.admin, "/confirm 3,4")
    assert any("积分赛第 2 轮" in text for text in replies[1:]), replies
    assert (await club.state()).points_stage.current_round == 2  # type: ignore[union-attr]


async def test_results_against_pairs_entered_by_name_wait_for_an_official_and_confirm_all_clears_them(
        club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set format swiss")
    await club.say(club.admin, "/set time_limit 50")
    for number in range(3):
        await club.say(club.admin, f"/signup 张{number} 李{number}")
    await club.sign_up_singles(2)  # the one pair with accounts meets a pair entered by name
    await club.say(club.admin, "/draw")
    event = (await club.state()).points_stage
    assert event is not None
    waiting = []
    for match in event.table_matches():
        sides = [side for side in Side if any(key.startswith("tg:") for key in match.team(side).members)]  # type: ignore[union-attr]
        if len(sides) == 1:
            [reply] = await club.say(club.seat(match, sides[0]), f"/result {match.table} A+ K")
            assert "/confirm all" in reply
            waiting.append(match.table)
        else:
            await club.say(club.admin, f"/result {match.table} A+ K")
    assert len(waiting) == 1
    replies = await club.say(club.admin, "/confirm all")
    assert f"一次确认了 {len(waiting)} 桌" in replies[0]
    assert (await club.state()).points_stage.current_round == 2  # type: ignore[union-attr]


@pytest.mark.parametrize("separator", ["\n", "; "])
async def test_english_lines(club: Club, separator: str) -> None:
    await swiss(club)
    await club.say(club.admin, "/lang en")
    [reply] = await club.say(club.admin, f"/result 1 A+ 10{separator}7 A+ 2")
    assert "2 lines of results: 1 recorded, 1 not recorded" in reply
