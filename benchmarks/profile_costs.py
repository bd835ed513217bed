"""Top costs per command from the py-spy stacks ``benchmarks/load.py --profile DIR`` writes (``DIR/guandan.txt``).

Each sample of the bot's threads is put under the command it belongs to (the ``*_command`` handler on its stack;
updates that are no command, and PTB's polling, under names in parentheses) and under one cost: a Bot API call
(PTB and its HTTP client: the echo bot's code but for the client, httpx there, aiohttp here), a hand-off to
aiosqlite's worker thread, SQLite itself, or else the deepest frame of our code and the library frame it was in.
Idle samples (the stdlib's event loop waiting in epoll, aiosqlite's thread waiting for work) are left out; uvloop
waits in C, where py-spy sees no difference between waiting and running its callbacks: those samples get a row of
their own.

Run: ``.venv/bin/python benchmarks/profile_costs.py DIR/guandan.txt [--top 15]``; Markdown tables on stdout.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict
from pathlib import Path

OURS = re.compile(r"\((bot|handlers|storage)/")
TOP_OF_PROCESS = re.compile(r"run_polling|\(bot/cli/|\(bot/__main__")
IDLE = ("EpollSelector.select", "_connection_worker_thread (aiosqlite/core.py")
UVLOOP_LEAVES = ("Application.__run (", "run_polling (handlers/telegram/polling.py")
"""Where a sample ends when uvloop's C code runs below it (the stdlib's loop would show its own Python frames)."""


def stacks(path: Path) -> list[tuple[list[str], int]]:
    """The busy samples: (frames outermost first, count)."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        stack, _, count = line.rpartition(" ")
        if stack:
            frames = stack.split(";")
            if not frames[-1].startswith(IDLE):
                found.append((frames, int(count)))
    return found


def command_of(frames: list[str]) -> str:
    for frame in frames:
        named = re.match(r"(\w+)_command \(", frame)
        if named:
            return "/" + named.group(1)
        if frame.startswith("answer_question"):
            return "(a rule question in plain words)"
    for frame in frames:
        if frame.startswith("Dispatcher.message"):
            return "(messages: intake, language, settle, refusals)"
        if frame.startswith("Dispatcher.press"):
            return "(button presses)"
    if any("process_update" in frame for frame in frames):
        return "(PTB's update handling around ours)"
    if any(re.search(r"get_updates|update_fetcher|network_loop", frame) for frame in frames):
        return "(polling: getUpdates and parsing)"
    if frames[0].startswith("Thread._bootstrap"):
        return "(aiosqlite's worker thread)"
    return "(event loop, other)"


def _plain(frame: str) -> str:
    return re.sub(r":\d+\)", ")", frame)


def cost_of(frames: list[str]) -> str:
    text = ";".join(frames)
    if "Bot._post" in text or "Bot._send_message" in text:
        return "Bot API call (PTB + its HTTP client: the echo bot's code, but for the client)"
    if frames[0].startswith("Thread._bootstrap") and "aiosqlite" in text:
        return "SQLite executing statements (aiosqlite's worker thread)"
    if re.search(r"_read_from_self|_write_to_self|call_soon_threadsafe", frames[-1]):
        return "waking the event loop from another thread (aiosqlite's results)"
    if "aiosqlite/core.py" in text:
        return "hand-off to aiosqlite's thread (queue, future, GIL switch)"
    if frames[-1].startswith(UVLOOP_LEAVES):
        return "the event loop in C (uvloop: waiting in epoll or running its callbacks; py-spy cannot tell)"
    ours = [frame for frame in frames if OURS.search(frame) and not TOP_OF_PROCESS.search(frame)]
    if not ours:
        return "PTB/asyncio outside our handlers: " + _plain(frames[-1])
    below = frames[frames.index(ours[-1]) + 1:]
    return _plain(ours[-1]) + (f" → {_plain(below[-1])}" if below else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("stacks", type=Path)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    samples = stacks(args.stacks)
    total = sum(count for _, count in samples)
    by_command: dict[str, Counter[str]] = defaultdict(Counter)
    overall: Counter[str] = Counter()
    for frames, count in samples:
        cost = cost_of(frames)
        by_command[command_of(frames)][cost] += count
        overall[cost] += count
    print(f"{total} busy samples\n\n#### All updates together\n")
    print("| # | cost | share of the bot's samples |\n|---:|---|---:|")
    for rank, (cost, count) in enumerate(overall.most_common(args.top), 1):
        print(f"| {rank} | `{cost}` | {100 * count / total:.1f} % |")
    for command, costs in sorted(by_command.items(), key=lambda item: -sum(item[1].values())):
        share = sum(costs.values())
        print(f"\n#### {command}: {100 * share / total:.1f} % of the bot's samples\n")
        print("| # | cost | share of the command |\n|---:|---|---:|")
        for rank, (cost, count) in enumerate(costs.most_common(args.top), 1):
            print(f"| {rank} | `{cost}` | {100 * count / share:.1f} % |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
