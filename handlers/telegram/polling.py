"""Running the bot on Telegram by long polling: what ``python -m bot run`` starts when ``TELEGRAM_BOT_TOKEN`` is set."""

from __future__ import annotations

import logging

from telegram import Update

from bot.clock import shifted_clock
from bot.config import Settings
from handlers.telegram.app import build_application


def run_polling(settings: Settings) -> int:
    """Poll Telegram until stopped (SIGINT/SIGTERM); the exit status."""
    application = build_application(
        settings, clock=shifted_clock(settings.clock_offset), rate_limiter=settings.rate_limit
    )
    logging.getLogger(__name__).info("polling Telegram; database %s", settings.database_shown)
    application.run_polling(allowed_updates=Update.ALL_TYPES)
    return 0
