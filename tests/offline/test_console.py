"""The console chat in-process, including inline buttons (the tournament commands will bring real ones)."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import CallbackQueryHandler

from bot.config import Settings
from bot.i18n import Language
from bot.offline.console import ConsoleChat, plain
from bot.offline.harness import OfflineBot
from handlers.commands import COMMANDS
from handlers.context import BotContext
from handlers.registry import CommandSpec, Invocation


async def ask(call: Invocation) -> None:
    await call.reply("Join?", InlineKeyboardMarkup([[InlineKeyboardButton("Yes", callback_data="join:1")]]))


async def on_press(update: Update, context: BotContext) -> None:
    query = update.callback_query
    assert query is not None and query.from_user is not None
    await query.answer(f"pressed {query.data}")
    await query.edit_message_text(f"{query.from_user.first_name} joined")


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[tuple[ConsoleChat, list[str]]]:
    """A console (English texts) whose bot also knows ``/ask``, which replies with a button; output collected."""
    commands = (*COMMANDS, CommandSpec("ask", ask, listed=False))
    async with OfflineBot.running(Settings(db_path=tmp_path / "c.sqlite3"), commands=commands) as offline:
        offline.application.add_handler(CallbackQueryHandler(on_press))
        lines: list[str] = []
        yield ConsoleChat(offline, Language.EN, lines.append), lines


async def test_buttons_are_shown_and_can_be_tapped(console: tuple[ConsoleChat, list[str]]) -> None:
    chat, lines = console
    await chat.handle("/ask")
    assert lines[-2:] == ["🤖 Join?", "   [Yes]"]
    await chat.handle(":as 李四")
    await chat.handle(":tap Yes")
    assert lines[-2:] == ["🤖💬 pressed join:1", "🤖✏️ 李四 joined"]


async def test_tapping_a_missing_button_explains(console: tuple[ConsoleChat, list[str]]) -> None:
    chat, lines = console
    await chat.handle(":tap Nope")
    assert lines == ["No button “Nope” on the last message with buttons."]


async def test_switching_speakers_and_roles(console: tuple[ConsoleChat, list[str]]) -> None:
    chat, lines = console
    await chat.handle(":as Lily")
    await chat.handle("/lang en")
    await chat.handle(":as Lily admin")
    await chat.handle("/lang en")
    assert lines == ["Now speaking: Lily (member).", "🤖 只有群主、群管理员或比赛组织者可以这样做。",
                     "Now speaking: Lily (administrator).", "🤖 Done: this chat now speaks English."]


def test_plain_shows_html_as_a_client_would() -> None:
    assert plain("<b>A &amp; B</b> &lt;3") == "A & B <3"
