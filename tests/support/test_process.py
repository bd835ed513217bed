import os
import sys
from pathlib import Path

import pytest

from tests.support.process import BotProcess, child_environment, cpu_seconds, memory_mb

# Process tests: each starts python -m bot (or a child interpreter); make quick leaves them out.
pytestmark = pytest.mark.slow


def test_cpu_and_memory_of_a_process_are_read_from_proc() -> None:
    assert cpu_seconds(os.getpid()) > 0
    assert memory_mb(os.getpid(), "VmHWM") >= memory_mb(os.getpid(), "VmRSS") > 1


def test_the_child_environment_has_no_outside_telegram_or_guandan_settings(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GUANDAN_DB", "/somewhere/else.sqlite3")
    env = child_environment("http://127.0.0.1:1/bot", {"GUANDAN_LANG": "en"})
    assert "GUANDAN_DB" not in env and env["GUANDAN_LANG"] == "en"
    assert env["TELEGRAM_BASE_URL"] == "http://127.0.0.1:1/bot"


def test_a_process_is_started_killed_and_started_again(tmp_path: Path) -> None:
    child = BotProcess([sys.executable, "-c", "import time; print('up', flush=True); time.sleep(60)"],
                       dict(os.environ), tmp_path, tmp_path / "child.log")
    with child.start():
        assert child.running
        assert child.kill() == -9 and not child.running
        child.start()
        assert child.stop() == -15
    assert child.log_text().count("up") <= 2
