"""Reading a roster file in a process of its own: ``python -m bot.sheets.roster_process``.

The bot's process serves every group from one event loop; a hostile workbook read there would hold the GIL for
seconds (another group's ``/help`` waited 10 s). So ``/import`` hands the bytes to this small process on stdin
and reads one JSON object from stdout: the roster found (:func:`encode_sheet`), or the refusal's key and params.
The process lowers its priority and caps its memory and CPU (:mod:`bot.confinement`), and is killed by its parent
when it runs out of its time budget (``bot.services.tournament.roster_reading``). Everything it reads is bounded
anyway (``bot.sheets.roster_file``); the process is the second wall.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from bot.confinement import confine_this_process
from bot.sheets.roster import Column, RosterSheet, read_roster
from bot.sheets.roster_file import MAX_FILE_BYTES, RosterFileError, SheetRow, error_for_key


def encode_sheet(sheet: RosterSheet) -> dict[str, Any]:
    return {"rows": [[row.number, list(row.cells)] for row in sheet.rows],
            "columns": {column.value: position for column, position in sheet.columns.items()}}


def decode_result(text: str) -> RosterSheet:
    """The roster the process found; raise the refusal it reported (its ``RosterFileError`` leaf)."""
    result = json.loads(text)
    if "error" in result:
        raise error_for_key(str(result["error"]))(**dict(result.get("params") or {}))
    rows = tuple(SheetRow(int(number), tuple(str(cell) for cell in cells)) for number, cells in result["rows"])
    return RosterSheet(rows, {Column(name): int(position) for name, position in result["columns"].items()})


def main() -> int:
    confine_this_process()
    data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    try:
        result = encode_sheet(read_roster(data))
    except RosterFileError as error:
        result = {"error": error.key, "params": error.params}
    sys.stdout.write(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
