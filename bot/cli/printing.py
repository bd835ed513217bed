"""``python -m bot print``: the paperwork ``/print`` sends, written to a PDF file.

Usage: ``python -m bot print --db FILE|URL --tournament ID [what] [round] --out FILE.pdf [--lang zh|en] [--paper
a4|letter]``. The way round when a chat cannot carry the file, or WeCom refused it.

``what`` and ``round`` are read as ``/print`` reads them (``cards``, ``tables 2``, ``certificates 8``; nothing: the
pack of the moment). The table cards' result tokens are issued in the database as ``/print`` issues them; their
QR codes need ``GUANDAN_PUBLIC_URL``. Prints ``FILE.pdf: what, N pages``; exit 2 with one line on stderr when the
database, the tournament or the arguments will not do.
"""

from __future__ import annotations

import argparse
import asyncio
import re
from pathlib import Path

from bot.cli import Subcommand, fail
from bot.errors import StorageError, UsageError
from bot.i18n import Language, t
from bot.paperwork.document import Paper


async def write_print(db: str, tournament_id: int, args: list[str], out: Path, language: Language, paper: Paper,
                      public_url: str | None) -> tuple[str, int]:
    """Write the document to ``out``; what it holds (in ``language``) and its pages."""
    from bot.config import POSTGRESQL_SCHEMES, Settings
    from bot.paperwork.render import document_pdf
    from bot.paperwork.request import parse_request
    from bot.presenters.paperwork import default_pack, document, what_words
    from bot.services.paperwork import print_material_from_database

    request = parse_request(args)
    is_url = db.startswith(POSTGRESQL_SCHEMES)
    settings = Settings(db_path=Path(db), language=language, public_url=public_url) if not is_url \
        else Settings(db_url=db, language=language, public_url=public_url)
    material = await print_material_from_database(settings, tournament_id, request.round,
                                                  needs_round=request.needs_round)
    whats = default_pack(material) if request.what is None else (request.what,)
    made = document(material, whats, language, paper=paper, certificate_count=request.certificates)
    pdf = await asyncio.to_thread(document_pdf, made)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(pdf.data)
    return what_words(whats, language, pack=request.what is None), pdf.pages


_MARKUP = re.compile(r"</?(code|b|i)>")


def _plain(text: str) -> str:
    """A chat text for the terminal: without its ``<code>`` and ``<b>`` marks."""
    return _MARKUP.sub("", text)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", required=True, help="the bot's database: an SQLite file or a postgresql:// URL")
    parser.add_argument("--tournament", type=int, required=True, metavar="ID", help="the tournament's id")
    parser.add_argument("what", nargs="*", help="tables, names, cards, slips, standings, certificates [N], checkin, "
                        "booklet, then a round number; nothing: the pack of the moment")
    parser.add_argument("--out", type=Path, required=True, help="the PDF file to write")
    parser.add_argument("--lang", choices=[lang.value for lang in Language], help="the pages' language")
    parser.add_argument("--paper", default=Paper.A4.value, help="a4 (default) or letter")


def run(args: argparse.Namespace) -> int:
    from bot.cli.run import settings_or_message
    from bot.services.tournament.state import NoTournamentYetError

    settings = settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    language = Language(args.lang) if args.lang else settings.language
    try:
        paper = Paper(str(args.paper).lower())
    except ValueError:
        return fail(t("print.bad_paper", language, value=args.paper))
    db = str(args.db)
    if "://" not in db and not Path(db).is_file():
        return fail(t("export.no_database", language, path=db))
    try:
        what, pages = asyncio.run(write_print(db, args.tournament, list(args.what), args.out, language, paper,
                                              settings.public_url))
    except NoTournamentYetError:
        return fail(t("print.cli_no_tournament", language, id=args.tournament, db=db))
    except UsageError as error:
        return fail(_plain(t(error.key, language, **error.params)))
    except StorageError as error:
        return fail(t(error.key, language, **error.params))
    except OSError as error:
        return fail(t("export.cannot_write", language, path=str(args.out), reason=str(error)))
    print(t("print.cli_written", language, path=str(args.out), what=what, pages=pages))
    return 0


COMMAND = Subcommand("print", "write the paperwork /print sends (tables, names, cards, slips, standings, "
                     "certificates, check-in list, booklet) as one PDF", configure, run)
