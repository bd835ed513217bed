"""The first commands anyone sends: /start and /help (who sees which commands, in which language), a command
addressed to this bot or another, and bad input answered with the usage."""

import pytest

from tests.handlers.conftest import DispatchedGroup as Group


async def test_start_greets_and_lists_member_commands_without_organiser_ones(group: Group) -> None:
    [reply] = await group.say(group.member, "/start")
    assert "你好" in reply and "/help" in reply and "/start" in reply
    # The welcome says how to switch language; the command list below it has no organiser commands.
    welcome, commands = reply.split("\n\n", 1)
    assert "/lang en" in welcome
    assert "/lang" not in commands and "组织者" not in commands


async def test_help_shows_organiser_commands_to_an_administrator(group: Group) -> None:
    [reply] = await group.say(group.admin, "/help")
    assert "组织者命令" in reply and "/lang" in reply


async def test_help_in_private_uses_the_users_language_and_lists_lang(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "/help")
    assert "Commands you can use" in reply and "/lang" in reply and "Add me to your club's group" in reply


async def test_start_accepts_a_deep_link_payload(group: Group) -> None:
    [reply] = await group.say_privately(group.member, "/start from-website")
    assert "Hello" in reply


async def test_help_addressed_with_the_bot_username(group: Group) -> None:
    [reply] = await group.say(group.member, "/help@guandan_test_bot")
    assert "/start" in reply


async def test_help_for_another_bot_is_ignored(group: Group) -> None:
    assert await group.say(group.member, "/help@some_other_bot") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/help result me", "多余的内容：“me”"),
        ("/start a b", "多余的内容：“b”"),
        ("/help " + "长" * 4000, "参数太长了"),
        ("/start " + "x" * 4000, "参数太长了：最多 64 个字符"),
    ],
)
async def test_bad_input_gets_a_short_explanation_with_usage(group: Group, text: str,
                                                             expected: str) -> None:
    [reply] = await group.say(group.member, text)
    assert expected in reply and "用法" in reply and len(reply) < 300
