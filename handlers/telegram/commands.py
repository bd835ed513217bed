"""The command table on Telegram: one PTB handler per command, a :class:`TelegramChannel` for its answers.

Each :class:`~handlers.registry.CommandSpec` becomes a ``CommandHandler`` for its names (new messages only: an
edited command must not run a second time) and, for specs that take ``documents``, a ``MessageHandler`` for a
document captioned with the command. The handler reads the caller, the arguments and the person the message
points at, and calls :meth:`~handlers.registry.CommandSpec.invoke`; refusals reach ``handlers.telegram.error_handler``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from telegram import (
    Chat,
    Document,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputFile,
    Message,
    MessageEntity,
    Update,
    WebAppInfo,
)
from telegram.error import BadRequest, Forbidden
from telegram.ext import BaseHandler, CommandHandler, MessageHandler, filters

from bot.i18n import Language
from bot.pictures.picture import Picture
from bot.richtext import WEB_APP_ACTION, Button, Keyboard
from handlers.invocation import Acknowledgement, Attachment, Channel, Mentioned
from handlers.registry import CommandSpec, CommandTable, command_name_in, typed_command
from handlers.telegram.callers import caller_of, person_of
from handlers.telegram.captions import CaptionCommand
from handlers.telegram.context import BotContext
from handlers.telegram.pacing import GroupPacer
from handlers.telegram.pictures import send_pictures
from handlers.telegram.quiet import CapturingChannel, point_to, react
from handlers.telegram.replies import send_text, split_message, telegram_html
from handlers.verbs import text_after_command, written_command


def inline_keyboard(buttons: Keyboard | None) -> InlineKeyboardMarkup | None:
    """Neutral buttons as Telegram's inline keyboard: the action is the callback data, or a Mini App's address
    after ``webapp:``."""
    if not buttons:
        return None
    return InlineKeyboardMarkup([[_inline_button(button) for button in row] for row in buttons])


def _inline_button(button: Button) -> InlineKeyboardButton:
    if button.action.startswith(WEB_APP_ACTION):
        return InlineKeyboardButton(button.label, web_app=WebAppInfo(button.action.removeprefix(WEB_APP_ACTION)))
    return InlineKeyboardButton(button.label, callback_data=button.action)


def document_of(message: Message | None) -> Document | None:
    """The file the command came with, or the file of the message it replies to."""
    if message is None:
        return None
    if message.document is not None:
        return message.document
    replied = message.reply_to_message
    return replied.document if replied is not None else None




def mentioned_in(update: Update, sender_id: int | None) -> Mentioned | None:
    """The user named by a text mention (someone without a username) or, failing that, the author of the
    replied-to message — never the sender, never a bot (replying to the bot's announcement is no mention)."""
    message = update.effective_message
    if message is None:
        return None
    for entity in message.entities:
        if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None and not entity.user.is_bot:
            return Mentioned(person_of(entity.user), inline=True)
    replied = message.reply_to_message
    author = None if replied is None else replied.from_user
    if author is not None and author.id != sender_id and not author.is_bot:
        return Mentioned(person_of(author))
    return None


class TelegramChannel:
    """A command's answers in the chat of its update: HTML, split at Telegram's limit, quoting the command in
    groups; files and pictures as documents, photos or one album. In a group with the quiet habits on
    (``handlers.telegram.quiet``) acknowledgements are a reaction and a gathered message."""

    def __init__(self, update: Update, context: BotContext, *, quote: bool) -> None:
        self.update = update
        self.context = context
        self.quote = quote
        self.first_message_id: int | None = None
        """The first message the answer sent (a repeat's pointer replies to it)."""

    def _sent(self, message_id: int | None) -> None:
        if self.first_message_id is None:
            self.first_message_id = message_id

    async def reply(self, text: str, buttons: Keyboard | None = None) -> None:
        sent = await send_text(self.update, text, quote=self.quote, buttons=inline_keyboard(buttons))
        if sent:
            self._sent(sent[0].message_id)

    @property
    def bundles_pictures(self) -> bool:
        """Several pictures go as one PDF document in a quiet group (``handlers.long_replies``)."""
        return self._quiet_group()

    def _quiet_group(self) -> bool:
        chat = self.update.effective_chat
        return self.context.bot_data.quiet is not None and chat is not None and chat.type in (chat.GROUP,
                                                                                             chat.SUPERGROUP)

    async def received(self) -> None:
        """In a quiet group: the acknowledgement reaction on the command (its answer may wait for the budget)."""
        message = self.update.effective_message
        if self._quiet_group() and message is not None:
            await react(self.context.bot, message.chat_id, message.message_id)

    async def acknowledge(self, acknowledgement: Acknowledgement, language: Language) -> None:
        quiet = self.context.bot_data.quiet
        message = self.update.effective_message
        if quiet is None or message is None or not self._quiet_group():
            await self.reply(acknowledgement.text)
            return
        await react(self.context.bot, message.chat_id, message.message_id)
        await quiet.gatherer.add(self.context.bot, message.chat_id, acknowledgement, language)

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        chat = self.update.effective_chat
        if chat is not None:
            sent = await chat.send_document(InputFile(content, filename=file_name),
                                            caption=None if caption is None else telegram_html(caption))
            self._sent(sent.message_id)

    async def send_pictures(self, pictures: Sequence[Picture], caption: str, stem: str, language: Language) -> None:
        chat = self.update.effective_chat
        if chat is not None:
            self._sent(await send_pictures(chat, pictures, caption, stem, language, one_message=self._quiet_group()))

    async def in_private(self, text: str, pictures: Sequence[Picture], stem: str, language: Language) -> bool:
        """To the caller's private chat with the bot; ``False`` when Telegram refuses (they never started one)."""
        user = self.update.effective_user
        if user is None:
            return False
        chat = Chat(user.id, Chat.PRIVATE)
        chat.set_bot(self.context.bot)
        try:
            for piece in split_message(telegram_html(text)):
                await chat.send_message(piece)
            await send_pictures(chat, pictures, "", stem, language)
        except (Forbidden, BadRequest):
            return False
        return True

    async def attachment(self) -> Attachment | None:
        document = document_of(self.update.effective_message)
        if document is None:
            return None
        bot = self.context.bot

        async def download() -> bytes:
            found = await bot.get_file(document.file_id)
            return bytes(await found.download_as_bytearray())

        return Attachment(document.file_name, document.file_size, download)

    async def command_text(self) -> str:
        message = self.update.effective_message
        if message is None:
            return ""
        return text_after_command(message.text or message.caption or "")


def command_handlers(table: CommandTable) -> list[BaseHandler[Update, BotContext, None]]:
    """Every command's handlers, in the table's order."""
    built: list[BaseHandler[Update, BotContext, None]] = []
    for spec in table.specs:
        run = _runner(spec)
        built.append(CommandHandler(list(spec.names), run, filters=filters.UpdateType.MESSAGE))
        if spec.documents:
            built.append(MessageHandler(filters.UpdateType.MESSAGE & CaptionCommand(spec.names), run))
    return built


def command_arguments(message: Message | None, parsed: Sequence[str] | None) -> Sequence[str]:
    """The words after the command. Telegram ends a command at the first character that cannot be part of its name,
    so ``/signup。张三`` is the command ``/signup`` followed by ``。张三``; PTB's ``context.args`` would drop that
    first word with the command."""
    text = message.text if message is not None else None
    entities = message.entities if message is not None else ()
    if text is None or not entities or entities[0].type != MessageEntity.BOT_COMMAND or entities[0].offset != 0:
        return parsed or ()
    return text[entities[0].length:].split()


def _runner(spec: CommandSpec) -> Callable[[Update, BotContext], Coroutine[Any, Any, None]]:
    async def run(update: Update, context: BotContext) -> None:
        await run_command(spec, update, context, command_arguments(update.effective_message, context.args))

    return run


async def run_command(spec: CommandSpec, update: Update, context: BotContext, args: Sequence[str]) -> None:
    """Run ``spec`` for the sender of ``update`` with ``args`` (a command's words, or those after a verb)."""
    caller = caller_of(update, context.claim)
    if caller is None:
        return
    channel = TelegramChannel(update, context, quote=caller.chat_kind.is_group)
    quiet = context.bot_data.quiet
    if quiet is None or not spec.read_only or not caller.chat_kind.is_group:
        await _invoke(spec, update, context, args, channel)
        return
    # A read-only answer is worked out first and compared with the chat's last answer to the same words.
    captured = CapturingChannel(channel)
    language = await _invoke(spec, update, context, args, captured)
    key = (caller.chat_id, spec.name, tuple(args))
    digest = captured.digest()
    earlier = quiet.repeats.earlier(key, digest)
    if earlier is not None and not captured.empty:
        pacer = pacer_of(context)
        if pacer is None or await pacer.has_room(caller.chat_id):
            await point_to(context.bot, caller.chat_id, earlier, language)
        # else: the group is out of messages this minute and the same answer is right above: nothing is sent
        return
    await captured.replay()
    if channel.first_message_id is not None:
        quiet.repeats.remember(key, digest, channel.first_message_id)


def pacer_of(context: BotContext) -> GroupPacer | None:
    limiter = context.bot.rate_limiter
    pacing = getattr(limiter, "pacing", limiter)
    return pacing if isinstance(pacing, GroupPacer) else None


async def _invoke(spec: CommandSpec, update: Update, context: BotContext, args: Sequence[str],
                  channel: Channel) -> Language:
    caller = caller_of(update, context.claim)
    assert caller is not None
    return await spec.invoke(context.services, context.commands, caller, args, channel,
                             mentioned=mentioned_in(update, caller.user_id), timers=context.bot_data.announcer)


def spec_for_update(table: CommandTable, update: object, bot_username: str | None = None) -> CommandSpec | None:
    """The command an update's message (or document caption) calls, if it is one of the table's: a ``/command``,
    or (with ``bot_username``) a verb or ``/command`` after the bot's mention (``handlers.verbs``)."""
    if not isinstance(update, Update) or update.effective_message is None:
        return None
    message = update.effective_message
    text = message.text if message.text is not None else message.caption
    found = table.find(command_name_in(text))
    if found is None:
        typed = typed_command(text)
        found = table.find(typed.name) if typed is not None else None
    if found is None and bot_username is not None and text:
        written = written_command(without_mention(text, bot_username))
        found = table.find(written.name) if written is not None else None
    return found


def without_mention(text: str, username: str) -> str:
    """The text without the bot's @username."""
    return re.sub(rf"@{re.escape(username)}(?![A-Za-z0-9_])", " ", text, flags=re.I)
