"""Files as WeCom offers them to a bot: encrypted (AES-256-CBC, ``handlers.wecom.media.encrypt``) behind a download
link on a local HTTP server (the standard library's, in a thread), with the name in ``Content-Disposition``.

::

    with FileHost() as host:
        url, aeskey = host.offer(b"name,partner\\n...", "名单.csv")
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import os
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import quote

from handlers.wecom.media import encrypt


@dataclass(frozen=True, slots=True)
class Offered:
    data: bytes
    """As served: encrypted (or not, for a test of a file that is not)."""
    file_name: str
    delay: float = 0.0
    """Seconds before the body is sent (a slow server)."""


def new_aeskey() -> str:
    """A base64 key of 32 bytes without its ``=`` padding, as WeCom writes them."""
    return base64.b64encode(os.urandom(32)).decode("ascii").rstrip("=")


class FileHost:
    def __init__(self) -> None:
        self.files: dict[str, Offered] = {}
        self.fetched: list[str] = []
        self._ids = itertools.count(1)
        host = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the standard library's name
                offered = host.files.get(self.path)
                host.fetched.append(self.path)
                if offered is None:
                    self.send_error(404)
                    return
                if offered.delay:
                    time.sleep(offered.delay)
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(offered.data)))
                self.send_header("Content-Disposition",
                                 f"attachment; filename=\"file.bin\"; filename*=UTF-8''{quote(offered.file_name)}")
                self.end_headers()
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(offered.data)

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        # Polled every 50 ms (not the default half second) so that leaving the block does not wait half a second.
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name="wecom-files", daemon=True)

    def __enter__(self) -> FileHost:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def offer(self, content: bytes, file_name: str, *, encrypted: bool = True, delay: float = 0.0
              ) -> tuple[str, str]:
        """Serve ``content`` as WeCom would; its download url and aeskey."""
        aeskey = new_aeskey()
        path = f"/media/{next(self._ids)}"
        self.files[path] = Offered(encrypt(content, aeskey) if encrypted else content, file_name, delay)
        return f"http://127.0.0.1:{self._server.server_port}{path}", aeskey
