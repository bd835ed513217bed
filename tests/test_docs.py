"""The documentation keeps every public contract in sight: each command in both command references, each setting
and subcommand in the operator's guide, and a README short enough to read."""

import re
from pathlib import Path

import pytest

from bot.cli import _subcommands
from handlers.commands import COMMANDS
from handlers.verbs import VERBS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def text(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("reference", ["commands.md", "commands.zh.md"])
def test_every_command_and_alias_is_in_the_command_references(reference: str) -> None:
    written = text(reference)
    missing = [f"/{name}" for spec in COMMANDS for name in spec.names
               if re.search(rf"/{name}(?![a-z0-9_])", written) is None]
    assert missing == []
    assert [verb for verb in VERBS if verb not in written] == []


def test_every_setting_and_subcommand_is_in_the_operators_guide() -> None:
    guide = text("operating.md")
    settings = set(re.findall(r'"((?:GUANDAN|TELEGRAM|WECOM)_[A-Z_]+)"', (ROOT / "bot/config.py").read_text()))
    assert settings and sorted(name for name in settings if f"`{name}`" not in guide and name not in guide) == []
    assert [command.name for command in _subcommands() if f"python -m bot {command.name}" not in guide] == []


def test_the_readme_is_short_and_links_the_guides() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    for linked in ("docs/commands.md", "docs/commands.zh.md", "docs/operating.md", "docs/architecture.md"):
        assert f"]({linked})" in readme and (ROOT / linked).is_file()


def test_the_readme_says_what_the_club_s_numbers_mean_in_both_languages() -> None:
    """The season issue: what ladder points and ratings mean, in words a club member understands, zh and en."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The club's numbers", 1)[1].split("\n## ", 1)[0]
    assert "积分" in section and "等级分" in section and "Ladder points" in section and "rating" in section
    assert "docs/commands.md#the-clubs-season-roster-ladder-and-ratings" in section
    assert "## The club's season: roster, ladder and ratings" in text("commands.md")  # the anchor it links
