"""The subcommand table and what ``python -m bot`` does without one (``make run``)."""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from bot.cli import Subcommand

# One line per subcommand: its name, the module under bot.cli that defines it and the attribute; keep sorted by name.
# Only the module of the subcommand asked for is imported (``python -m bot rules`` answers before ``run``, ``console``
# and ``render`` would have loaded); ``python -m bot --help`` and a name not listed import them all.
SUBCOMMAND_MODULES: tuple[tuple[str, str, str], ...] = (
    ("console", "console", "COMMAND"),
    ("copy-db", "copy_db", "COMMAND"),
    ("delete-webhook", "webhook", "DELETE_COMMAND"),
    ("demo", "demo", "COMMAND"),
    ("export", "export", "COMMAND"),
    ("migrate", "migrate", "COMMAND"),
    ("play", "play", "COMMAND"),
    ("print", "printing", "COMMAND"),
    ("render", "render", "COMMAND"),
    ("rules", "rules", "COMMAND"),
    ("run", "run", "COMMAND"),
    ("serve", "serve", "COMMAND"),
    ("set-webhook", "webhook", "SET_COMMAND"),
    ("verify-draw", "verify_draw", "COMMAND"),
)


def subcommands(asked: str | None = None) -> tuple[Subcommand, ...]:
    """The subcommand ``asked`` for alone when it is one, else all of them (for help, or to refuse a wrong name)."""
    rows = [row for row in SUBCOMMAND_MODULES if row[0] == asked] or list(SUBCOMMAND_MODULES)
    commands: tuple[Subcommand, ...] = tuple(
        getattr(import_module(f"bot.cli.{module}"), attribute) for _, module, attribute in rows)
    return commands


def run_default(parser: argparse.ArgumentParser) -> int:
    """With a platform configured: the bot on it (``run``).

    Without: the offline console, after saying how to connect."""
    from dataclasses import replace

    from bot.cli import console, fail, run
    from bot.i18n import t

    settings = run.settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    if settings.has_token or settings.has_wecom:
        return run.run_bot(settings)
    print(t("run.no_token", settings.language), file=sys.stderr)
    print(t("run.console_instead", settings.language), file=sys.stderr)
    return console.start_console(replace(settings, db_path=console.DEFAULT_CONSOLE_DB, db_url=None), settings.language)
