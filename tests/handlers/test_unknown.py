
import pytest

from tests.handlers.conftest import DispatchedGroup as Group

HINT = "我不认识命令 /{name}。发送 /help 查看你可以使用的命令。"


async def test_unknown_command_in_private_gets_a_hint(group: Group) -> None:
    assert await group.say_privately(group.member, "/frobnicate") == [
        "I don't know the command /frobnicate. Send /help to see the commands you can use."]


ADDRESSED = [
    ("/frobnicate@guandan_test_bot", True),
    ("/frobnicate@GUANDAN_TEST_BOT now", True),
    ("/frobnicate", False),  # may belong to another bot in the group
    ("/frobnicate@other_bot", False),
    ("just chatting", False),
]
"""Messages in a group and whether an unknown command in them is answered (addressed to this bot)."""


@pytest.mark.parametrize(("text", "answered"), ADDRESSED)
async def test_unknown_command_in_a_group_only_when_addressed(group: Group, text: str,
                                                              answered: bool) -> None:
    replies = await group.say(group.member, text)
    assert replies == ([HINT.format(name="frobnicate")] if answered else [])


async def test_a_reply_to_the_bot_is_addressed_to_it(group: Group) -> None:
    assert await group.say(group.member, "/frobnicate", replying_to_bot=True) == [
        HINT.format(name="frobnicate")]


