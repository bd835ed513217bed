"""Cutting a message into the questions it asks."""

import pytest

from bot.ruleset.question_parts import MAX_PARTS, question_parts


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
