"""How a serving process (``run``, ``serve``) runs: its event loop, and its heap kept out of the collector's way.

uvloop runs the same asyncio programs with its transports, timers and callbacks in C: under load that is the
loop's own bookkeeping of every update (socket reads and writes, ``call_soon``, futures of aiosqlite's thread) at a
fraction of the CPU (docs/performance.md, "Per-update cost"). ``GUANDAN_EVENT_LOOP=asyncio`` keeps the stdlib's.

Python's cyclic garbage collector stops the whole process while it walks every container object it tracks; once
the process has imported and built what it serves with (about 120,000 objects: PTB, the catalogs, the command
tables), a full collection took 30–130 ms, each one a stall of every chat (a p99 of 20 ms allows none).
:func:`freeze_heap` moves what exists at start-up out of the collector's walks for good (``gc.freeze``): it lives
as long as the process anyway, and what is made later is collected as before. Start-up itself runs without the
collector (:func:`pause_collector`): importing and building made two full collections of 50,000 and 100,000
objects, 100–170 ms of a start-up that should take under 1.5 s, to free next to nothing.
"""

from __future__ import annotations

import asyncio
import gc
import importlib


def use_event_loop(name: str) -> str:
    """Make ``name`` (``uvloop`` or ``asyncio``) the event loop of this process; the one in use.

    It is the loop of every ``asyncio.run`` and new loop from now on; ``asyncio`` when uvloop is asked for but not
    installed (as on Windows)."""
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


def pause_collector() -> None:
    """No cyclic collection until :func:`freeze_heap`: start-up makes objects to keep, not garbage."""
    gc.disable()


def freeze_heap() -> int:
    """Leave every object tracked now out of later collections, and let the collector run again.

    Returns how many were frozen. No collection first: it would cost start-up ~50 ms to free the few cycles that
    imports leave."""
    gc.freeze()
    gc.enable()
    return gc.get_freeze_count()
