"""``python -m bot set-webhook URL`` and ``delete-webhook``: where Telegram sends the updates.

Tell Telegram to POST the updates to the workers (``setWebhook`` with ``TELEGRAM_WEBHOOK_SECRET`` and every kind of
update), or to keep them for polling again (``deleteWebhook``); each prints what Telegram answered and the webhook as
Telegram then reports it."""

from __future__ import annotations

import argparse
import asyncio

from bot.cli import Subcommand, fail
from bot.config import Settings, token_problem, webhook_secret_of
from bot.errors import GuandanError
from bot.i18n import t


def _settings() -> Settings | str:
    from bot.cli.run import settings_or_message

    settings = settings_or_message()
    if isinstance(settings, str):
        return settings
    if not settings.has_token:
        return t("run.no_token", settings.language)
    problem = token_problem(settings.token or "")
    return t(problem, settings.language) if problem is not None else settings


def set_webhook(args: argparse.Namespace) -> int:
    from handlers.telegram.webhook_setup import register_webhook

    settings = _settings()
    if isinstance(settings, str):
        return fail(settings)
    language = settings.language
    try:
        secret = webhook_secret_of(settings)
    except GuandanError as error:
        return fail(t(error.key, language, **error.params))
    if not args.url.startswith(("https://", "http://")):
        return fail(t("serve.bad_url", language, url=args.url))
    try:
        done = asyncio.run(register_webhook(settings, args.url, secret))
    except GuandanError as error:  # the token or the URL refused: one line
        return fail(t(error.key, language, **error.params))
    print(t("serve.set_answer", language, answer=done.answer, url=done.url or args.url, pending=done.pending))
    if done.last_error:
        print(t("serve.last_error", language, error=done.last_error))
    return 0


def delete_webhook(args: argparse.Namespace) -> int:
    from handlers.telegram.webhook_setup import remove_webhook

    settings = _settings()
    if isinstance(settings, str):
        return fail(settings)
    language = settings.language
    try:
        done = asyncio.run(remove_webhook(settings))
    except GuandanError as error:
        return fail(t(error.key, language, **error.params))
    print(t("serve.deleted_answer", language, answer=done.answer, pending=done.pending))
    return 0


def _configure_set(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", help="the public https:// address Telegram POSTs to, ending in /telegram")


def _configure_delete(parser: argparse.ArgumentParser) -> None:
    pass


SET_COMMAND = Subcommand("set-webhook", "tell Telegram to POST updates to URL with TELEGRAM_WEBHOOK_SECRET "
                         "(setWebhook, every kind of update)", _configure_set, set_webhook)
DELETE_COMMAND = Subcommand("delete-webhook", "remove the webhook (deleteWebhook): python -m bot run polls again",
                            _configure_delete, delete_webhook)
