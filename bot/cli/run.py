"""``python -m bot run``: the bot on Telegram, by long polling (needs ``TELEGRAM_BOT_TOKEN``)."""

from __future__ import annotations

import argparse
import logging
import re
import sys
import urllib.parse

from bot.cli import Subcommand, fail
from bot.config import Settings, load_settings
from bot.errors import GuandanError
from bot.i18n import DEFAULT_LANGUAGE, t


class RedactToken(logging.Filter):
    """Replace the token wherever a log line would show it (URLs of failed requests, exceptions), as typed or
    percent-encoded in a URL (``123%3AAA…``, either case)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token
        encoded = re.escape(urllib.parse.quote(token, safe="")).replace("%3A", "%3[Aa]")
        self._pattern = re.compile(f"{re.escape(token)}|{encoded}")

    def redact(self, text: str) -> str:
        return self._pattern.sub("<token>", text)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = self.redact(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        if record.exc_info and record.exc_info[1] is not None:
            text = record.exc_text or logging.Formatter().formatException(record.exc_info)
            if self.redact(text) != text:
                record.exc_text = self.redact(text)
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
    try:
        return run_polling(settings)
    except GuandanError as error:  # the token refused: one line, never the token
        return fail(t(error.key, settings.language, **error.params))


def run(args: argparse.Namespace) -> int:
    settings = settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    if not settings.has_token:
        return fail(t("run.no_token", settings.language))
    return run_bot(settings)


def _configure(parser: argparse.ArgumentParser) -> None:
    pass


COMMAND = Subcommand("run", "run the bot on Telegram (long polling; needs TELEGRAM_BOT_TOKEN)", _configure, run)
