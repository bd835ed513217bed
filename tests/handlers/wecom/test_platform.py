"""The WeCom platform in process: what a mention runs, who organises, names, cards and presses, pictures and files,
answers over 20,480 bytes, and a message delivered twice."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.i18n import Language
from bot.pictures.picture import Picture
from bot.richtext import Button, keyboard
from bot.services.match_clock import announcements as announcing
from bot.services.platform_ids import Platform
from handlers.announcer import deliver
from handlers.commands import COMMANDS
from handlers.dispatch import CommandSpec
from handlers.invocation import Invocation
from handlers.wecom.announcer import WeComCourier
from handlers.wecom.client import RESPOND, RESPOND_UPDATE, RESPOND_WELCOME, SEND
from handlers.wecom.markdown import CONTENT_LIMIT, button_card
from handlers.wecom.platform import MAX_TEXT_CHARS, Answer, BotName, Message
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
    assert "/frobnicate" in unknown and "发送 @掼蛋助手 帮助" in unknown and "/help" not in unknown
    [question] = await club.say("p3", "抽签是怎么做的")  # a question, never a draw
    assert "报名截止" not in question


async def test_organisers_are_the_listed_userids_and_the_creator(club: WeComClub) -> None:
    [refused] = await club.say("p1", "/new 周五杯")
    assert refused.startswith("只有比赛的创建者或本群的组织者（laowang）可以这样做。")  # never 群主, unseen by the bot
    await club.say(club.admin, "/new 周五杯")
    [cancelled] = await club.say(club.admin, "/cancel 周五杯")
    assert "取消" in cancelled


async def test_a_chosen_name_is_used_and_names_the_person_in_mentions(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    [named] = await club.say("p1", "改名 张三")
    assert "张三" in named
    await club.say("p2", "/name 李四")
    [invited] = await club.say("p1", "/signup @p2")  # @ names an account (userid), never a chosen name
    assert "<@p2>" in invited and "张三" in invited
    [accepted] = await club.say("p2", "接受")
    assert "张三 / 李四" in accepted
    [unknown] = await club.say("p3", "/signup @李四")
    assert unknown.startswith("@李四 不是企业微信账号")


async def test_buttons_become_a_card_and_a_press_updates_it(club: WeComClub) -> None:
    frames = await club.frames(club.admin, "/new 周五杯")
    [reply] = [frame for frame in frames if frame.cmd == RESPOND]
    assert reply.body["msgtype"] == "stream_with_template_card" and reply.body["stream"]["finish"] is True
    card = reply.body["template_card"]
    [button] = card["button_list"]
    answered = await club.press("p7", button["key"], card["task_id"])
    # The answer is the card, updated for everyone under the press's req_id; the announcement is not posted again.
    [update] = answered
    assert update.cmd == RESPOND_UPDATE and update.req_id is not None and update.req_id.startswith("callback_")
    assert update.body["response_type"] == "update_template_card" and "userids" not in update.body
    updated = update.body["template_card"]
    assert updated["task_id"] == card["task_id"] and updated["button_list"] == card["button_list"]
    assert "已报名：0 对组队、1 人单人" in updated["sub_title_text"]  # the news of the edit, at its end, is kept
    assert updated["quote_area"]["quote_text"] == "p7：完成 ✅"
    [entries] = await club.say("p1", "名单")
    assert "p7" in entries


async def test_an_invitation_card_answers_on_the_card_and_ends_without_live_buttons(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say("p2", "改名 唐伟")
    frames = await club.frames("p1", "/signup @p2")
    [reply] = [frame for frame in frames if frame.cmd == RESPOND]
    card = reply.body["template_card"]
    [accept] = card["button_list"]
    # Someone else presses: the card tells them, and only them; nothing is posted in the group.
    [refused] = await club.press("p3", accept["key"], card["task_id"])
    assert refused.cmd == RESPOND_UPDATE and refused.body["userids"] == ["p3"]
    assert refused.body["template_card"]["quote_area"]["quote_text"] == "这个邀请是给 唐伟 的。"
    assert refused.body["template_card"]["button_list"] == card["button_list"]  # still live for the others
    # The invited partner accepts: the card shows its outcome and no live buttons; the sign-up is announced.
    answered = await club.press("p2", accept["key"], card["task_id"])
    [done] = [frame for frame in answered if frame.cmd == RESPOND_UPDATE]
    assert "userids" not in done.body
    finished = done.body["template_card"]
    assert finished["replace_text"] == "完成 ✅" and finished["task_id"] == card["task_id"]
    assert finished["quote_area"]["quote_text"] == "唐伟：完成 ✅"
    assert any("唐伟" in frame.content for frame in answered if frame.cmd == SEND)
    # Pressed again (a stale copy of the card): refused on the card, for the presser alone, nothing changes.
    before = await club.fingerprint()
    [stale] = await club.press("p2", accept["key"], card["task_id"])
    assert stale.body["userids"] == ["p2"] and "失效" in stale.body["template_card"]["quote_area"]["quote_text"]
    assert stale.body["template_card"]["replace_text"]  # the card it shows to them has no live buttons either
    assert await club.fingerprint() == before


async def test_a_long_first_line_is_not_hidden_by_the_cut_title() -> None:
    card = button_card("🏆 周五掼蛋杯 决赛：张三 / 李四 胜 王五 / 赵六，A+ 对 10\n第二行", None, task="t1",
                       outcome="完成 ✅")
    assert len(card["main_title"]["title"]) <= 26 and "赵六" in card["main_title"]["desc"]
    assert card["sub_title_text"] == "第二行" and card["replace_text"] == "完成 ✅"


def card_text(card: dict[str, object]) -> str:
    """Everything a card shows as text, a part per line."""
    title = card["main_title"]
    assert isinstance(title, dict)
    return "\n".join(str(part) for part in (title["title"], title.get("desc"), card.get("sub_title_text")) if part)


def test_a_first_sentence_longer_than_the_title_and_its_desc_leads_the_sub_title() -> None:
    report = ("📝 第 12 桌：欧阳明月清风徐来 / 诸葛属客诵明月之 报成绩 A+ : 9"
              "（欧阳明月清风徐来 / 诸葛属客诵明月之 胜）。"
              "上官窈窕之章少焉 / 司马水波不兴举酒：请发送 确认 12 或点按钮确认。\n已报：1 桌")
    card = button_card(report, keyboard([Button("✅ 确认", "t:1:cf:3:1")]))
    assert len(card["main_title"]["title"]) <= 26 and len(card["sub_title_text"]) <= 112
    assert "（欧阳明月清风徐来 / 诸葛属客诵明月之 胜）。" in card["sub_title_text"]
    short = button_card("📝 第 1 桌：张三 / 李四 报成绩 A+ : 9（张三 / 李四 胜）。王五 / 赵六：请确认。", None)
    assert short["main_title"]["desc"] == "📝 第 1 桌：张三 / 李四 报成绩 A+ : 9（张三 / 李四 胜）。"
    assert short["sub_title_text"] == "王五 / 赵六：请确认。"


async def test_a_result_card_with_long_names_shows_who_won(club: WeComClub) -> None:
    """The trial's card: "📝 第 1 桌：司马水波不兴举酒 / 欧阳明月清风…", the winner cut away with the title."""
    await club.say(club.admin, "/new 第三十二届职工运动会掼蛋比赛")
    for number, name in enumerate(("欧阳明月清风徐来", "司马水波不兴举酒", "诸葛属客诵明月之", "上官窈窕之章少焉"), 1):
        await club.say(f"p{number}", f"改名 {name}")
        await club.say(f"p{number}", "报名")
    await club.say(club.admin, "抽签")
    frames = await club.frames("p1", "成绩 1 A+ 9")
    [reply] = [frame for frame in frames if frame.cmd == RESPOND]
    first_line = reply.content.split("\n", 1)[0]
    winner = first_line.split("（", 1)[1].split("）", 1)[0]
    assert winner.endswith(" 胜") and first_line.index(winner) + len(winner) > 44  # past the title and its desc
    assert winner in card_text(reply.body["template_card"])


async def test_a_welcome_when_someone_opens_a_chat_with_the_bot(club: WeComClub) -> None:
    [welcome] = await club.enter("p9")
    assert welcome.cmd == RESPOND_WELCOME and welcome.req_id is not None
    assert welcome.body["msgtype"] == "text"
    text = welcome.body["text"]["content"]
    assert "新比赛" in text and "报名" in text and "帮助" in text and "<" not in text


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


async def test_print_sends_its_pdf_into_the_group(club: WeComClub) -> None:
    """/print (打印) makes its PDF and sends it as a file, uploaded over the long connection."""
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    await club.say(club.admin, "抽签")
    frames = await club.frames(club.admin, "打印 cards 1")
    [pdf] = club.connection.uploads.files_sent([(frame.cmd, frame.body) for frame in frames])
    assert pdf.file_name.endswith(".pdf") and pdf.content.startswith(b"%PDF")
    assert any("周五杯" in frame.content for frame in frames) and club.connection.uploads.violations == []
    before = len(club.connection.uploads.media)
    [refused] = await club.say("p1", "/print cards")
    assert "python -m bot print" not in refused and len(club.connection.uploads.media) == before


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
    assert "你是不是想说“成绩”" in typo and "@掼蛋助手 成绩 桌号" in typo and "/result" not in typo
    assert "[left|right]" in typo and "\\" not in typo  # no markdown escapes WeCom would show as they are
    [explained] = await club.say("p1", "帮助 成绩")
    assert "@掼蛋助手 成绩" in explained and "例子" in explained


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


async def test_wecom_players_have_accounts_and_the_other_pair_is_mentioned(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    await club.say(club.admin, "抽签")
    [reported] = await club.say("p1", "成绩 1 A+ 9")
    assert "还没有关联账号" not in reported
    others = {f"<@p{number}>" for number in range(2, 5) if f"<@p{number}>" in reported.split("：请发送")[0]}
    assert len(others) == 2  # the other pair, both of them, notified (p1's partner is not)


async def test_a_unit_with_an_invitation_is_the_pairs_once_accepted(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    await club.say("p2", "改名 李娜")
    [invited] = await club.say("p1", "报名 @p2 unit=信息中心")
    assert "<@p2>" in invited and "单位：信息中心" in invited
    [accepted] = await club.say("p2", "接受")
    assert "李娜" in accepted
    [entries] = await club.say("p3", "名单")
    [line] = [line for line in entries.split("\n") if "李娜" in line]
    assert "信息中心" in line  # 名单 shows the unit of the pair
    [plain] = await club.say("p4", "报名 @p5")  # without unit=, no unit line
    assert "单位" not in plain


async def test_a_person_without_a_chosen_name_is_asked_once(club: WeComClub) -> None:
    await club.say(club.admin, "/new 周五杯")
    [first] = await club.say("p1", "报名")
    assert "第一次用？" in first and "改名" in first
    [second] = await club.say("p1", "名单")
    assert "第一次用？" not in second
    await club.say("p2", "改名 李娜")
    [named] = await club.say("p2", "报名")
    assert "第一次用？" not in named and "李娜" in named


async def test_the_name_question_is_asked_once_across_restarts(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "bot.sqlite3")
    async with WeComClub.running(settings) as first:
        await first.say(first.admin, "/new 周五杯")
        [asked] = await first.say("p1", "名单")
        assert "第一次用？" in asked
    async with WeComClub.running(settings) as again:  # a new process on the same database
        again._ids = itertools.count(1_000)  # new msgids (the first process used the low ones)
        [after] = await again.say("p1", "名单")
        assert "第一次用？" not in after
        [other] = await again.say("p2", "名单")
        assert "第一次用？" in other


async def test_copies_of_a_message_arriving_while_it_is_handled_are_not_answered(club: WeComClub) -> None:
    """The probe: ten copies of one msgid back to back were applied once but answered eight times."""
    await club.say(club.admin, "/new 周五杯")
    copies = await asyncio.gather(*(club.frames("p1", "报名", msgid="msg-ten") for _ in range(10)))
    answered = [frames for frames in copies if frames]
    assert len(answered) == 1, [[frame.content[:20] for frame in frames] for frames in answered]
    assert "报名成功" in answered[0][0].content
    assert await club.frames("p1", "报名", msgid="msg-ten") == []  # and after
    async with club.services.storage.read() as tx:
        assert await tx.fetch_value("SELECT count(*) FROM entries") == 1


async def test_copies_of_a_question_are_answered_once(club: WeComClub) -> None:
    copies = await asyncio.gather(*(club.frames("p1", "/help", msgid="msg-help") for _ in range(5)))
    assert sum(1 for frames in copies if frames) == 1


def test_a_long_text_is_cut_before_it_is_read() -> None:
    body = {"msgid": "m", "from": {"userid": "p1"}, "chattype": "single", "msgtype": "text",
            "text": {"content": "/help " + "啊" * 900_000}}
    message = Message.of(body)
    assert message is not None and len(message.text) == MAX_TEXT_CHARS


async def test_help_in_a_group_lists_the_verbs_with_the_mention_they_need(club: WeComClub) -> None:
    [listed] = await club.say("p1", "帮助")
    assert "@我" in listed and "`@掼蛋助手 报名`" in listed
    assert "\n@掼蛋助手 报名 — " in listed and "\n@掼蛋助手 成绩 — " in listed  # each verb with the mention it needs
    assert "/baoming" not in listed and "/signup" not in listed
    assert "帮助 成绩" in listed
    [private] = await club.say("p1", "帮助", group=False)  # privately, the verb alone
    assert "\n计分 — " in private and "@掼蛋助手 计分" not in private


@pytest.mark.parametrize("typed", ["<@laowang>", "<@all>", '<font color="warning">红字</font>'])
async def test_peoples_text_is_shown_literally_never_as_markup(club: WeComClub, typed: str) -> None:
    """The probe: ``/name <@all>``, ``/name <font …>`` and ``/play <@all>`` (errors echo arguments) put live
    mentions and formatting into acknowledgements, lists and errors."""
    await club.say(club.admin, "/new 周五杯")
    answers = [*await club.say("p1", f"/name {typed}"), *await club.say("p1", "/signup"),
               *await club.say("p2", "名单"), *await club.say("p2", f"/play {typed}")]
    assert len(answers) == 4
    for answer in answers:
        assert "<@all>" not in answer and "<@laowang>" not in answer and "<font" not in answer, answer
    assert typed.replace("<", "<\u200b") in answers[0]


async def test_a_chosen_name_cannot_squat_on_an_account(club: WeComClub) -> None:
    """The probe: mallory chose the name ``lisi`` before the real lisi wrote; ``/referee @lisi`` made mallory referee
    and ``/signup @lisi`` invited mallory. ``@lisi`` means the account lisi, seen or not."""
    await club.say(club.admin, "/new 周五杯")
    [named] = await club.say("mallory", "/name lisi")
    assert "lisi" in named  # nobody has that account or name yet
    await club.say(club.admin, "/referee @lisi")
    lisi = club.platform.directory.known_user("lisi")
    mallory = club.platform.directory.known_user("mallory")
    assert lisi is not None and lisi != mallory
    async with club.services.storage.read() as tx:
        assert await tx.fetch_value("SELECT user_id FROM referees") == lisi
    [invited] = await club.say("p1", "/signup @lisi")
    assert "<@lisi>" in invited and "<@mallory>" not in invited


async def test_a_chosen_name_may_not_be_another_persons_account_or_name(club: WeComClub) -> None:
    await club.say("lisi", "/help")  # the bot has seen the account lisi
    [refused] = await club.say("mallory", "/name lisi")
    assert refused.startswith("“lisi”已经是别人的名字或账号")
    [refused_cased] = await club.say("mallory", "/name LISI")
    assert refused_cased.startswith("“LISI”已经是别人的名字或账号")
    await club.say("p1", "/name 张三")
    [taken] = await club.say("p2", "/name 张三")
    assert taken.startswith("“张三”已经是别人的名字或账号")
    assert "张三" in (await club.say("p1", "/name 张三"))[0]  # one's own name again is fine
    assert "lisi" in (await club.say("lisi", "/name lisi"))[0]  # and one's own account


async def test_instructions_are_written_as_a_wecom_member_types_them(club: WeComClub) -> None:
    """Not "发送 /confirm 1": the bot's @-mention and the verb in a group, the verb alone in a private chat."""
    await club.say(club.admin, "/new 周五杯")
    await club.sign_up_singles(4)
    await club.say(club.admin, "抽签")
    [reported] = await club.say("p1", "成绩 1 A+ 9")
    assert "`@掼蛋助手 确认 1`" in reported and "/confirm" not in reported
    [private] = await club.say("p9", "/frobnicate", group=False)
    assert "发送 帮助 查看" in private and "@掼蛋助手" not in private and "/help" not in private
    [named] = await club.say("p9", "/name x" + "y" * 80, group=False)  # a refusal with the command's usage line
    assert "/name" not in named and "改名" in named
    [own] = await club.say("p5", "报名 女 刘奶奶")  # a name and a gender: for organisers; the example is typed
    assert "`@掼蛋助手 报名 女`" in own and "/signup" not in own


async def test_an_announcement_names_commands_as_wecom_members_type_them(tmp_path: Path) -> None:
    """The reminder pushed to the group says "发送 @掼蛋助手 签到", not "/here"."""
    clock = ManualClock(datetime(2026, 5, 1, 2, 0, tzinfo=UTC))
    async with WeComClub.running(Settings(db_path=tmp_path / "bot.sqlite3"), clock=clock) as club:
        await club.say(club.admin, "/new 周五杯")
        await club.say(club.admin, "/set checkin 15")
        await club.sign_up_singles(4)
        await club.say(club.admin, "抽签")
        await club.say(club.admin, "/schedule 1 2026-05-01 19:30")
        [reminder] = [row for row in await announcing.pending(club.services) if row.kind.value == "reminder"]
        clock.now = reminder.due
        courier = WeComCourier(club.platform, club.platform.directory)
        before = len(club.connection.sent)
        await deliver(club.services, {Platform.WECOM: courier}, reminder.announcement_id)
        [pushed] = [frame.content for frame in club.connection.sent[before:] if frame.cmd == SEND]
        assert "签到已开放" in pushed and "@掼蛋助手 签到" in pushed and "/here" not in pushed



async def _two_questions(call: Invocation) -> None:
    """Two answers with buttons: only the last can be a card, the first becomes the commands to send."""
    await call.reply("报名开始", keyboard([Button("✋ 报名", "t:1:su")]))
    await call.reply("第 3 桌待确认", keyboard([Button("✅ 确认", "t:1:cf:3:1")]))


@pytest.mark.parametrize(("language", "written", "not_written"), [
    (Language.ZH, "@掼蛋助手 报名", "/signup"),
    (Language.EN, "@掼蛋助手 /signup", "@bot"),
])
async def test_buttons_no_card_carries_are_written_as_a_member_types_them(
        tmp_path: Path, language: Language, written: str, not_written: str) -> None:
    commands = (*COMMANDS, CommandSpec("twoquestions", _two_questions, listed=False))
    settings = Settings(db_path=tmp_path / "bot.sqlite3", language=language)
    async with WeComClub.running(settings, commands=commands) as club:
        [answer] = await club.say("p1", "/twoquestions")
        [hint] = [line for line in answer.split("\n") if line.startswith("👉")]
        assert written in hint and not_written not in hint, hint
        [private] = await club.say("p1", "/twoquestions", group=False)
        [hint] = [line for line in private.split("\n") if line.startswith("👉")]
        assert "@掼蛋助手" not in hint and ("报名" in hint if language is Language.ZH else "/signup" in hint)


@pytest.mark.parametrize("language", list(Language))
async def test_help_says_how_to_ask_for_one_command_as_a_member_types_it(tmp_path: Path, language: Language) -> None:
    async with WeComClub.running(Settings(db_path=tmp_path / "bot.sqlite3", language=language)) as club:
        [listed] = await club.say("p1", "帮助")
        pointer = listed.split("\n\n")[-2 if "👤" in listed else -1]
        assert "`@掼蛋助手 帮助 成绩`" in pointer or "`@掼蛋助手 /help result`" in pointer, pointer
        named = await club.say("p1", "帮助 成绩" if language is Language.ZH else "/help result")
        assert "@掼蛋助手 " in named[0]
        [signup] = await club.say("p1", "帮助 报名")  # Telegram's pinyin aliases are not WeCom's
        assert "/baoming" not in signup and "/join" not in signup
        [private] = await club.say("p1", "帮助", group=False)
        assert "`帮助 成绩`" in private or "`/help result`" in private
        assert "@掼蛋助手" not in private


async def test_a_command_name_without_its_slash_is_the_command_never_a_rule_section(tmp_path: Path) -> None:
    """An English chat: ``@掼蛋助手 help`` got a section of the rules (partners and seats)."""
    async with WeComClub.running(Settings(db_path=tmp_path / "bot.sqlite3", language=Language.EN)) as club:
        [listed] = await club.say("p1", "help")
        assert "Commands you can use" in listed and "Partners" not in listed
        [opened] = await club.say(club.admin, "/new Friday Cup")
        assert "Friday Cup" in opened
        [signed] = await club.say("p2", "signup")
        assert "signed up" in signed
        [explained] = await club.say("p2", "help result")
        assert "/result 3 K A+" in explained


async def test_the_bots_name_learned_is_kept_across_restarts(tmp_path: Path) -> None:
    """A restarted process knew no name until someone wrote again: a welcome (or a reminder pushed meanwhile) told
    people to send "@机器人 …", which nobody can type."""
    settings = Settings(db_path=tmp_path / "bot.sqlite3", wecom_bot_id="aibtest")
    async with WeComClub.running(settings) as first:
        [unknown] = await first.enter("p8")  # nobody has written yet: the name is not known
        assert "@机器人" in unknown.body["text"]["content"]
        await first.say("p1", "名单")  # "@掼蛋助手 名单": the name is learned
    async with WeComClub.running(settings) as again:
        await again.platform.load_bot_name()
        again._ids = itertools.count(1_000)
        [welcome] = await again.enter("p9")
        text = welcome.body["text"]["content"]
        assert "@掼蛋助手 新比赛" in text and "@机器人" not in text
