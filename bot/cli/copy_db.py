"""``python -m bot copy-db --from FILE --to URL``: a club's SQLite file into PostgreSQL.

Every row and the history of a club's SQLite file into an empty PostgreSQL database, checked by counting the rows of
each table on both sides (``storage.copy``)."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from bot.cli import Subcommand, fail
from bot.cli.migrate import refusal_text
from bot.errors import StorageError
from bot.i18n import Language, t


def run(args: argparse.Namespace) -> int:
    from bot.cli.run import settings_or_message
    from bot.services.database import copy_to_postgresql

    settings = settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    language = Language(args.lang) if args.lang else settings.language
    try:
        report = asyncio.run(copy_to_postgresql(args.source, args.target))
    except StorageError as error:
        return fail(refusal_text(error, language))
    for table in report.tables:
        print(t("database.copy_table", language, table=table.table, rows=table.rows))
    print(t("database.copy_done", language, source=report.source, target=report.target, version=report.version,
            tables=len(report.tables), rows=report.rows))
    return 0


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="source", type=Path, required=True, help="the club's SQLite file")
    parser.add_argument("--to", dest="target", required=True,
                        help="an empty PostgreSQL database: postgresql://user@host:port/dbname")
    parser.add_argument("--lang", choices=[lang.value for lang in Language], help="language of the messages")


COMMAND = Subcommand("copy-db", "copy a club's SQLite file into an empty PostgreSQL database (checked by counting)",
                     configure, run)
