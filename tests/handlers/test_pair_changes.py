"""Pairs who leave, arrive late or change places after the draw of a Swiss tournament: /withdraw (退赛),
/reinstate (恢复), an organiser's late /signup, /swap (交换) — and their refusals in groups and knockouts."""

from __future__ import annotations

from bot.ruleset.scoring import Side
from bot.tournament.matches import MatchState
from bot.tournament.points_stage import points_standings
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def swiss(club: Club, pairs: int, rounds: int = 4) -> None:
    await club.say(club.admin, "/new 周五杯")
    for setting in ("/set format swiss", f"/set rounds {rounds}", "/set time_limit 50"):
        await club.say(club.admin, setting)
    await club.sign_up_singles(2 * pairs)
    await club.say(club.admin, "/draw")


async def decide_round(club: Club) -> list[str]:
    event = (await club.state()).points_stage
    assert event is not None
    lines = "\n".join(f"{match.table} A+ 9" for match in event.playable())
    return await club.say(club.admin, f"/result {lines}")


def paired(event: object, number: int) -> set[int]:
    return {team.team_id for match in event.table_matches(number)  # type: ignore[attr-defined]
            for team in (match.left, match.right)} | {team.team_id for team in event.byes(number)}  # type: ignore[attr-defined]


async def test_a_pair_withdraws_its_open_table_is_a_walkover_and_it_is_not_paired_again(club: Club) -> None:
    await swiss(club, 6)
    await decide_round(club)
    event = (await club.state()).points_stage
    assert event is not None and event.current_round == 2
    match = event.table_matches(2)[0]
    leaving = match.left
    assert leaving is not None
    player = club.seat(match, Side.LEFT)
    replies = await club.say(club.admin, f"/withdraw {player.display_name}")
    assert f"{leaving.name} 退赛：从第 3 轮起不再编排" in replies[0]
    assert "对方弃权" in replies[1] or "弃权" in replies[1], replies
    state = await club.state()
    assert state.points_stage is not None and state.points_stage.match(match.match_id).state is MatchState.CONFIRMED
    await decide_round(club)
    state = await club.state()
    assert state.points_stage is not None and state.points_stage.current_round == 3
    assert leaving.team_id not in paired(state.points_stage, 3) and len(paired(state.points_stage, 3)) == 5
    [standings] = [text for text in await club.say(club.member, "/standings") if "排名" in text][:1]
    assert f"{leaving.name}" in standings and "（退赛）" in standings
    assert leaving.team_id in {row.team.team_id for row in points_standings(state.points_stage)}
    # read back from storage the same
    club.bot.services.tournaments.clear()
    assert (await club.state()).points_stage.withdrawn == frozenset({leaving.team_id})  # type: ignore[union-attr]
    # /reinstate: paired again from the next round
    [back] = await club.say(club.admin, f"/reinstate {player.display_name}")
    assert "从第 4 轮起重新编排" in back
    await decide_round(club)
    state = await club.state()
    assert state.points_stage is not None and leaving.team_id in paired(state.points_stage, 4)


async def test_a_member_withdraws_their_own_pair_and_not_another(club: Club) -> None:
    await swiss(club, 4, rounds=3)
    event = (await club.state()).points_stage
    assert event is not None
    first, second = event.table_matches()
    before = await club.fingerprint()
    [refused] = await club.say(club.seat(first, Side.LEFT), f"/withdraw {club.seat(second, Side.LEFT).display_name}")
    assert "只有群主" in refused and await club.fingerprint() == before
    replies = await club.say(club.seat(first, Side.LEFT), "/withdraw")
    assert "退赛：从第 2 轮起不再编排" in replies[0]


async def test_groups_and_knockouts_refuse_with_the_reason(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set format groups")
    await club.sign_up_singles(8)
    await club.say(club.admin, "/draw")
    before = await club.fingerprint()
    for command in ("/swap 选手1 选手3", "/signup 张三 李四"):
        [reply] = await club.say(club.admin, command)
        assert "只用于积分编排" in reply, (command, reply)
    # A group stage takes withdrawals (tests/handlers/test_group_withdrawals.py): a pair still in is not reinstated.
    [reply] = await club.say(club.admin, "/reinstate 选手1")
    assert "没有退赛" in reply
    assert await club.fingerprint() == before


async def test_a_late_pair_plays_from_the_next_round_with_no_points_for_the_one_missed(club: Club) -> None:
    await swiss(club, 5, rounds=3)
    [joined] = await club.say(club.admin, "/signup 张三 李四 unit=财务处")
    assert "张三 / 李四 迟到加入：从第 2 轮起参加编排" in joined and "1 轮记 0 分" in joined
    state = await club.state()
    assert state.points_stage is not None and len(state.points_stage.teams) == 6
    late = state.points_stage.teams[-1]
    assert late.unit == "财务处" and late.team_id not in paired(state.points_stage, 1)
    await decide_round(club)
    state = await club.state()
    assert state.points_stage is not None and state.points_stage.current_round == 2
    assert late.team_id in paired(state.points_stage, 2)
    assert len(state.points_stage.table_matches(2)) == 3 and not state.points_stage.byes(2)
    row = next(row for row in points_standings(state.points_stage) if row.team == late)
    assert row.points == 0 and row.played == 0 and row.byes == 0
    [listed] = await club.say(club.member, "/entries")
    assert "张三" in listed
    club.bot.services.tournaments.clear()
    reloaded = await club.state()
    assert reloaded.points_stage is not None and reloaded.points_stage.store == state.points_stage.store
    assert reloaded.points_stage.swiss.lot == state.points_stage.swiss.lot  # type: ignore[union-attr]
    await decide_round(club)
    await decide_round(club)
    [refused] = await club.say(club.admin, "/signup 王五 赵六")
    assert "没有后面的轮次" in refused or "比赛" in refused


async def test_swap_two_pairs_before_a_report_and_a_rematch_needs_confirm(club: Club) -> None:
    await swiss(club, 4, rounds=3)
    event = (await club.state()).points_stage
    assert event is not None
    first, second = event.table_matches()
    a, b = club.seat(first, Side.LEFT), club.seat(second, Side.LEFT)
    [done] = await club.say(club.admin, f"/swap {a.display_name} {b.display_name}")
    assert "交换了位置" in done
    after = (await club.state()).points_stage
    assert after is not None
    assert after.table_matches()[0].left == second.left and after.table_matches()[1].left == first.left
    club.bot.services.tournaments.clear()
    assert (await club.state()).points_stage.store == after.store  # type: ignore[union-attr]
    await club.say(club.seat(after.table_matches()[0], Side.LEFT), f"/result {after.table_matches()[0].table} A+ 9")
    before = await club.fingerprint()
    [refused] = await club.say(club.admin, f"/swap {a.display_name} {b.display_name}")
    assert "已经有人报成绩" in refused and await club.fingerprint() == before
