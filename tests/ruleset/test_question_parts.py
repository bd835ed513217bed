"""Cutting a message into the questions it asks."""

import pytest

from bot.ruleset.question_parts import MAX_PARTS, asked, bare_fact, follows_on, question_parts


@pytest.mark.parametrize(
    ("message", "parts"),
    [
        ("双下升几级", ("双下升几级",)),
        ("双下 两个人进贡的都是A 一样大 头游拿谁的 然后谁先出",
         ("双下 两个人进贡的都是A 一样大 头游拿谁的", "然后谁先出")),
        ("5个头能炸同花瞬吗？还有4个A跟5个3哪个大", ("5个头能炸同花瞬吗?", "还有4个A跟5个3哪个大")),
        ("双下升几级，打A要怎么过", ("双下升几级", "打A要怎么过")),
        ("do 2 small jokers count as a pair? and can u stick a joker into a 3-pair run?",
         ("do 2 small jokers count as a pair?", "and can u stick a joker into a 3-pair run?")),
        ("can i pass and play later? also wat is jiefeng", ("can i pass and play later?", "also wat is jiefeng")),
        ("teachers' points - how many for a win and is there a bonus for finishing quick?",
         ("teachers' points - how many for a win", "is there a bonus for finishing quick?")),
        ("出牌有时间限制吗？每场比赛又限时多久", ("出牌有时间限制吗?", "每场比赛又限时多久")),  # 多久 asks
        ("when was the Tianxing company contest, and where?", ("when was the Tianxing company contest", "where?")),
        ("安庆比赛什么时候 在哪", ("安庆比赛什么时候", "在哪")),
        ("五张的炸弹和同花顺哪个大 六张的呢", ("五张的炸弹和同花顺哪个大", "六张的呢")),  # the question again, of six
        ("抗贡要几张大王？抗了还用还牌么", ("抗贡要几张大王?", "抗了还用还牌么")),  # 么 asks, as 吗 does
        ("the Dongtai contest - when was it and where?", ("the Dongtai contest - when was it", "where?")),
        ("how long does a match last, and what about each turn?",
         ("how long does a match last", "what about each turn?")),
        ("is there a limit per move? am i allowed to check the previous trick",
         ("is there a limit per move?", "am i allowed to check the previous trick")),
    ],
)
def test_a_message_is_cut_where_another_question_starts(message: str, parts: tuple[str, ...]) -> None:
    assert question_parts(message) == parts


@pytest.mark.parametrize(
    "message",
    [
        "a bomb and a straight flush, which is bigger?",  # "and" inside one question
        "安庆那个比赛 输了 还有分不",  # the first piece only sets the scene
        "那双下呢？升几级",  # a topic, then the question about it
        "what about jokers? can they be in a straight",
        "如果双下，升几级",
        "双下升几级？？？",
    ],
)
def test_one_question_stays_whole(message: str) -> None:
    assert len(question_parts(message)) == 1


def test_a_message_of_many_questions_keeps_the_last_ones_together() -> None:
    parts = question_parts("双下升几级？打A怎么过？抗贡要几个王？谁先出？接风是什么？")
    assert len(parts) == MAX_PARTS and parts[-1] == "谁先出? 接风是什么?"


@pytest.mark.parametrize(
    ("piece", "follows"),
    [
        ("and what if he finishes last", True),
        ("那如果是末游呢", True),
        ("what if it is a double down", True),
        ("what if the clock runs out with both teams level", False),  # a scene of its own
        ("如果时间到了两边都在打A没过谁赢", False),
        ("who leads after a double down", False),
        ("六张的呢", True),
        ("and can it make a straight flush?", True),
        ("and can a joker make a straight flush?", False),  # names its own subject
        ("and what about the second round?", True),  # the question before, asked of another subject
    ],
)
def test_a_follow_up_leans_on_the_question_before_it(piece: str, follows: bool) -> None:
    assert follows_on(piece) is follows


def test_a_bare_where_or_when_asks_an_events_fact() -> None:
    assert bare_fact("where?") == "where was it"
    assert bare_fact("在哪") == "在哪里举行"
    assert bare_fact("where do we sit?") is None


@pytest.mark.parametrize(
    ("piece", "words"),
    [("还有十个头是怎么凑出来的", "十个头是怎么凑出来的"), ("also who leads", "who leads"), ("然后谁先出", "谁先出"),
     ("and?", "and?"), ("who leads", "who leads")],
)
def test_what_a_piece_asks_is_searched_without_its_joining_word(piece: str, words: str) -> None:
    assert asked(piece) == words
