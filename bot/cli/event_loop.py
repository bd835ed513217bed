"""The event loop of a serving process (``run``, ``serve``): uvloop where it is installed, else the stdlib's.

uvloop runs the same asyncio programs with its transports, timers and callbacks in C: under load that is the
loop's own bookkeeping of every update (socket reads and writes, ``call_soon``, futures of aiosqlite's thread) at a
fraction of the CPU (docs/performance.md, "Per-update cost"). ``GUANDAN_EVENT_LOOP=asyncio`` keeps the stdlib's.
"""

from __future__ import annotations

import asyncio
import importlib


def use_event_loop(name: str) -> str:
    """Make ``name`` (``uvloop`` or ``asyncio``) the loop of every ``asyncio.run`` and new loop of this process;
    the one in use (``asyncio`` when uvloop is asked for but not installed, as on Windows)."""
    if name == "uvloop":
        try:
            uvloop = importlib.import_module("uvloop")
        except ImportError:
            name = "asyncio"
        else:
            asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
            return name
    asyncio.set_event_loop_policy(None)
    return name
