"""The WeCom platform in process: what a mention runs, who organises, names, cards and presses, pictures and files,
answers over 20,480 bytes, and a message delivered twice."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import Settings
from bot.pictures.picture import Picture
from bot.richtext import Button, keyboard
from handlers.wecom.client import RESPOND, SEND
from handlers.wecom.markdown import CONTENT_LIMIT
from handlers.wecom.platform import Answer, BotName
from tests.support.wecom_offline import GROUP, WeComClub


@pytest.fixture
async def club(tmp_path: Path) -> AsyncIterator[WeComClub]:
    async with WeComClub.running(Settings(db_path=tmp_path / "bot.sqlite3")) as running:
        yield running


async def test_slash_commands_and_verbs_after_the_mention(club: WeComClub) -> None:
    [opened] = await club.say(club.admin, "/new 周五杯")
    assert "开始报名" in opened
    assert "报名成功" in (await club.say("p1", "报名"))[0]
    assert "报名成功" in (await club.say("p2", "/报名"))[0]
    assert "p1" in (await club.say("p3", "名单"))[0]
    [unknown] = await club.say("p3", "/frobnicate")
    assert "/frobnicate" in unknown and "/help" in unknown
    [question] = await club.say("p3", "抽签是怎么做的")  # a question, never a draw
    assert "报名截止" not in question


async def test_organisers_are_the_listed_userids_and_the_creator(club: WeComClub) -> None:
    [refused] = await club.say("p1", "/new 周五杯")
    assert "组织者" in refused or "群主" in refused
    await club.say(club.admin, "/new 周五杯")
    [cancelled] = await club.say(club.admin, "/cancel 周五杯")
    assert "取消" in cancelled


async def test_a_chosen_name_is_used_and_names_the_person_in_mentions(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    [named] = await club.say("p1", "改名 张三")
    assert "张三" in named
    await club.say("p2", "/name 李四")
    [invited] = await club.say("p1", "/signup @李四")
    assert "<@p2>" in invited and "张三" in invited
    [accepted] = await club.say("p2", "接受")
    assert "张三 / 李四" in accepted
    [unknown] = await club.say("p3", "/signup @王五")
    assert "我还不认识 @王五" in unknown


async def test_buttons_become_a_card_and_a_press_signs_up(club: WeComClub) -> None:
    frames = await club.frames(club.admin, "/new 周五杯")
    [reply] = [frame for frame in frames if frame.cmd == RESPOND]
    assert reply.body["msgtype"] == "stream_with_template_card" and reply.body["stream"]["finish"] is True
    [button] = reply.body["template_card"]["button_list"]
    pushed = await club.press("p7", button["key"])
    texts = [frame.content for frame in pushed if frame.cmd == SEND and "markdown" in frame.body]
    assert any("<@p7>" in text for text in texts)
    assert any(frame.body.get("msgtype") == "template_card" for frame in pushed)  # the announcement's new card
    [entries] = await club.say("p1", "名单")
    assert "p7" in entries


async def test_a_message_delivered_again_is_neither_applied_nor_answered(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    first = await club.frames("p1", "报名", msgid="msg-twice")
    again = await club.frames("p1", "报名", msgid="msg-twice")
    assert len(first) == 1 and again == []
    async with club.services.storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM entries") == 1


async def test_a_private_chat_answers_questions_and_keeps_group_commands_in_groups(club: WeComClub) -> None:
    [answer] = await club.say("p1", "双下升几级", group=False)
    assert "升" in answer
    [refused] = await club.say("p1", "报名", group=False)
    assert "群" in refused


async def test_a_long_answer_is_one_reply_and_pushes_with_pictures_and_file_notices(club: WeComClub) -> None:
    platform = club.platform
    answer = Answer()
    line = "第 {} 行：" + "掼蛋" * 60
    for number in range(200):
        answer.add(line.format(number))
    answer.add("报名", keyboard([Button("✋ 报名", "t:1:su")]))
    answer.add("确认", keyboard([Button("✅ 确认", "t:1:cf:3:1")]))
    answer.pictures = [Picture(b"\x89PNG fake", 10, 10, "")]
    before = len(club.connection.sent)
    await platform.send_answer(answer, "callback_x", GROUP)
    sent = club.connection.sent[before:]
    assert sent[0].cmd == RESPOND and sent[0].req_id == "callback_x"
    assert all(len(frame.content.encode()) <= CONTENT_LIMIT for frame in sent)
    assert [frame.cmd for frame in sent[1:]] == [SEND] * (len(sent) - 1) and len(sent) > 2
    assert sent[0].body["stream"]["msg_item"][0]["msgtype"] == "image"
    assert sent[0].body["template_card"]["button_list"][0]["key"] == "t:1:cf:3:1"
    joined = "\n".join(frame.content for frame in sent)
    assert "第 0 行" in joined and "第 199 行" in joined and "/signup" in joined  # the earlier buttons as a command
    [exported] = await club.say(club.admin, "/export")
    assert "python -m bot export" in exported or "还没有" in exported


async def test_typed_the_way_phone_keyboards_type_it(club: WeComClub) -> None:
    await club.say(club.admin, "新比赛 周五杯")
    [shown] = await club.say(club.admin, "设置")
    [changed] = await club.say(club.admin, "设置 赛制 积分编排")
    assert changed != shown and "积分编排" in changed
    await club.sign_up_singles(2)
    [glued] = await club.frames_text("p1", "@掼蛋助手排名")  # no space after the mention
    [at_the_end] = await club.frames_text("p1", "排名 @掼蛋助手")  # the mention at the end
    assert glued == at_the_end and "排名" in glued
    [result] = await club.say("p1", "成绩5 A+ 9")  # no space after the verb: the result command, no rule section
    assert "桌" in result or "抽签" in result
    [typo] = await club.say("p1", "成级 5 A+ 9")
    assert "你是不是想说“成绩”" in typo and "/result" in typo
    [explained] = await club.say("p1", "帮助 成绩")
    assert "/result" in explained and "例子" in explained


def test_the_bot_name_is_learned_and_taken_out_wherever_it_stands() -> None:
    people = {"张三"}.__contains__
    name = BotName()
    assert name.strip("@掼蛋助手排名", people) == ""  # unknown yet: the whole mention word goes
    assert name.strip("@掼蛋助手 排名", people) == "排名" and name.name == "掼蛋助手"
    assert name.strip("@掼蛋助手排名", people) == "排名"
    assert name.strip("排名 @掼蛋助手", people) == "排名"
    assert name.strip("报名 @张三 @掼蛋助手", people) == "报名 @张三"
    configured = BotName("掼蛋助手")
    assert configured.strip("@张三 @掼蛋助手 成绩 3 A+ 9", people).split() == ["@张三", "成绩", "3", "A+", "9"]
    assert BotName().strip("报名 @张三", people) == "报名 @张三"  # a person at the end is no bot
    unsure = BotName()
    assert unsure.strip("@张三 报名 @掼蛋助手", people) == "报名 @掼蛋助手" and unsure.name is None
