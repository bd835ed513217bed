"""Reading an uploaded roster in a separate process, with a time budget.

The event loop only waits: the file is parsed by ``python -m bot.sheets.roster_process`` (bytes on stdin, one
JSON object on stdout), so a hostile workbook costs that process its CPU and memory, never the GIL every other
group's commands need. At most :data:`CONCURRENT_READS` files are read at once per event loop (a burst of uploads
from many groups cannot take both cores); a read that outlives :data:`READ_BUDGET_SECONDS` is killed and refused
(:class:`~bot.sheets.roster_file.ReadTooSlowError`). A reader that dies (out of memory, a bug) is refused as a
file that cannot be read, and logged.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import weakref
from pathlib import Path

from bot.sheets.roster import RosterSheet
from bot.sheets.roster_file import ReadTooSlowError, RosterFileError
from bot.sheets.roster_process import decode_result

log = logging.getLogger(__name__)

READ_BUDGET_SECONDS = 10.0
"""Wall time a reading process may take (its own limits stop every known bomb in well under a second)."""
CONCURRENT_READS = 2
READER_MODULE = "bot.sheets.roster_process"
_PRODUCT_ROOT = Path(__file__).resolve().parents[3]
"""The folder holding the ``bot`` package: the reading process imports the same code as this one."""

_slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def _slot() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    found = _slots.get(loop)
    if found is None:
        found = _slots[loop] = asyncio.Semaphore(CONCURRENT_READS)
    return found


def _environment() -> dict[str, str]:
    paths = [str(_PRODUCT_ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return dict(os.environ) | {"PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}


async def read_roster_apart(data: bytes, *, budget: float | None = None) -> RosterSheet:
    """The roster in ``data``, read by a separate process; raise the ``RosterFileError`` leaf it reports."""
    seconds = READ_BUDGET_SECONDS if budget is None else budget
    async with _slot():
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", READER_MODULE, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=_environment())
        try:
            output, errors = await asyncio.wait_for(process.communicate(data), seconds)
        except TimeoutError:
            process.kill()
            await process.wait()
            log.warning("a roster file was still being read after %.0f s: stopped", seconds)
            raise ReadTooSlowError(seconds=f"{seconds:g}") from None
        except BaseException:
            if process.returncode is None:
                process.kill()
                await process.wait()
            raise
    if process.returncode != 0:
        log.warning("the roster reader ended with status %s: %s", process.returncode,
                    errors.decode("utf-8", "replace")[-500:])
        raise RosterFileError()
    return decode_result(output.decode("utf-8"))
