from typing import Any

import pytest

from bot.i18n import Language
from handlers.commands import COMMANDS
from handlers.registry import CommandTable, unknown_command_text
from tests.handlers.conftest import Group
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser

HINT = "我不认识命令 /{name}。发送 /help 查看你可以使用的命令。"


async def test_unknown_command_in_private_gets_a_hint(offline: OfflineBot, private_member: dict[str, Any],
                                                      member: FakeUser) -> None:
    assert await offline.say(private_member, member, "/frobnicate") == [
        "I don't know the command /frobnicate. Send /help to see the commands you can use."]


@pytest.mark.parametrize(
    ("text", "answered"),
    [
        ("/frobnicate@guandan_test_bot", True),
        ("/frobnicate@GUANDAN_TEST_BOT now", True),
        ("/frobnicate", False),  # may belong to another bot in the group
        ("/frobnicate@other_bot", False),
        ("just chatting", False),
    ],
)
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
