"""Whole tournaments on the dispatcher: sign-up, draw, every table, champion; nothing lost across a restart."""

import random
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.ruleset.scoring import Side
from bot.tournament.record import TournamentStatus
from bot.tournament.standings import standings
from tests.handlers.tournament_helpers import DispatchedClub as Club
from tests.support.bracket_invariants import check_bracket
from tests.support.dispatched import DispatchedBot


async def finish(club: Club, seed: int, *, by_players: bool = True) -> None:
    texts = await club.play_to_the_end(random.Random(seed), by_players=by_players)
    assert "圆满结束" in texts[-1]
    state = await club.state()
    bracket = state.require_bracket()
    assert state.record.status is TournamentStatus.FINISHED and bracket.champion is not None
    assert check_bracket(bracket) == []
    table = standings(bracket)
    assert table.finished and table.placings[0].team == bracket.champion


@pytest.mark.parametrize(("pairs", "singles"), [(2, 0), (3, 2), (5, 4), (8, 6)])
async def test_pairs_mode_with_singles_by_lot_played_by_the_players(club: Club, pairs: int, singles: int) -> None:
    await club.say(club.admin, "/new 周五杯")
    registered = pairs - singles // 2
    for number in range(registered):
        first, second = club.person(2 * number + 1), club.person(2 * number + 2, username=f"p{number}")
        await club.say(second, "/start")
        await club.say(first, f"/signup @p{number}")
        await club.say(second, "/accept")
    await club.sign_up_singles(singles, start=2 * registered + 1)
    calls = await club.calls(club.admin, "/draw")
    assert f"共 {pairs} 对" in calls[1].text
    state = await club.state()
    assert len(state.teams) == pairs and state.reserves == ()
    await finish(club, pairs)


@pytest.mark.parametrize("pairs", [13, 33])
async def test_big_brackets_decided_by_the_organiser(club: Club, pairs: int) -> None:
    await club.say(club.admin, "/new 大赛")
    for number in range(1, pairs + 1):
        await club.say(club.admin, f"/signup 甲{number} 乙{number}")
    await club.say(club.admin, "/draw")
    bracket = (await club.state()).require_bracket()
    assert len(bracket.teams) == pairs and bracket.byes == bracket.size - pairs
    await finish(club, pairs, by_players=False)


@pytest.mark.parametrize(("men", "women"), [(7, 4), (4, 7)])
async def test_mixed_mode_with_more_men_or_more_women(club: Club, men: int, women: int) -> None:
    await club.say(club.admin, "/new 混双")
    await club.say(club.admin, "/mode mixed")
    for number in range(1, men + women + 1):
        await club.say(club.person(number), "/signup " + ("男" if number <= men else "女"))
    [_, pairs, *_] = await club.say(club.admin, "/draw")
    state = await club.state()
    assert len(state.teams) == 4 and len(state.reserves) == 3
    expected = "m" if men > women else "f"
    assert all(person.gender.value == expected for person in state.reserves)  # type: ignore[union-attr]
    assert "替补（3）" in pairs
    await finish(club, men)


async def test_disputes_corrections_forfeits_walkovers_and_a_playoff(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set third_place playoff")
    await club.say(club.admin, "/set final bo3")
    await club.sign_up_singles(16)
    await club.say(club.admin, "/draw")
    bracket = (await club.state()).require_bracket()
    one, two = bracket.at_table(1), bracket.at_table(2)
    await club.say(club.seat(one, Side.LEFT), "/result 1 K A+")
    [disputed] = await club.say(club.seat(one, Side.RIGHT), "/result 1 A+ Q")
    assert "有争议" in disputed
    await club.say(club.admin, "/result 1 A+ K")
    await club.say(club.seat(two, Side.RIGHT), "/result 2 forfeit both")
    await club.say(club.seat(two, Side.LEFT), "/confirm 2")
    await club.say(club.admin, "/result 3 2 A+")
    [_, quarter] = await club.say(club.admin, "/result 4 forfeit left")
    assert "不战而胜" in quarter
    [corrected] = await club.say(club.admin, "/result 1-3 A+ 2")
    assert corrected.startswith("✏️ 第 1 轮第 3 桌")
    await finish(club, 11, by_players=False)
    bracket = (await club.state()).require_bracket()
    # The semi-final after the walkover had a single pair, so the playoff is a walkover and nobody is fourth.
    assert bracket.round_matches(3)[-1].state.value == "walkover" and bracket.round_matches(3)[0].best_of == 3
    assert [placing.place for placing in standings(bracket).placings[:4]] == [1, 2, 3, 5]


async def test_nothing_is_lost_across_a_restart(tmp_path: Path) -> None:
    settings, clock = Settings(db_path=tmp_path / "club.sqlite3"), ManualClock()
    async with Club.running(settings, clock=clock) as club:
        await club.say(club.admin, "/new 周五杯")
        await club.sign_up_singles(8)
        await club.say(club.admin, "/draw")
        match = (await club.state()).require_bracket().at_table(1)
        [report] = await club.calls(club.seat(match, Side.LEFT), "/result 1 K A+")
        before = await club.state()
    async with DispatchedBot.running(settings, clock=clock) as bot:
        again = Club(bot, people=club.people)
        bot.set_admins(again.chat, again.admin)
        assert await again.state() == before
        replies, answer = await again.tap(again.seat(match, Side.RIGHT), report, "确认")
        assert "✅ 第 1 桌" in replies[0].text and answer is not None and answer.text == "完成 ✅"
        await finish(again, 3)

