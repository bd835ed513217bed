"""The command table: names Telegram accepts, every command's texts, and where a command may run."""

from collections.abc import AsyncIterator

import pytest

from bot.config import Settings
from bot.i18n import Language, has
from bot.services.caller import ChatUser
from handlers.commands import COMMANDS
from handlers.invocation import Invocation
from handlers.registry import GROUPS, PRIVATE, CommandSpec, CommandTable
from tests.support.dispatched import Chat, DispatchedBot


async def echo(call: Invocation) -> None:
    await call.reply(" ".join(call.args))


def test_every_listed_command_has_its_texts() -> None:
    for spec in COMMANDS:
        for language in Language:
            assert has(spec.description_key, language) and has(spec.usage_key, language), spec.name


@pytest.mark.parametrize("name", ["Start", "", "x" * 33, "sign-up", "报名"])
def test_command_names_telegram_would_refuse_are_rejected(name: str) -> None:
    with pytest.raises(ValueError):
        CommandSpec(name, echo)


def test_a_name_may_be_registered_once() -> None:
    with pytest.raises(ValueError):
        CommandTable([CommandSpec("a", echo), CommandSpec("b", echo, aliases=("a",))])


async def table_of_everyone(call: Invocation) -> None:
    await call.reply("\n".join(f"<b>{number}</b>. {call.text('lang.name.zh')}" * 3 for number in range(900)))


RESTRICTED = (*COMMANDS, CommandSpec("grouponly", echo, chat_kinds=GROUPS, listed=False),
              CommandSpec("privateonly", echo, chat_kinds=PRIVATE, listed=False),
              CommandSpec("long", table_of_everyone, listed=False))
"""The product's commands and three more: one for groups, one for private chats, one with a very long answer."""


@pytest.fixture
async def restricted(settings: Settings) -> AsyncIterator[DispatchedBot]:
    async with DispatchedBot.running(settings, commands=RESTRICTED) as running:
        yield running


async def test_commands_refuse_the_wrong_kind_of_chat(restricted: DispatchedBot) -> None:
    alice = ChatUser(1, "Alice", language_code="en")
    group = Chat.group(-1_001_234, "Group")
    assert await restricted.say(Chat.private(alice), alice, "/grouponly x") == [
        "This command works in group chats only."]
    assert await restricted.say(group, alice, "/privateonly x") == [
        "这个命令只能在与机器人的私聊中使用。"]
    assert await restricted.say(group, alice, "/grouponly x y") == ["x y"]
