"""The walls a process reading someone's file puts up around itself: low priority, capped memory, capped CPU.

A file sent to the bot is parsed in a process of its own (``bot.services.reading_apart`` starts it and kills it
when its wall-clock budget runs out); the process calls :func:`confine_this_process` before it reads a byte, so a
hostile file that escapes every format limit still costs only this process, never the bot's memory or its cores.
"""

from __future__ import annotations

import contextlib
import os

MEMORY_LIMIT_BYTES = 1024 * 1024 * 1024
"""Address space of a reading process: a bounded read needs a small part of it."""
CPU_LIMIT_SECONDS = 60
"""CPU time after which the system stops the process, should its parent be gone (the parent's budget is shorter)."""


def confine_this_process(memory_bytes: int = MEMORY_LIMIT_BYTES, cpu_seconds: int = CPU_LIMIT_SECONDS) -> None:
    """Lower this process's priority and cap its memory and CPU time (where the system allows)."""
    with contextlib.suppress(OSError):
        os.nice(10)
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
