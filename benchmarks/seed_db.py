"""A database at club scale for ``benchmarks/load.py --db``: 1,000 finished 4-pair tournaments (one per group) and
one drawn 1,024-pair tournament in group ``BIG_GROUP``, written through the real services (sign-ups, draws and
results in their own transactions, history included), as a bot would have written them.

Run: ``.venv/bin/python benchmarks/seed_db.py /tmp/club.sqlite3`` (about a minute on the benchmark machine).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from datetime import timedelta
from pathlib import Path

import _paths  # noqa: F401

from bot.clock import ManualClock
from bot.config import Settings
from bot.services import Services
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.roles import ChatAdministrators, OwnChat, Roles
from bot.services.tournament.draw import make_draw
from bot.services.tournament.results import TableRef, record_result
from bot.services.tournament.setup import create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up
from bot.services.tournament.views import tables_view
from bot.tournament.outcome import Outcome
from storage import Storage

BIG_GROUP = -1_000_000
FIRST_SMALL_GROUP = -2_000_000
ORGANISER = ChatUser(1, "Organiser")


def organiser(chat_id: int) -> Caller:
    return Caller(chat_id, ChatKind.GROUP, ORGANISER)


async def finished_tournament(services: Services, chat_id: int, pairs: int) -> None:
    caller = organiser(chat_id)
    await create_tournament(services, caller, f"Cup {chat_id}")
    for number in range(pairs):
        await sign_up(services, caller, SignUpRequest(names=(f"A{number}", f"B{number}")))
    await make_draw(services, caller)
    while not (bracket := (await tables_view(services, caller)).state.require_bracket()).finished:
        for match in bracket.playable():
            await record_result(services, caller, TableRef(match.table or 0), Outcome.parse("K A+"))


async def seed(path: Path, finished: int, big_pairs: int) -> None:
    async def organisers(chat_id: int) -> frozenset[int]:
        return frozenset({ORGANISER.user_id})

    clock = ManualClock()
    storage = Storage(path)
    await storage.open()
    roles = Roles(OwnChat(), ChatAdministrators(organisers, clock, timedelta(hours=1)))
    services = Services(Settings(db_path=path), storage, roles, clock, entropy=lambda size: bytes(size))
    try:
        started = time.perf_counter()
        for number in range(finished):
            await finished_tournament(services, FIRST_SMALL_GROUP - number, 4)
            services.tournaments.clear()  # a bot holds the tournaments of active groups only
        print(f"{finished} finished 4-pair tournaments: {time.perf_counter() - started:.0f} s")
        started = time.perf_counter()
        big = organiser(BIG_GROUP)
        await create_tournament(services, big, "Big Cup")
        for number in range(big_pairs):
            await sign_up(services, big, SignUpRequest(names=(f"甲{number}", f"乙{number}")))
        await make_draw(services, big)
        print(f"{big_pairs}-pair tournament signed up and drawn in group {BIG_GROUP}: "
              f"{time.perf_counter() - started:.0f} s")
    finally:
        await storage.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--finished", type=int, default=1_000)
    parser.add_argument("--big-pairs", type=int, default=1_024)
    args = parser.parse_args(argv)
    if args.path.exists():
        print(f"{args.path} exists; choose a new file", file=sys.stderr)
        return 2
    asyncio.run(seed(args.path, args.finished, args.big_pairs))
    print(f"{args.path}: {args.path.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
