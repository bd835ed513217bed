"""A bot as a child process against a fake Bot API: start, kill, restart, and what it cost (Linux ``/proc``).

Used by the process-level tests and by ``benchmarks/load.py`` / ``benchmarks/chaos.py``::

    bot = BotProcess.guandan(server.base_url, db_path, workdir).start()
    ...
    print(bot.cpu_seconds(), bot.peak_rss_mb())
    bot.kill()
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

OFFLINE_PROCESS_TOKEN = "424242:offline-process"
"""The token child processes present to the fake Bot API (it accepts any)."""


def child_environment(base_url: str, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """This process's environment without any Telegram or guandan setting, pointed at ``base_url``."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TELEGRAM_", "GUANDAN_"))}
    env |= {"TELEGRAM_BOT_TOKEN": OFFLINE_PROCESS_TOKEN, "TELEGRAM_BASE_URL": base_url}
    return env | dict(extra or {})


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # After the command name: state is field 3 of stat(5), utime 14 and stime 15.
    ticks = int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int, field: str = "VmHWM") -> float:
    """A memory figure of ``/proc/<pid>/status`` in MB: ``VmHWM`` the peak resident set, ``VmRSS`` the current."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise LookupError(f"{field} not in /proc/{pid}/status")


class BotProcess:
    """One child process; :meth:`start` may be called again after :meth:`kill` (a restart)."""

    def __init__(self, argv: Sequence[str], env: Mapping[str, str], cwd: Path, log_path: Path) -> None:
        self.argv = list(argv)
        self.env = dict(env)
        self.cwd = cwd
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None
        self.started_at: float | None = None
        """``time.perf_counter()`` just before the last start."""
        self._log: IO[bytes] | None = None

    @classmethod
    def guandan(cls, base_url: str, db_path: Path, cwd: Path, extra_env: Mapping[str, str] | None = None) -> BotProcess:
        """``python -m bot run`` on ``db_path`` without the rate limiter; log in ``cwd/bot.log``."""
        env = child_environment(base_url, {"GUANDAN_DB": str(db_path), "GUANDAN_RATE_LIMIT": "off"} | dict(
            extra_env or {}))
        return cls([sys.executable, "-m", "bot", "run"], env, cwd, cwd / "bot.log")

    @property
    def pid(self) -> int:
        if self.process is None:
            raise RuntimeError("the process has not been started")
        return self.process.pid

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> BotProcess:
        if self.running:
            raise RuntimeError("the process is already running")
        self._close_log()
        self._log = self.log_path.open("ab")
        self.started_at = time.perf_counter()
        self.process = subprocess.Popen(self.argv, env=self.env, cwd=self.cwd, stdin=subprocess.DEVNULL,
                                        stdout=self._log, stderr=subprocess.STDOUT)
        return self

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.pid)

    def peak_rss_mb(self) -> float:
        return memory_mb(self.pid, "VmHWM")

    def kill(self, sig: signal.Signals = signal.SIGKILL, timeout: float = 10.0) -> int:
        """Send ``sig`` and wait for the exit (SIGKILL if it does not come in ``timeout``); the exit status."""
        process = self.process
        if process is None:
            raise RuntimeError("the process has not been started")
        if process.poll() is None:
            process.send_signal(sig)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout)
        self._close_log()
        return process.returncode

    def stop(self) -> int:
        """A graceful stop (SIGTERM, as a service manager would); the exit status."""
        return self.kill(signal.SIGTERM)

    def log_text(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> BotProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.process is not None:
            self.kill()
