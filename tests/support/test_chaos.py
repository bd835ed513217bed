"""A short crash run: the bot process killed twice under traffic while Telegram fails 10 % of the sends and
drops some long polls; nothing acknowledged is missing, nothing is applied twice, no change is lost.
(``benchmarks/chaos.py`` runs the long version: 20 kills.)"""

from pathlib import Path

from tests.support.chaos import ChaosRun
from tests.support.faults import FaultPlan


def test_kills_and_telegram_faults_lose_nothing_and_apply_nothing_twice(tmp_path: Path) -> None:
    run = ChaosRun(tmp_path, seed=5, groups=3, faults=FaultPlan(send_rate=0.10, poll_drop_rate=0.05, seed=5),
                   stall_seconds=0.5)
    report = run.run(kills=2, rate=25, seconds_between_kills=(1.2, 2.0), drain_timeout=60)
    assert report.kills == 2 and report.changes_sent > 5 and report.entries > 10
    assert report.ok, report
    assert report.changes_applied == report.changes_sent
    assert sum(report.faults.values()) > 0
