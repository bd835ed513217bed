"""The confined reader: a separate process answers on stdout, is killed at its budget, is refused when it dies,
and caps its own memory (``bot.confinement``)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from typing import Any

import pytest

from bot.services import reading_apart
from bot.services.reading_apart import ReaderFailedError, ReadOutOfTimeError, read_apart

pytestmark = pytest.mark.slow  # every test starts reader processes: make quick leaves them out

STUCK = "tests.support.stuck_roster_reader"


async def test_the_reader_answers_on_stdout() -> None:
    output = await read_apart("bot.rules.notice_process", "一、比赛时间".encode(), budget=30, what="a test file")
    assert output.decode("ascii") == '{"text": "\\u4e00\\u3001\\u6bd4\\u8d5b\\u65f6\\u95f4"}'


async def test_a_reader_that_outlives_its_budget_is_killed() -> None:
    started = time.perf_counter()
    with pytest.raises(ReadOutOfTimeError):
        await read_apart(STUCK, b"", budget=0.5, what="a test file")
    assert time.perf_counter() - started < 5


async def test_a_reader_that_dies_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    original = asyncio.create_subprocess_exec

    async def crashing(*args: Any, **kwargs: Any) -> Any:
        return await original(*args, "crash", **kwargs)

    monkeypatch.setattr(reading_apart.asyncio, "create_subprocess_exec", crashing)
    with pytest.raises(ReaderFailedError):
        await read_apart(STUCK, b"", budget=30, what="a test file")


async def test_reads_wait_for_a_free_slot() -> None:
    """Three stuck readers with two slots: the third starts only when one of the first two is killed."""
    started = time.perf_counter()
    ended: list[float] = []

    async def one() -> None:
        with pytest.raises(ReadOutOfTimeError):
            await read_apart(STUCK, b"", budget=1.0, what="a test file")
        ended.append(time.perf_counter() - started)

    await asyncio.gather(one(), one(), one())
    assert reading_apart.CONCURRENT_READS == 2
    assert sorted(ended)[2] >= 2.0, ended


def test_a_confined_process_cannot_take_more_memory_than_its_cap() -> None:
    script = ("from bot.confinement import confine_this_process\n"
              "confine_this_process(memory_bytes=512 * 1024 * 1024, cpu_seconds=5)\n"
              "data = bytearray(1024 * 1024 * 1024)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "MemoryError" in done.stderr
