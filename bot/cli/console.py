"""``python -m bot console``: the offline console chat (no Telegram needed); also works with piped input."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.cli import Subcommand, fail
from bot.config import Settings
from bot.i18n import Language

DEFAULT_CONSOLE_DB = Path("data/console.sqlite3")


async def run_console(settings: Settings, language: Language, *, interactive: bool) -> int:
    from handlers.console.chat import ConsoleChat
    from tests.support.harness import OfflineBot

    async with OfflineBot.running(settings) as offline:
        chat = ConsoleChat(offline, language)
        chat.say("welcome", db=settings.db_path)
        loop = asyncio.get_running_loop()
        while chat.running:
            if interactive:
                print(chat.prompt, end="", flush=True)
            line = await loop.run_in_executor(None, sys.stdin.readline)
            if not line:
                break
            if not interactive and line.strip():
                print(chat.prompt + line.rstrip("\n"))
            await chat.handle(line)
    return 0


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from bot.cli.run import settings_or_message

    settings = settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    return start_console(replace(settings, token=None, base_url=None, db_path=args.db), args.lang or settings.language)


def start_console(settings: Settings, language: Language) -> int:
    return asyncio.run(run_console(settings, language, interactive=sys.stdin.isatty()))


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, default=DEFAULT_CONSOLE_DB,
                        help=f"SQLite file for the simulated chats (default {DEFAULT_CONSOLE_DB})")
    parser.add_argument("--lang", type=Language, choices=list(Language), help="language of the console's own texts")


COMMAND = Subcommand("console", "the offline console chat: a simulated group driven by the real handlers", _configure,
                     run)
