"""One front door: the same messages give the same answers on Telegram, WeCom and the console.

Every command of the table by each of its names, full-width and mistyped; every Chinese verb and a mistyped one; rule
questions and failures (a refusal, a usage error, a crash) are written in a private chat on each platform, driven
through its real adapter; the answers are compared as plain text (Telegram's HTML, WeCom's markdown and the
console's markup rendered to what a reader sees).
"""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from bot.clock import ManualClock
from bot.config import Settings
from bot.i18n import CommandWords, Language
from bot.richtext import Keyboard, to_plain
from bot.services.caller import ChatUser
from handlers.bootstrap import ProcessOptions, console_process
from handlers.commands import COMMANDS
from handlers.console.platform import ConsoleAdmins, ConsolePlatform, FileShelf, Room, SavedFile
from handlers.dispatch import TYPED_VERBS
from handlers.invocation import Invocation
from handlers.registry import CommandSpec, CommandTable
from handlers.verbs import VERBS, mistyped_verb
from tests.support.harness import OfflineBot
from tests.support.updates import FakeUser, private_chat
from tests.support.wecom_offline import WeComClub


async def crash(call: Invocation) -> None:
    raise RuntimeError("database password is hunter2")


TABLE: tuple[CommandSpec, ...] = (*COMMANDS, CommandSpec("crash", crash, listed=False))

Say = Callable[[str], Awaitable[list[str]]]


def full_width(text: str) -> str:
    return "".join(chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else char for char in text)


def mistyped(name: str) -> str:
    """``name`` with its last two different neighbouring letters swapped, as quick thumbs type it."""
    index = max(index for index in range(len(name) - 1) if name[index] != name[index + 1])
    return name[:index] + name[index + 1] + name[index] + name[index + 2:]


def mistyped_verbs() -> tuple[str, ...]:
    """A verb one character off for every verb that has one nobody could read as another verb."""
    typed = []
    for verb in VERBS:
        for wrong in "表级的们":
            text = verb[:-1] + wrong
            if text not in VERBS and (found := mistyped_verb(text)) is not None and found[1] == verb:
                typed.append(text)
                break
    return tuple(typed)


MESSAGES: tuple[str, ...] = tuple(dict.fromkeys((
    *(f"/{name}" for spec in COMMANDS for name in spec.names),
    *(full_width(f"/{spec.name}") for spec in COMMANDS),
    *(f"/{mistyped(spec.name)}" for spec in COMMANDS),
    *VERBS,
    *mistyped_verbs(),
    "/hlep", "/standing", "/frobnicate", "/levelup 2 3 4 5 6", "/play 同花顺", "/score 3", "/name " + "x" * 80,
    "双下升几级", "抗贡是什么", "/crash", "/lang xx",
)))
"""In a private chat, where every platform sees every message (group-only commands are refused alike)."""

WORDED_FOR_WECOM = frozenset({"/start", "/help", "帮助", full_width("/start"), full_width("/help")})
"""The command list: on WeCom it lists the Chinese verbs a WeCom person types."""


@asynccontextmanager
async def telegram(tmp_path: Path) -> AsyncIterator[Say]:
    person = FakeUser(1_001, "ann", "ann_fd")  # named as WeCom names people: by userid
    async with OfflineBot.running(Settings(db_path=tmp_path / "telegram.sqlite3"), clock=ManualClock(),
                                  commands=TABLE) as bot:
        async def say(text: str) -> list[str]:
            return [to_plain(html.unescape(call.text)) for call in await bot.process(
                bot.updates.message(private_chat(person), person, text))]

        yield say


_MARKDOWN = [(re.compile(r"\*\*(.+?)\*\*", re.S), r"\1"), (re.compile(r"(?<![\\*])\*(?!\s)(.+?)(?<![\\\s])\*", re.S),
                                                             r"\1"),
             (re.compile(r"`([^`]*)`"), r"\1"), (re.compile(r"\\(.)"), r"\1")]


def markdown_plain(markdown: str) -> str:
    """What a reader sees of WeCom markdown (the zero-width space after a ``<`` of text is invisible)."""
    for pattern, replacement in _MARKDOWN:
        markdown = pattern.sub(replacement, markdown)
    return markdown.replace("<\u200b", "<")


@asynccontextmanager
async def wecom(tmp_path: Path) -> AsyncIterator[Say]:
    async with WeComClub.running(Settings(db_path=tmp_path / "wecom.sqlite3"), commands=TABLE) as club:
        async def say(text: str) -> list[str]:
            return [markdown_plain(answer) for answer in await club.say("ann", text, group=False)]

        yield say


class Recorded:
    def __init__(self) -> None:
        self.texts: list[str] = []

    def message(self, text: str, buttons: Keyboard) -> None:
        self.texts.append(to_plain(text))

    def edited(self, text: str, buttons: Keyboard) -> None:
        self.texts.append(to_plain(text))

    def note(self, text: str) -> None:
        self.texts.append(text)

    def file(self, saved: SavedFile) -> None:
        self.texts.append(saved.name)

    def pictures(self, saved: Sequence[SavedFile]) -> None:
        self.texts.extend(picture.name for picture in saved)


@asynccontextmanager
async def console(tmp_path: Path) -> AsyncIterator[Say]:
    settings = Settings(db_path=tmp_path / "console.sqlite3")
    async with console_process(settings, ProcessOptions(clock=ManualClock(), commands=TABLE),
                               ConsoleAdmins()) as process:
        screen = Recorded()
        platform = ConsolePlatform(process.dispatcher(timers=False), screen, FileShelf(tmp_path / "files"))
        person = ChatUser(1_001, "ann", "ann_fd", "zh")

        async def say(text: str) -> list[str]:
            screen.texts.clear()
            await platform.write(person, Room.private_of(person), text)
            return list(screen.texts)

        yield say


WRITTEN_ON_WECOM = CommandWords("", TYPED_VERBS, CommandTable(TABLE).names())


def typed_on_wecom(answers: list[str]) -> list[str]:
    """Telegram's answers with each command as a WeCom person types it in a private chat (its Chinese verb)."""
    return [WRITTEN_ON_WECOM.write(answer, Language.ZH, markup=False) for answer in answers]


async def answers(platform: Callable[[Path], AsyncIterator[Say]], tmp_path: Path) -> dict[str, list[str]]:
    async with platform(tmp_path) as say:  # type: ignore[attr-defined]
        return {text: await say(text) for text in MESSAGES}


@pytest.fixture
async def on_telegram(tmp_path: Path) -> dict[str, list[str]]:
    return await answers(telegram, tmp_path)


async def test_the_same_messages_get_the_same_answers_on_every_platform(on_telegram: dict[str, list[str]],
                                                                         tmp_path: Path) -> None:
    on_wecom = await answers(wecom, tmp_path)
    on_console = await answers(console, tmp_path)
    assert all(on_telegram[text] for text in MESSAGES), [text for text in MESSAGES if not on_telegram[text]]
    assert [(text, on_telegram[text], on_console[text]) for text in MESSAGES
            if on_console[text] != on_telegram[text]] == []
    # WeCom people type a command's verb (after the bot's mention in a group; here, a private chat, without it):
    # every command the bot names is written so, the rest of each answer the same.
    assert [(text, typed_on_wecom(on_telegram[text]), on_wecom[text]) for text in MESSAGES
            if on_wecom[text] != typed_on_wecom(on_telegram[text]) and text not in WORDED_FOR_WECOM] == []
    assert any("/" in answer for answers in on_telegram.values() for answer in answers)
    assert not any(re.search(r"(?<![\w/@])/(signup|result|confirm|help)\b", answer)
                   for text, answers in on_wecom.items() for answer in answers if "/" not in text)
    # The command list is the one answer worded for its platform: WeCom people type verbs, not Telegram's menu.
    for text in WORDED_FOR_WECOM:
        [listed] = on_wecom[text]
        assert "\n帮助 — " in listed and "\n计分 — " in listed and "/jifen" not in listed and "\n/help" not in listed
        assert "\n/help — " in on_telegram[text][0] and "/jifen" in on_telegram[text][0]


def test_the_table_holds_every_command_by_every_name_full_width_and_mistyped() -> None:
    names = {name for spec in COMMANDS for name in spec.names}
    assert {f"/{name}" for name in names} <= set(MESSAGES)
    assert {full_width(f"/{spec.name}") for spec in COMMANDS} <= set(MESSAGES)
    typos = {text for text in MESSAGES if text.startswith("/") and text[1:] not in names and text[1:].isalpha()}
    assert len(typos) >= len(COMMANDS)  # one mistyped form of each, and a few more
    assert set(VERBS) <= set(MESSAGES) and len(mistyped_verbs()) >= len(VERBS) - 8


async def test_failures_are_answered_alike(on_telegram: dict[str, list[str]]) -> None:
    assert on_telegram["/crash"] == ["抱歉，机器人这边出了问题，本次操作没有生效，请稍后再试。"]
    assert "只能在群组里使用" in on_telegram["/signup"][0] or "群" in on_telegram["/signup"][0]
    assert on_telegram["/hlep"][0].startswith("我不认识命令 /hlep")
