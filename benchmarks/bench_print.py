"""The full print pack of a 130-pair round (tables, names, table cards with QR codes, score slips): time and memory.

Target (the paperwork issue): under 5 s for the pack. Measured in one process as the bot meets it: "import" is
WeasyPrint, Jinja2, segno and pypinyin being imported by the first ``/print`` of a process (other commands never
pay it); "first" is that first pack (the CJK font read and indexed, the round's 130 tokens issued and stored); "again"
is the median of three more packs of the same round (what every later ``/print`` costs). Each pack is the whole
path of ``/print``: the service reads the tournament and its tokens, the presenter builds the document, WeasyPrint
lays it out and writes the PDF. Peak memory is the process's maximum resident set size. The tournament (130 named
pairs in a group stage, on an SQLite file) is made before the clock starts.

Run: ``.venv/bin/python benchmarks/bench_print.py [--out DIR]`` (``--out``: also write the pack and one PDF of each
other kind there). Exit status 1 when the target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import _paths  # noqa: F401

TARGET_SECONDS = 5.0
PAIRS = 130


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


async def main(out: Path | None) -> int:
    from datetime import timedelta

    from bot.clock import ManualClock
    from bot.config import Settings
    from bot.i18n import Language
    from bot.services import Services
    from bot.services.roles import ChatAdministrators, OwnChat, Roles
    from bot.services.tournament.roles import TournamentRoles
    from storage import Storage
    from tests.paperwork.fields import ADMIN, PUBLIC_URL, drawn, in_group

    folder = Path(tempfile.mkdtemp(prefix="bench-print-"))
    storage = Storage(folder / "club.sqlite3")
    await storage.open()

    async def admins(chat_id: int) -> frozenset[int]:
        return frozenset({ADMIN.user_id})

    clock = ManualClock()
    roles = Roles(OwnChat(), ChatAdministrators(admins, clock, timedelta(minutes=2)), TournamentRoles(storage))
    services = Services(Settings(db_path=folder / "club.sqlite3", public_url=PUBLIC_URL), storage, roles, clock,
                        entropy=random.Random(1).randbytes)
    admin = in_group(ADMIN)
    started = time.perf_counter()
    await drawn(services, admin, PAIRS, "groups")
    made_in = time.perf_counter() - started
    rss_before = peak_rss_mb()

    started = time.perf_counter()
    import jinja2  # noqa: F401
    import pypinyin  # noqa: F401
    import segno  # noqa: F401
    import weasyprint  # noqa: F401
    imported = time.perf_counter() - started

    from bot.paperwork.document import ROUND_PACK, What
    from bot.paperwork.render import document_pdf
    from bot.presenters.paperwork import document
    from bot.services.paperwork import print_material

    async def pack() -> tuple[bytes, int]:
        material = await print_material(services, admin, needs_round=True)
        pdf = document_pdf(document(material, ROUND_PACK, Language.ZH))
        return pdf.data, pdf.pages

    started, cpu = time.perf_counter(), time.process_time()
    data, pages = await pack()
    first, first_cpu = time.perf_counter() - started, time.process_time() - cpu
    again, again_cpu = [], []
    for _ in range(3):
        started, cpu = time.perf_counter(), time.process_time()
        await pack()
        again.append(time.perf_counter() - started)
        again_cpu.append(time.process_time() - cpu)
    median = statistics.median(again)
    print(f"130-pair round pack (tables, names, cards, slips): {pages} pages, {len(data) / 1e6:.1f} MB")
    print(f"  tournament made in {made_in:.1f} s (not timed below)")
    print(f"  import of the PDF stack: {imported:.2f} s")
    print(f"  first pack: {first:.2f} s (CPU {first_cpu:.2f} s)   again (median of 3): {median:.2f} s"
          f" (CPU {statistics.median(again_cpu):.2f} s)   target < {TARGET_SECONDS} s")
    print(f"  load average when done: {' '.join(f'{value:.1f}' for value in os.getloadavg())} on {os.cpu_count()} CPUs")
    print(f"  peak RSS: {peak_rss_mb():.0f} MB (before the first pack: {rss_before:.0f} MB)")
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "pack-130.pdf").write_bytes(data)
        material = await print_material(services, admin)
        for what in What:
            (out / f"{what.value}-130.pdf").write_bytes(
                document_pdf(document(material, (what,), Language.ZH)).data)
        print(f"  written to {out}")
    await storage.close()
    return 0 if median < TARGET_SECONDS else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="also write the PDFs here")
    sys.exit(asyncio.run(main(parser.parse_args().out)))
