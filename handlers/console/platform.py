"""The offline console as a chat platform.

What people write goes through the same front door as on Telegram (``handlers.dispatch``), with no Bot API in between.

A :class:`ConsolePlatform` turns a line written in a :class:`Room` (a group, or someone's private chat with the
bot) into an :class:`~handlers.dispatch.Incoming` message, a file sent with a caption into one with a file, and a
press into an :class:`~handlers.dispatch.Arrival` with the button's data; the dispatcher reads, runs and answers
them. The console group has no other bot, so an unknown ``/command`` is answered there too; a question in a group
is seen when it names the bot (``@guandan_bot``), as Telegram's privacy mode lets a bot see.

What the bot answers goes to a :class:`Screen`: the interactive console (``handlers.console.chat``) and the demo
(``handlers.console.demo``) each print it their way. Files and pictures are saved in a folder first
(:class:`FileShelf`), so the screen can say where they are.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from bot.i18n import Language, t
from bot.pictures.picture import Picture
from bot.richtext import Button, Keyboard, escape
from handlers.dispatch import (
    Addressing,
    Arrival,
    Attachment,
    Caller,
    ChatKind,
    ChatUser,
    Dispatcher,
    Incoming,
    text_after_command,
)

BOT_USERNAME = "guandan_bot"
"""The bot's name in the console: ``/help@guandan_bot``, or ``@guandan_bot`` before a question in a group."""


@dataclass(frozen=True, slots=True)
class Room:
    """A chat of the console.

    A group, or the private chat of one person with the bot (its id is theirs, as on Telegram)."""

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
    """Who administers each console group (set with ``:as <name> admin``).

    The console's answer to Telegram's ``getChatAdministrators``."""

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


def names_bot(text: str, username: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9_])@{re.escape(username)}(?![A-Za-z0-9_])", text, flags=re.I) is not None


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

    def __init__(self, dispatcher: Dispatcher, screen: Screen, files: FileShelf, *,
                 bot_username: str = BOT_USERNAME) -> None:
        self.dispatcher = dispatcher
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

    def _addressing(self, room: Room, text: str) -> Addressing:
        # The console group has no other bot: an unknown command is answered there too.
        return Addressing(private=room.kind is ChatKind.PRIVATE, names_bot=names_bot(text, self.bot_username),
                          bot_username=self.bot_username)

    async def write(self, person: ChatUser, room: Room, text: str) -> None:
        """``person`` writes ``text`` in ``room``."""
        incoming = Incoming(Arrival(room.caller(person)), text, self._addressing(room, text))
        await self.dispatcher.message(incoming, ConsoleChannel(self, room, text=text))

    async def send_document(self, person: ChatUser, room: Room, file_name: str, content: bytes,
                            caption: str | None) -> bool:
        """``person`` sends a file with ``caption``.

        ``False`` when the bot does not read it (its caption is not a command that takes a file, such as ``/import``).
        """
        incoming = Incoming(Arrival(room.caller(person)), caption or "", self._addressing(room, caption or ""),
                            with_file=True)
        if not self.dispatcher.reads_as_command(incoming):
            return False

        async def download() -> bytes:
            return content

        await self.dispatcher.message(incoming, ConsoleChannel(self, room, Attachment(file_name, len(content),
                                                                                      download)))
        return True

    async def press(self, person: ChatUser, message: ShownMessage, button: Button) -> None:
        """``person`` presses ``button`` under ``message``; the note is shown when there is one."""
        note = await self.dispatcher.press(Arrival(message.room.caller(person)), button.action,
                                           ConsolePressChannel(self, message))
        if note is not None and note.text:
            self.screen.note(note.text)
