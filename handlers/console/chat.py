"""The offline console chat: a simulated group in the terminal, driven by the real application.

Lines starting with ``:`` steer the simulation (``:as 张三``, ``:as 李四 admin``, ``:private``, ``:group``,
``:tap <button>``, ``:lang en``, ``:help``, ``:quit``); every other line is a message from the current speaker,
and every reply the bot sends is printed, with its inline buttons.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.i18n import Language, t
from tests.support.harness import OfflineBot
from tests.support.telegram import ApiCall
from tests.support.updates import FakeUser, group_chat, private_chat

CONSOLE_GROUP = group_chat(-4_000_001, "掼蛋俱乐部")
FIRST_USER_ID = 1001
_TAG = re.compile(r"<[^>]+>")


def button_rows(markup: object) -> list[list[tuple[str, str]]]:
    """The (label, callback data) of each inline button, row by row."""
    if not isinstance(markup, dict):
        return []
    return [[(str(button.get("text", "")), str(button.get("callback_data", ""))) for button in row]
            for row in markup.get("inline_keyboard", [])]


def plain(text: str) -> str:
    """What a Telegram client shows for an HTML message: tags dropped, entities decoded."""
    return html.unescape(_TAG.sub("", text))


@dataclass(slots=True)
class _Speaker:
    user: FakeUser
    admin: bool


class ConsoleChat:
    def __init__(self, offline: OfflineBot, language: Language, output: Callable[[str], None] = print) -> None:
        self.offline = offline
        self.language = language
        self.output = output
        self.people: dict[str, _Speaker] = {}
        self.in_private = False
        self.speaker = self._person("张三", admin=True)
        self.running = True
        self.last_with_buttons: dict[str, Any] | None = None

    def _person(self, name: str, admin: bool | None = None) -> _Speaker:
        speaker = self.people.get(name)
        if speaker is None:
            code = "zh" if self.language is Language.ZH else "en"
            speaker = _Speaker(FakeUser(FIRST_USER_ID + len(self.people), name, language_code=code), False)
            self.people[name] = speaker
        if admin is not None:
            speaker.admin = admin
            admins = [person.user.to_json() for person in self.people.values() if person.admin]
            self.offline.telegram.set_admins(int(CONSOLE_GROUP["id"]), *admins)
            self.offline.application.bot_data.services.roles.forget_chat(int(CONSOLE_GROUP["id"]))
        return speaker

    def say(self, key: str, **params: object) -> None:
        self.output(t(f"console.{key}", self.language, **params))

    @property
    def prompt(self) -> str:
        where = t("console.private", self.language) if self.in_private else str(CONSOLE_GROUP["title"])
        return f"[{where}] {self.speaker.user.first_name}> "

    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line:
            return
        if line.startswith(":"):
            await self._steer(line[1:].split())
            return
        chat = private_chat(self.speaker.user) if self.in_private else CONSOLE_GROUP
        await self._run(self.offline.updates.message(chat, self.speaker.user, line))

    async def _run(self, update: dict[str, Any]) -> None:
        before = len(self.offline.telegram.calls)
        await self.offline.process(update)
        for call in self.offline.telegram.calls[before:]:
            if call.status == 200:
                self._show(call)

    def _show(self, call: ApiCall) -> None:
        if call.method == "sendDocument":
            name = next(iter(call.files.values()))[0] if call.files else "document"
            self.output("🤖 " + t("console.document", self.language, name=name))
        elif call.method in {"sendPhoto", "sendMediaGroup"}:
            for name, _ in call.files.values():
                self.output("🤖 " + t("console.picture", self.language, name=name))
        elif call.method in {"sendMessage", "editMessageText"}:
            mark = "🤖 " if call.method == "sendMessage" else "🤖✏️ "
            self.output(mark + plain(call.text).replace("\n", "\n   "))
        elif call.method == "answerCallbackQuery" and call.params.get("text"):
            self.output("🤖💬 " + plain(str(call.params["text"])))
        buttons = button_rows(call.params.get("reply_markup"))
        if buttons and isinstance(call.result, dict):
            self.last_with_buttons = call.result
            self.output("   " + "  ".join(f"[{text}]" for row in buttons for text, _ in row))

    async def tap(self, label: str) -> None:
        """Press the button labelled ``label`` on the last message that had buttons."""
        message = self.last_with_buttons
        rows = button_rows(message.get("reply_markup")) if message else []
        data = next((data for row in rows for text, data in row if text == label), None)
        if message is None or data is None:
            self.say("no_button", label=label)
            return
        chat = message["chat"]
        await self._run(self.offline.updates.callback_query(chat, self.speaker.user, data, message))

    async def _steer(self, words: list[str]) -> None:
        command, rest = (words[0].lower(), words[1:]) if words else ("help", [])
        if command in {"quit", "q", "exit"}:
            self.running = False
        elif command == "as" and rest and len(rest) <= 2 and (len(rest) == 1 or rest[1] in {"admin", "member"}):
            admin = None if len(rest) == 1 else rest[1] == "admin"
            self.speaker = self._person(rest[0], admin)
            role = "role_admin" if self.speaker.admin else "role_member"
            self.say("now_speaking", name=rest[0], role=t(f"console.{role}", self.language))
        elif command == "private":
            self.in_private = True
            self.say("in_private", name=self.speaker.user.first_name)
        elif command == "group":
            self.in_private = False
            self.say("in_group", title=CONSOLE_GROUP["title"])
        elif command == "lang" and len(rest) == 1 and rest[0] in {"zh", "en"}:
            self.language = Language(rest[0])
            self.say("language_set")
        elif command == "tap" and rest:
            await self.tap(" ".join(rest))
        elif command == "help":
            self.say("help")
        else:
            self.say("unknown", line=":" + " ".join(words))
