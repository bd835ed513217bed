"""``python -m bot verify-draw FILE``: recompute a published draw from its entry list and seed (a public contract).

Reads a draw file (format: ``bot.tournament.draw_file``), checks the seed against the commitment, redraws and
compares the pairs, reserves and first-round positions. Exit status: 0 the draw matches, 1 it does not (each
difference on its own line), 2 the file cannot be read. Either way it prints the file's commitment and when it was
published: a forged file can be consistent with itself, so the reader compares those two with the chat's message
of that time. Messages in zh (default) or en (``--lang``).

Nothing from the file reaches the terminal as it stands: a commitment must be 64 hex digits (else exit 2), and every
value taken from the file (its commitment, its time, the part that could not be read) is shown with its control
characters escaped — a forged file once hid its mismatch lines behind ``\r ESC[4A ESC[J`` and a copy of the match
line.
"""

from __future__ import annotations

import argparse
import unicodedata
from pathlib import Path
from typing import Any

from bot.cli import Subcommand, fail
from bot.i18n import DEFAULT_LANGUAGE, Language, t


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="the draw file (JSON) published after the draw")
    parser.add_argument("--lang", choices=[lang.value for lang in Language], default=DEFAULT_LANGUAGE.value,
                        help="language of the verdict and messages (default zh)")


def shown(text: object) -> str:
    """``text`` safe for a terminal.

    Every control, format or unassigned character (ESC, CR, bidi overrides …) written as its escape (``\\x1b``,
    ``\\u202e``) instead."""
    return "".join(char if not unicodedata.category(char).startswith("C")
                   else char.encode("unicode_escape").decode("ascii") for char in str(text))


def _say(key: str, lang: Language, **params: Any) -> str:
    return t(key, lang, **{name: value if isinstance(value, int) else shown(value) for name, value in params.items()})


def run(args: argparse.Namespace) -> int:
    # Imported here: the draw pulls in the Swiss pairing and networkx (about 0.4 s), which every other subcommand,
    # `python -m bot rules` above all (first answer within 0.5 s), would otherwise pay at start-up.
    from bot.tournament.draw_file import UnreadableDrawFileError, verify

    lang = Language(args.lang)
    try:
        content = args.file.read_bytes()
    except OSError:
        return fail(_say("draw.cli.cannot_open", lang, path=str(args.file)))
    try:
        result = verify(content)
    except UnreadableDrawFileError as error:
        return fail(_say(error.key, lang, **error.params))
    commitment, published = result.draw.commitment, result.committed_at
    if result.draw.ratings is not None:  # seeded by rating: redrawn with the ratings the file records
        print(t("club.verify_seeded", lang, players=len(result.draw.ratings)))
    if result.matches:
        if published is None:
            print(_say("draw.verify.match_v1", lang, teams=len(result.draw.teams), commitment=commitment))
        else:
            print(_say("draw.verify.match", lang, teams=len(result.draw.teams), commitment=commitment,
                    published=published))
        return 0
    print(t("draw.verify.mismatch", lang))
    for check in result.mismatches:
        print(f"- {t(f'draw.verify.check.{check.value}', lang)}")
    # The file's own commitment (which the seed may not even fit) and its time: what to compare with the chat.
    stated = result.stated_commitment
    if published is None:
        print(_say("draw.verify.commitment_v1", lang, commitment=stated))
    else:
        print(_say("draw.verify.commitment", lang, commitment=stated, published=published))
    return 1


COMMAND = Subcommand(
    name="verify-draw",
    help="recompute a published draw from its entry list and seed and say whether it matches",
    configure=configure,
    run=run,
)
