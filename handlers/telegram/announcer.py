"""Announcements on Telegram: the :class:`~handlers.announcer.Courier` that sends them with ``sendMessage``.

The scheduler and the bookkeeping are platform-neutral (``handlers.announcer``); here Telegram's answers become the
neutral outcomes: flood control (``RetryAfter``, after the bot's own retries: ``handlers.telegram.sending``) waits
as long as Telegram asks, network errors and 5xx answers back off; a group that became a supergroup gets it there; a
bot removed from the group (403) or a refused text (400) drops it.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from datetime import timedelta

from telegram import Bot
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter, TelegramError
from telegram.warnings import PTBDeprecationWarning

from handlers.announcer import ChatMoved, GiveUp, RetryLater
from handlers.telegram.replies import split_message, telegram_html


def retry_after_of(error: RetryAfter) -> timedelta:
    """Telegram's wait as a ``timedelta`` (PTB 22 warns when reading it as seconds; 23 gives a timedelta)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        wait = error.retry_after
    return wait if isinstance(wait, timedelta) else timedelta(seconds=wait)


class TelegramCourier:
    """Announcements as Telegram HTML, split at 4,096 characters, one ``sendMessage`` per piece."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def split(self, text: str) -> Sequence[str]:
        return split_message(telegram_html(text))

    async def send(self, chat_id: int, piece: str) -> None:
        try:
            await self.bot.send_message(chat_id, piece)
        except RetryAfter as error:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", PTBDeprecationWarning)
                reason = f"RetryAfter {error.retry_after}"
            raise RetryLater(reason, retry_after_of(error)) from error
        except ChatMigrated as error:
            raise ChatMoved(error.new_chat_id) from error
        except (Forbidden, BadRequest) as error:
            # The bot was removed from the group, the chat is gone, or Telegram refuses this text: retrying cannot
            # help.
            raise GiveUp(str(error)) from error
        except TelegramError as error:  # NetworkError (timeouts, 5xx answers) and anything else Telegram says
            raise RetryLater(f"{type(error).__name__}: {error}") from error
