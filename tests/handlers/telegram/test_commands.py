"""Commands as Telegram carries them: which messages are addressed to the bot (``/cmd@name``, an @-mention as
Telegram marks it, a reply to the bot, an anonymous administrator or a linked channel as sender), the command Telegram
marks, edited messages, and answers sent as quoted HTML replies cut where Telegram's length ends.

What the commands answer is tested on the dispatcher (``tests/handlers/test_*.py``); these are the adapter's
translation, through the real application on the fake Bot API (``handlers.telegram.updates``,
``handlers.telegram.replies``).
"""

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.config import Settings
from bot.i18n import Language
from bot.rules.answers import RuleAnswer, SectionAnswer
from bot.ruleset.variants import RuleVariant
from handlers.commands import COMMANDS
from handlers.commands.rules import rule_questions as rules_handlers
from handlers.registry import CommandTable, unknown_command_text
from handlers.telegram.replies import MESSAGE_LIMIT, text_length
from tests.handlers.conftest import Group
from tests.handlers.test_registry import RESTRICTED
from tests.handlers.test_rules import ZH_OFF_TOPIC, ZH_TOPICS, assert_telegram_html
from tests.handlers.test_unknown import ADDRESSED, HINT
from tests.handlers.tournament_helpers import Club
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser, group_chat, supergroup_chat, utf16_length


async def test_help_addressed_with_the_bot_username(group_with_admin: Group) -> None:
    [reply] = await group_with_admin.say(group_with_admin.member, "/help@guandan_test_bot")
    assert "/start" in reply


async def test_help_for_another_bot_is_ignored(group_with_admin: Group) -> None:
    assert await group_with_admin.say(group_with_admin.member, "/help@some_other_bot") == []


async def test_group_replies_quote_the_command(group_with_admin: Group) -> None:
    await group_with_admin.say(group_with_admin.member, "/help")
    [call] = group_with_admin.offline.telegram.calls_to("sendMessage")
    assert call.params["parse_mode"] == "HTML"
    assert "reply_parameters" in call.params


async def test_the_group_gets_a_quoted_reply(group_with_admin: Group) -> None:
    await group_with_admin.say(group_with_admin.member, "/play S3")
    [call] = group_with_admin.offline.telegram.calls_to("sendMessage")
    assert call.params["parse_mode"] == "HTML" and "reply_parameters" in call.params


async def test_an_anonymous_administrator_may(offline: OfflineBot) -> None:
    chat = supergroup_chat()
    assert await offline.say(chat, None, "/lang en", sender_chat=chat) == ["Done: this chat now speaks English."]


async def test_a_linked_channel_may_not(offline: OfflineBot) -> None:
    chat = supergroup_chat()
    channel = {"id": -1_009_999, "type": "channel", "title": "News"}
    [reply] = await offline.say(chat, None, "/lang en", sender_chat=channel)
    assert "只有群主" in reply


@pytest.mark.parametrize(("text", "answered"), ADDRESSED)
async def test_unknown_command_in_a_group_only_when_addressed(group_with_admin: Group, text: str,
                                                              answered: bool) -> None:
    replies = await group_with_admin.say(group_with_admin.member, text)
    assert replies == ([HINT.format(name="frobnicate")] if answered else [])


async def test_a_reply_to_the_bot_is_addressed_to_it(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    earlier = offline.updates.bot_message_json(group_with_admin.chat, offline.telegram.bot_user, "hi")
    assert await group_with_admin.say(group_with_admin.member, "/frobnicate", reply_to=earlier) == [
        HINT.format(name="frobnicate")]


async def test_the_command_name_is_escaped(offline: OfflineBot, private_member: dict[str, Any],
                                           member: FakeUser) -> None:
    # Telegram ends the command at "<" (tests.support.updates.command_entity_text): the name is "a".
    [reply] = await offline.say(private_member, member, "/a<b>")
    assert "/a." in reply and "<b>" not in reply
    assert "/a&lt;b&gt;" in unknown_command_text(CommandTable(COMMANDS), "a<b>", Language.EN)


async def test_a_verb_after_the_mention_runs_the_command_in_a_telegram_group(group_with_admin: Group) -> None:
    offline, chat = group_with_admin.offline, group_with_admin.chat
    await group_with_admin.say(group_with_admin.admin, "/new 周五杯")
    calls = await offline.process(offline.updates.mention(chat, group_with_admin.member, offline.bot_username, "报名"))
    assert "报名成功" in calls[0].text
    calls = await offline.process(offline.updates.mention(chat, group_with_admin.member, offline.bot_username,
                                                          "/entries"))
    assert "Lily" in calls[0].text
    # Without the mention a verb is only a word in the group (privacy mode would not even show it).
    assert await group_with_admin.say(group_with_admin.member, "报名") == []


async def test_a_long_answer_is_sent_in_pieces_telegram_accepts(group_with_admin: Group,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    section = SectionAnswer("tribute", "Tribute <&>", "\n".join(f"Line {n}: A > K & Q < A." for n in range(400)), 1.0)

    def long_answer(question: str, chat_language: Language, variant: RuleVariant | None = None, *,
                    notice: str | None = None, time_limit: int | None = None) -> RuleAnswer:
        return RuleAnswer(question, Language.EN, (section,))

    monkeypatch.setattr(rules_handlers, "ask", long_answer)
    replies = await group_with_admin.say(group_with_admin.member, "/rule tribute")
    assert len(replies) >= 2 and replies[0].startswith("<b>Tribute &lt;&amp;&gt;</b>")
    for reply in replies:
        assert_telegram_html(reply)
    assert "Line 399: A &gt; K &amp; Q &lt; A." in replies[-1]


def mention_update(group: Group, text: str, mentioned: str) -> dict[str, Any]:
    offset = text.index(mentioned)
    entity = {"type": "mention", "offset": utf16_length(text[:offset]), "length": utf16_length(mentioned)}
    return group.offline.updates.message(group.chat, group.member, text, entities=[entity])


async def replies_to(group: Group, update: dict[str, Any]) -> list[str]:
    return [call.text for call in await group.offline.process(update)]


@pytest.mark.parametrize(
    ("text", "mentioned", "starts"),
    [
        ("@guandan_test_bot 双下升几级", "@guandan_test_bot", "<b>升级</b>"),
        ("请问 @guandan_test_bot 抗贡要几个大王？", "@guandan_test_bot", "<b>抗贡</b>"),
        ("@Guandan_Test_Bot what is a wild card", "@Guandan_Test_Bot", "<b>Level cards and the wild card</b>"),
        ("@guandan_test_bot", "@guandan_test_bot", ZH_TOPICS),
        ("@guandan_test_bot 今天天气怎么样", "@guandan_test_bot", ZH_OFF_TOPIC),
    ],
)
async def test_a_mention_in_a_group_is_a_question(group_with_admin: Group, text: str, mentioned: str,
                                                  starts: str) -> None:
    [reply] = await replies_to(group_with_admin, mention_update(group_with_admin, text, mentioned))
    assert reply.startswith(starts), reply
    [call] = group_with_admin.offline.telegram.calls_to("sendMessage")
    assert "reply_parameters" in call.params and call.params["parse_mode"] == "HTML"


async def test_the_mention_helper_of_the_update_factory(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    update = offline.updates.mention(group_with_admin.chat, group_with_admin.member, offline.bot_username, "接风是什么")
    [reply] = await replies_to(group_with_admin, update)
    assert reply.startswith("<b>接风</b>")


@pytest.mark.parametrize(
    "update_of",
    [
        lambda group: mention_update(group, "@someone_else 双下升几级", "@someone_else"),
        lambda group: group.offline.updates.message(group.chat, group.member, "双下升几级"),
        lambda group: group.offline.updates.message(group.chat, group.member, "guandan_test_bot 双下升几级"),
    ],
    ids=["another user mentioned", "not addressed", "name without @"],
)
async def test_group_text_not_addressed_to_the_bot_is_left_alone(group_with_admin: Group, update_of: Any) -> None:
    assert await replies_to(group_with_admin, update_of(group_with_admin)) == []


async def test_a_reply_to_the_bot_is_answered_when_it_asks_about_the_rules(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    earlier = offline.updates.bot_message_json(group_with_admin.chat, offline.telegram.bot_user, "升级")
    [reply] = await group_with_admin.say(group_with_admin.member, "那双下呢？升几级", reply_to=earlier)
    assert reply.startswith("<b>升级</b>")


async def test_a_reply_to_the_bot_that_is_no_rule_question_gets_no_answer(group_with_admin: Group) -> None:
    offline = group_with_admin.offline
    earlier = offline.updates.bot_message_json(group_with_admin.chat, offline.telegram.bot_user, "升级")
    assert await group_with_admin.say(group_with_admin.member, "thanks!", reply_to=earlier) == []


async def test_an_edited_message_is_not_answered_again(offline: OfflineBot, private_member: dict[str, Any],
                                                       member: FakeUser) -> None:
    message = offline.updates.message_json(private_member, member, "双下升几级")
    update = {"update_id": 9_000_001, "edited_message": {**message, "edit_date": message["date"] + 5}}
    assert await offline.process(update) == []


async def test_a_mention_typed_in_the_middle_of_a_message(group_with_admin: Group) -> None:
    # The factory adds the mention entity Telegram would add.
    [reply] = await group_with_admin.say(group_with_admin.member, "大家好，@guandan_test_bot 接风是什么？")
    assert reply.startswith("<b>接风</b>")


async def test_a_full_width_typo_gets_did_you_mean_in_chinese(group_with_admin: Group) -> None:
    [reply] = await group_with_admin.say(group_with_admin.member, "／ｓｔａｎｄｉｎｇ", reply_to=(
        group_with_admin.offline.updates.bot_message_json(
            group_with_admin.chat, group_with_admin.offline.telegram.bot_user, "hi")))
    assert reply.startswith("我不认识命令 /standing。你是不是想用 /standings？")


async def test_an_anonymous_administrator_organises(club: Club) -> None:
    [announced] = await club.say(None, "/new 周五杯", sender_chat=club.chat)
    assert "周五杯" in announced
    await club.sign_up_singles(4)
    assert len(await club.say(None, "/draw", sender_chat=club.chat)) == 5  # four messages and the draw file
    decided, finished = await club.say(None, "/result 1 K A+", sender_chat=club.chat)
    assert decided.startswith("✅") and "组织者或裁判录入" in decided  # no dispute: no ruling
    assert "圆满结束" in finished


@pytest.fixture
async def bot_with_restricted_commands(settings: Settings) -> AsyncIterator[OfflineBot]:
    async with OfflineBot.running(settings, commands=RESTRICTED) as running:
        yield running


async def test_an_edited_command_does_not_run_again(bot_with_restricted_commands: OfflineBot) -> None:
    alice = FakeUser(1, "Alice")
    update = bot_with_restricted_commands.updates.message(group_chat(), alice, "/grouponly x")
    update["edited_message"] = update.pop("message")
    assert await bot_with_restricted_commands.process(update) == []


async def test_a_long_reply_is_sent_in_pieces_telegram_accepts(bot_with_restricted_commands: OfflineBot) -> None:
    pieces = await bot_with_restricted_commands.say(group_chat(), FakeUser(1, "Alice"), "/long")
    assert len(pieces) > 1 and all(text_length(piece) <= MESSAGE_LIMIT for piece in pieces)
    assert all(piece.startswith("<b>") for piece in pieces)  # cut between lines, never inside one
