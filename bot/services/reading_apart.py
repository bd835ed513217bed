"""Reading a file someone sent in a separate, confined process with a time budget.

``/import``'s rosters, ``/notice``'s documents.

The event loop only waits: the reader is ``python -m <module>`` (the file's bytes on stdin, its answer on stdout,
its walls from :mod:`bot.confinement`), so a hostile file costs that process its CPU and memory, never the GIL or
the worker thread every other group's commands need. At most :data:`CONCURRENT_READS` files are read at once per
event loop, whatever their kind (a burst of uploads from many groups cannot take both cores); a reader that
outlives its budget is killed (:class:`ReadOutOfTimeError`), one that dies (out of memory, a bug) is logged
(:class:`ReaderFailedError`). Each caller turns these into its own refusal.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import weakref
from pathlib import Path

log = logging.getLogger(__name__)

CONCURRENT_READS = 2
_PRODUCT_ROOT = Path(__file__).resolve().parents[2]
"""The folder holding the ``bot`` package: the reading process imports the same code as this one."""

_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


class ReadOutOfTimeError(Exception):
    """The reading process was still at work when its budget ran out: it was killed."""


class ReaderFailedError(Exception):
    """The reading process ended without an answer (killed by its memory cap, a bug)."""


def _slot() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    found = _slots.get(loop)
    if found is None:
        found = _slots[loop] = asyncio.Semaphore(CONCURRENT_READS)
    return found


def _environment() -> dict[str, str]:
    paths = [str(_PRODUCT_ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return dict(os.environ) | {"PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


async def read_apart(module: str, data: bytes, *, budget: float, what: str) -> bytes:
    """What ``python -m module`` writes to stdout after reading ``data`` from stdin, within ``budget`` seconds.

    ``what`` names the file in the log ("a roster file"). Raise :class:`ReadOutOfTimeError` or
    :class:`ReaderFailedError` (a non-zero exit status)."""
    async with _slot():
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", module, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=_environment())
        try:
            output, errors = await asyncio.wait_for(process.communicate(data), budget)
        except TimeoutError:
            process.kill()
            await process.wait()
            log.warning("%s was still being read after %.1f s: stopped", what, budget)
            raise ReadOutOfTimeError() from None
        except BaseException:
            if process.returncode is None:
                process.kill()
                await process.wait()
            raise
    if process.returncode != 0:
        log.warning("the reader of %s ended with status %s: %s", what, process.returncode,
                    errors.decode("utf-8", "replace")[-500:])
        raise ReaderFailedError()
    return output
