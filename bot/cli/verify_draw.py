"""``python -m bot verify-draw FILE``: recompute a published draw from its entry list and seed (issue 4's contract).

Reads a draw file (format: ``bot.tournament.draw_file``), checks the seed against the commitment, redraws and
compares the pairs, reserves and first-round positions. Exit status: 0 the draw matches, 1 it does not (each
difference on its own line), 2 the file cannot be read. Messages in zh (default) or en (``--lang``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli import Subcommand, fail
from bot.i18n import DEFAULT_LANGUAGE, Language, t
from bot.tournament.draw_file import UnreadableDrawFileError, verify


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="the draw file (JSON) published after the draw")
    parser.add_argument("--lang", choices=[lang.value for lang in Language], default=DEFAULT_LANGUAGE.value,
                        help="language of the verdict and messages (default zh)")


def run(args: argparse.Namespace) -> int:
    lang = Language(args.lang)
    try:
        content = args.file.read_bytes()
    except OSError:
        return fail(t("draw.cli.cannot_open", lang, path=str(args.file)))
    try:
        result = verify(content)
    except UnreadableDrawFileError as error:
        return fail(t(error.key, lang, **error.params))
    if result.matches:
        print(t("draw.verify.match", lang, teams=len(result.draw.teams), commitment=result.draw.commitment))
        return 0
    print(t("draw.verify.mismatch", lang))
    for check in result.mismatches:
        print(f"- {t(f'draw.verify.check.{check.value}', lang)}")
    return 1


COMMAND = Subcommand(
    name="verify-draw",
    help="recompute a published draw from its entry list and seed and say whether it matches",
    configure=configure,
    run=run,
)
