"""Configuration is read only through ``Settings`` (``bot/config.py``): no other module of the product reads the
environment, so every setting has one name, one default and one check, and the operator's guide lists them all.

Two reads are not configuration and stay where they are, each named here with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("bot", "handlers", "storage")
SETTINGS = Path("bot/config.py")

NOT_CONFIGURATION: dict[Path, str] = {
    Path("bot/services/reading_apart.py"): "hands the whole environment on to the child process that reads a file",
    Path("bot/rules/rulebook.py"): "the rule index's cache folder follows the XDG base directory spec",
}


READS = frozenset({"environ", "getenv", "environb", "getenvb"})


def environment_reads(tree: ast.AST) -> list[int]:
    """The lines that read the environment: ``os.environ``, ``os.getenv``, or either imported from ``os``."""
    return [
        node.lineno for node in ast.walk(tree)
        if (isinstance(node, ast.Attribute) and node.attr in READS and isinstance(node.value, ast.Name)
            and node.value.id == "os")
        or (isinstance(node, ast.ImportFrom) and node.module == "os" and any(alias.name in READS
                                                                             for alias in node.names))
    ]


def product_files() -> list[Path]:
    return sorted(path.relative_to(ROOT) for folder in PRODUCT for path in (ROOT / folder).rglob("*.py"))


def test_only_settings_read_the_environment() -> None:
    found = {
        f"{path}:{line}"
        for path in product_files() if path != SETTINGS and path not in NOT_CONFIGURATION
        for line in environment_reads(ast.parse((ROOT / path).read_text(encoding="utf-8")))
    }
    assert found == set(), "read the setting through bot.config.Settings instead"


def test_the_exceptions_still_exist_and_read_it() -> None:
    for path in NOT_CONFIGURATION:
        assert environment_reads(ast.parse((ROOT / path).read_text(encoding="utf-8"))), path
    assert environment_reads(ast.parse((ROOT / SETTINGS).read_text(encoding="utf-8")))


def test_every_kind_of_read_is_seen() -> None:
    for source in ("import os\nos.environ['X']", "import os\nos.getenv('X')", "from os import getenv",
                   "from os import environ as e"):
        assert environment_reads(ast.parse(source)) == [len(source.splitlines())], source
