"""The offline console chat: a simulated group in the terminal, on the console platform (``handlers.console.platform``).

Lines starting with ``:`` steer the simulation (``:as 张三``, ``:as 李四 @lisi admin``, ``:private``, ``:group``,
``:tap <part of a label>``, ``:send <file> [caption]``, ``:lang en``, ``:help``, ``:quit``); every other line is a
message from the current speaker. Everything the bot answers is printed, with its buttons; the files and pictures it
sends are saved in a folder and their paths printed. People are found by name in the database
(``bot.services.console``), so ``:as 张三`` is the same person after a restart.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from bot.i18n import Language, t
from bot.richtext import Keyboard, to_plain
from bot.services.caller import ChatKind, ChatUser
from bot.services.console import console_person, is_username
from handlers.console.platform import ConsoleAdmins, ConsolePlatform, FileShelf, Room, SavedFile
from handlers.console.taps import every_button, labels, match_button
from handlers.dispatch import Dispatcher

CONSOLE_GROUP = Room(-4_000_001, ChatKind.GROUP, "掼蛋俱乐部")
FIRST_SPEAKER = "张三"
"""Who speaks when the console starts: an administrator of the group."""


def indented(text: str) -> str:
    """Markup as plain text, its later lines indented under the speaker's mark."""
    return to_plain(text).replace("\n", "\n   ")


class ChatScreen:
    """What the bot does, printed as the console shows it; file lines in the console's own language."""

    def __init__(self, language: Language, output: Callable[[str], None]) -> None:
        self.language = language
        self.output = output

    def _buttons(self, buttons: Keyboard) -> None:
        if buttons:
            self.output("   " + labels(every_button(buttons)))

    def message(self, text: str, buttons: Keyboard) -> None:
        self.output("🤖 " + indented(text))
        self._buttons(buttons)

    def edited(self, text: str, buttons: Keyboard) -> None:
        self.output("🤖✏️ " + indented(text))
        self._buttons(buttons)

    def note(self, text: str) -> None:
        self.output("🤖💬 " + text)

    def _saved(self, key: str, saved: SavedFile) -> None:
        caption = indented(saved.caption) if saved.caption else ""
        self.output("🤖 " + t(key, self.language, name=saved.name) + (" " + caption if caption else ""))
        self.output("   " + t("console.saved", self.language, path=saved.path))

    def file(self, saved: SavedFile) -> None:
        self._saved("console.document", saved)

    def pictures(self, saved: Sequence[SavedFile]) -> None:
        for picture in saved:
            self._saved("console.picture", picture)


def _file_and_caption(text: str) -> tuple[str, str]:
    """``"my roster.xlsx" /import`` → (``my roster.xlsx``, ``/import``): a path with spaces goes in quotes."""
    text = text.strip()
    if text[:1] in {'"', "'"}:
        end = text.find(text[0], 1)
        if end > 0:
            return text[1:end], text[end + 1:].strip()
    path, _, caption = text.partition(" ")
    return path, caption.strip()


class ConsoleChat:
    def __init__(self, platform: ConsolePlatform, admins: ConsoleAdmins, screen: ChatScreen,
                 output: Callable[[str], None]) -> None:
        self.platform = platform
        self.admins = admins
        self.screen = screen
        self.output = output
        self.people: dict[str, ChatUser] = {}
        """Who has spoken in this run, by name (their language is the console's when they first spoke)."""
        self.speaker = ChatUser(0, FIRST_SPEAKER)
        self.in_private = False
        self.running = True

    @property
    def language(self) -> Language:
        return self.screen.language

    @language.setter
    def language(self, language: Language) -> None:
        self.screen.language = language

    @property
    def room(self) -> Room:
        return Room.private_of(self.speaker) if self.in_private else CONSOLE_GROUP

    @property
    def prompt(self) -> str:
        where = t("console.private", self.language) if self.in_private else str(CONSOLE_GROUP.title)
        return f"[{where}] {self.speaker.display_name}> "

    def say(self, key: str, **params: object) -> None:
        self.output(t(f"console.{key}", self.language, **params))

    async def become(self, name: str, *, username: str | None = None, admin: bool | None = None) -> ChatUser:
        """Speak as ``name`` from now on (found by name in the database, or new).

        ``admin`` changes their place among the group's administrators."""
        person = self.people.get(name)
        if person is None or username is not None:
            code = person.language_code if person is not None else self.language.value
            services = self.platform.dispatcher.services
            person = await console_person(services, name, username=username, language_code=code)
            for other, known in list(self.people.items()):
                if other != name and known.username and person.username \
                        and known.username.lower() == person.username.lower():
                    del self.people[other]  # their row lost the username: read them afresh next time
            self.people[name] = person
        if admin is not None:
            self.admins.set(CONSOLE_GROUP.chat_id, person.user_id, admin)
        self.speaker = person
        return person

    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line:
            return
        if line.startswith(":"):
            await self._steer(line[1:])
            return
        await self.platform.write(self.speaker, self.room, line)

    async def tap(self, typed: str) -> None:
        """Press the button of the last message with buttons whose label ``typed`` names.

        How a label is named: ``handlers.console.taps``. With nothing typed, list them."""
        message = self.platform.last_with_buttons()
        if message is None:
            if typed:
                self.say("no_button", label=typed)
            else:
                self.say("no_buttons")
            return
        if not typed:
            self.say("buttons", buttons=labels(every_button(message.buttons)))
            return
        match = match_button(message.buttons, typed)
        if match.found is not None:
            await self.platform.press(self.speaker, message, match.found)
        elif match.buttons:
            self.say("ambiguous_button", label=typed, buttons=labels(match.buttons))
        else:
            self.say("no_button_among", label=typed, buttons=labels(every_button(message.buttons)))

    async def send(self, text: str) -> None:
        """Send the file at the path ``text`` starts with, captioned with the rest (``:send roster.xlsx /import``)."""
        path_text, caption = _file_and_caption(text)
        path = Path(path_text).expanduser()
        try:
            content = path.read_bytes()
        except OSError:
            self.say("no_file", path=path_text)
            return
        if not await self.platform.send_document(self.speaker, self.room, path.name, content, caption or None):
            self.say("file_ignored")

    async def _steer(self, line: str) -> None:
        words = line.split()
        command, rest = (words[0].lower(), words[1:]) if words else ("help", [])
        if command in {"quit", "q", "exit"}:
            self.running = False
        elif command == "as":
            if not await self._as(rest):
                self.say("unknown", line=":" + " ".join(words))
        elif command == "private":
            self.in_private = True
            self.say("in_private", name=self.speaker.display_name)
        elif command == "group":
            self.in_private = False
            self.say("in_group", title=CONSOLE_GROUP.title)
        elif command == "lang" and len(rest) == 1 and rest[0] in {"zh", "en"}:
            self.language = Language(rest[0])
            self.say("language_set")
        elif command == "tap":
            await self.tap(" ".join(rest))
        elif command == "send" and rest:
            await self.send(line.strip()[len(words[0]):])
        elif command == "help":
            self.say("help", bot=self.platform.bot_username)
        else:
            self.say("unknown", line=":" + " ".join(words))

    async def _as(self, words: list[str]) -> bool:
        """``:as <name> [@username] [admin|member]``; ``False`` when the words are not that."""
        if not words or len(words) > 3:
            return False
        name, username, admin = words[0], None, None
        for word in words[1:]:
            if word.startswith("@") and username is None:
                username = word[1:]
            elif word in {"admin", "member"} and admin is None:
                admin = word == "admin"
            else:
                return False
        if username is not None and not is_username(username):
            self.say("bad_username", username="@" + username)
            return True
        person = await self.become(name, username=username, admin=admin)
        role = "role_admin" if self.admins.is_admin(CONSOLE_GROUP.chat_id, person.user_id) else "role_member"
        self.say("now_speaking", name=name, username=person.username or "",
                 role=t(f"console.{role}", self.language))
        return True


@asynccontextmanager
async def open_console_chat(dispatcher: Dispatcher, admins: ConsoleAdmins, language: Language, files: Path,
                            output: Callable[[str], None] = print) -> AsyncIterator[ConsoleChat]:
    """The console chat on ``dispatcher``, saving files in ``files``.

    Built by ``handlers.bootstrap.console_chat``; its administrators are ``admins``' list, its first speaker
    :data:`FIRST_SPEAKER`, an administrator."""
    screen = ChatScreen(language, output)
    platform = ConsolePlatform(dispatcher, screen, FileShelf(files))
    chat = ConsoleChat(platform, admins, screen, output)
    await chat.become(FIRST_SPEAKER, admin=True)
    yield chat
