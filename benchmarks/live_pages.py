"""Live pages under a venue's load: 200 phones holding the live page open (server-sent events) while 20 tables
report their results within 2 minutes — does every open page see each change within 2 s, what does holding the
pages open cost the chat (p99 of the updates' latency against the same run without pages), and how much memory
does an open page take?

One ``python -m bot serve`` worker (SQLite, ``GUANDAN_RATE_LIMIT=off``) against the HTTP fake of the Bot API, with
``GUANDAN_PUBLIC_URL`` set. Each run makes a fresh database and a 20-pair Swiss tournament (40 sign-ups, the
draw), then over ``--seconds`` (default 120) every table reports: the left pair's ``/result``, then the right
pair's ``/confirm`` — 40 changing updates at even intervals — while other players ask ``/tables`` twice a second
(read-only chat updates). Each update is POSTed as Telegram does; its latency is the time to the worker's 200
(the update handled and recorded). The same run is made twice: without pages, then with ``--pages`` (default 200)
clients holding ``/t/<id>/events`` open (opened before the first result).

Measured:

- every page's delay for every change: from the 200 of the update that made it (the change is committed) to the
  first ``update`` event on that page showing it; the maximum over all pages and changes (goal: under 2 s);
- p50/p99 of the chat updates' latency in both runs (goal: with pages within 1.5x of without);
- memory per open page: the worker's resident set with the pages open minus before they opened, divided by their
  number (``/proc/<pid>/status``).

Run: ``.venv/bin/python benchmarks/live_pages.py`` (about five minutes); ``--seconds 30`` for a short run;
``--json FILE`` keeps the figures. Exit status 1 when a goal is missed or an update was not answered 200.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import _paths  # noqa: F401
import httpx

from tests.support.http_server import BotApiServer
from tests.support.process import memory_mb
from tests.support.updates import FakeUser, UpdateFactory, group_chat
from tests.support.workers import WEBHOOK_SECRET, WorkerPool

PUBLIC_URL = "https://club.example.org"
DELAY_GOAL_S = 2.0
P99_RATIO_GOAL = 1.5
ADMIN = FakeUser(11, "老王", "laowang")


@dataclass
class Run:
    pages: int
    updates: int = 0
    not_200: int = 0
    p50_ms: float = 0.0
    p99_ms: float = 0.0
    result_p99_ms: float = 0.0
    max_delay_s: float = 0.0
    p99_delay_s: float = 0.0
    missed: int = 0
    """(page, change) pairs whose change never showed on that page."""
    rss_before_mb: float = 0.0
    rss_open_mb: float = 0.0
    per_page_kb: float = 0.0
    latencies: list[float] = field(default_factory=list, repr=False)


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Page:
    """One phone holding the live page open: the arrival time and data of each ``update`` event."""

    def __init__(self, client: httpx.AsyncClient, path: str) -> None:
        self.client = client
        self.path = path
        self.events: list[tuple[float, dict[str, Any]]] = []
        self.open = asyncio.Event()
        self.task = asyncio.create_task(self._follow())

    async def _follow(self) -> None:
        async with self.client.stream("GET", self.path) as stream:
            name = ""
            async for line in stream.aiter_lines():
                if line.startswith("event:"):
                    name = line.split(":", 1)[1].strip()
                elif line.startswith("data:") and name == "update":
                    self.events.append((time.monotonic(), json.loads(line.split(":", 1)[1])))
                    self.open.set()
                    name = ""

    async def close(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.task


async def post(client: httpx.AsyncClient, update: dict[str, Any]) -> tuple[int, float]:
    started = time.monotonic()
    try:
        answer = await client.post("/telegram", content=json.dumps(update, ensure_ascii=False).encode(), headers={
            "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET})
        return answer.status_code, time.monotonic() - started
    except httpx.HTTPError:
        return 0, time.monotonic() - started


async def one_run(server: BotApiServer, workdir: Path, pages: int, seconds: float, chat_id: int) -> Run:
    run = Run(pages)
    chat = group_chat(chat_id, "直播压测")
    server.on_server(lambda: server.telegram.set_admins(chat["id"], ADMIN.to_json()))
    pool = WorkerPool.start(1, server.base_url, workdir / f"bench-{pages}.sqlite3", workdir,
                            extra_env={"GUANDAN_PUBLIC_URL": PUBLIC_URL})
    port = pool.ports[0]
    factory = UpdateFactory()
    players = [FakeUser(70_000 + number, f"选手{number}") for number in range(40)]
    limits = httpx.Limits(max_connections=pages + 20, max_keepalive_connections=pages + 20)
    timeout = httpx.Timeout(30, read=None)
    opened: list[Page] = []
    try:
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=timeout) as client:
            for text, who in [("/new 直播压测杯", ADMIN), ("/set format swiss", ADMIN)]:
                assert (await post(client, factory.message(chat, who, text)))[0] == 200
            for player in players:
                assert (await post(client, factory.message(chat, player, "/signup")))[0] == 200
            assert (await post(client, factory.message(chat, ADMIN, "/draw")))[0] == 200
            assert (await post(client, factory.message(chat, ADMIN, "/web")))[0] == 200
            captions = " ".join(call.text for call in server.calls() if call.chat_id == chat["id"])
            found = re.search(re.escape(PUBLIC_URL) + r"/t/([A-Za-z0-9_-]+)", captions)
            assert found, captions
            public_id = found.group(1)
            tables = (await client.get(f"/t/{public_id}.json")).json()["tables"]
            by_name = {player.first_name: player for player in players}

            run.rss_before_mb = memory_mb(pool.processes[0].pid, "VmRSS")
            if pages:
                opened = [Page(client, f"/t/{public_id}/events") for _ in range(pages)]
                await asyncio.wait_for(asyncio.gather(*(page.open.wait() for page in opened)), 60)
                await asyncio.sleep(1.0)
                run.rss_open_mb = memory_mb(pool.processes[0].pid, "VmRSS")
                run.per_page_kb = (run.rss_open_mb - run.rss_before_mb) * 1024 / pages

            changes: list[tuple[float, int, str]] = []
            """(committed at, table, state it shows after)."""
            steps: list[tuple[dict[str, Any], int, str]] = []
            for row in tables:
                left = by_name[row["left"].split(" / ")[0]]
                right = by_name[row["right"].split(" / ")[0]]
                steps.append((factory.message(chat, left, f"/result {row['table']} A+ 10"), row["table"], "reported"))
                steps.append((factory.message(chat, right, f"/confirm {row['table']}"), row["table"], "confirmed"))
            interval = seconds / len(steps)
            latencies: list[float] = []
            result_latencies: list[float] = []
            stop = asyncio.Event()

            async def questions() -> None:
                turn = 0
                while not stop.is_set():
                    asker = players[turn % len(players)]
                    turn += 1
                    status, took = await post(client, factory.message(chat, asker, "/tables"))
                    latencies.append(took)
                    run.updates += 1
                    run.not_200 += status != 200
                    await asyncio.sleep(0.5)

            asking = asyncio.create_task(questions())
            start = time.monotonic()
            for index, (update, table, state) in enumerate(steps):
                await asyncio.sleep(max(0.0, start + index * interval - time.monotonic()))
                status, took = await post(client, update)
                changes.append((time.monotonic(), table, state))
                latencies.append(took)
                result_latencies.append(took)
                run.updates += 1
                run.not_200 += status != 200
            stop.set()
            await asking
            await asyncio.sleep(3.0)  # the last events on their way

            delays: list[float] = []
            for page in opened:
                for committed, table, state in changes:
                    # The change that completes the round shows as the next round's tables.
                    seen = next((at for at, data in page.events if at >= committed - 5 and (
                        data["round"] > 1 or any(row["table"] == table and row["state"] == state
                                                 for row in data["tables"]))), None)
                    if seen is None:
                        run.missed += 1
                    else:
                        delays.append(max(0.0, seen - committed))
            run.latencies = latencies
            run.p50_ms = percentile(latencies, 0.5) * 1000
            run.p99_ms = percentile(latencies, 0.99) * 1000
            run.result_p99_ms = percentile(result_latencies, 0.99) * 1000
            if delays:
                run.max_delay_s = max(delays)
                run.p99_delay_s = percentile(delays, 0.99)
            for page in opened:
                await page.close()
    finally:
        statuses = pool.stop()
    assert all(status == 0 for status in statuses), pool.processes[0].log_text()[-2000:]
    return run


async def main(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="live-pages-") as folder, BotApiServer() as server:
        workdir = Path(folder)
        without = await one_run(server, workdir, 0, args.seconds, -4_700_001)
        with_pages = await one_run(server, workdir, args.pages, args.seconds, -4_700_002)
    ratio = with_pages.p99_ms / without.p99_ms if without.p99_ms else float("nan")
    print(f"{'run':<14}{'updates':>8}{'not 200':>8}{'p50 ms':>9}{'p99 ms':>9}{'results p99':>12}"
          f"{'max delay s':>12}{'p99 delay s':>12}{'missed':>7}{'KB/page':>9}")
    for name, run in (("without pages", without), (f"{args.pages} pages", with_pages)):
        print(f"{name:<14}{run.updates:>8}{run.not_200:>8}{run.p50_ms:>9.1f}{run.p99_ms:>9.1f}"
              f"{run.result_p99_ms:>12.1f}{run.max_delay_s:>12.2f}{run.p99_delay_s:>12.2f}{run.missed:>7}"
              f"{run.per_page_kb:>9.1f}")
    print(f"p99 with pages / without: {ratio:.2f} (goal <= {P99_RATIO_GOAL}); every change on every page within "
          f"{with_pages.max_delay_s:.2f} s (goal < {DELAY_GOAL_S}); worker RSS {with_pages.rss_before_mb:.1f} MB -> "
          f"{with_pages.rss_open_mb:.1f} MB with {args.pages} pages open")
    if args.json:
        Path(args.json).write_text(json.dumps({"without": asdict(without) | {"latencies": None},
                                               "with_pages": asdict(with_pages) | {"latencies": None},
                                               "p99_ratio": ratio}, indent=2))
    failed = (with_pages.not_200 or without.not_200 or with_pages.missed or with_pages.max_delay_s >= DELAY_GOAL_S
              or ratio > P99_RATIO_GOAL)
    return 1 if failed else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=200, help="open live pages in the second run")
    parser.add_argument("--seconds", type=float, default=120.0, help="how long the 40 result updates take")
    parser.add_argument("--json", help="write the figures to this file")
    raise SystemExit(asyncio.run(main(parser.parse_args())))
