"""Pictures and spreadsheets through the chat: /import, /bracket, /standings and /export on the real application.

Each command runs through the offline application (real handlers, a real SQLite file, the in-process fake Bot
API). Two figures per command: the wall time of the whole update (for /import: getFile, the download, reading and
checking the file, the one transaction), and the longest the event loop went without running other work meanwhile
("loop stall", measured by a task that wakes every 5 ms) — drawing, building and reading spreadsheets run in the
worker thread, so the stall stays far below the wall time. Each figure is the best of three runs, each in a fresh
database with the picture cache emptied; "again" asks for the unchanged bracket a second time.

Run: ``.venv/bin/python benchmarks/bench_chat_files.py``.
"""

from __future__ import annotations

import asyncio
import io
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import _paths  # noqa: F401
from openpyxl import Workbook

from bot.config import Settings
from bot.services.tournament import pictures as tournament_pictures
from tests.support.harness import OfflineBot
from tests.support.sample_matches import sample_names
from tests.support.updates import FakeUser, group_chat

GROUP = group_chat(-4_000_900, "掼蛋俱乐部")
ADMIN = FakeUser(9, "老王", "laowang")
RUNS = 3


def roster_xlsx(pairs: int) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.append(["姓名", "搭档", "性别", "单位"])
    names = sample_names(min(pairs, 500), seed=3)  # a realistic mix of lengths; numbered to stay distinct
    for index in range(pairs):
        first, second = names[index % len(names)].split(" / ")
        sheet.append([f"{first}{index}", f"{second}{index}", "男" if index % 2 else "女", f"单位{index % 9}"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def roster_csv(pairs: int) -> bytes:
    lines = ["姓名,搭档,性别,单位"] + [f"甲{index},乙{index},男,单位{index % 9}" for index in range(pairs)]
    return ("\n".join(lines) + "\n").encode("utf-8-sig")


async def timed(action: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
    """Wall time of ``action`` and the longest gap between 5 ms ticks of another task meanwhile."""
    stall = 0.0
    running = True

    async def ticker() -> None:
        nonlocal stall
        last = time.perf_counter()
        while running:
            await asyncio.sleep(0.005)
            now = time.perf_counter()
            stall = max(stall, now - last - 0.005)
            last = now

    beat = asyncio.create_task(ticker())
    await asyncio.sleep(0)
    started = time.perf_counter()
    await action()
    wall = time.perf_counter() - started
    running = False
    await beat
    return wall, stall


async def fresh_cup(folder: Path, run: int) -> tuple[Any, OfflineBot]:
    # Pictures are kept by content; every run draws afresh.
    tournament_pictures._draw_bracket.cache_clear()
    tournament_pictures._draw_standings.cache_clear()
    context = OfflineBot.running(Settings(db_path=folder / f"bench-{run}-{time.monotonic_ns()}.sqlite3"))
    offline = await context.__aenter__()
    offline.telegram.set_admins(int(GROUP["id"]), ADMIN.to_json())
    await offline.say(GROUP, ADMIN, "/new 掼蛋公开赛")
    return context, offline


async def send_roster(offline: OfflineBot, name: str, content: bytes) -> None:
    document = offline.telegram.upload(name, content)
    replies = await offline.process(offline.updates.document(GROUP, ADMIN, document, "/import"))
    assert replies and replies[0].text.startswith("✅"), replies[0].text if replies else "no reply"


async def bench_import(folder: Path, name: str, content: bytes) -> tuple[float, float]:
    best = (float("inf"), float("inf"))
    for run in range(RUNS):
        context, offline = await fresh_cup(folder, run)
        try:
            wall, stall = await timed(lambda offline=offline: send_roster(offline, name, content))  # type: ignore[misc]
        finally:
            await context.__aexit__(None, None, None)
        best = (min(best[0], wall), min(best[1], stall))
    return best


async def bench_drawn(folder: Path, pairs: int) -> dict[str, tuple[float, float]]:
    figures: dict[str, tuple[float, float]] = {}
    for run in range(RUNS):
        context, offline = await fresh_cup(folder, run)
        try:
            await send_roster(offline, "roster.xlsx", roster_xlsx(pairs))
            await offline.say(GROUP, ADMIN, "/draw")
            for label, command in (("/bracket (first)", "/bracket"), ("/bracket (again)", "/bracket"),
                                   ("/standings", "/standings"), ("/export", "/export")):
                wall, stall = await timed(lambda command=command, offline=offline: offline.say(  # type: ignore[misc]
                    GROUP, ADMIN, command))
                known = figures.get(label, (float("inf"), float("inf")))
                figures[label] = (min(known[0], wall), min(known[1], stall))
        finally:
            await context.__aexit__(None, None, None)
    return figures


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder)
        print("command | wall | loop stall")
        for label, name, content in (("/import 2,000-row .xlsx", "r.xlsx", roster_xlsx(2000)),
                                     ("/import 2,000-row .csv", "r.csv", roster_csv(2000))):
            wall, stall = await bench_import(path, name, content)
            print(f"{label} | {wall * 1000:.0f} ms | {stall * 1000:.0f} ms")
        # The first picture of the process pays for loading the font; warm up so both sizes compare.
        await bench_drawn(path, 4)
        for pairs in (64, 256):
            for label, (wall, stall) in (await bench_drawn(path, pairs)).items():
                print(f"{label}, {pairs} pairs | {wall * 1000:.0f} ms | {stall * 1000:.0f} ms")


if __name__ == "__main__":
    asyncio.run(main())
