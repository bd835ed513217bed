"""``python -m bot demo``: a whole tournament played through the bot and printed.

A complete male–female tournament played through the bot and printed (no Telegram); see ``handlers.console.demo``."""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from bot.cli import Subcommand
from bot.i18n import Language


def run(args: argparse.Namespace) -> int:
    from bot.config import Settings
    from handlers.bootstrap import demo

    language = Language(args.lang) if args.lang else Language.ZH
    with tempfile.TemporaryDirectory(prefix="guandan-demo-") as folder:
        settings = Settings(db_path=Path(folder) / "demo.sqlite3", language=language)
        asyncio.run(demo(settings, language, print, Path(folder) / "files"))
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=[language.value for language in Language],
                        help="language of the group (default zh)")


COMMAND = Subcommand("demo", "a complete male–female tournament played through the bot, printed (no Telegram)",
                     _configure, run)
