"""``/play`` on the dispatcher: verdicts in zh and en, every level notation, bad input."""


import pytest

from tests.handlers.conftest import DispatchedGroup as Group

ZH_USAGE = "用法：/play"
EN_USAGE = "Usage: /play"
ZH_DEFAULT_LEVEL = "没写级数，按打 2 判断"
EN_DEFAULT_LEVEL = "No level given, so level 2 is assumed"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/play 打10 S3 D3 C3 S4 D4", ["打 10（逢人配：♥10）", "♠3 ♦3 ♣3 ♠4 ♦4：三带二（三张 3）"]),
        ("/play 打10 红桃10 红桃10", ["♥10 ♥10：对子 10"]),
        ("/play 打5 S3 S4 S5 S6 S7", ["同花顺（到 7）"]),
        ("/play 大王 大王 小王 小王", ["四王（天王炸）", ZH_DEFAULT_LEVEL]),
        ("/play 打2 H2 H2 S3 D3 C3", ["有 2 种读法", "5 张 3 的炸弹", "三带二（三张 3）"]),
        ("/play 黑桃A 黑桃2 黑桃3 黑桃4 方块5", ["顺子（到 5）"]),
        ("/play S3 S3 S4 S4", ["不成牌型", "连对只能是三对"]),
    ],
)
async def test_plays_in_chinese(group: Group, text: str, expected: list[str]) -> None:
    [reply] = await group.say(group.member, text)
    assert all(part in reply for part in expected), reply
    assert ZH_USAGE not in reply


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/play level=10 S3 D3 C3 S4 D4", ["Level 10 (wild cards: ♥10)", "full house, triple 3"]),
        ("/play 打J SJ HJ", ["pair of J"]),
        ("/play S3 S4 S5 S6 D7", ["straight up to 7", EN_DEFAULT_LEVEL]),
        ("/play SK SK DK DK CK", ["5-card bomb of K"]),
        ("/play BIG SMALL", ["not a pair", "A big joker and a small joker are not a pair"]),
    ],
)
async def test_plays_in_english(group: Group, text: str, expected: list[str]) -> None:
    [reply] = await group.say_privately(group.member, text)
    assert all(part in reply for part in expected), reply


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("/play 打10 S3 D3 C3 S4 D4 vs S2 D2 C2 SA DA", "Yes: full house, triple 3 beats full house, triple 2."),
        ("/play 打10 S2 D2 C2 SA DA vs S3 D3 C3 S4 D4", "No: full house, triple 2 does not beat full house, triple 3."),
        ("/play 打3 S3 D3 VS SA DA", "Yes: pair of 3 beats pair of A."),  # the level card ranks above A
        ("/play S3 D3 C3 H3 beats 大王 大王", "Yes: 4-card bomb of 3 beats pair of big joker."),
        ("/play S5 S6 S7 S8 S9 对 SK DK CK HK HK", "Yes: straight flush up to 9 beats 5-card bomb of K."),
        ("/play S5 S6 S7 S8 S9 压 SK DK CK HK DK CK", "No: straight flush up to 9 does not beat 6-card bomb of K."),
        ("/play S3 vs S4 S4", "No: single 3 does not beat pair of 4."),
        ("/play S3 S4 vs S2", "No: the first cards cannot beat anything."),
        ("/play S4 vs S2 S3", "No: there is nothing to beat there."),
    ],
)
async def test_beats_or_not(group: Group, text: str,
                            verdict: str) -> None:
    [reply] = await group.say_privately(group.member, text)
    assert verdict in reply, reply


async def test_beats_in_chinese(group: Group) -> None:
    [reply] = await group.say(group.member, "/play 打A SA HA 压 SK HK")
    assert reply.endswith("能管上：对子 A 大过 对子 K。")


@pytest.mark.parametrize(
    "notation",
    ["打Q", "打 Q", "打q", "打Q级", "level=Q", "level Q", "LEVEL=q", "L=Q", "l=q", "lvl:Q", "level: Q", "级=Q",
     "--level Q"],
)
async def test_every_level_notation(group: Group, notation: str) -> None:
    [reply] = await group.say(group.member, f"/play {notation} SQ DQ vs SA DA")
    assert reply.startswith("打 Q（逢人配：♥Q）") and "能管上：对子 Q 大过 对子 A。" in reply
    assert ZH_DEFAULT_LEVEL not in reply


async def test_without_a_level_the_reply_says_level_2_is_assumed(group: Group) -> None:
    [reply] = await group.say(group.member, "/play S2 D2 vs SA DA")
    assert reply.startswith("打 2（逢人配：♥2）") and "能管上" in reply and ZH_DEFAULT_LEVEL in reply


async def test_addressed_with_the_bot_username(group: Group) -> None:
    [reply] = await group.say(group.member, "/play@guandan_test_bot 打10 S3 D3")
    assert "♠3 ♦3：对子 3" in reply


async def test_for_another_bot_is_ignored(group: Group) -> None:
    assert await group.say(group.member, "/play@other_bot S3") == []


RLM, ZWSP, LRO, PDF = "\u200f", "\u200b", "\u202d", "\u202c"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/play", "出什么牌？请把牌写在 /play 后面。"),
        ("/play 打10", "出什么牌？"),
        ("/play vs S3", "出什么牌？"),
        ("/play S3 压", "要管哪手牌？请把牌写在“压”后面。"),
        ("/play S3 vs S4 对 S5", "第二个“对”是多余的"),
        ("/play S3 打", "“打”后面要写级数"),
        ("/play 打10 level=J S3", "级数只写一次"),
        ("/play 打Z S3", "级数“Z”不认识"),
        ("/play level=1 S3", "级数“1”不认识"),
        ("/play hello", "看不懂“hello”：不是一张牌"),
        ("/play S3 vs garbage", "看不懂“garbage”"),
        ("/play X3", "“X3”的花色“X”不认识"),
        ("/play S1", "“S1”的点数“1”不认识"),
        ("/play S3 S3 S3", "♠3 出现了 3 次"),
        ("/play " + "S3 " * 1334, "一共 1334 张牌，最多只能有 27 张"),
        ("/play " + "牌" * 4000, "参数太长了：最多 200 个字符"),
        ("/play " + "S3," * 1333, "参数太长了"),
        ("/play 😀", "看不懂“😀”"),
        ("/play 🂡 🂮", "看不懂“🂡”"),
        ("/play <b>S3</b>", "看不懂“&lt;b&gt;S3&lt;/b&gt;”"),
        ("/play S3 & S4", "看不懂“&amp;”"),
        ("/play مرحبا", "看不懂“مرحبا”"),
    ],
)
async def test_bad_input_gets_a_short_explanation_with_an_example(group: Group, text: str,
                                                                 expected: str) -> None:
    [reply] = await group.say(group.member, text)
    assert expected in reply, reply
    assert ZH_USAGE in reply and "<code>/play 打10 S3 D3 C3 S4 D4</code>" in reply
    assert len(reply) < 400


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        (f"/play {RLM}S3{RLM} {RLM}D3", "♠3 ♦3：对子 3"),
        (f"/play S{ZWSP}3 D3{ZWSP}", "♠3 ♦3：对子 3"),
        (f"/play {LRO}S3 D3{PDF}", "♠3 ♦3：对子 3"),
        ("/play Ｓ３ Ｄ３", "♠3 ♦3：对子 3"),  # full-width letters and digits
        ("/play\u00a0S3\u3000D3", "♠3 ♦3：对子 3"),  # no-break and ideographic spaces
        ("/play s3，d3", "♠3 ♦3：对子 3"),
    ],
)
async def test_invisible_and_wide_characters_are_read_as_people_see_them(group: Group, text: str,
                                                                          cards: str) -> None:
    [reply] = await group.say(group.member, text)
    assert cards in reply, reply


async def test_bad_input_in_english(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "/play S3 vs")
    assert reply.startswith("Which cards should they beat? Write them after “vs”.")
    assert EN_USAGE in reply


async def test_bad_input_changes_nothing_and_later_plays_still_work(group: Group) -> None:
    await group.say(group.member, "/play " + "x" * 4000)
    [reply] = await group.say(group.member, "/play S3")
    assert "♠3：单张 3" in reply
