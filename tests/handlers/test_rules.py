"""Rule questions through the real application: ``/rule``, ``/rules``, mentions, replies to the bot, private text."""

import re
from typing import Any

import pytest

from bot.i18n import Language
from bot.rules.answers import RuleAnswer, SectionAnswer
from bot.ruleset.variants import RuleVariant
from handlers import rules as rules_handlers
from handlers.telegram.replies import MESSAGE_LIMIT
from tests.handlers.conftest import Group
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser, utf16_length

ZH_TOPICS = "<b>可以问这些规则：</b>"
EN_TOPICS = "<b>Rule topics you can ask about:</b>"
ZH_OFF_TOPIC = "这看起来不是掼蛋规则的问题"
EN_OFF_TOPIC = "That does not look like a question about the rules of Guandan"
_ALLOWED_TAG = re.compile(r"</?(?:b|i|code)>")
_ENTITY = re.compile(r"&(?:lt|gt|amp|quot);")


def assert_telegram_html(text: str) -> None:
    """Only the tags we send, every other < > & escaped, within Telegram's length."""
    bare = _ENTITY.sub("", _ALLOWED_TAG.sub("", text))
    assert not set(bare) & set("<>&"), text
    assert utf16_length(text) <= MESSAGE_LIMIT


@pytest.mark.parametrize(
    ("question", "title", "detail"),
    [
        ("双下升几级", "<b>升级</b>", "升3级"),
        ("双下升几级？", "<b>升级</b>", "升3级"),
        ("百搭能当大王吗", "<b>级牌和逢人配</b>", "不能当王"),
        ("红心级牌能配什么", "<b>级牌和逢人配</b>", "逢人配"),
        ("钢板是什么", "<b>顺子、三连对、钢板</b>", "钢板"),
        ("飞机怎么出", "<b>顺子、三连对、钢板</b>", "钢板"),
        ("木板是什么", "<b>顺子、三连对、钢板</b>", "三连对"),
        ("上游是什么", "<b>名次：头游到末游</b>", "头游"),
        ("抗贡要几个大王", "<b>抗贡</b>", "大王"),
        ("打A怎么才算过", "<b>打A（过A）</b>", "A"),
        ("接风是什么", "<b>接风</b>", "对家"),
        ("单张大小", "<b>单张大小</b>", "大王 &gt; 小王"),  # the rule text's ">" is escaped
    ],
)
async def test_chinese_questions_with_synonyms(group_with_admin: Group, question: str, title: str,
                                               detail: str) -> None:
    [reply] = await group_with_admin.say(group_with_admin.member, f"/rule {question}")
    assert reply.startswith(title) and detail in reply, reply
    assert_telegram_html(reply)


@pytest.mark.parametrize(
    ("question", "title"),
    [
        ("how many levels for a double down?", "<b>Level-up</b>"),
        ("what is a wild card", "<b>Level cards and the wild card</b>"),
        ("can the wild card be a joker", "<b>Level cards and the wild card</b>"),
        ("what is a plate", "<b>Straight, tube (three pairs), plate (two triples)</b>"),
        ("airplane", "<b>Straight, tube (three pairs), plate (two triples)</b>"),
        ("anti-tribute", "<b>Anti-tribute (refusing tribute)</b>"),
        ("tribue", "<b>Tribute and return</b>"),  # a typo
        ("can a straight wrap around", "<b>The ace in sequences</b>"),
        ("what beats a bomb", "<b>Comparisons and the bomb order</b>"),
    ],
)
async def test_english_questions_with_synonyms(offline: OfflineBot, private_member: dict[str, Any],
                                               member: FakeUser, question: str, title: str) -> None:
    [reply] = await offline.say(private_member, member, f"/rule {question}")
    assert reply.startswith(title), reply
    assert_telegram_html(reply)


@pytest.mark.parametrize("command", ["/rules", "/rule@guandan_test_bot", "/RULES@Guandan_Test_Bot", "/rule"])
async def test_alias_and_bot_username_suffix(group_with_admin: Group, command: str) -> None:
    [reply] = await group_with_admin.say(group_with_admin.member, f"{command} 双下升几级")
    assert reply.startswith("<b>升级</b>")


async def test_a_command_for_another_bot_is_ignored(group_with_admin: Group) -> None:
    assert await group_with_admin.say(group_with_admin.member, "/rule@other_bot 双下升几级") == []


@pytest.mark.parametrize(
    ("question", "starts"),
    [
        ("how many levels for a double down", "<b>Level-up</b>"),  # an English question in a Chinese group
        ("A", "<b>顺子里的A</b>"),  # no language of its own: the chat's
    ],
)
async def test_the_answer_speaks_the_questions_language(group_with_admin: Group, question: str,
                                                        starts: str) -> None:
    [reply] = await group_with_admin.say(group_with_admin.member, f"/rule {question}")
    assert reply.startswith(starts), reply


async def test_a_chinese_question_in_an_english_chat(offline: OfflineBot, private_member: dict[str, Any],
                                                     member: FakeUser) -> None:
    [reply] = await offline.say(private_member, member, "/rule 抗贡要几个大王")
    assert reply.startswith("<b>抗贡</b>")


async def test_no_question_lists_the_topics_in_the_chats_language(
    group_with_admin: Group, offline: OfflineBot, private_member: dict[str, Any], member: FakeUser
) -> None:
    [zh] = await group_with_admin.say(group_with_admin.member, "/rule")
    [en] = await offline.say(private_member, member, "/rules")
    assert zh.startswith(ZH_TOPICS) and "• 升级" in zh and "双下升几级" in zh
    assert en.startswith(EN_TOPICS) and "• Level-up" in en
    assert_telegram_html(zh)
    assert_telegram_html(en)


@pytest.mark.parametrize(
    ("question", "expected"),
    [("what's the weather like", EN_OFF_TOPIC), ("hello there", EN_OFF_TOPIC), ("今天天气怎么样", ZH_OFF_TOPIC)],
)
async def test_an_off_topic_question_says_so_and_shows_the_topics(group_with_admin: Group, question: str,
                                                                  expected: str) -> None:
    [reply] = await group_with_admin.say(group_with_admin.member, f"/rule {question}")
    assert reply.startswith(expected) and ("<b>Rule topics" in reply or "<b>可以问" in reply)
    assert_telegram_html(reply)


RLM, ZWSP = "\u200f", "\u200b"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"/rule {RLM}双下{ZWSP}升几级{RLM}", "<b>升级</b>"),
        ("/rule ｈｏｗ ｍａｎｙ ｌｅｖｅｌｓ ｆｏｒ ａ ｄｏｕｂｌｅ ｄｏｗｎ", "<b>Level-up</b>"),
        ("/rule 双下升几级 " + "how " * 1000, "<b>升级</b>"),  # 4,000 characters in words: the start is read
        ("/rule 😀😀😀", ZH_OFF_TOPIC),
        ("/rule <b>&amp;</b>", EN_OFF_TOPIC),  # Latin letters: an English question
    ],
)
async def test_odd_input_is_still_answered(group_with_admin: Group, text: str, expected: str) -> None:
    [reply] = await group_with_admin.say(group_with_admin.member, text)
    assert reply.startswith(expected), reply
    assert_telegram_html(reply)


async def test_a_4000_character_word_gets_a_short_explanation_with_an_example(group_with_admin: Group) -> None:
    [reply] = await group_with_admin.say(group_with_admin.member, "/rule " + "规" * 4000)
    assert reply.startswith("参数太长了：最多 300 个字符。") and "<code>/rule 双下升几级</code>" in reply
    assert len(reply) < 300


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


# Mentions, replies to the bot and private text


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


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("what is 接风", "<b>接风</b>"),
        ("how many levels for a double down?", "<b>Level-up</b>"),
        ("thanks", EN_OFF_TOPIC),
    ],
)
async def test_plain_text_in_a_private_chat_is_a_question(offline: OfflineBot, private_member: dict[str, Any],
                                                          member: FakeUser, text: str, starts: str) -> None:
    [reply] = await offline.say(private_member, member, text)
    assert reply.startswith(starts), reply


async def test_an_edited_message_is_not_answered_again(offline: OfflineBot, private_member: dict[str, Any],
                                                       member: FakeUser) -> None:
    message = offline.updates.message_json(private_member, member, "双下升几级")
    update = {"update_id": 9_000_001, "edited_message": {**message, "edit_date": message["date"] + 5}}
    assert await offline.process(update) == []


async def test_a_mention_typed_in_the_middle_of_a_message(group_with_admin: Group) -> None:
    # The factory adds the mention entity Telegram would add.
    [reply] = await group_with_admin.say(group_with_admin.member, "大家好，@guandan_test_bot 接风是什么？")
    assert reply.startswith("<b>接风</b>")


async def test_answers_note_what_the_chats_tournament_plays(group_with_admin: Group) -> None:
    admin = group_with_admin.admin
    before = "\n".join(await group_with_admin.say(admin, "/rule 级差积分怎么算"))
    assert "本赛事：" not in before
    await group_with_admin.say(admin, "/new 周五杯")
    await group_with_admin.say(admin, "/set scoring 28")
    after = "\n".join(await group_with_admin.say(admin, "/rule 级差积分怎么算"))
    assert "本赛事：28分制" in after
