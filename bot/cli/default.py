"""The subcommand table and what ``python -m bot`` does without one (``make run``)."""

from __future__ import annotations

import argparse
import sys

from bot.cli import (
    Subcommand,
    console,
    copy_db,
    demo,
    export,
    migrate,
    play,
    render,
    rules,
    run,
    serve,
    verify_draw,
    webhook,
)

# One line per subcommand module; keep sorted by name.
SUBCOMMANDS: tuple[Subcommand, ...] = (
    console.COMMAND,
    copy_db.COMMAND,
    webhook.DELETE_COMMAND,
    demo.COMMAND,
    export.COMMAND,
    migrate.COMMAND,
    play.COMMAND,
    render.COMMAND,
    rules.COMMAND,
    run.COMMAND,
    serve.COMMAND,
    webhook.SET_COMMAND,
    verify_draw.COMMAND,
)


def run_default(parser: argparse.ArgumentParser) -> int:
    """With a platform configured: the bot on it (``run``). Without: the offline console, after saying how to
    connect."""
    from dataclasses import replace

    from bot.cli import fail
    from bot.i18n import t

    settings = run.settings_or_message()
    if isinstance(settings, str):
        return fail(settings)
    if settings.has_token or settings.has_wecom:
        return run.run_bot(settings)
    print(t("run.no_token", settings.language), file=sys.stderr)
    print(t("run.console_instead", settings.language), file=sys.stderr)
    return console.start_console(replace(settings, db_path=console.DEFAULT_CONSOLE_DB, db_url=None), settings.language)
