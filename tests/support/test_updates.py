import pytest
from telegram import Bot, MessageEntity

from tests.support.fake_api import FakeBotApi
from tests.support.telegram import ANONYMOUS_ADMIN_ID
from tests.support.updates import (
    FakeUser,
    UpdateFactory,
    command_entity_text,
    group_chat,
    supergroup_chat,
    to_update,
)

ALICE = FakeUser(1, "Alice", "alice")


async def test_a_command_carries_a_bot_command_entity_at_offset_zero() -> None:
    async with Bot("1:fake", request=FakeBotApi()) as bot:
        update = to_update(UpdateFactory().message(group_chat(), ALICE, "/lang@guandan_test_bot en 🀄 @alice_x"), bot)
    assert update.message is not None
    command, mention = update.message.entities
    assert (command.type, command.offset, command.length) == (MessageEntity.BOT_COMMAND, 0, 22)
    assert (mention.type, mention.offset, mention.length) == (MessageEntity.MENTION, 29, 8)  # 🀄 is 2 UTF-16 units
    assert update.message.get_bot() is bot


@pytest.mark.parametrize(("text", "marked"), [
    ("/signup。", "/signup"),  # Telegram ends a command at punctuation
    ("/lang🀄 en", "/lang"),
    ("/signup女", ""),  # a letter continues the word: no command at all
    ("／signup", ""),  # a full-width slash is plain text
    ("/a<b>", "/a"),
])
def test_the_command_entity_ends_where_telegram_ends_it(text: str, marked: str) -> None:
    assert command_entity_text(text) == marked


def test_updates_and_messages_are_numbered() -> None:
    factory = UpdateFactory(first_update_id=40)
    first, second = factory.message(group_chat(), ALICE, "a"), factory.message(group_chat(), ALICE, "b")
    assert (first["update_id"], second["update_id"]) == (40, 41)
    assert first["message"]["message_id"] != second["message"]["message_id"]


def test_anonymous_admin_posts_as_the_group() -> None:
    chat = supergroup_chat()
    message = UpdateFactory().message(chat, None, "/lang en", sender_chat=chat)["message"]
    assert message["sender_chat"]["id"] == chat["id"] and message["from"]["id"] == ANONYMOUS_ADMIN_ID


def test_callback_query_and_migration_shapes() -> None:
    factory = UpdateFactory()
    sent = factory.bot_message_json(group_chat(), {"id": 7, "is_bot": True, "first_name": "Bot"}, "sign up?")
    press = factory.callback_query(group_chat(), ALICE, "su:1", sent)
    assert press["callback_query"]["data"] == "su:1" and press["callback_query"]["message"] == sent
    old, new = factory.migration(group_chat(), supergroup_chat(), ALICE)
    assert old["message"]["migrate_to_chat_id"] == supergroup_chat()["id"]
    assert new["message"]["migrate_from_chat_id"] == group_chat()["id"]


def test_mention_entity() -> None:
    message = UpdateFactory().mention(group_chat(), ALICE, "guandan_test_bot", "什么是接风")["message"]
    assert message["text"] == "@guandan_test_bot 什么是接风"
    assert message["entities"] == [{"type": "mention", "offset": 0, "length": 17}]


async def test_every_username_in_a_text_carries_a_mention_entity() -> None:
    text = "🀄 @guandan_test_bot 双下升几级 cc @lily_w, not a@mail.com or @abc"
    async with Bot("1:fake", request=FakeBotApi()) as bot:
        update = to_update(UpdateFactory().message(group_chat(), ALICE, text), bot)
    assert update.message is not None
    mentions = update.message.parse_entities([MessageEntity.MENTION])
    assert sorted(mentions.values()) == ["@guandan_test_bot", "@lily_w"]


def test_given_entities_replace_the_detected_ones() -> None:
    message = UpdateFactory().message(group_chat(), ALICE, "@somebody hi", entities=[])["message"]
    assert "entities" not in message


def test_a_commands_bot_suffix_is_no_mention_but_its_arguments_may_be() -> None:
    message = UpdateFactory().message(group_chat(), ALICE, "/signup🀄@guandan_test_bot @lily_w")["message"]
    assert [entity["type"] for entity in message["entities"]] == ["bot_command", "mention"]
    assert message["entities"][1]["offset"] == len("/signup🀄@guandan_test_bot ") + 1  # 🀄 is 2 UTF-16 units
