"""``python -m bot serve --listen HOST:PORT``: a webhook worker (``handlers.telegram.serve``).

Any number of them serve one bot over one PostgreSQL database behind a load balancer; Telegram POSTs the updates to
``http://HOST:PORT/telegram`` with ``TELEGRAM_WEBHOOK_SECRET`` (``python -m bot set-webhook URL`` tells it where).

Refused with one line and exit status 2, before listening: no token, no or a malformed secret, a ``--listen`` that
is no ``HOST:PORT``, a database unmigrated, newer than the bot or unreachable (the check ``run`` makes)."""

from __future__ import annotations

import argparse
import asyncio
import logging

from bot.cli import Subcommand, fail
from bot.config import token_problem, webhook_secret_of
from bot.errors import GuandanError, StorageError
from bot.i18n import t


def parse_listen(text: str) -> tuple[str, int] | None:
    """``HOST:PORT`` (``[::1]:8081`` for IPv6) as a host and a port, or ``None``."""
    host, colon, port_text = text.rpartition(":")
    if not colon or not host or not port_text.isdigit():
        return None
    port = int(port_text)
    if not 0 < port < 65536:
        return None
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host, port


def run(args: argparse.Namespace) -> int:
    from bot.cli.event_loop import freeze_heap, pause_collector, use_event_loop
    from bot.cli.migrate import refusal_text
    from bot.cli.run import configure_logging, settings_or_message
    from bot.services.database import check_ready

    settings = settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    language = settings.language
    if not settings.has_token:
        return fail(t("run.no_token", language))
    problem = token_problem(settings.token or "")
    if problem is not None:
        return fail(t(problem, language))
    try:
        secret = webhook_secret_of(settings)
    except GuandanError as error:
        return fail(t(error.key, language, **error.params))
    listen = parse_listen(args.listen)
    if listen is None:
        return fail(t("serve.bad_listen", language, listen=args.listen))
    use_event_loop(settings.event_loop)
    pause_collector()
    try:
        asyncio.run(check_ready(settings.database))
    except StorageError as error:
        return fail(refusal_text(error, language))
    from handlers.bootstrap import webhook_worker
    from handlers.telegram.serve import run_worker

    configure_logging(settings.token, secret)
    if not settings.db_url:
        logging.getLogger(__name__).warning(t("serve.sqlite_single", language, database=settings.database_shown))
    try:
        worker = webhook_worker(settings)
        freeze_heap()
        return run_worker(worker, secret, *listen)
    except GuandanError as error:  # Telegram refused the token: one line, never the token
        return fail(t(error.key, language, **error.params))


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--listen", required=True, metavar="HOST:PORT",
                        help="where Telegram (or the reverse proxy) POSTs updates: http://HOST:PORT/telegram")


COMMAND = Subcommand("serve", "run a webhook worker: updates POSTed to http://HOST:PORT/telegram with "
                     "TELEGRAM_WEBHOOK_SECRET; any number of workers over one PostgreSQL database", configure, run)
