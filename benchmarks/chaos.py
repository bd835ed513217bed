"""Chaos: ``python -m bot run`` under club traffic, SIGKILLed ``--kills`` times at random (seeded) moments and
restarted, with Telegram failing ``--send-faults`` of the sends (429 retry_after / 502 / no answer) and dropping
``--poll-drops`` of the long polls (20 %: a bot catching up after a restart polls seldom). Then the record is
checked (``tests.support.chaos``): no change lost, none applied twice, every acknowledgement matching committed
state.

Run: ``.venv/bin/python benchmarks/chaos.py`` (about two minutes; bounded by ``--drain-timeout``). Exit status 1
when a check fails. ``--send-faults 0 --poll-drops 0`` for crashes alone.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

import _paths  # noqa: F401

from tests.support.chaos import ChaosRun
from tests.support.faults import FaultPlan


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--rate", type=float, default=40.0, help="updates per second sent throughout")
    parser.add_argument("--groups", type=int, default=10, help="clubs, each running its own tournaments")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--send-faults", type=float, default=0.10)
    parser.add_argument("--poll-drops", type=float, default=0.20,
                        help="share of getUpdates answers lost (the bot polls seldom while catching up)")
    parser.add_argument("--stall", type=float, default=6.0,
                        help="seconds a send without answer keeps the bot waiting (PTB times out after 5)")
    parser.add_argument("--drain-timeout", type=float, default=180.0)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--log", type=Path, help="keep the bot's log (all its runs) here")
    args = parser.parse_args(argv)
    faults = None
    if args.send_faults or args.poll_drops:
        faults = FaultPlan(send_rate=args.send_faults, poll_drop_rate=args.poll_drops, seed=args.seed)
    with tempfile.TemporaryDirectory(prefix="chaos-") as folder:
        run = ChaosRun(Path(folder), seed=args.seed, groups=args.groups, faults=faults, stall_seconds=args.stall)
        report = run.run(kills=args.kills, rate=args.rate, drain_timeout=args.drain_timeout)
        log_text = run.workdir.joinpath("bot.log").read_text(errors="replace")
        errors = [line for line in log_text.splitlines() if " ERROR " in line or " CRITICAL " in line]
        if args.log:
            args.log.write_text(log_text)
    print(f"{report.updates} updates in {report.seconds:.0f} s, {report.kills} SIGKILLs, faults served "
          f"{report.faults or 'none'}")
    print(f"stored: {report.entries} sign-ups, {report.results} decided matches, {report.history_events} history "
          "events")
    print(f"/lang changes: {report.changes_sent} sent, {report.changes_applied} applied, {report.acknowledged} "
          f"acknowledged; lost {len(report.lost)}, applied twice {len(report.applied_twice)}, contradicted "
          f"{len(report.contradicted)}, changes answered twice {report.changes_answered_twice}")
    print(f"questions answered twice (bot died between answer and record): {report.questions_answered_twice}; "
          f"updates without any answer: {report.unanswered}")
    print(f"errors in the bot's log: {len(errors)} (dropped long polls are warnings: PTB polls again)")
    for problem in report.lost + report.applied_twice + report.contradicted:
        print("PROBLEM:", problem)
    ok = report.ok and not errors
    print("OK" if ok else "FAILED")
    if args.json:
        args.json.write_text(json.dumps(asdict(report) | {"ok": ok, "errors_logged": len(errors)},
                                        indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
