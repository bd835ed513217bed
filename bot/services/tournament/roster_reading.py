"""Reading an uploaded roster in a separate process, with a time budget.

The file is parsed by ``python -m bot.sheets.roster_process`` through :func:`bot.services.reading_apart.read_apart`
(bytes on stdin, one JSON object on stdout), so a hostile workbook costs that process its CPU and memory, never the
GIL every other group's commands need. A read that outlives :data:`READ_BUDGET_SECONDS` is killed and refused
(:class:`~bot.sheets.roster_file.ReadTooSlowError`); a reader that dies (out of memory, a bug) is refused as a file
that cannot be read, and logged.
"""

from __future__ import annotations

from bot.services.reading_apart import ReaderFailedError, ReadOutOfTimeError, read_apart
from bot.sheets.roster import RosterSheet
from bot.sheets.roster_file import ReadTooSlowError, RosterFileError
from bot.sheets.roster_process import decode_result

READ_BUDGET_SECONDS = 10.0
"""Wall time a reading process may take (its own limits stop every known bomb in well under a second)."""
READER_MODULE = "bot.sheets.roster_process"


async def read_roster_apart(data: bytes, *, budget: float | None = None) -> RosterSheet:
    """The roster in ``data``, read by a separate process; raise the ``RosterFileError`` leaf it reports."""
    seconds = READ_BUDGET_SECONDS if budget is None else budget
    try:
        output = await read_apart(READER_MODULE, data, budget=seconds, what="a roster file")
    except ReadOutOfTimeError:
        raise ReadTooSlowError(seconds=f"{seconds:g}") from None
    except ReaderFailedError:
        raise RosterFileError() from None
    return decode_result(output.decode("utf-8"))
