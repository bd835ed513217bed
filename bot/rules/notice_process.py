"""Reading a notice document in a process of its own: ``python -m bot.rules.notice_process``.

``/notice`` with a file hands its bytes to this small process on stdin and reads one JSON object from stdout: the
text found, or the refusal's key and params. The process confines itself (:mod:`bot.confinement`) before reading and
is killed by its parent when it outlives its budget (``bot.services.tournament.notice``): a PDF that keeps pypdf
busy costs this process, never the worker thread and the event loop other groups' commands use.
"""

from __future__ import annotations

import json
import sys

from bot.confinement import confine_this_process
from bot.rules.notice_file import MAX_NOTICE_FILE_BYTES, NoticeFileError, error_for_key, read_notice_file


def decode_result(text: str) -> str:
    """The notice text the process found; raise the refusal it reported (its ``NoticeFileError`` leaf)."""
    result = json.loads(text)
    if "error" in result:
        raise error_for_key(str(result["error"]))(**dict(result.get("params") or {}))
    return str(result["text"])


def main() -> int:
    confine_this_process()
    data = sys.stdin.buffer.read(MAX_NOTICE_FILE_BYTES + 1)
    try:
        result: dict[str, object] = {"text": read_notice_file(data)}
    except NoticeFileError as error:
        result = {"error": error.key, "params": error.params}
    sys.stdout.buffer.write(json.dumps(result).encode("ascii"))  # ASCII: a lone surrogate crosses intact
    return 0


if __name__ == "__main__":
    sys.exit(main())
