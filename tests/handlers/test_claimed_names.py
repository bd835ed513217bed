"""A claim sets the name claimed, on Telegram and on WeCom alike: a member who claims the name an organiser entered
(in the open tournament, or the club's between tournaments) is called by it from then on — unless they chose a name
themselves, or the name is someone else's."""

from __future__ import annotations

from tests.support.two_platforms import Evening, evening

__all__ = ["evening"]  # the fixture, run on each platform


async def current_name(evening: Evening, who: int) -> str:
    [said] = await evening.say(who, "/name")
    return said.split("\n")[0]


async def test_a_claim_confirmed_by_an_organiser_names_the_member(evening: Evening) -> None:
    await evening.say(0, "/new 周五杯")
    await evening.say(0, "/signup 小红 小明")
    assert "小红" not in await current_name(evening, 1)
    await evening.say(1, "/claim 小红")
    assert "小红" not in await current_name(evening, 1)  # waiting for an organiser: not yet
    await evening.say(0, "/claim 小红 confirm")
    assert await current_name(evening, 1) == "我现在称你为 小红。"


async def test_an_organisers_own_claim_names_the_organiser(evening: Evening) -> None:
    await evening.say(0, "/new 周五杯")
    await evening.say(0, "/signup 小红 小明")
    await evening.say(0, "/claim 小明")
    assert await current_name(evening, 0) == "我现在称你为 小明。"


async def test_a_name_chosen_before_is_kept(evening: Evening) -> None:
    await evening.say(0, "/new 周五杯")
    await evening.say(0, "/signup 小红 小明")
    await evening.say(1, "/name 阿红")
    await evening.say(1, "/claim 小红")
    await evening.say(0, "/claim 小红 confirm")
    assert await current_name(evening, 1) == "我现在称你为 阿红。"


async def test_a_name_someone_else_chose_stays_theirs(evening: Evening) -> None:
    await evening.say(0, "/new 周五杯")
    await evening.say(0, "/signup 小红 小明")
    await evening.say(2, "/name 小红")
    await evening.say(1, "/claim 小红")
    [linked] = await evening.say(0, "/claim 小红 confirm")
    assert "小红" in linked  # the claim itself goes through
    assert "小红" not in await current_name(evening, 1)
    assert await current_name(evening, 2) == "我现在称你为 小红。"


async def test_a_claim_on_the_clubs_name_between_tournaments_names_the_member(evening: Evening) -> None:
    await evening.say(0, "/new 一号杯")
    await evening.say(0, "/signup 张三 李四")
    await evening.say(0, "/signup 王五 赵六")
    await evening.say(0, "/draw")
    await evening.say(0, "/result 1 A+ 9")  # the final: the tournament is over, the club knows the names
    [waiting] = await evening.say(1, "/claim 张三")
    assert "张三" in waiting and "张三" not in await current_name(evening, 1)
    await evening.say(0, "/claim 张三 confirm")
    assert await current_name(evening, 1) == "我现在称你为 张三。"
