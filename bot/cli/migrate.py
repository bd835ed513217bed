"""``python -m bot migrate [--db FILE|URL]``: apply the pending migrations.

Apply the pending migrations of the bot's database (``GUANDAN_DB``) and print its schema version; on PostgreSQL the bot
refuses to start until this was run."""

from __future__ import annotations

import argparse
import asyncio

from bot.cli import Subcommand, fail
from bot.errors import StorageError
from bot.i18n import Language, t


def refusal_text(error: StorageError, language: Language) -> str:
    """One line for the operator: what the database refused (where it is and why, when it cannot be reached)."""
    if error.key == "storage.unreachable":
        return t("database.unreachable", language, **error.params)
    return t(error.key, language, **error.params)


def run(args: argparse.Namespace) -> int:
    from bot.cli.run import settings_or_message
    from bot.services.database import migrate

    settings = settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    language = Language(args.lang) if args.lang else settings.language
    try:
        done = asyncio.run(migrate(args.db or settings.database))
    except StorageError as error:
        return fail(refusal_text(error, language))
    if done.applied:
        print(t("database.migrated", language, database=done.database, version=done.version,
                applied=", ".join(str(version) for version in done.applied)))
    else:
        print(t("database.up_to_date", language, database=done.database, version=done.version))
    return 0


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", help="the database: an SQLite file or a postgresql:// URL (default: GUANDAN_DB)")
    parser.add_argument("--lang", choices=[lang.value for lang in Language], help="language of the messages")


COMMAND = Subcommand("migrate", "apply pending database migrations and print the schema version", configure, run)
