"""What a command function receives, on every chat platform: one :class:`Invocation`.

An invocation says who called (:class:`~bot.services.caller.Caller`: a stable person key and a chat key), in which
language the chat speaks, with which cleaned arguments, and whom the message points at (:class:`Mentioned`). Its
answers go through the platform's :class:`Channel`: ``reply`` (neutral markup of ``bot.richtext`` with neutral
buttons), ``send_file``, ``send_pictures``, and ``attachment`` for a file that came with the command. Telegram
(``handlers.telegram``) and the offline console (``handlers.console``) implement a channel; command functions never
see either, so WeCom is one more implementation.

A press of a button is the same idea with a :class:`PressChannel` (``handlers.buttons``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

from bot.i18n import Language, t
from bot.pictures.picture import Picture
from bot.richtext import Keyboard, escape_params
from bot.services import Services
from bot.services.caller import Caller, ChatUser
from bot.services.match_clock.timetable import JobChanges

if TYPE_CHECKING:
    from handlers.registry import CommandSpec, CommandTable


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file that came with the command (or with the message it replies to): ``/import`` reads it."""

    file_name: str | None
    size: int | None
    """In bytes, when the platform says so before the download."""
    download: Callable[[], Awaitable[bytes]]


@dataclass(frozen=True, slots=True)
class Mentioned:
    """A person the message points at.

    Named in it without a username (``inline``), or the author of the message it replies to."""

    user: ChatUser
    is_bot: bool = False
    inline: bool = False


class Channel(Protocol):
    """Where a command's answers go: the chat it was sent in, on one platform."""

    async def reply(self, text: str, buttons: Keyboard | None = None) -> None:
        """``text`` in neutral markup; ``buttons`` under it (the last piece when it must be split)."""

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        """A document (a CSV export, the draw file, the workbook); ``caption`` in markup."""

    async def send_pictures(self, pictures: Sequence[Picture], caption: str, stem: str, language: Language) -> None:
        """PNG pictures in as few messages as the platform allows, named ``stem.png``, ``stem-2.png`` ….

        Captions that say which part a picture shows are in ``language``."""

    async def attachment(self) -> Attachment | None:
        """The file sent with the command, or with the message it replies to."""

    async def command_text(self) -> str:
        """The text after the command word, line breaks kept (a long argument such as a notice, whose lines matter).

        Empty when there is none."""


@dataclass(frozen=True, slots=True)
class Acknowledgement:
    """An answer that only says "done" (a sign-up taken).

    ``text`` is the whole answer; a platform that can say several at once (``handlers.telegram.quiet``) may instead show
    ``item`` in one message with the others of the same ``batch`` in that chat, under the latest ``summary``. All three
    are markup."""

    text: str
    batch: str
    """Which acknowledgements go together (``signup``); a catalog key ``quiet.batch.<batch>`` words them."""
    item: str
    summary: str


_PROVIDED: dict[tuple[type, type], bool] = {}


def provides(channel: object, protocol: Any) -> bool:
    """``isinstance(channel, protocol)`` for a protocol of methods only, answered once per channel class.

    Python 3.11 checks a runtime protocol member by member on every call (~10 µs), and every update asks a few times."""
    key = (type(channel), protocol)
    known = _PROVIDED.get(key)
    if known is None:
        known = _PROVIDED[key] = isinstance(channel, protocol)
    return known


@runtime_checkable
class Acknowledging(Protocol):
    """A channel that may gather acknowledgements (Telegram in a group); others get :attr:`Acknowledgement.text`."""

    async def acknowledge(self, acknowledgement: Acknowledgement, language: Language) -> None:
        """Acknowledge the command.

        The platform decides how (a reply, a reaction and a gathered message …); ``language``: the chat's."""


@runtime_checkable
class FileLimits(Protocol):
    """A channel that says whether it can send files at all (a WeCom robot cannot); channels without it can."""

    carries_files: bool


@runtime_checkable
class Receiving(Protocol):
    """A channel that can show at once, without a message, that a command was taken (Telegram: a reaction)."""

    async def received(self) -> None:
        """Mark the command as taken; its answer follows (perhaps after the chat's message budget allows)."""


@runtime_checkable
class PrivateReplies(Protocol):
    """A channel that can also write to the caller privately (Telegram: the caller's chat with the bot)."""

    async def in_private(self, text: str, pictures: Sequence[Picture], stem: str, language: Language) -> bool:
        """``text`` (markup), then ``pictures``, in the caller's private chat.

        ``False`` when the platform cannot reach it (they never started a chat with the bot)."""


@runtime_checkable
class TypesVerbs(Protocol):
    """A channel whose people type a command as the bot's @-mention and its verb.

    WeCom's people do, not Telegram's ``/command``: its answers write the catalog's commands that way
    (``bot.i18n.CommandWords``)."""

    def command_mention(self, language: Language) -> str:
        """What goes before a command here: the bot's @-mention and a space in a group, nothing in a private chat."""


class Timers(Protocol):
    """The process's scheduler of announcement jobs (``handlers.announcer``)."""

    def apply(self, changes: JobChanges) -> None:
        """Create, move or drop the jobs a committed change asks for."""


class NoTimers:
    """A platform without a scheduler (the console): announcements stay in the database."""

    def apply(self, changes: JobChanges) -> None:
        pass


@dataclass(frozen=True, slots=True)
class Invocation:
    """One command call, parsed: who, where, in which language, with which cleaned arguments, answered where."""

    services: Services
    commands: CommandTable
    spec: CommandSpec
    caller: Caller
    language: Language
    args: tuple[str, ...]
    channel: Channel
    mentioned: Mentioned | None = None
    timers: Timers = NoTimers()

    def text(self, key: str, **params: Any) -> str:
        """A catalog text in the chat's language; string params are escaped into the markup."""
        return t(key, self.language, **escape_params(params))

    async def reply(self, text: str, buttons: Keyboard | None = None) -> None:
        await self.channel.reply(text, buttons)

    async def acknowledge(self, acknowledgement: Acknowledgement) -> None:
        """Say that the command was done.

        Gathered with others where the platform can (see :class:`Acknowledging`), else :attr:`Acknowledgement.text` as a
        reply."""
        if provides(self.channel, Acknowledging):
            await cast(Acknowledging, self.channel).acknowledge(acknowledgement, self.language)
        else:
            await self.channel.reply(acknowledgement.text)

    async def received(self) -> None:
        """Show that the command was taken and done, where the platform can without a message.

        A reaction in a Telegram group with the quiet habits on; elsewhere nothing: the answer follows at once."""
        if provides(self.channel, Receiving):
            await cast(Receiving, self.channel).received()

    async def send_document(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        await self.channel.send_file(content, file_name, caption)

    @property
    def carries_files(self) -> bool:
        """Whether a file sent here arrives: a command that makes a file at some cost (``/print``) asks first."""
        return not isinstance(self.channel, FileLimits) or self.channel.carries_files

    async def send_pictures(self, pictures: Sequence[Picture], caption: str, stem: str) -> None:
        await self.channel.send_pictures(pictures, caption, stem, self.language)
