"""Rule questions on the dispatcher: ``/rule``, ``/rules``, mentions, replies to the bot, private text."""

import re

import pytest

from handlers.telegram.replies import MESSAGE_LIMIT
from tests.handlers.conftest import DispatchedGroup as Group
from tests.support.updates import utf16_length

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
async def test_chinese_questions_with_synonyms(group: Group, question: str, title: str,
                                               detail: str) -> None:
    [reply] = await group.say(group.member, f"/rule {question}")
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
async def test_english_questions_with_synonyms(group: Group, question: str, title: str) -> None:
    [reply] = await group.say_privately(group.member, f"/rule {question}")
    assert reply.startswith(title), reply
    assert_telegram_html(reply)


@pytest.mark.parametrize("command", ["/rules", "/rule@guandan_test_bot", "/RULES@Guandan_Test_Bot", "/rule"])
async def test_alias_and_bot_username_suffix(group: Group, command: str) -> None:
    [reply] = await group.say(group.member, f"{command} 双下升几级")
    assert reply.startswith("<b>升级</b>")


async def test_a_command_for_another_bot_is_ignored(group: Group) -> None:
    assert await group.say(group.member, "/rule@other_bot 双下升几级") == []


@pytest.mark.parametrize(
    ("question", "starts"),
    [
        ("how many levels for a double down", "<b>Level-up</b>"),  # an English question in a Chinese group
        ("A", "<b>顺子里的A</b>"),  # no language of its own: the chat's
    ],
)
async def test_the_answer_speaks_the_questions_language(group: Group, question: str,
                                                        starts: str) -> None:
    [reply] = await group.say(group.member, f"/rule {question}")
    assert reply.startswith(starts), reply


async def test_a_chinese_question_in_an_english_chat(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "/rule 抗贡要几个大王")
    assert reply.startswith("<b>抗贡</b>")


async def test_no_question_lists_the_topics_in_the_chats_language(group: Group) -> None:
    [zh] = await group.say(group.member, "/rule")
    [en] = await group.say_privately(group.member, "/rules")
    assert zh.startswith(ZH_TOPICS) and "• 升级" in zh and "双下升几级" in zh
    assert en.startswith(EN_TOPICS) and "• Level-up" in en
    assert_telegram_html(zh)
    assert_telegram_html(en)


@pytest.mark.parametrize(
    ("question", "expected"),
    [("what's the weather like", EN_OFF_TOPIC), ("hello there", EN_OFF_TOPIC), ("今天天气怎么样", ZH_OFF_TOPIC)],
)
async def test_an_off_topic_question_says_so_and_shows_the_topics(group: Group, question: str,
                                                                  expected: str) -> None:
    [reply] = await group.say(group.member, f"/rule {question}")
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
async def test_odd_input_is_still_answered(group: Group, text: str, expected: str) -> None:
    [reply] = await group.say(group.member, text)
    assert reply.startswith(expected), reply
    assert_telegram_html(reply)


async def test_a_4000_character_word_gets_a_short_explanation_with_an_example(group: Group) -> None:
    [reply] = await group.say(group.member, "/rule " + "规" * 4000)
    assert reply.startswith("参数太长了：最多 300 个字符。") and "<code>/rule 双下升几级</code>" in reply
    assert len(reply) < 300


# Mentions, replies to the bot and private text


async def test_a_reply_to_the_bot_is_answered_when_it_asks_about_the_rules(group: Group) -> None:
    [reply] = await group.say(group.member, "那双下呢？升几级", replying_to_bot=True)
    assert reply.startswith("<b>升级</b>")


async def test_a_reply_to_the_bot_that_is_no_rule_question_gets_no_answer(group: Group) -> None:
    assert await group.say(group.member, "thanks!", replying_to_bot=True) == []


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ("what is 接风", "<b>接风</b>"),
        ("how many levels for a double down?", "<b>Level-up</b>"),
        ("thanks", EN_OFF_TOPIC),
    ],
)
async def test_plain_text_in_a_private_chat_is_a_question(group: Group, text: str, starts: str) -> None:
    [reply] = await group.say_privately(group.member, text)
    assert reply.startswith(starts), reply


async def test_a_mention_typed_in_the_middle_of_a_message(group: Group) -> None:
    [reply] = await group.say(group.member, "大家好，@guandan_test_bot 接风是什么？")
    assert reply.startswith("<b>接风</b>")


async def test_answers_note_what_the_chats_tournament_plays(group: Group) -> None:
    admin = group.admin
    before = "\n".join(await group.say(admin, "/rule 级差积分怎么算"))
    assert "本赛事：" not in before
    await group.say(admin, "/new 周五杯")
    await group.say(admin, "/set scoring 28")
    after = "\n".join(await group.say(admin, "/rule 级差积分怎么算"))
    assert "本赛事：28分制" in after
