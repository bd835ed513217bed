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
    """What ladder points and ratings mean, in words a club member understands, zh and en."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The club's numbers", 1)[1].split("\n## ", 1)[0]
    assert "积分" in section and "等级分" in section and "Ladder points" in section and "rating" in section
    assert "docs/commands.md#the-clubs-season-roster-ladder-and-ratings" in section
    assert "## The club's season: roster, ladder and ratings" in text("commands.md")  # the anchor it links


TRACKER_REFERENCE = re.compile(r"\bissues?[- ]?#?\d+", re.IGNORECASE)
"""A work-tracker reference ("issue 22", "issue-17"): the tracker is not in the repository."""


def tracker_references(text: str) -> list[str]:
    """The tracker references in ``text``."""
    return TRACKER_REFERENCE.findall(text)


def test_a_tracker_reference_is_recognised() -> None:
    assert tracker_references("as issue 22 §3 asks, and Issue 17's round, issue-17 too") == [
        "issue 22", "Issue 17", "issue-17"]
    assert tracker_references("/standings #3, an issue of the draw, issues with 2 pairs") == []


def test_no_code_test_or_document_names_a_tracker_issue() -> None:
    """Code, tests and documents say what a thing is, not which tracker entry asked for it.

    Shipped migrations are left as they shipped (their comments too): a migration file is never edited."""
    walked = [ROOT / "README.md", *DOCS.rglob("*.md")]
    for top in ("bot", "handlers", "storage", "tests", "benchmarks", "locales", "deploy"):
        walked.extend(path for path in (ROOT / top).rglob("*")
                      if path.suffix in {".py", ".md", ".toml", ".txt", ".j2", ".js", ".conf", ".service"})
    found = [f"{path.relative_to(ROOT)}: {reference}" for path in walked if path.is_file() and path != Path(__file__)
             for reference in tracker_references(path.read_text(encoding="utf-8", errors="replace"))]
    assert found == []


ARCHITECTURE_REFERENCE = re.compile(
    r"`((?:bot|handlers|storage|tests|locales|docs|benchmarks|deploy)/[\w/.\-]*)(?::\s*([^`]+))?`")
"""A path in docs/architecture.md, with the names it points at in that file: `handlers/dispatch.py: Arrival`."""


def test_every_path_and_name_in_the_architecture_guide_exists() -> None:
    """A newcomer following docs/architecture.md finds every file it names, and every function or class in it."""
    stale = []
    for path_text, names in ARCHITECTURE_REFERENCE.findall(text("architecture.md")):
        path = ROOT / path_text
        if not path.exists():
            stale.append(path_text)
            continue
        if not names or not path.is_file():
            continue
        source = path.read_text(encoding="utf-8")
        for name in re.split(r"\s*(?:/|,|\band\b)\s*", names):
            last = name.strip().split("(")[0].split(".")[-1]
            if last and last != "…" and re.search(
                    rf"^\s*(?:async\s+)?(?:def|class)\s+{re.escape(last)}\b|^\s*{re.escape(last)}\s*[:=]", source,
                    re.MULTILINE) is None:
                stale.append(f"{path_text}: {last}")
    assert stale == []
