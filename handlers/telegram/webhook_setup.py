"""Telling Telegram where the updates go: ``python -m bot set-webhook URL`` (``setWebhook`` with the secret and every
kind of update), ``python -m bot delete-webhook`` (back to ``getUpdates``), and ``run``'s check that no webhook is
set before it polls (PTB's polling start would delete one without a word; Telegram answers ``getUpdates`` with
``409 Conflict`` while one is set)."""

from __future__ import annotations

import logging

from telegram import Bot, Update, WebhookInfo
from telegram.error import InvalidToken, TelegramError

from bot.config import Settings, TokenRefused

log = logging.getLogger(__name__)

TELEGRAM_API = "https://api.telegram.org"


def telegram_address(settings: Settings) -> str:
    """Where the bot connects, never with the token: Telegram's address or ``TELEGRAM_BASE_URL``."""
    return settings.base_url or TELEGRAM_API



def _bot(settings: Settings) -> Bot:
    token = settings.token or ""
    return Bot(token, base_url=settings.base_url) if settings.base_url else Bot(token)


async def register_webhook(settings: Settings, url: str, secret: str) -> tuple[bool, WebhookInfo]:
    """``setWebhook`` with ``url``, the secret and every kind of update; Telegram's answer and the webhook as it
    reports it then. :class:`TokenRefused` for a refused token; other refusals raise PTB's ``TelegramError``."""
    try:
        async with _bot(settings) as bot:
            answer = await bot.set_webhook(url, secret_token=secret, allowed_updates=Update.ALL_TYPES)
            return answer, await bot.get_webhook_info()
    except InvalidToken:
        raise TokenRefused(where=telegram_address(settings)) from None


async def remove_webhook(settings: Settings) -> tuple[bool, WebhookInfo]:
    """``deleteWebhook`` (updates wait for ``getUpdates`` again); Telegram's answer and the webhook then."""
    try:
        async with _bot(settings) as bot:
            answer = await bot.delete_webhook()
            return answer, await bot.get_webhook_info()
    except InvalidToken:
        raise TokenRefused(where=telegram_address(settings)) from None


async def webhook_in_the_way(bot: Bot) -> str | None:
    """The webhook URL Telegram has for this bot, if one is set (polling would then get ``409 Conflict``, and PTB's
    polling start would silently delete it). ``None`` when none is set or Telegram cannot say."""
    try:
        info = await bot.get_webhook_info()
    except TelegramError as error:
        log.info("could not ask Telegram whether a webhook is set: %s", error)
        return None
    return info.url or None
