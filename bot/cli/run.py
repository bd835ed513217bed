"""``python -m bot run``: every configured platform — Telegram by long polling when ``TELEGRAM_BOT_TOKEN`` is set,
WeCom's long connection when ``WECOM_BOT_ID`` and ``WECOM_BOT_SECRET`` are, both in one process when both are."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot.cli import Subcommand, fail
from bot.config import Settings, load_settings
from bot.errors import GuandanError, StorageError
from bot.i18n import DEFAULT_LANGUAGE, t


class RedactToken(logging.Filter):
    """Replace the token wherever a log line would show it (URLs of failed requests, exceptions)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token in message:
            record.msg, record.args = message.replace(self.token, "<token>"), None
        if record.exc_info and record.exc_info[1] is not None and self.token in str(record.exc_info[1]):
            record.exc_text = logging.Formatter().formatException(record.exc_info).replace(self.token, "<token>")
        return True


def configure_logging(token: str | None, *secrets: str | None) -> None:
    """Log to stderr; ``token`` (and every one of ``secrets``: the WeCom secret) never shows."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    for secret in (token, *secrets):
        if secret:
            handler.addFilter(RedactToken(secret))
    logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
    # httpx logs every request URL at INFO, and the URL holds the token.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("httpcore").setLevel(logging.WARNING)


def settings_or_message() -> Settings | str:
    """The settings, or the localized message saying what is wrong with them."""
    try:
        return load_settings()
    except GuandanError as error:
        return t(error.key, DEFAULT_LANGUAGE, **error.params)


def run_bot(settings: Settings) -> int:
    """Check the database (one line and exit status 2 if it is unmigrated, newer than the bot or unreachable), then
    poll Telegram."""
    from bot.cli.migrate import refusal_text
    from bot.services.database import check_ready

    try:
        asyncio.run(check_ready(settings.database))
    except StorageError as error:
        return fail(refusal_text(error, settings.language))
    # Imported here: the other subcommands do not pay for loading a chat platform.
    if settings.has_wecom:
        from handlers.runner import run_platforms

        configure_logging(settings.token, settings.wecom_secret)
        # websockets logs every frame at DEBUG only; its INFO lines say nothing the runner does not.
        logging.getLogger("websockets").setLevel(logging.WARNING)
        return run_platforms(settings)
    from handlers.telegram.polling import run_polling

    configure_logging(settings.token)
    return run_polling(settings)


def run(args: argparse.Namespace) -> int:
    settings = settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    if not settings.has_token and not settings.has_wecom:
        return fail(t("run.no_token", settings.language))
    return run_bot(settings)


def _configure(parser: argparse.ArgumentParser) -> None:
    pass


COMMAND = Subcommand("run", "run the bot on every configured platform: Telegram (TELEGRAM_BOT_TOKEN), WeCom "
                     "(WECOM_BOT_ID and WECOM_BOT_SECRET)", _configure, run)
