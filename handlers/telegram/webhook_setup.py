"""Telling Telegram where the updates go.

``python -m bot set-webhook URL`` (``setWebhook`` with the secret and every kind of update), ``python -m bot
delete-webhook`` (back to ``getUpdates``), and ``run``'s check that no webhook is set before it polls (PTB's polling
start would delete one without a word; Telegram answers ``getUpdates`` with ``409 Conflict`` while one is set)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from telegram import Bot, Update
from telegram.error import InvalidToken, TelegramError

from bot.config import Settings, TokenRefused
from bot.errors import UsageError

log = logging.getLogger(__name__)

TELEGRAM_API = "https://api.telegram.org"


def telegram_address(settings: Settings) -> str:
    """Where the bot connects, never with the token: Telegram's address or ``TELEGRAM_BASE_URL``."""
    return settings.base_url or TELEGRAM_API



@dataclass(frozen=True, slots=True)
class WebhookAnswer:
    """What Telegram answered to a webhook request, and the webhook as it then reports it.

    The answer to ``setWebhook``/``deleteWebhook``, and ``getWebhookInfo`` right after."""

    answer: bool
    url: str
    """Empty: no webhook (updates wait for ``getUpdates``)."""
    pending: int
    """Updates Telegram holds that no one has taken yet."""
    last_error: str | None
    """Telegram's last failed delivery to the webhook, if it reports one."""


class WebhookRefused(UsageError):
    """Telegram refused ``setWebhook``/``deleteWebhook`` (``error``: what it said)."""

    key = "serve.refused"


def _bot(settings: Settings) -> Bot:
    token = settings.token or ""
    return Bot(token, base_url=settings.base_url) if settings.base_url else Bot(token)


async def _call(settings: Settings, url: str | None, secret: str | None) -> WebhookAnswer:
    try:
        async with _bot(settings) as bot:
            if url is None:
                answer = await bot.delete_webhook()
            else:
                answer = await bot.set_webhook(url, secret_token=secret, allowed_updates=Update.ALL_TYPES)
            info = await bot.get_webhook_info()
    except InvalidToken:
        raise TokenRefused(where=telegram_address(settings)) from None
    except TelegramError as error:
        raise WebhookRefused(error=str(error)) from None
    return WebhookAnswer(answer, info.url, info.pending_update_count, info.last_error_message)


async def register_webhook(settings: Settings, url: str, secret: str) -> WebhookAnswer:
    """``setWebhook`` with ``url``, the secret and every kind of update.

    :class:`TokenRefused` for a refused token, :class:`WebhookRefused` for anything else Telegram refuses (an http://
    URL, a bad certificate …)."""
    return await _call(settings, url, secret)


async def remove_webhook(settings: Settings) -> WebhookAnswer:
    """``deleteWebhook``: updates wait for ``getUpdates`` again (``python -m bot run``)."""
    return await _call(settings, None, None)


async def webhook_in_the_way(bot: Bot) -> str | None:
    """The webhook URL Telegram has for this bot, if one is set.

    Polling would then get ``409 Conflict``, and PTB's polling start would silently delete it. ``None`` when none is set
    or Telegram cannot say."""
    try:
        info = await bot.get_webhook_info()
    except TelegramError as error:
        log.info("could not ask Telegram whether a webhook is set: %s", error)
        return None
    return info.url or None
