"""CPU-heavy work (drawing pictures, building or reading spreadsheets) off the event loop, in ONE worker thread.

Rendering a bracket takes 0.1–0.6 s of CPU and reading a 2,000-row workbook about as long; done on the event loop
it would stall every other chat meanwhile. One thread (not a pool) because the work is CPU-bound: the GIL lets
only one such job run at a time anyway, and a single queue keeps a burst of requests from competing for memory.
The thread is shared by every application in the process and started on first use.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

WORKER_THREAD_NAME = "guandan-worker"

_executor: ThreadPoolExecutor | None = None
_lock = threading.Lock()


def _worker() -> ThreadPoolExecutor:
    global _executor
    with _lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=WORKER_THREAD_NAME)
        return _executor


async def in_worker(function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``function(*args, **kwargs)`` run in the worker thread; the event loop serves other updates meanwhile."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_worker(), functools.partial(function, *args, **kwargs))
