"""``python -m bot render --matches matches.csv --out bracket.png``: the bracket picture, offline.

A bracket too large for one readable picture is written as several: ``--out`` gets the first, and the others follow
as ``NAME-2.png``, ``NAME-3.png``, … next to it. Every file written is listed on stdout.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bot.cli import Subcommand, fail
from bot.config import environment_language
from bot.errors import GuandanError
from bot.i18n import Language, t
from bot.sheets.matches_csv import MAX_ROUND_NUMBER


def _language(text: str) -> Language:
    try:
        return Language.parse(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"zh | en: {text!r}") from None


def _environment_language() -> Language:
    return environment_language()


def _round(text: str) -> int:
    """``--round``: a round a bracket can have (argparse exits 2 with the value otherwise)."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 5 and 1 <= int(digits) <= MAX_ROUND_NUMBER):
        raise argparse.ArgumentTypeError(f"1–{MAX_ROUND_NUMBER}: {text!r}")
    return int(digits)


def _configure(parser: argparse.ArgumentParser) -> None:
    lang = _environment_language()
    parser.add_argument("--matches", required=True, type=Path, help=t("render.cli.matches", lang))
    parser.add_argument("--out", required=True, type=Path, help=t("render.cli.out", lang))
    parser.add_argument("--title", default=None, help=t("render.cli.title", lang))
    parser.add_argument("--lang", type=_language, default=lang, help=t("render.cli.lang", lang))
    parser.add_argument("--round", type=_round, default=None, dest="current_round", help=t("render.cli.round", lang))


def output_paths(out: Path, count: int) -> list[Path]:
    """``out`` itself, then ``<stem>-2<suffix>``, ``<stem>-3<suffix>``, … beside it."""
    return [out] + [out.with_name(f"{out.stem}-{number}{out.suffix or '.png'}") for number in range(2, count + 1)]


def _run(args: argparse.Namespace) -> int:
    # Imported here: Pillow and the font load only when a picture is actually drawn.
    from bot.pictures.bracket_picture import render_bracket
    from bot.sheets.matches_csv import read_matches_csv

    lang: Language = args.lang
    try:
        data = args.matches.read_bytes()
    except OSError as error:
        return fail(t("render.cli.cannot_read", lang, path=args.matches, reason=error.strerror or error))
    try:
        pictures = render_bracket(read_matches_csv(data), lang=lang, title=args.title,
                                  current_round=args.current_round)
    except GuandanError as error:
        return fail(f"{args.matches}: {t(error.key, lang, **error.params)}")
    for picture, path in zip(pictures, output_paths(args.out, len(pictures)), strict=True):
        try:
            path.write_bytes(picture.png)
        except OSError as error:
            return fail(t("render.cli.cannot_write", lang, path=path, reason=error.strerror or error))
        written = t("render.cli.written", lang, path=path, width=picture.width, height=picture.height)
        print(f"{written}  {picture.label}".rstrip())
    return 0


COMMAND = Subcommand(
    name="render",
    help=t("render.cli.help", _environment_language()),
    configure=_configure,
    run=_run,
)
