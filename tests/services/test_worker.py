"""The worker thread: CPU work leaves the event loop free, and one job runs at a time."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from bot.services.worker import WORKER_THREAD_NAME, in_worker


def busy(seconds: float, log: list[str], name: str) -> str:
    log.append(f"{name} start")
    time.sleep(seconds)  # stands for rendering: it holds its thread, not the loop
    log.append(f"{name} end")
    return threading.current_thread().name


async def test_the_loop_keeps_serving_while_the_worker_draws() -> None:
    log: list[str] = []
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0.01)

    beat = asyncio.create_task(ticker())
    try:
        first, second = await asyncio.gather(in_worker(busy, 0.15, log, "a"), in_worker(busy, 0.05, log, "b"))
    finally:
        beat.cancel()
    assert first == second and first.startswith(WORKER_THREAD_NAME)
    assert log == ["a start", "a end", "b start", "b end"]  # one thread: jobs queue, they never overlap
    assert ticks >= 8  # the loop went on meanwhile


async def test_errors_come_back_to_the_caller() -> None:
    def fail() -> None:
        raise ValueError("bad roster")

    with pytest.raises(ValueError, match="bad roster"):
        await in_worker(fail)
