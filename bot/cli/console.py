"""``python -m bot console``: the offline console chat (no Telegram needed); also works with piped input.

At a terminal, lines can be edited and recalled (readline), with the history kept next to the database.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext, suppress
from pathlib import Path

from bot.cli import Subcommand, fail
from bot.config import Settings
from bot.i18n import Language

DEFAULT_CONSOLE_DB = Path("data/console.sqlite3")


def files_folder(db: Path) -> Path:
    """Where the files the bot sends are saved unless ``--files`` says.

    ``data/console-files`` for ``data/console.sqlite3``."""
    return db.with_name(f"{db.stem}-files")


def history_file(db: Path) -> Path:
    """The typed lines of earlier runs: ``data/console.history`` for ``data/console.sqlite3``."""
    return db.with_suffix(".history")


@contextmanager
def line_editing(history: Path) -> Iterator[None]:
    """Line editing and history for ``input()`` while the block runs (where Python has readline)."""
    try:
        import readline
    except ImportError:
        yield
        return
    with suppress(OSError):  # no history yet
        readline.read_history_file(history)
    readline.set_history_length(1000)
    try:
        yield
    finally:
        with suppress(OSError):  # a read-only folder: the console worked, only the history is not kept
            history.parent.mkdir(parents=True, exist_ok=True)
            readline.write_history_file(history)


def read_line(prompt: str, interactive: bool) -> str | None:
    """The next line, ``None`` at the end of the input.

    Read while the event loop waits: nothing else runs in the console between two lines (no scheduler, no other chat).
    """
    if not interactive:
        return sys.stdin.readline() or None
    try:
        return input(prompt)
    except EOFError:
        print()
        return None
    except KeyboardInterrupt:  # Ctrl-C drops the line being typed, as in a shell
        print()
        return ""


async def run_console(settings: Settings, language: Language, *, interactive: bool, files: Path) -> int:
    from handlers.bootstrap import console_chat

    async with console_chat(settings, language, files) as chat:
        chat.say("welcome", db=settings.db_path, files=files)
        with line_editing(history_file(settings.db_path)) if interactive else nullcontext():
            while chat.running:
                line = read_line(chat.prompt, interactive)
                if line is None:
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
    # --lang is the language of the console's own texts and of the bot there (a chat that chose one with /lang keeps
    # it): a person who asks for English gets English answers too.
    language = args.lang or settings.language
    return start_console(replace(settings, token=None, base_url=None, db_path=args.db, db_url=None, language=language),
                         language,
                         args.files)


def start_console(settings: Settings, language: Language, files: Path | None = None) -> int:
    """Run the console on the database of ``settings``; files go to ``files`` (default :func:`files_folder`)."""
    folder = files if files is not None else files_folder(settings.db_path)
    return asyncio.run(run_console(settings, language, interactive=sys.stdin.isatty(), files=folder))


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, default=DEFAULT_CONSOLE_DB,
                        help=f"SQLite file for the simulated chats (default {DEFAULT_CONSOLE_DB})")
    parser.add_argument("--lang", type=Language, choices=list(Language),
                        help="language of the console's own texts and of the bot in chats that have not chosen one")
    parser.add_argument("--files", type=Path, metavar="DIR",
                        help="folder for the files and pictures the bot sends (default: next to the database, "
                             f"{files_folder(DEFAULT_CONSOLE_DB)})")


COMMAND = Subcommand("console", "the offline console chat: a simulated group driven by the real handlers", _configure,
                     run)
