"""The command registry: one :class:`CommandSpec` per command builds its PTB handler, its help line and its menus.

Adding a command: write ``async def my_command(call: Invocation) -> None`` in a handler module, add one
``CommandSpec`` to ``handlers.commands.COMMANDS`` and its texts (``commands.describe.<name>``,
``commands.usage.<name>``) to ``locales/*/commands.toml``. The spec's wrapper does the common work before the
callback runs: it reads the caller and the chat's language, refuses the wrong kind of chat and callers without
the audience's role, and cleans the arguments.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from telegram import InlineKeyboardMarkup, InputFile, Update
from telegram.ext import BaseHandler, CommandHandler, MessageHandler, filters

from bot.errors import UsageError
from bot.i18n import Language, t
from bot.services import Services
from bot.services.caller import Caller, ChatKind
from bot.services.chats import language_of
from bot.services.roles import Role
from handlers.arguments import clean_arguments
from handlers.telegram.callers import caller_of
from handlers.telegram.captions import CaptionCommand
from handlers.telegram.context import BotContext
from handlers.telegram.replies import escape_params, split_message

_COMMAND_NAME = re.compile(r"^[a-z0-9_]{1,32}$")

ALL_CHATS = frozenset({ChatKind.PRIVATE, ChatKind.GROUP, ChatKind.SUPERGROUP})
GROUPS = frozenset({ChatKind.GROUP, ChatKind.SUPERGROUP})
PRIVATE = frozenset({ChatKind.PRIVATE})


class Audience(enum.StrEnum):
    EVERYONE = "everyone"
    ORGANISER = "organiser"
    """Group owner and administrators (and, with tournaments, the creator); anyone in their private chat."""


class GroupsOnly(UsageError):
    key = "registry.groups_only"


class PrivateOnly(UsageError):
    key = "registry.private_only"


@dataclass(frozen=True, slots=True)
class Invocation:
    """One command call, parsed: who, where, in which language, with which cleaned arguments."""

    update: Update
    context: BotContext
    spec: CommandSpec
    caller: Caller
    language: Language
    args: tuple[str, ...]

    @property
    def services(self) -> Services:
        return self.context.services

    def text(self, key: str, **params: Any) -> str:
        """A catalog text in the chat's language; string params are HTML-escaped."""
        return t(key, self.language, **escape_params(params))

    async def reply(self, text: str, buttons: InlineKeyboardMarkup | None = None) -> None:
        """Send ``text`` (HTML) to the chat, split if longer than Telegram allows; quote the command in groups.
        ``buttons`` go under the last piece."""
        await send_text(self.update, text, quote=self.caller.chat_kind.is_group, buttons=buttons)

    async def send_document(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        """Send a file to the chat (a CSV export, a draw file); ``caption`` is HTML."""
        chat = self.update.effective_chat
        if chat is not None:
            await chat.send_document(InputFile(content, filename=file_name), caption=caption)


async def send_text(
    update: Update, text: str, *, quote: bool = False, buttons: InlineKeyboardMarkup | None = None
) -> None:
    message = update.effective_message
    chat = update.effective_chat
    pieces = split_message(text)
    for index, piece in enumerate(pieces):
        markup = buttons if index == len(pieces) - 1 else None
        if message is not None and update.callback_query is None:
            await message.reply_text(piece, do_quote=quote and index == 0, reply_markup=markup)
        elif chat is not None:
            await chat.send_message(piece, reply_markup=markup)


CommandCallback = Callable[[Invocation], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    name: str
    callback: CommandCallback
    audience: Audience = Audience.EVERYONE
    chat_kinds: frozenset[ChatKind] = ALL_CHATS
    aliases: tuple[str, ...] = ()
    max_argument_length: int = 64
    """Longest accepted argument (after cleaning); longer gets a short explanation."""
    listed: bool = True
    """Shown in /help and the menus (which need its ``commands.describe.<name>`` text)."""
    documents: bool = False
    """Also run for a document sent with the command as its caption (``/import`` with a roster file)."""

    def __post_init__(self) -> None:
        for name in (self.name, *self.aliases):
            if not _COMMAND_NAME.match(name):
                raise ValueError(f"command name {name!r} must be 1-32 characters of [a-z0-9_]")

    @property
    def description_key(self) -> str:
        return f"commands.describe.{self.name}"

    @property
    def usage_key(self) -> str:
        return f"commands.usage.{self.name}"

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    def allowed_in(self, kind: ChatKind) -> bool:
        return kind in self.chat_kinds

    def build_handler(self) -> CommandHandler[BotContext, None]:
        # New messages only: an edited command must not run a second time.
        return CommandHandler(list(self.names), self._run, filters=filters.UpdateType.MESSAGE)

    def build_handlers(self) -> list[BaseHandler[Update, BotContext, None]]:
        """The command's handler, and with ``documents`` the one for a document captioned with the command."""
        built: list[BaseHandler[Update, BotContext, None]] = [self.build_handler()]
        if self.documents:
            built.append(MessageHandler(filters.UpdateType.MESSAGE & CaptionCommand(self.names), self._run))
        return built

    async def _run(self, update: Update, context: BotContext) -> None:
        caller = caller_of(update, context.claim)
        if caller is None:
            return
        services = context.services
        language = await language_of(services.storage, caller, services.settings.language)
        if not self.allowed_in(caller.chat_kind):
            raise GroupsOnly() if ChatKind.PRIVATE not in self.chat_kinds else PrivateOnly()
        if self.audience is Audience.ORGANISER:
            await services.roles.require(caller, Role.ORGANISER)
        args = clean_arguments(context.args or (), self.max_argument_length)
        await self.callback(Invocation(update, context, self, caller, language, args))


def command_name_in(text: str | None) -> str | None:
    """``/Lang@bot en`` → ``lang``; ``None`` unless the text starts with a command."""
    if not text or not text.startswith("/"):
        return None
    return text.split(maxsplit=1)[0][1:].split("@", 1)[0].lower() or None


class CommandTable:
    """The commands in order; names and aliases must be unique."""

    def __init__(self, specs: Iterable[CommandSpec]) -> None:
        self.specs: tuple[CommandSpec, ...] = tuple(specs)
        self._by_name: dict[str, CommandSpec] = {}
        for spec in self.specs:
            for name in spec.names:
                if name in self._by_name:
                    raise ValueError(f"command name /{name} is registered twice")
                self._by_name[name] = spec

    def find(self, name: str | None) -> CommandSpec | None:
        return None if name is None else self._by_name.get(name.lower())

    def for_update(self, update: object) -> CommandSpec | None:
        if not isinstance(update, Update) or update.effective_message is None:
            return None
        message = update.effective_message
        return self.find(command_name_in(message.text if message.text is not None else message.caption))

    def visible(self, kind: ChatKind, *, organiser: bool) -> list[CommandSpec]:
        """What a caller may use in a chat of this kind (organiser commands only for organisers)."""
        return [
            spec for spec in self.specs
            if spec.listed and spec.allowed_in(kind) and (organiser or spec.audience is Audience.EVERYONE)
        ]

    def handlers(self) -> Sequence[BaseHandler[Update, BotContext, None]]:
        return [handler for spec in self.specs for handler in spec.build_handlers()]
