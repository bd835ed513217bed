"""``/signup @partner unit=…`` keeps the unit: the invitation says it, and once accepted the pair has it (``/entries``
shows it) — one scenario on Telegram (through the dispatcher) and on WeCom (over the long-connection stand-in)."""

from __future__ import annotations

from tests.support.two_platforms import Evening, evening

__all__ = ["evening"]  # the fixture, run on each platform


async def test_an_invitation_with_a_unit_gives_the_pair_its_unit(evening: Evening) -> None:
    await evening.say(0, "/new 周五杯")
    await evening.say(2, "/name 李娜")
    [invited] = await evening.say(1, "/signup @p2 unit=信息中心")
    assert evening.tag(2) in invited and "单位：信息中心" in invited
    [accepted] = await evening.say(2, "/accept")
    assert "李娜" in accepted
    [entries] = await evening.say(0, "/entries")
    [line] = [line for line in entries.split("\n") if "李娜" in line]
    assert "信息中心" in line
    [plain] = await evening.say(3, "/signup @p4")  # without unit=, no unit line
    assert "单位" not in plain


async def pair_up(evening: Evening, inviter: int, partner: int) -> None:
    await evening.say(inviter, f"/signup @p{partner}")
    await evening.say(partner, "/accept")


async def test_a_pair_of_accounts_is_asked_to_confirm_by_mention(evening: Evening) -> None:
    """WeCom players, like Telegram's, have accounts: "还没有关联账号" is never said of them; the other pair, both
    players, is mentioned to confirm."""
    await evening.say(0, "/new 周五杯")
    await pair_up(evening, 1, 2)
    await pair_up(evening, 3, 4)
    await evening.say(0, "/draw")
    [reported] = await evening.say(1, "/result 1 A+ 9")
    assert "还没有关联账号" not in reported
    assert evening.tag(3) in reported and evening.tag(4) in reported


async def test_a_pair_entered_by_name_waits_for_an_official(evening: Evening) -> None:
    await evening.say(0, "/new 周五杯")
    await pair_up(evening, 1, 2)
    await evening.say(0, "/signup 小红 小明")
    await evening.say(0, "/draw")
    [reported] = await evening.say(1, "/result 1 A+ 9")
    assert "小红 / 小明 还没有关联账号" in reported
