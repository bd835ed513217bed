"""``python -m bot <subcommand>`` (also the ``guandan-bot`` console script).

Each subcommand is a :class:`Subcommand` in its own module, listed once in ``bot.cli.default.SUBCOMMAND_MODULES``.
Exit status: 0 success, 1 a negative verdict where a subcommand says so, 2 bad input (message on stderr).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot import __version__
from bot.config import environment_language
from bot.i18n import Language, t


@dataclass(frozen=True)
class Subcommand:
    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _subcommands(asked: str | None = None) -> tuple[Subcommand, ...]:
    # Imported here, and only the subcommand asked for, so that `python -m bot rules` does not pay for loading
    # Telegram, the console or the pictures.
    from bot.cli import default

    return default.subcommands(asked)


def build_parser(subcommands: Sequence[Subcommand]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="guandan-bot", description="Guandan (掼蛋) tournaments and rules.")
    parser.add_argument("--version", action="version", version=f"guandan-bot {__version__}")
    sub = parser.add_subparsers(dest="subcommand", metavar="<subcommand>")
    for command in subcommands:
        command_parser = sub.add_parser(command.name, help=command.help, description=command.help)
        command.configure(command_parser)
        command_parser.set_defaults(run=command.run)
    return parser


DEPENDENCIES = frozenset({"telegram", "aiosqlite", "apscheduler", "PIL", "openpyxl", "noto_cjk_sans_otc",
                          "rapidfuzz", "httpx", "certifi", "h11"})
"""Top-level modules of the packages ``pyproject.toml`` installs into ``.venv``."""


def main(argv: Sequence[str] | None = None) -> int:
    try:
        arguments = list(sys.argv[1:] if argv is None else argv)
        parser = build_parser(_subcommands(arguments[0] if arguments else None))
        args = parser.parse_args(arguments)
        if args.subcommand is None:
            from bot.cli.default import run_default

            return run_default(parser)
        result: int = args.run(args)
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in DEPENDENCIES:
            raise
        # Most often the system's python3 instead of the project's environment: say which to use.
        return fail(t("run.missing_package", _language(), package=error.name, python=sys.executable))
    return result


def _language() -> Language:
    return environment_language()


def fail(message: str) -> int:
    """Print a bad-input message on stderr and return exit status 2."""
    print(message, file=sys.stderr)
    return 2
