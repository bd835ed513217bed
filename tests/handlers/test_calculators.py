"""The calculators on the dispatcher: /levelup, /tribute and /score, their rule tables, the chat
tournament's settings, and bad input answered with the reason and the usage."""


import pytest

from tests.handlers.conftest import DispatchedGroup as Group
from tests.handlers.test_rules import assert_telegram_html
from tests.handlers.tournament_helpers import DispatchedClub as Club


async def ask(group: Group, text: str) -> str:
    [reply] = await group.say(group.member, text)
    assert_telegram_html(reply)
    return reply


# (finishing order as typed, the line that says who goes up how far)
LEVELUP_TABLE = [
    ("北 南 东 西", "南北赢这副牌，升 3 级（头游的对家第二，双下）；东西不升也不降。"),
    ("N E S W", "南北赢这副牌，升 2 级（头游的对家第三）；东西不升也不降。"),
    ("n w e s", "南北赢这副牌，升 1 级（头游的对家是末游）；东西不升也不降。"),
    ("东 西 北 南", "东西赢这副牌，升 3 级（头游的对家第二，双下）；南北不升也不降。"),
    ("西南东北", "东西赢这副牌，升 2 级（头游的对家第三）；南北不升也不降。"),
    ("1 2", "我方赢这副牌，升 3 级（头游的对家第二，双下）；对方不升也不降。"),
    ("1 3", "我方赢这副牌，升 2 级（头游的对家第三）；对方不升也不降。"),
    ("4 1", "我方赢这副牌，升 1 级（头游的对家是末游）；对方不升也不降。"),
    ("3 4", "对方赢这副牌，升 3 级（头游的对家第二，双下）；我方不升也不降。"),
    ("2 4", "对方赢这副牌，升 2 级（头游的对家第三）；我方不升也不降。"),
    ("2 3", "对方赢这副牌，升 1 级（头游的对家是末游）；我方不升也不降。"),
]


@pytest.mark.parametrize(("order", "result"), LEVELUP_TABLE)
async def test_levelup_rule_table(group: Group, order: str, result: str) -> None:
    reply = await ask(group, f"/levelup {order}")
    lines = reply.splitlines()
    assert lines[0] == "<b>升级</b>" and result in lines
    assert lines[-2].startswith("规则：头游的对家第二（双下）升3级，第三升2级，末游升1级")
    assert lines[-1] == "（本群没有进行中的比赛，按默认规则计算）"


@pytest.mark.parametrize(
    ("words", "line"),
    [
        ("1 2 Q", "从 Q 升到 A（最高到A，不会越过A）。"),
        ("1 3 10", "从 10 升到 Q。"),
        ("北 南 东 西 打J", "从 J 升到 A。"),
        ("1 3 A", "如果这副打的是赢方自己的A：拿到头游且对家不是末游才算过A，这副过A，赢得比赛。"),
        ("1 4 A", "如果这副打的是赢方自己的A：拿到头游且对家不是末游才算过A，这副不算过A，不升级，"
                  "记一次打A不过（累计 3 次不过就退回2重打）。"),
    ],
)
async def test_levelup_from_a_level_and_at_a(group: Group, words: str, line: str) -> None:
    assert line in (await ask(group, f"/levelup {words}")).splitlines()


async def test_levelup_follows_the_tournaments_a_rule(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, "/set a_failures 2")
    reply = await ask(club, "/shengji 1 4 A")
    assert "记一次打A不过（累计 2 次不过就退回2重打）。" in reply
    assert reply.endswith("（按本群比赛的设置计算）")


async def test_levelup_in_english(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "/levelup N S E W")
    assert reply.splitlines()[:3] == [
        "<b>Level-up</b>",
        "Places: N first · S second · E third · W last",
        "North–South win the deal and go up 3 levels (first place's partner second: a double down); "
        "East–West neither go up nor down.",
    ]


@pytest.mark.parametrize(
    ("words", "reason"),
    [
        ("1 1", "“1 1”不是我方的两个名次"),
        ("1 5", "“1 5”不是我方的两个名次"),
        ("北 南 东", "写全四个座位"),
        ("北 北 东 西", "出现了两次"),
        ("x y z w", "座位“x”不认识"),
    ],
)
async def test_levelup_bad_input(group: Group, words: str, reason: str) -> None:
    reply = await ask(group, f"/levelup {words}")
    assert reason in reply.splitlines()[0] and reply.splitlines()[1].startswith("用法：/levelup")


async def test_levelup_without_words_shows_the_usage(group: Group) -> None:
    reply = await ask(group, "/levelup")
    assert "用法：/levelup" in reply


# (finishing order, the lines that must be there)
TRIBUTE_TABLE = [
    ("北 东 南 西", [
        "单下：末游 西 向头游 北 进贡一张手里最大的牌（红桃级牌不用贡）；北 还一张不大于 10 的牌给 西；西 先出。",
        "抗贡：西手里合起来有两张大王就不用进贡，也不还贡，由头游 北 先出。"]),
    ("北 东 西 南", [
        "单下：末游 南 向头游 北 进贡一张手里最大的牌（红桃级牌不用贡）；北 还一张不大于 10 的牌给 南；南 先出。"]),
    ("北 南 东 西", [
        "双下：三游 东 和末游 西 各贡一张手里最大的牌（红桃级牌不用贡）；大的给头游 北，小的给二游 南，贡大的一家先出；"
        "两张一样大时头游 北 拿自己下家 西 的贡，西 先出。北 和 南 各还一张不大于 10 的牌给贡给自己的人。",
        "抗贡：东和西手里合起来有两张大王就不用进贡，也不还贡，由头游 北 先出。"]),
]


@pytest.mark.parametrize(("order", "lines"), TRIBUTE_TABLE)
async def test_tribute_rule_table(group: Group, order: str, lines: list[str]) -> None:
    reply = await ask(group, f"/jingong {order}")
    assert reply.startswith("<b>进贡</b>")
    assert all(line in reply.splitlines() for line in lines), reply


@pytest.mark.parametrize(
    ("words", "lines"),
    [
        # Single down: last place pays its strongest card; the wild heart level card never.
        ("N E S W 打10 W:H10 大王 A", ["西 → 北：进贡 大王", "北 → 西：还一张不大于 10 的牌", "西 先出。"]),
        ("N E S W 打10 W:H10 S10 A", ["西 → 北：进贡 ♠10", "西 先出。"]),
        ("N E S W 打10 W:H10 A A", ["西 → 北：进贡 A"]),
        # Equal strength in different suits: the payer chooses.
        ("N E S W 打2 W:SK HK 3", ["西 → 北：进贡 ♠K 或 ♥K"]),
        # Single down, last place with both big jokers: anti-tribute.
        ("N E S W W:大王 大王 3", ["抗贡：西手里有两张大王，不用进贡，也不还贡；头游 北 先出。"]),
        # Double down, one big joker each: anti-tribute.
        ("N S E W E:大王 3 W:大王 4", ["抗贡：东和西手里有两张大王，不用进贡，也不还贡；头游 北 先出。"]),
        # Double down: the larger to first place, its payer leads; the receiver's hand names what may come back.
        ("N S E W 打5 E:A 3 W:K 4 N:SQ S10 S3",
         ["东 → 北：进贡 A", "北 → 东：可以还 ♠3 或 ♠10", "西 → 南：进贡 K", "东 先出。"]),
        # Equal tributes: first place takes the tribute of the player after it (West), who leads.
        ("N S E W 打5 E:A 3 W:A 4", ["西 → 北：进贡 A", "东 → 南：进贡 A", "西 先出。"]),
    ],
)
async def test_tribute_with_hands(group: Group, words: str, lines: list[str]) -> None:
    reply = await ask(group, f"/tribute {words}")
    assert all(line in reply.splitlines() for line in lines), reply


async def test_tribute_without_a_level_assumes_2(group: Group) -> None:
    reply = await ask(group, "/tribute N E S W W:大王 A")
    assert "（没写新一副打几，按打2算；可以加上 打10 这样的级数。）" in reply


async def test_tribute_in_a_tournament_chat_says_so(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    assert (await ask(club, "/tribute 北 东 南 西")).endswith("（按本群比赛的设置计算）")


@pytest.mark.parametrize(
    ("words", "reason"),
    [
        ("1 3", "算进贡要知道谁坐哪里"),
        ("N E S W W:大王 大王 大王", "大王"),  # three big jokers: two decks hold two
        ("N E S W W:X9", "“X9”"),
    ],
)
async def test_tribute_bad_input(group: Group, words: str, reason: str) -> None:
    reply = await ask(group, f"/tribute {words}")
    assert reason in reply.splitlines()[0] and "用法：/tribute" in reply


@pytest.mark.parametrize(
    ("levels", "line"),
    [
        ("K A+", "26分制（胜方 13+级差，负方 13−级差）：左方 K（13）对右方 A+（15），级差 2 → 11 : 15，右方胜。"),
        ("A+ 2", "26分制（胜方 13+级差，负方 13−级差）：左方 A+（15）对右方 2（2），级差 13 → 26 : 0，左方胜。"),
        ("10 9", "26分制（胜方 13+级差，负方 13−级差）：左方 10（10）对右方 9（9），级差 1 → 14 : 12，左方胜。"),
        ("A A", "26分制（胜方 13+级差，负方 13−级差）：双方都是 A，级差 0 → 13 : 13；"
                "胜负按本赛事的规则：先到达该级的一方获胜。"),
        ("打J 过A", "26分制（胜方 13+级差，负方 13−级差）：左方 J（11）对右方 A+（15），级差 4 → 9 : 17，右方胜。"),
    ],
)
async def test_score_on_the_default_26_scale(group: Group, levels: str, line: str) -> None:
    reply = await ask(group, f"/score {levels}")
    assert reply.splitlines()[:2] == ["<b>计分</b>", line]
    assert reply.endswith("（本群没有进行中的比赛，按26分制计算）")


@pytest.mark.parametrize(
    ("scale", "levels", "line"),
    [
        ("28", "10 A", "28分制（胜方 14+级差，负方 14−级差）：左方 10（10）对右方 A（14），级差 4 → 10 : 18，右方胜。"),
        ("winloss", "Q 5", "只计胜负（胜1分，负0分）：左方 Q（12）对右方 5（5），级差 7 → 1 : 0，左方胜。"),
        ("winloss", "9 9", "只计胜负：双方都是 9，先到达该级的一方获胜，胜方 1 分，负方 0 分。"),
        ("3-2-1", "K A+", "场分（胜 3 分，时间到时级数相同为平局 2 分，负 1 分；轮空 3 分）："
                          "左方 K 对右方 A+ → 1 : 3，右方胜。"),
        ("3-2-1", "9 9", "场分（胜 3 分，时间到时级数相同为平局 2 分，负 1 分；轮空 3 分）：双方都是 9；"
                         "先到达该级的一方获胜：胜方 3 分，负方 1 分（按平局计的比赛各得 2 分）。"),
    ],
)
async def test_score_on_the_tournaments_scale(club: Club, scale: str, levels: str, line: str) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say(club.admin, f"/set scoring {scale}")
    await club.say(club.admin, "/set equal_levels first")  # the rule the equal-levels lines quote
    reply = await ask(club, f"/jifen {levels}")
    assert line in reply.splitlines() and reply.endswith("（按本群比赛的计分方式）")
    assert ("注意：28分制的换算表文件里没有附上" in reply) is (scale == "28")


async def test_score_in_english(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "/score K A+")
    assert reply.splitlines()[1] == ("26-point scale (winner 13 + difference, loser 13 − difference): left K (13) "
                                     "against right A+ (15), difference 2 → 11 : 15, right wins.")


@pytest.mark.parametrize(
    ("words", "start"), [("X 3", "级数“X”不认识"), ("", "命令后面缺少内容"), ("K", "命令后面缺少内容")])
async def test_score_bad_input(group: Group, words: str, start: str) -> None:
    reply = await ask(group, f"/score {words}".strip())
    assert reply.startswith(start) and "用法：/score" in reply


async def test_score_with_a_table_is_still_result(club: Club) -> None:
    await club.say(club.admin, "/new 周五杯")
    for number in range(1, 9):
        await club.say(club.person(number), "/signup")
    await club.say(club.admin, "/draw")
    assert (await club.state()).require_bracket().open_matches == 2
    replies = await club.say(club.admin, "/score 1 K A+")
    assert replies and not any(reply.startswith("<b>计分</b>") for reply in replies)
    assert (await club.state()).require_bracket().open_matches == 1


async def test_score_with_a_table_in_a_private_chat_is_for_groups(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "/score 1 K A+")
    assert "群" in reply or "group" in reply
