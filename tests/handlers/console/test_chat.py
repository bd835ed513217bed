"""The console chat in-process, including inline buttons (a test button besides the tournament's own)."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import Settings
from bot.i18n import Language
from bot.richtext import Button, keyboard
from handlers.buttons import ButtonSpec, Press
from handlers.commands import COMMANDS
from handlers.console.chat import ConsoleChat, plain
from handlers.invocation import Invocation
from handlers.registry import CommandSpec
from handlers.tournament_buttons import BUTTONS
from tests.support.harness import OfflineBot


async def ask(call: Invocation) -> None:
    await call.reply("Join?", keyboard([Button("Yes", "x:1:join")]))


async def on_press(press: Press) -> str:
    assert press.caller.person is not None
    await press.edit(f"{press.caller.person.display_name} joined")
    return f"pressed {press.data.encode()}"


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[tuple[ConsoleChat, list[str]]]:
    """A console (English texts) whose bot also knows ``/ask``, which replies with a button; output collected."""
    commands = (*COMMANDS, CommandSpec("ask", ask, listed=False))
    buttons = (*BUTTONS, ButtonSpec("x", "join", on_press))
    async with OfflineBot.running(Settings(db_path=tmp_path / "c.sqlite3"), commands=commands,
                                  buttons=buttons) as offline:
        lines: list[str] = []
        yield ConsoleChat(offline, Language.EN, lines.append), lines


async def test_buttons_are_shown_and_can_be_tapped(console: tuple[ConsoleChat, list[str]]) -> None:
    chat, lines = console
    await chat.handle("/ask")
    assert lines[-2:] == ["🤖 Join?", "   [Yes]"]
    await chat.handle(":as 李四")
    await chat.handle(":tap Yes")
    assert lines[-2:] == ["🤖✏️ 李四 joined", "🤖💬 pressed x:1:join"]


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


async def test_pictures_are_shown_by_name(console: tuple[ConsoleChat, list[str]]) -> None:
    chat, lines = console
    for line in (":as 老王 admin", "/new Cup", "/signup 张三 李四", "/signup 王五 赵六", "/draw", "/bracket"):
        await chat.handle(line)
    assert lines[-1] == "🤖 [picture: bracket.png]"
