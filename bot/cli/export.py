"""``python -m bot export --db FILE --out DIR``: every tournament of a database, one folder each.

Each folder (``<id>-<name>``) holds ``entries.csv``, ``matches.csv``, ``standings.csv`` and ``tournament.xlsx``
(``bot.services.tournament.archive``); the folders are printed, one a line. Exit status 2 when the database cannot
be read (message on stderr). ``--lang zh`` (or ``en``) writes every file with headers and words in that language, as
``/export zh`` does; without it the CSV files keep the contract's English headers. The database is read, never
changed (beyond its own schema migrations).
"""

from __future__ import annotations

import argparse
import asyncio
import re
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli import Subcommand, fail
from bot.i18n import DEFAULT_LANGUAGE, Language, t

if TYPE_CHECKING:
    from bot.services.tournament.archive import ArchivedTournament

_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')


def folder_name(archived: ArchivedTournament) -> str:
    """``3-周五杯``: the id first (names repeat), then the name without characters a file system refuses."""
    record = archived.state.record
    name = _UNSAFE.sub("_", record.name).strip(" .")[:60]
    return f"{record.tournament_id}-{name}" if name else str(record.tournament_id)


async def export(db: Path, out: Path, language: Language, files_language: Language | None = None) -> list[Path]:
    # Imported here: the archive pulls in the services, networkx and openpyxl (about a second), which every other
    # subcommand, `python -m bot rules` above all (first answer within 0.5 s), would otherwise pay at start-up.
    from bot.services.tournament.archive import archive_database

    folders = []
    for tournament in await archive_database(db, language, files_language):
        folder = out / folder_name(tournament)
        folder.mkdir(parents=True, exist_ok=True)
        for name, content in tournament.files.items():
            (folder / name).write_bytes(content)
        folders.append(folder)
    return folders


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, required=True, help="the bot's SQLite file (GUANDAN_DB)")
    parser.add_argument("--out", type=Path, required=True, help="the folder to write one folder per tournament in")
    parser.add_argument("--lang", choices=[lang.value for lang in Language], default=None,
                        help="write every file in this language, headers included, as /export zh does (default: the "
                             "CSV files with the contract's English headers, the workbook's notes in zh)")


def run(args: argparse.Namespace) -> int:
    files_language = None if args.lang is None else Language(args.lang)
    language = files_language or DEFAULT_LANGUAGE
    if not args.db.is_file():
        return fail(t("export.no_database", language, path=str(args.db)))
    try:
        folders = asyncio.run(export(args.db, args.out, language, files_language))
    except OSError as error:
        return fail(t("export.cannot_write", language, path=str(args.out), reason=str(error)))
    for folder in folders:
        print(folder)
    return 0


COMMAND = Subcommand("export", "write every tournament of a database as entries.csv, matches.csv, standings.csv "
                     "and tournament.xlsx, one folder each", configure, run)
