"""Running the bot on Telegram by long polling: what ``python -m bot run`` starts when ``TELEGRAM_BOT_TOKEN`` is set."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.error import InvalidToken

from bot.clock import shifted_clock
from bot.config import Settings, TokenRefused
from handlers.telegram.app import build_application


class QuietRefusedToken(logging.Filter):
    """Drop PTB's own report of a refused token (an ERROR with a traceback quoting the token): the caller says it
    in one line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], InvalidToken))


def run_polling(settings: Settings) -> int:
    """Poll Telegram until stopped (SIGINT/SIGTERM); the exit status. Raise :class:`TokenRefused` when Telegram
    refuses the token (PTB's ``InvalidToken`` quotes the token itself, so it must not reach a traceback)."""
    application = build_application(
        settings, clock=shifted_clock(settings.clock_offset), rate_limiter=settings.rate_limit
    )
    logging.getLogger(__name__).info("polling Telegram; database %s", settings.database_shown)
    quiet = QuietRefusedToken()
    logging.getLogger("telegram.ext").addFilter(quiet)
    try:
        application.run_polling(allowed_updates=Update.ALL_TYPES)
    except InvalidToken:
        raise TokenRefused() from None
    finally:
        logging.getLogger("telegram.ext").removeFilter(quiet)
    return 0
