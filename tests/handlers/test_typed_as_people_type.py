"""Commands typed the way Chinese phone keyboards and WeCom make people type them, one scenario table on Telegram (after
the bot's @-mention in the group) and on WeCom (every message there mentions it): a verb with its argument glued on,
a verb one character off, ``帮助 <verb>``, the organisers' and the disputing pair's verbs, a command's English name
without its slash — each the command, never a section of the rules."""

from __future__ import annotations

import pytest

from tests.support.two_platforms import Evening, drawn_final, evening

__all__ = ["evening"]  # the fixture, run on each platform

# (who: "left", "right" or "organiser"; typed after the mention; said in the answer; never said)
TYPED = [
    ("left", "成绩1 A+ 9", "第 1 桌", "你是不是想说"),  # no space after the verb
    ("left", "成级 1 A+ 9", "你是不是想说“成绩”", "第 1 桌："),  # one character off: asked, not recorded
    ("left", "帮助 成绩", "例子", "你是不是想说"),
    ("right", "有异议 1", "无需提出异议", "你是不是想说"),  # nothing reported yet
    ("left", "我的桌", "第 1 桌", "你是不是想说"),
    ("organiser", "裁判 @p8", "裁判", "你是不是想说"),
    ("organiser", "设置 时限 50", "50", "你是不是想说"),
    ("left", "help", "你可以使用的命令", "你是不是想说"),  # a command's name without its slash
    ("left", "result 1 A+ 9", "第 1 桌", "你是不是想说"),
]


@pytest.mark.parametrize(("who", "typed", "said", "unsaid"), TYPED)
async def test_typed_as_people_type_it_is_the_command(evening: Evening, who: str, typed: str, said: str,
                                                      unsaid: str) -> None:
    left, right = await drawn_final(evening)
    person = {"left": left, "right": right, "organiser": 0}[who]
    answer = "\n\n".join(await evening.ask(person, typed))
    assert said in answer and unsaid not in answer, answer
