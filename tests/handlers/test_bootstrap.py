"""The composition root: the one place a process is put together, and the parts it wires."""

from __future__ import annotations

import ast
from pathlib import Path

from bot.config import Settings
from bot.services.platform_ids import WECOM_FIRST_CHAT_ID, Platform
from handlers.announcer import Announcer
from handlers.bootstrap import Admins, ProcessOptions, assemble

ROOT = Path(__file__).resolve().parents[2]
ASSEMBLING = frozenset({"build_services", "Dispatcher", "build_application", "announcer_for", "WeComPlatform"})
"""What builds a process's parts: called only by the composition root."""


def _called(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            function = node.func
            name = function.id if isinstance(function, ast.Name) else (
                function.attr if isinstance(function, ast.Attribute) else None)
            if name in ASSEMBLING:
                names.add(name)
    return names


def test_only_the_composition_root_builds_services_dispatchers_and_platforms() -> None:
    builders = {str(path.relative_to(ROOT)): sorted(_called(path))
                for top in ("bot", "handlers") for path in sorted((ROOT / top).rglob("*.py")) if _called(path)}
    assert builders == {"handlers/bootstrap.py": sorted(ASSEMBLING)}


def test_test_harnesses_and_benchmarks_build_their_bots_through_the_composition_root() -> None:
    # A harness that assembled its own services would test a bot no process runs (tests.support.wecom_offline did).
    builders = {str(path.relative_to(ROOT)): sorted(_called(path))
                for top in ("tests/support", "benchmarks") for path in sorted((ROOT / top).rglob("*.py"))
                if _called(path)}
    assert builders == {}


async def test_admins_are_asked_of_the_platform_of_the_chat() -> None:
    asked: list[int] = []

    async def telegram(chat_id: int) -> frozenset[int]:
        asked.append(chat_id)
        return frozenset({7})

    admins = Admins()
    assert await admins(-100) == frozenset()  # no platform yet
    admins.add(telegram, Platform.TELEGRAM)
    assert await admins(-100) == frozenset({7})
    assert await admins(WECOM_FIRST_CHAT_ID) == frozenset()  # WeCom's organisers come from the settings
    assert asked == [-100]
    every = Admins()
    every.add(telegram)
    assert await every(WECOM_FIRST_CHAT_ID) == frozenset({7})


def test_announcements_are_claimed_only_where_workers_share_a_database(tmp_path: Path) -> None:
    settings = Settings(db_path=tmp_path / "bot.sqlite3")
    assert type(assemble(settings).announcer) is Announcer
    # SQLite holds one worker: its timers are the process's own even when claims were asked for.
    assert type(assemble(settings, ProcessOptions(claimed_announcements=True)).announcer) is Announcer
    shared = assemble(Settings(db_url="postgresql://postgres@127.0.0.1:5432/postgres"),
                      ProcessOptions(claimed_announcements=True))  # not opened: nothing connects
    assert type(shared.announcer).__name__ == "ClaimingAnnouncer"
