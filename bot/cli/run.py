"""``python -m bot run``: the bot on Telegram, by long polling (needs ``TELEGRAM_BOT_TOKEN``)."""

from __future__ import annotations

import argparse
import logging
import sys

from bot.cli import Subcommand, fail
from bot.config import Settings, load_settings, token_problem
from bot.errors import GuandanError
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


def configure_logging(token: str | None) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    if token:
        handler.addFilter(RedactToken(token))
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
    # Imported here: the other subcommands do not pay for loading the chat platform.
    from handlers.telegram.polling import run_polling

    configure_logging(settings.token)
    return run_polling(settings)


def run(args: argparse.Namespace) -> int:
    settings = settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    if not settings.has_token:
        return fail(t("run.no_token", settings.language))
    problem = token_problem(settings.token or "")
    if problem is not None:  # said before connecting: Telegram would only answer "Not Found"
        return fail(t(problem, settings.language))
    return run_bot(settings)


def _configure(parser: argparse.ArgumentParser) -> None:
    pass


COMMAND = Subcommand("run", "run the bot on Telegram (long polling; needs TELEGRAM_BOT_TOKEN)", _configure, run)
