"""The subcommand table and what ``python -m bot`` does without one (``make run``)."""

from __future__ import annotations

import argparse

from bot.cli import Subcommand
from bot.cli.rules import COMMAND as RULES

# One line per subcommand module; keep sorted by name.
SUBCOMMANDS: tuple[Subcommand, ...] = (RULES,)


def run_default(parser: argparse.ArgumentParser) -> int:
    """Until the Telegram bot exists, show what the command line can do."""
    parser.print_help()
    return 0
