"""What a result entered on a live page posts to its Telegram group.

The same texts and buttons ``/result`` would reply there (``handlers.web.forms``), sent with the application's bot (its
pacing included)."""

from __future__ import annotations

from telegram import Bot

from bot.richtext import Keyboard
from handlers.telegram.commands import inline_keyboard
from handlers.telegram.replies import split_message, telegram_html


class TelegramPoster:
    """Posts to Telegram groups; buttons under the last piece of a long text."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def post(self, chat_id: int, text: str, buttons: Keyboard | None) -> None:
        pieces = split_message(telegram_html(text))
        for index, piece in enumerate(pieces):
            markup = inline_keyboard(buttons) if index == len(pieces) - 1 else None
            await self.bot.send_message(chat_id, piece, reply_markup=markup)
