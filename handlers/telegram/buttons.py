"""Button presses on Telegram: one ``CallbackQueryHandler`` for the whole button table, every press answered.

The press is read into a caller, run by :meth:`handlers.buttons.ButtonTable.press` and answered with
``answerCallbackQuery`` (the note, or the refusal as an alert). Editing the pressed message tolerates Telegram's
"message is not modified".
"""

from __future__ import annotations

import logging

from telegram import InputFile, Update
from telegram.error import BadRequest, TelegramError
from telegram.ext import CallbackQueryHandler

from bot.richtext import Keyboard
from handlers.buttons import ButtonTable
from handlers.telegram.callers import caller_of
from handlers.telegram.commands import inline_keyboard
from handlers.telegram.context import BotContext
from handlers.telegram.replies import send_text, telegram_html

log = logging.getLogger(__name__)


def _unchanged(error: BadRequest) -> bool:
    return "not modified" in str(error).lower()


class TelegramPressChannel:
    """The message whose button was pressed, and its chat."""

    def __init__(self, update: Update) -> None:
        self.update = update

    async def post(self, text: str, buttons: Keyboard | None = None) -> None:
        await send_text(self.update, text, buttons=inline_keyboard(buttons))

    async def edit(self, text: str, buttons: Keyboard | None = None) -> None:
        query = self.update.callback_query
        if query is None:
            return
        try:
            await query.edit_message_text(telegram_html(text), reply_markup=inline_keyboard(buttons))
        except BadRequest as error:
            if not _unchanged(error):
                raise

    async def drop_buttons(self) -> None:
        query = self.update.callback_query
        if query is None:
            return
        try:
            await query.edit_message_reply_markup(None)
        except BadRequest as error:
            if not _unchanged(error):
                raise

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        chat = self.update.effective_chat
        if chat is not None:
            await chat.send_document(InputFile(content, filename=file_name),
                                     caption=None if caption is None else telegram_html(caption))


def button_handler(table: ButtonTable) -> CallbackQueryHandler[BotContext, None]:
    async def on_press(update: Update, context: BotContext) -> None:
        query = update.callback_query
        if query is None:
            return
        note = await table.press(context.services, caller_of(update, context.claim), query.data,
                                 TelegramPressChannel(update))
        try:
            await query.answer(note.text, show_alert=note.alert)
        except TelegramError:
            log.info("update %s: the press could not be answered (too old?)", update.update_id)

    return CallbackQueryHandler(on_press)
