"""Virtual time for code that sleeps: a :class:`~bot.clock.ManualClock` and a ``sleep`` that waits for it.

``time.sleep(d)`` registers a wake-up at now + d; :meth:`VirtualTime.run` lets every task run until all are asleep,
then moves the clock to the earliest wake-up and wakes it — so a minute of pacing takes milliseconds and the times
the code sees are exact. Work that waits for real input and output (a database) gets real time while nobody sleeps;
a wake-up may then come before such work has finished, which only ever lets the clock run ahead.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable
from typing import Any

from bot.clock import ManualClock


class VirtualTime:
    def __init__(self, clock: ManualClock | None = None) -> None:
        self.clock = clock or ManualClock()
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        """Seconds since the epoch, by the manual clock."""
        return self.clock().timestamp()

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now() + max(0.0, seconds), next(self._order), future))
        await future

    async def _settle(self) -> None:
        for _ in range(50):
            await asyncio.sleep(0)

    async def run(self, *work: Awaitable[Any]) -> list[Any]:
        """Run ``work`` together to the end in virtual time; their results."""
        tasks = [asyncio.ensure_future(item) for item in work]
        idle = 0
        while True:
            await self._settle()
            if all(task.done() for task in tasks) and not self._sleepers:
                break
            if not self._sleepers:
                # Something else is awaited (a database round trip): give it real time, a little at a time.
                await asyncio.wait(tasks, timeout=0.005, return_when=asyncio.FIRST_COMPLETED)
                idle += 1
                if idle > 4_000:  # 20 s of real time with nobody asleep and work unfinished
                    raise RuntimeError("virtual time: the work waits for something that does not come")
                continue
            idle = 0
            wake, _, future = heapq.heappop(self._sleepers)
            if wake > self.now():
                self.clock.advance(seconds=wake - self.now())
            if not future.done():
                future.set_result(None)
        return [task.result() for task in tasks]
