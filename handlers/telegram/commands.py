"""A command's answers on Telegram.

The :class:`TelegramChannel` the dispatcher (``handlers.dispatch``) answers on, and what a message points at
(:func:`mentioned_in`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

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

from bot.i18n import Language
from bot.pictures.picture import Picture
from bot.richtext import WEB_APP_ACTION, Button, Keyboard
from handlers.dispatch import Acknowledgement, AnswerKey, Attachment, Channel, Mentioned, text_after_command
from handlers.telegram.callers import person_of
from handlers.telegram.context import BotContext
from handlers.telegram.pacing import GroupPacer
from handlers.telegram.pictures import send_pictures
from handlers.telegram.quiet import CapturingChannel, point_to, react
from handlers.telegram.replies import send_text, split_message, telegram_html


def inline_keyboard(buttons: Keyboard | None) -> InlineKeyboardMarkup | None:
    """Neutral buttons as Telegram's inline keyboard.

    The action is the callback data, or a Mini App's address after ``webapp:``."""
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
    """The user a message points at: a text mention, else the author of the replied-to message.

    The user named by a text mention (someone without a username) or, failing that, the author of the
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
    """A command's answers in the chat of its update.

    HTML, split at Telegram's limit, quoting the command in groups; files and pictures as documents, photos or one
    album. In a group with the quiet habits on (``handlers.telegram.quiet``) acknowledgements are a reaction and a
    gathered message."""

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

    async def answer_read_only(self, key: AnswerKey, run: Callable[[Channel], Awaitable[Language]]) -> None:
        """In a quiet group, answer a read-only command with a pointer when the answer is the same again.

        The answer is worked out first and compared with the chat's last answer to the same words
        (``handlers.telegram.quiet``)."""
        quiet = self.context.bot_data.quiet
        chat = self.update.effective_chat
        if quiet is None or chat is None:
            await run(self)
            return
        captured = CapturingChannel(self)
        language = await run(captured)
        digest = captured.digest()
        earlier = quiet.repeats.earlier(key, digest)
        if earlier is not None and not captured.empty:
            pacer = pacer_of(self.context)
            if pacer is None or await pacer.has_room(chat.id):
                await point_to(self.context.bot, chat.id, earlier, language)
            # else: the group is out of messages this minute and the same answer is right above: nothing is sent
            return
        await captured.replay()
        if self.first_message_id is not None:
            quiet.repeats.remember(key, digest, self.first_message_id)


def pacer_of(context: BotContext) -> GroupPacer | None:
    limiter = context.bot.rate_limiter
    pacing = getattr(limiter, "pacing", limiter)
    return pacing if isinstance(pacing, GroupPacer) else None
