"""``python -m bot run``: every configured platform in one process.

Every configured platform — Telegram by long polling when ``TELEGRAM_BOT_TOKEN`` is set, WeCom's long connection when
``WECOM_BOT_ID`` and ``WECOM_BOT_SECRET`` are, both in one process when both are."""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import sys
import urllib.parse

from bot.cli import Subcommand, fail
from bot.config import Settings, load_settings, token_problem
from bot.errors import GuandanError, StorageError
from bot.i18n import DEFAULT_LANGUAGE, t


class RedactToken(logging.Filter):
    """Replace the bot token wherever a log line would show it.

    Replace the token wherever a log line would show it (URLs of failed requests, exceptions), as typed or
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


def run_bot(settings: Settings, web: tuple[str, int] | None = None) -> int:
    """Check the database, then poll Telegram (and serve the pages on ``web``).

    Check the database (one line and exit status 2 if it is unmigrated, newer than the bot or unreachable), then
    poll Telegram (and serve the pages on ``web``, a host and port)."""
    from bot.cli.event_loop import freeze_heap, pause_collector, use_event_loop
    from bot.cli.migrate import refusal_text
    from bot.services.database import check_ready

    use_event_loop(settings.event_loop)
    pause_collector()
    try:
        asyncio.run(check_ready(settings.database))
    except StorageError as error:
        return fail(refusal_text(error, settings.language))
    # Imported here: the other subcommands do not pay for loading a chat platform.
    if settings.has_wecom or web is not None:
        from handlers.runner import run_platforms

        configure_logging(settings.token, settings.wecom_secret)
        # websockets logs every frame at DEBUG only; its INFO lines say nothing the runner does not.
        logging.getLogger("websockets").setLevel(logging.WARNING)
        freeze_heap()
        try:
            return run_platforms(settings, web)
        except GuandanError as error:  # Telegram refused the token: one line, never the token
            return fail(t(error.key, settings.language, **error.params))
    from handlers.bootstrap import telegram_application
    from handlers.telegram.polling import run_polling

    configure_logging(settings.token)
    try:
        application = telegram_application(settings)
        freeze_heap()
        return run_polling(settings, application)
    except GuandanError as error:  # the token refused: one line, never the token
        return fail(t(error.key, settings.language, **error.params))


def run(args: argparse.Namespace) -> int:
    settings = settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    if not settings.has_token and not settings.has_wecom:
        return fail(t("run.no_token", settings.language))
    problem = token_problem(settings.token or "") if settings.has_token else None
    if problem is not None:  # said before connecting: Telegram would only answer "Not Found"
        return fail(t(problem, settings.language))
    web = None
    if getattr(args, "web", None) is not None:
        from bot.cli.serve import parse_listen

        web = parse_listen(args.web)
        if web is None:
            return fail(t("web.bad_listen", settings.language, listen=args.web))
    return run_bot(settings, web)


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--web", metavar="HOST:PORT",
                        help="also serve the live pages of the tournaments on http://HOST:PORT/t/<id>")


COMMAND = Subcommand("run", "run the bot on every configured platform: Telegram (TELEGRAM_BOT_TOKEN), WeCom "
                     "(WECOM_BOT_ID and WECOM_BOT_SECRET)", _configure, run)
