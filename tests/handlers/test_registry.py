from collections.abc import AsyncIterator

import pytest

from bot.config import Settings
from bot.i18n import Language, has
from handlers.commands import COMMANDS
from handlers.invocation import Invocation
from handlers.registry import GROUPS, PRIVATE, CommandSpec, CommandTable
from handlers.telegram.replies import MESSAGE_LIMIT, text_length
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser, group_chat, private_chat


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


@pytest.fixture
async def bot_with_restricted_commands(settings: Settings) -> AsyncIterator[OfflineBot]:
    commands = (*COMMANDS, CommandSpec("grouponly", echo, chat_kinds=GROUPS, listed=False),
                CommandSpec("privateonly", echo, chat_kinds=PRIVATE, listed=False),
                CommandSpec("long", table_of_everyone, listed=False))
    async with OfflineBot.running(settings, commands=commands) as running:
        yield running


async def test_commands_refuse_the_wrong_kind_of_chat(bot_with_restricted_commands: OfflineBot) -> None:
    alice = FakeUser(1, "Alice", language_code="en")
    bot = bot_with_restricted_commands
    assert await bot.say(private_chat(alice), alice, "/grouponly x") == [
        "This command works in group chats only."]
    assert await bot.say(group_chat(), alice, "/privateonly x") == [
        "这个命令只能在与机器人的私聊中使用。"]
    assert await bot.say(group_chat(), alice, "/grouponly x y") == ["x y"]


async def test_an_edited_command_does_not_run_again(bot_with_restricted_commands: OfflineBot) -> None:
    alice = FakeUser(1, "Alice")
    update = bot_with_restricted_commands.updates.message(group_chat(), alice, "/grouponly x")
    update["edited_message"] = update.pop("message")
    assert await bot_with_restricted_commands.process(update) == []


async def test_a_long_reply_is_sent_in_pieces_telegram_accepts(bot_with_restricted_commands: OfflineBot) -> None:
    pieces = await bot_with_restricted_commands.say(group_chat(), FakeUser(1, "Alice"), "/long")
    assert len(pieces) > 1 and all(text_length(piece) <= MESSAGE_LIMIT for piece in pieces)
    assert all(piece.startswith("<b>") for piece in pieces)  # cut between lines, never inside one
