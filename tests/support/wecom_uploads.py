"""WeCom's side of an upload of temporary media over the long connection, for the stand-ins
(``tests.support.wecom_server`` and ``tests.support.wecom_offline``): the three frames checked as WeCom checks them
(type, chunk size and order, MD5, size limits) and the file put back together under the ``media_id`` it answers."""

from __future__ import annotations

import base64
import binascii
import hashlib
import itertools
import threading
from dataclasses import dataclass, field
from typing import Any

INIT = "aibot_upload_media_init"
CHUNK = "aibot_upload_media_chunk"
FINISH = "aibot_upload_media_finish"
COMMANDS = (INIT, CHUNK, FINISH)
CHUNK_BYTES = 512 * 1024
CHUNKS_LIMIT = 100
SIZE_LIMITS = {"file": 20 * 1024 * 1024, "image": 10 * 1024 * 1024, "voice": 2 * 1024 * 1024,
               "video": 10 * 1024 * 1024}
"""WeCom's documented limits of temporary media ("上传临时素材"), and more than 5 bytes for any."""
BAD_UPLOAD = 40070
TOO_LARGE = 40071


@dataclass
class _Open:
    kind: str
    file_name: str
    total_size: int
    total_chunks: int
    md5: str
    chunks: dict[int, bytes] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Uploaded:
    kind: str
    file_name: str
    content: bytes


class Uploads:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._open: dict[str, _Open] = {}
        self.media: dict[str, Uploaded] = {}
        self.violations: list[str] = []

    def answer(self, cmd: str, body: dict[str, Any]) -> tuple[int, str, dict[str, Any]]:
        """The acknowledgement of an upload frame: errcode, errmsg and body."""
        with self._lock:
            try:
                return 0, "ok", self._answer(cmd, body)
            except _Refused as refused:
                self.violations.append(f"{cmd}: {refused.errmsg}")
                return refused.errcode, refused.errmsg, {}

    def _answer(self, cmd: str, body: dict[str, Any]) -> dict[str, Any]:
        if cmd == INIT:
            kind, size, chunks = body.get("type"), body.get("total_size"), body.get("total_chunks")
            if kind not in SIZE_LIMITS or not isinstance(body.get("filename"), str) or not body["filename"]:
                raise _Refused(BAD_UPLOAD, f"bad type or filename: {kind!r}")
            if not isinstance(size, int) or not isinstance(chunks, int) or not 1 <= chunks <= CHUNKS_LIMIT:
                raise _Refused(BAD_UPLOAD, "bad total_size or total_chunks")
            if size > SIZE_LIMITS[kind]:
                raise _Refused(TOO_LARGE, "file size exceeds the limit")
            if size <= 5:
                raise _Refused(BAD_UPLOAD, "file size must be more than 5 bytes")
            if chunks != max(1, -(-size // CHUNK_BYTES)):
                raise _Refused(BAD_UPLOAD, f"{chunks} chunks for {size} bytes")
            upload_id = f"upload_{next(self._ids)}"
            self._open[upload_id] = _Open(kind, body["filename"], size, chunks, str(body.get("md5")))
            return {"upload_id": upload_id}
        upload = self._open.get(str(body.get("upload_id")))
        if upload is None:
            raise _Refused(BAD_UPLOAD, "unknown upload_id")
        if cmd == CHUNK:
            index = body.get("chunk_index")
            if not isinstance(index, int) or not 0 <= index < upload.total_chunks or index in upload.chunks:
                raise _Refused(BAD_UPLOAD, f"bad chunk_index {index!r}")
            if index != len(upload.chunks):
                raise _Refused(BAD_UPLOAD, f"chunk {index} out of order")
            try:
                data = base64.b64decode(str(body.get("base64_data")), validate=True)
            except (binascii.Error, ValueError):
                raise _Refused(BAD_UPLOAD, "chunk is not base64") from None
            if len(data) > CHUNK_BYTES:
                raise _Refused(BAD_UPLOAD, f"chunk of {len(data)} bytes")
            upload.chunks[index] = data
            return {}
        content = b"".join(upload.chunks[index] for index in sorted(upload.chunks))
        if len(upload.chunks) != upload.total_chunks or len(content) != upload.total_size:
            raise _Refused(BAD_UPLOAD, "missing chunks")
        if hashlib.md5(content).hexdigest() != upload.md5:  # noqa: S324 - the protocol's checksum
            raise _Refused(BAD_UPLOAD, "md5 mismatch")
        del self._open[str(body["upload_id"])]
        media_id = f"media_{next(self._ids)}"
        self.media[media_id] = Uploaded(upload.kind, upload.file_name, content)
        return {"type": upload.kind, "media_id": media_id, "created_at": 1_700_000_000}

    def files_sent(self, frames: list[tuple[str, dict[str, Any]]]) -> list[Uploaded]:
        """The files that pushes or replies among ``frames`` (cmd, body) carried, in order."""
        return [self.media[body["file"]["media_id"]] for cmd, body in frames
                if body.get("msgtype") == "file" and body.get("file", {}).get("media_id") in self.media]


class _Refused(Exception):
    def __init__(self, errcode: int, errmsg: str) -> None:
        super().__init__(errmsg)
        self.errcode = errcode
        self.errmsg = errmsg
