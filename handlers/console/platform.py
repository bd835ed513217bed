"""The offline console as a chat platform: what people write runs the same command table and buttons as on
Telegram, with no Bot API in between.

A :class:`ConsolePlatform` does with a line written in a :class:`Room` (a group, or someone's private chat with the
bot) what Telegram's handlers do with a message (``handlers.telegram.setup``): a command runs its
:class:`~handlers.registry.CommandSpec` (a refusal answered with :func:`~handlers.registry.error_text`, anything
unexpected logged and apologised for); an unknown command points to /help; plain text is a rule question when the
bot would see it (privacy mode: in a private chat, or naming the bot in a group), unless it starts with a Chinese
verb or, after the bot's name, a ``/command`` (``handlers.verbs``). A file goes with the command in
its caption (:meth:`ConsolePlatform.send_document`); a press runs the :class:`~handlers.buttons.ButtonTable`.

What the bot answers goes to a :class:`Screen`: the interactive console (``handlers.console.chat``) and the demo
(``handlers.console.demo``) each print it their way. Files and pictures are saved in a folder first
(:class:`FileShelf`), so the screen can say where they are.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from bot.errors import GuandanError
from bot.i18n import Language, t
from bot.pictures.picture import Picture
from bot.richtext import Button, Keyboard, escape
from bot.services import Services
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.chats import language_of
from bot.services.console import remember_visit
from handlers.arguments import clean_text
from handlers.buttons import ButtonTable
from handlers.invocation import Attachment, NoTimers
from handlers.registry import CommandSpec, CommandTable, error_text, typed_command, unknown_command_text
from handlers.rules import answer_question
from handlers.verbs import text_after_command, written_command

log = logging.getLogger(__name__)

BOT_USERNAME = "guandan_bot"
"""The bot's name in the console: ``/help@guandan_bot``, or ``@guandan_bot`` before a question in a group."""


@dataclass(frozen=True, slots=True)
class Room:
    """A chat of the console: a group, or the private chat of one person with the bot (its id is theirs, as on
    Telegram)."""

    chat_id: int
    kind: ChatKind
    title: str | None = None

    @classmethod
    def private_of(cls, person: ChatUser) -> Room:
        return cls(person.user_id, ChatKind.PRIVATE)

    def caller(self, person: ChatUser) -> Caller:
        return Caller(self.chat_id, self.kind, person, chat_title=self.title)


@dataclass(frozen=True, slots=True)
class ShownMessage:
    """A message of the bot that carries buttons (as the console last showed them), in its room."""

    number: int
    room: Room
    buttons: Keyboard


@dataclass(frozen=True, slots=True)
class SavedFile:
    """A file the bot sent: its name, its caption (markup), where the console saved it."""

    name: str
    caption: str | None
    path: Path


class Screen(Protocol):
    """Where the console shows what the bot does (texts in markup)."""

    def message(self, text: str, buttons: Keyboard) -> None:
        """A new message of the bot."""

    def edited(self, text: str, buttons: Keyboard) -> None:
        """A message of the bot, changed in place (after a press)."""

    def note(self, text: str) -> None:
        """The short note a press is answered with (plain text)."""

    def file(self, saved: SavedFile) -> None:
        """A document the bot sent."""

    def pictures(self, saved: Sequence[SavedFile]) -> None:
        """Pictures the bot sent together (one photo, or an album)."""


class FileShelf:
    """The folder where the console keeps what the bot sends (a newer file of the same name replaces the older)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def save(self, name: str, content: bytes) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / (Path(name).name or "file")
        path.write_bytes(content)
        return path


class ConsoleAdmins:
    """Who administers each console group (set with ``:as <name> admin``): the console's answer to Telegram's
    ``getChatAdministrators``."""

    def __init__(self) -> None:
        self._by_chat: dict[int, set[int]] = {}

    def set(self, chat_id: int, user_id: int, admin: bool) -> None:
        members = self._by_chat.setdefault(chat_id, set())
        if admin:
            members.add(user_id)
        else:
            members.discard(user_id)

    def is_admin(self, chat_id: int, user_id: int) -> bool:
        return user_id in self._by_chat.get(chat_id, set())

    async def lookup(self, chat_id: int) -> frozenset[int]:
        return frozenset(self._by_chat.get(chat_id, set()))


@dataclass(frozen=True, slots=True)
class CommandLine:
    """``/Name@addressee args…`` read from a line."""

    name: str
    addressee: str | None
    args: tuple[str, ...]


_COMMAND = re.compile(r"/([A-Za-z0-9_]+)(?:@([A-Za-z0-9_]*))?(?![A-Za-z0-9_@])")


def command_line(text: str | None) -> CommandLine | None:
    """The command a line starts with (as Telegram marks one: ``/`` then letters, digits or underscores, or, once
    cleaned, a full-width ``／ｒｅｓｕｌｔ``); ``None`` for plain text. Arguments are the words after it, also when
    punctuation is glued to the command (``/signup。张三``)."""
    if not text:
        return None
    found = _COMMAND.match(text)
    if found is None:
        typed = typed_command(text)
        return None if typed is None else CommandLine(typed.name, typed.addressee, typed.args)
    rest = text[found.end():]
    glued = rest[:1] and not rest[:1].isspace() and not rest[:1].isalnum()
    return CommandLine(found.group(1).lower(), found.group(2), tuple(rest.split() if glued else text.split()[1:]))


def names_bot(text: str, username: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9_])@{re.escape(username)}(?![A-Za-z0-9_])", text, flags=re.I) is not None


def question_in(text: str, username: str) -> str:
    """The text without the bot's name, cleaned (as ``handlers.telegram.rules.question_in``)."""
    without = re.sub(rf"@{re.escape(username)}(?![A-Za-z0-9_])", " ", text, flags=re.I)
    return " ".join(clean_text(without).split())


def picture_names(stem: str, count: int) -> list[str]:
    """``bracket.png``, then ``bracket-2.png`` … (as Telegram's album and ``python -m bot render`` name them)."""
    return [f"{stem}.png" if number == 1 else f"{stem}-{number}.png" for number in range(1, count + 1)]


def with_part(caption: str, part: str, language: Language) -> str:
    """A picture's caption (markup) followed by the part it shows ("第 1/4 区"), as on Telegram."""
    if not part:
        return caption
    if not caption:
        return escape(part)
    return t("pictures.part_caption", language, caption=caption, part=escape(part))


class ConsoleChannel:
    """A command's answers in its room: shown on the platform's screen; files and pictures saved first.
    ``attached``: the file the command came with (``:send``)."""

    def __init__(self, platform: ConsolePlatform, room: Room, attached: Attachment | None = None,
                 text: str = "") -> None:
        self.platform = platform
        self.room = room
        self.attached = attached
        self.text = text

    async def reply(self, text: str, buttons: Keyboard | None = None) -> None:
        self.platform.show(self.room, text, buttons)

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        self.platform.screen.file(SavedFile(file_name, caption, self.platform.files.save(file_name, content)))

    async def send_pictures(self, pictures: Sequence[Picture], caption: str, stem: str, language: Language) -> None:
        # Every picture is kept, even past the ten of one Telegram album: the folder has room.
        saved = [
            SavedFile(name, with_part(caption if index == 0 else "", picture.label, language),
                      self.platform.files.save(name, picture.png))
            for index, (picture, name) in enumerate(zip(pictures, picture_names(stem, len(pictures)), strict=True))
        ]
        if saved:
            self.platform.screen.pictures(saved)

    async def attachment(self) -> Attachment | None:
        return self.attached

    async def command_text(self) -> str:
        return text_after_command(self.text)


class ConsolePressChannel:
    """The pressed message (by its number) and its room."""

    def __init__(self, platform: ConsolePlatform, message: ShownMessage) -> None:
        self.platform = platform
        self.message = message

    async def post(self, text: str, buttons: Keyboard | None = None) -> None:
        self.platform.show(self.message.room, text, buttons)

    async def edit(self, text: str, buttons: Keyboard | None = None) -> None:
        self.platform.edit(self.message, text, buttons)

    async def drop_buttons(self) -> None:
        self.platform.drop_buttons(self.message)

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        self.platform.screen.file(SavedFile(file_name, caption, self.platform.files.save(file_name, content)))


class ConsolePlatform:
    """The command table, the buttons and the services, driven by console lines and shown on a :class:`Screen`."""

    def __init__(self, services: Services, commands: CommandTable, buttons: ButtonTable, screen: Screen,
                 files: FileShelf, *, bot_username: str = BOT_USERNAME) -> None:
        self.services = services
        self.commands = commands
        self.buttons = buttons
        self.screen = screen
        self.files = files
        self.bot_username = bot_username
        self._numbers = 0
        self._with_buttons: dict[int, ShownMessage] = {}
        """The bot's messages that have buttons now, the one shown last at the end."""

    # What the bot shows.

    def show(self, room: Room, text: str, buttons: Keyboard | None) -> None:
        if not text.strip():
            return  # Telegram sends no empty message either
        self._numbers += 1
        self.screen.message(text, buttons or ())
        if buttons:
            self._with_buttons[self._numbers] = ShownMessage(self._numbers, room, buttons)

    def edit(self, message: ShownMessage, text: str, buttons: Keyboard | None) -> None:
        self.screen.edited(text, buttons or ())
        self._with_buttons.pop(message.number, None)
        if buttons:
            self._with_buttons[message.number] = ShownMessage(message.number, message.room, buttons)

    def drop_buttons(self, message: ShownMessage) -> None:
        self._with_buttons.pop(message.number, None)

    def last_with_buttons(self) -> ShownMessage | None:
        """The message with buttons shown (or changed) last, in any room."""
        return next(reversed(self._with_buttons.values()), None)

    # What people do.

    async def write(self, person: ChatUser, room: Room, text: str) -> None:
        """``person`` writes ``text`` in ``room``."""
        caller = room.caller(person)
        channel = ConsoleChannel(self, room, text=text)
        line = command_line(text)
        if line is None:
            if room.kind is ChatKind.PRIVATE or names_bot(text, self.bot_username):
                question = question_in(text, self.bot_username)
                written = written_command(question)  # a verb, or /command after the mention (handlers.verbs)
                if written is not None:
                    await self._run(caller, channel, written.name, written.args)
                    return
                await self._answer(caller, channel, None, lambda: answer_question(
                    self.services, caller, question, channel, addressed=True))
            return
        if not self._addressed(line):
            return
        await self._run(caller, channel, line.name, line.args)

    async def _run(self, caller: Caller, channel: ConsoleChannel, name: str, args: Sequence[str]) -> None:
        spec = self.commands.find(name)
        if spec is None:
            # The console group has no other bot, so an unknown command is answered there too.
            await self._answer(caller, channel, None, lambda: self._unknown(caller, name, channel))
            return
        await self._answer(caller, channel, spec, lambda: spec.invoke(
            self.services, self.commands, caller, args, channel, timers=NoTimers()))

    async def send_document(self, person: ChatUser, room: Room, file_name: str, content: bytes,
                            caption: str | None) -> bool:
        """``person`` sends a file with ``caption``; ``False`` when the bot does not read it (its caption is not a
        command that takes a file, such as ``/import``)."""
        line = command_line(caption)
        spec = self.commands.find(line.name) if line is not None and self._addressed(line) else None
        if spec is None or not spec.documents:
            return False

        async def download() -> bytes:
            return content

        caller = room.caller(person)
        channel = ConsoleChannel(self, room, Attachment(file_name, len(content), download))
        # Telegram's caption handler passes no arguments (``context.args`` is empty): neither does the console.
        await self._answer(caller, channel, spec, lambda: spec.invoke(
            self.services, self.commands, caller, (), channel, timers=NoTimers()))
        return True

    async def press(self, person: ChatUser, message: ShownMessage, button: Button) -> None:
        """``person`` presses ``button`` under ``message``; the note is shown when there is one."""
        caller = message.room.caller(person)
        await remember_visit(self.services, caller)
        note = await self.buttons.press(self.services, caller, button.action, ConsolePressChannel(self, message))
        if note.text:
            self.screen.note(note.text)

    def _addressed(self, line: CommandLine) -> bool:
        """``/cmd`` and ``/cmd@<this bot>`` are; another bot's ``/cmd@other_bot`` is not."""
        return line.addressee is None or line.addressee.lower() == self.bot_username.lower()

    async def _unknown(self, caller: Caller, name: str, channel: ConsoleChannel) -> None:
        await channel.reply(unknown_command_text(self.commands, name, await self._language(caller)))

    async def _answer(self, caller: Caller, channel: ConsoleChannel, spec: CommandSpec | None,
                      action: Callable[[], Awaitable[object]]) -> None:
        """Remember the chat and the speaker, run ``action``, and answer a failure as Telegram's error handler
        does: a refusal with its text (a usage error with ``spec``'s usage line), anything else with an apology
        (and a log entry)."""
        try:
            await remember_visit(self.services, caller)
            await action()
        except GuandanError as error:
            await channel.reply(error_text(error, await self._language(caller), spec.usage_key if spec else None))
        except Exception:
            log.exception("a console line failed (%s)", f"/{spec.name}" if spec else "no command")
            await channel.reply(t("registry.apology", await self._language(caller)))

    async def _language(self, caller: Caller) -> Language:
        default = self.services.settings.language
        try:
            return await language_of(self.services.storage, caller, default)
        except Exception:  # the database may be what failed: still answer, in the default language
            return default
