"""The players of each table are @-mentioned when a round is posted (one message), and the champion when the event
ends: the same scenario on Telegram (through the dispatcher, rendered as Telegram HTML) and on WeCom (over the
long-connection stand-in, as markdown ``<@userid>``). A pair entered by name is named, never mentioned."""

from __future__ import annotations

from bot.presenters.tournaments import MENTIONS_PER_MESSAGE, called, mentions_fit
from bot.tournament.teams import Team
from tests.support.two_platforms import Evening, evening, parts

__all__ = ["evening"]  # the fixture, run on each platform


def posted(messages: list[str], marker: str) -> str:
    """The one message (WeCom: the one part of the collected reply) with ``marker``, not the bracket's."""
    [found] = [part for part in parts(messages) if marker in part and "🗂" not in part]
    return found


async def test_a_knockout_round_mentions_every_player_and_the_champion(evening: Evening) -> None:
    await evening.say(0, "/new 周五杯")
    for number in range(1, 5):
        await evening.say(number, "/signup")
    drawn = await evening.say(0, "/draw")
    round_one = posted(drawn, "第 1 桌")
    assert all(evening.tag(number) in round_one for number in range(1, 5))  # one message, every player
    assert sum(evening.tag(number) in message for message in drawn for number in range(1, 5)) >= 4
    table = next(line for line in round_one.split("\n") if "第 1 桌" in line)
    left = {number for number in range(1, 5) if evening.tag(number) in table.split(" 对 ")[0]}
    reported = await evening.say(0, "/result 1 A+ 9")  # an organiser's result: the left pair won the final
    head = posted(reported, "冠军").split("\n")[0]
    assert {number for number in range(1, 5) if evening.tag(number) in head} == left and len(left) == 2


async def test_a_swiss_round_mentions_its_players_and_a_named_pair_is_only_named(evening: Evening) -> None:
    await evening.say(0, "/new 周五杯")
    for setting in ("/set format swiss", "/set rounds 1"):
        await evening.say(0, setting)
    for number in range(1, 7):
        await evening.say(number, "/signup")
    await evening.say(0, "/signup 张三 李四")  # a pair entered by name: nobody to notify
    drawn = await evening.say(0, "/draw")
    round_one = posted(drawn, "第 1 桌")
    assert all(evening.tag(number) in round_one for number in range(1, 7))
    assert "张三 / 李四" in round_one


def test_a_crowded_round_is_posted_with_names() -> None:
    """Past :data:`MENTIONS_PER_MESSAGE` people (Telegram shows at most 100 entities a message) nobody is mentioned,
    and a pair entered by name never is."""
    teams = [Team(number, f"A{number} / B{number}", (f"tg:{2 * number}", f"tg:{2 * number + 1}"))
             for number in range(MENTIONS_PER_MESSAGE // 2)]
    assert mentions_fit(teams)
    assert not mentions_fit([*teams, Team(999, "C / D", ("tg:1", "name:d"))])
    assert called(teams[0]) == '<mention key="tg:0">A0</mention> / <mention key="tg:1">B0</mention>'
    assert called(teams[0], mentions=False) == "A0 / B0"
    assert called(Team(7, "张三 / 李四", ("name:张三", "name:李四"))) == "张三 / 李四"
