"""Webhook workers as child processes (``python -m bot serve``) and Telegram's side of the webhook: POSTing an
update to a worker as Telegram does, with the secret, and reading the status it answers.

Used by the process-level tests (``tests/cli/test_serve.py``) and by ``benchmarks/workers.py`` /
``benchmarks/chaos_workers.py``::

    pool = WorkerPool.start(3, server.base_url, database_url, workdir)
    assert deliver(pool.ports[0], update) == 200
    pool.stop()
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.process import BotProcess, child_environment

WEBHOOK_SECRET = "test-webhook-secret_42"
ROOT = Path(__file__).resolve().parents[2]
"""The tree the workers run: first on their ``PYTHONPATH``, whatever package the environment has installed."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def deliver(port: int, update: Mapping[str, Any], *, secret: str = WEBHOOK_SECRET, timeout: float = 30.0) -> int:
    """POST ``update`` to ``http://127.0.0.1:port/telegram`` as Telegram does; the HTTP status, or 0 when the worker
    gave no answer (connection refused or dropped: it died)."""
    body = json.dumps(update, ensure_ascii=False).encode()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", "/telegram", body, {
            "Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": secret})
        response = connection.getresponse()
        response.read()
        return response.status
    except (OSError, http.client.HTTPException):
        return 0
    finally:
        connection.close()


def healthy(port: int) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", "/healthz")
        return connection.getresponse().status == 200
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


def worker_process(base_url: str, database: str | Path, port: int, workdir: Path, *, name: str = "worker",
                   secret: str = WEBHOOK_SECRET, extra_env: Mapping[str, str] | None = None) -> BotProcess:
    """``python -m bot serve --listen 127.0.0.1:port`` on ``database`` without the rate limiter; its log in
    ``workdir/<name>.log``."""
    env = child_environment(base_url, {"GUANDAN_DB": str(database), "GUANDAN_RATE_LIMIT": "off",
                                       "TELEGRAM_WEBHOOK_SECRET": secret} | dict(extra_env or {}))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    return BotProcess([sys.executable, "-m", "bot", "serve", "--listen", f"127.0.0.1:{port}"], env, workdir,
                      workdir / f"{name}.log")


@dataclass
class WorkerPool:
    """N workers on one database, each on a port of its own."""

    processes: list[BotProcess]
    ports: list[int]
    started: list[float] = field(default_factory=list)

    @classmethod
    def start(cls, count: int, base_url: str, database: str | Path, workdir: Path, *,
              extra_env: Mapping[str, str] | None = None, timeout: float = 30.0) -> WorkerPool:
        ports = [free_port() for _ in range(count)]
        processes = [worker_process(base_url, database, port, workdir, name=f"worker{index}", extra_env=extra_env)
                     for index, port in enumerate(ports)]
        for process in processes:
            process.start()
        pool = cls(processes, ports)
        for index in range(count):
            pool.wait_healthy(index, timeout)
        return pool

    def wait_healthy(self, index: int, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not healthy(self.ports[index]):
            if not self.processes[index].running:
                raise RuntimeError(f"worker {index} exited: {self.processes[index].log_text()[-2000:]}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"worker {index} did not become healthy: {self.processes[index].log_text()[-2000:]}")
            time.sleep(0.05)

    def restart(self, index: int, timeout: float = 30.0) -> None:
        if self.processes[index].running:
            self.processes[index].kill()
        self.processes[index].start()
        self.wait_healthy(index, timeout)

    def stop(self) -> list[int]:
        """SIGTERM every running worker; their exit statuses."""
        return [process.stop() for process in self.processes if process.process is not None]

    def kill(self) -> None:
        for process in self.processes:
            if process.running:
                process.kill()
