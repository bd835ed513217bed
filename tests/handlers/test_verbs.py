"""Commands written as words (``handlers.verbs``): the Chinese verbs, with or without the slash, and ``/command``
after a mention — in a private chat (after the bot's mention in a Telegram group:
``tests.handlers.telegram.test_commands``; on WeCom: ``tests.handlers.wecom.test_platform``)."""

from __future__ import annotations

import pytest

from handlers.commands import COMMANDS
from handlers.verbs import VERBS, WrittenCommand, mistyped_verb, written_command
from tests.handlers.conftest import DispatchedGroup as Group


@pytest.mark.parametrize(("text", "expected"), [
    ("报名 男", WrittenCommand("signup", ("男",), verb=True)),
    ("/报名", WrittenCommand("signup", (), verb=True)),
    ("／成绩 3 K A+", WrittenCommand("result", ("3", "K", "A+"), verb=True)),
    ("/Result@guandan_bot 3 K A+", WrittenCommand("result", ("3", "K", "A+"))),
    ("改名 张三", WrittenCommand("name", ("张三",), verb=True)),
    ("抽签是怎么做的", None),
    ("报名需要什么条件？", None),
    ("双下升几级", None),
    ("成绩5 A+ 9", WrittenCommand("result", ("5", "A+", "9"), verb=True)),  # no space after the verb
    ("/成绩5 A+ 9", WrittenCommand("result", ("5", "A+", "9"), verb=True)),
    ("报名@lily", WrittenCommand("signup", ("@lily",), verb=True)),
    ("排名", WrittenCommand("standings", (), verb=True)),
    ("报名男", None),  # Chinese typed against a verb is a sentence, not an argument
    ("规则？", None),
    ("新比赛 周五杯", WrittenCommand("new", ("周五杯",), verb=True)),
    ("新建 周五杯", WrittenCommand("new", ("周五杯",), verb=True)),
    ("设置", WrittenCommand("settings", (), verb=True)),
    ("设置 赛制 积分编排", WrittenCommand("set", ("赛制", "积分编排"), verb=True)),
    ("单位 小红 财务处", WrittenCommand("unit", ("小红", "财务处"), verb=True)),
    ("撤销抽签", WrittenCommand("undraw", (), verb=True)),
    ("替补 小红 小李", WrittenCommand("substitute", ("小红", "小李"), verb=True)),
    ("有异议 3", WrittenCommand("dispute", ("3",), verb=True)),
    ("交换 小红 小李", WrittenCommand("swap", ("小红", "小李"), verb=True)),
    ("退赛 小红", WrittenCommand("withdraw", ("小红",), verb=True)),
    ("", None),
    ("/", None),
])
def test_written_commands(text: str, expected: WrittenCommand | None) -> None:
    assert written_command(text) == expected


def test_every_verb_names_a_command_of_the_table() -> None:
    names = {name for spec in COMMANDS for name in spec.names}
    assert set(VERBS.values()) <= names
    everyday = {"帮助", "报名", "接受", "退出", "名单", "抽签", "对阵", "桌次", "成绩", "确认", "排名", "规则", "牌型",
                "导出", "设置", "日程", "签到", "改名"}
    calculators = {"规程", "升级", "进贡", "计分"}
    players_tables = {"我的桌", "认领"}
    live_pages = {"直播"}
    paperwork = {"打印"}
    season = {"排行榜", "等级分", "赛季", "成员", "赛事列表"}
    organisers = {"新比赛", "新建", "单位", "裁判", "取消", "撤销抽签", "替补", "导入", "语言"}
    pair_changes = {"退赛", "恢复", "交换"}  # pair changes after the draw
    disputes = {"有异议"}
    assert (everyday | calculators | players_tables | live_pages | paperwork | season | organisers | pair_changes
            | disputes == set(VERBS))


@pytest.mark.parametrize(("text", "expected"), [
    ("成级 5 A+ 9", ("成级", "成绩")),
    ("成级", ("成级", "成绩")),
    ("拍名", ("拍名", "排名")),
    ("成绩 5 A+ 9", None),  # a verb is no typo
    ("抽奖是什么", None),  # a question
    ("成级 是什么意思", None),  # Chinese words after it: a question
    ("规矩", None),  # one character from 规则 and from 规程: nobody can say which
    ("x", None),
])
def test_a_verb_one_character_off_is_a_typo(text: str, expected: tuple[str, str] | None) -> None:
    assert mistyped_verb(text) == expected


async def test_a_verb_in_a_private_chat_runs_the_command(group: Group) -> None:
    member = group.member
    [help_text] = await group.say_privately(member, "帮助")
    assert "/start" in help_text
    [named] = await group.say_privately(member, "改名 Lily Chen")
    assert "Lily Chen" in named
    [answer] = await group.say_privately(member, "what is a tribute")
    assert "/start" not in answer


async def test_typed_as_phone_keyboards_type_it(group: Group) -> None:
    member = group.member
    [typo] = await group.say_privately(member, "成级 5 A+ 9")
    assert "Did you mean “成绩”" in typo and "/result" in typo  # Lily's private chat speaks English
    [explained] = await group.say_privately(member, "帮助 成绩")
    assert "/result" in explained and "Examples" in explained
    [glued] = await group.say_privately(member, "成绩5 A+ 9")
    assert "group" in glued  # the result command ran (and said where it works), no rule section
