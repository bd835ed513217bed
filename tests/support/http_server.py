"""A Bot API over HTTP on 127.0.0.1 for process-level tests: ``python -m bot run`` talks to it through
``TELEGRAM_BASE_URL`` exactly as it would talk to Telegram.

The server runs its own event loop in a background thread; the test thread queues updates and waits for the
bot's calls::

    with BotApiServer() as server:
        env["TELEGRAM_BASE_URL"] = server.base_url
        server.enqueue_update(update)
        server.wait_for(lambda calls: any(call.method == "sendMessage" for call in calls))
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
from collections.abc import Callable, Coroutine
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any, TypeVar
from urllib.parse import parse_qsl

from tests.support.faults import SimulatedDrop, SimulatedTimeout
from tests.support.telegram import FILE_URL_MARK, ApiCall, FakeTelegram

T = TypeVar("T")

# Parameters whose values are plain strings even when they look like JSON ("123", "true").
_TEXT_PARAMS = frozenset({
    "text", "caption", "parse_mode", "title", "description", "short_description", "username", "first_name",
    "last_name", "callback_query_id", "inline_message_id", "language_code", "query", "name", "url", "emoji",
    "question", "explanation", "custom_title", "business_connection_id", "message_effect_id", "secret_token",
})
_MAX_BODY = 50 * 1024 * 1024


def decode_form_value(name: str, value: str) -> Any:
    """PTB sends strings raw and everything else JSON-encoded."""
    if name in _TEXT_PARAMS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


def decode_body(content_type: str, body: bytes) -> tuple[dict[str, Any], dict[str, tuple[str, bytes]]]:
    """Parameters and uploaded files of one request (JSON, url-encoded form or multipart form)."""
    if not body:
        return {}, {}
    if content_type.startswith("application/json"):
        return dict(json.loads(body)), {}
    if content_type.startswith("multipart/form-data"):
        message = BytesParser(policy=HTTP).parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + body)
        params: dict[str, Any] = {}
        files: dict[str, tuple[str, bytes]] = {}
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            if not isinstance(name, str):
                continue
            payload = part.get_payload(decode=True)
            data = payload if isinstance(payload, bytes) else b""
            if part.get_filename() is not None:
                files[name] = (part.get_filename() or name, data)
            else:
                params[name] = decode_form_value(name, data.decode("utf-8"))
        return params, files
    pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True)
    return {name: decode_form_value(name, value) for name, value in pairs}, {}


class BotApiServer:
    def __init__(self, telegram: FakeTelegram | None = None, host: str = "127.0.0.1", *,
                 stall_seconds: float = 6.0) -> None:
        self.telegram = telegram or FakeTelegram()
        self.stall_seconds = stall_seconds
        """How long a simulated timeout keeps the client waiting before hanging up (PTB's default read timeout
        is 5 s)."""
        self.host = host
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: asyncio.Server | None = None
        self._ready = threading.Event()
        self._changed = threading.Condition()
        self._updates_changed: asyncio.Event | None = None

    # Life cycle ------------------------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """What ``TELEGRAM_BASE_URL`` should be: PTB appends the token and the method."""
        return f"http://{self.host}:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        """Where files are downloaded (PTB appends the token and the file path)."""
        return f"http://{self.host}:{self.port}{FILE_URL_MARK}"

    def start(self) -> BotApiServer:
        self._thread = threading.Thread(target=self._serve, name="fake-bot-api", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the fake Bot API server did not start")
        return self

    def stop(self) -> None:
        loop = self._loop
        if loop is not None and self._thread is not None:
            loop.call_soon_threadsafe(loop.stop)
            self._thread.join(10)
        self._loop = None

    def __enter__(self) -> BotApiServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        self._loop = loop
        self._updates_changed = asyncio.Event()
        self._server = loop.run_until_complete(asyncio.start_server(self._client, self.host, 0))
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            self._server.close()
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            if pending:
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.close()

    # Test-thread API -------------------------------------------------------------------------------------------

    def on_server(self, function: Callable[[], T]) -> T:
        """Run ``function`` on the server's thread and return its value: script the fake there
        (``server.on_server(lambda: server.telegram.set_admins(...))``), as FakeTelegram is not thread-safe."""
        if self._loop is None:
            raise RuntimeError("the server is not running")

        async def run() -> T:
            return function()

        coroutine: Coroutine[Any, Any, T] = run()
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(10)

    def enqueue_update(self, update: dict[str, Any]) -> int:
        def add() -> int:
            update_id = self.telegram.enqueue_update(update)
            if self._updates_changed is not None:
                self._updates_changed.set()
            return update_id

        return self.on_server(add)

    def enqueue_updates(self, updates: list[dict[str, Any]]) -> list[int]:
        """Queue many updates at once (one hop to the server thread); their ids."""

        def add() -> list[int]:
            update_ids = [self.telegram.enqueue_update(update) for update in updates]
            if self._updates_changed is not None:
                self._updates_changed.set()
            return update_ids

        return self.on_server(add)

    def calls(self) -> list[ApiCall]:
        return self.on_server(lambda: list(self.telegram.calls))

    def wait_for(self, predicate: Callable[[list[ApiCall]], bool], timeout: float = 15.0) -> list[ApiCall]:
        """Block until ``predicate(calls)`` holds; the calls then. ``TimeoutError`` after ``timeout`` seconds."""
        with self._changed:
            if not self._changed.wait_for(lambda: predicate(list(self.telegram.calls)), timeout):
                raise TimeoutError("the bot did not make the expected calls in time")
            return list(self.telegram.calls)

    # HTTP ------------------------------------------------------------------------------------------------------

    def _recorded(self) -> None:
        with self._changed:
            self._changed.notify_all()

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        sock = writer.get_extra_info("socket")
        if sock is not None:
            # Without it every small response waits for the client's delayed ACK (~40 ms).
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                request_line, *header_lines = head.decode("latin-1").split("\r\n")
                headers = {}
                for line in header_lines:
                    if ":" in line:
                        name, value = line.split(":", 1)
                        headers[name.strip().lower()] = value.strip()
                length = int(headers.get("content-length", "0"))
                if length > _MAX_BODY:
                    break
                body = await reader.readexactly(length) if length else b""
                path = request_line.split(" ")[1] if " " in request_line else "/"
                answer = await self._answer(path, headers.get("content-type", ""), body)
                if answer is None:
                    break  # hang up without answering
                status, payload = answer
                is_file = status == 200 and path.startswith(FILE_URL_MARK)
                kind = "application/octet-stream" if is_file else "application/json"
                writer.write(
                    f"HTTP/1.1 {status} {'OK' if status == 200 else 'Error'}\r\n"
                    f"Content-Type: {kind}\r\nContent-Length: {len(payload)}\r\n\r\n".encode()
                    + payload
                )
                await writer.drain()
                if headers.get("connection", "").lower() == "close":
                    break
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        except asyncio.CancelledError:
            # The server is stopping; ending quietly keeps asyncio from reporting the cancelled connection.
            pass
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _answer(self, path: str, content_type: str, body: bytes) -> tuple[int, bytes] | None:
        """Status and body, or ``None`` to hang up (a simulated timeout or dropped connection)."""
        method = path.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]
        if path.startswith(FILE_URL_MARK):
            try:
                return self.telegram.answer_download(path.split("?", 1)[0].removeprefix(FILE_URL_MARK))
            finally:
                self._recorded()
        if not path.startswith("/bot"):
            return 404, json.dumps({"ok": False, "error_code": 404, "description": "Not Found"}).encode()
        params, files = decode_body(content_type, body)
        try:
            if method == "getUpdates":
                return await self._get_updates(params)
            return self.telegram.answer(method, params, files)
        except SimulatedTimeout:
            await asyncio.sleep(self.stall_seconds)
            return None
        except SimulatedDrop:
            return None
        finally:
            self._recorded()

    async def _get_updates(self, params: dict[str, Any]) -> tuple[int, bytes]:
        if self.telegram.webhook is not None:  # as Telegram: no polling while a webhook is set
            self._recorded()
            return 409, json.dumps({"ok": False, "error_code": 409, "description": "Conflict: can't use getUpdates "
                                    "method while webhook is active; use deleteWebhook to delete the webhook first"
                                    }).encode()
        offset, limit = params.get("offset"), int(params.get("limit") or 100)
        pending = self.telegram.pending_updates(offset, limit)
        self._recorded()
        timeout = float(params.get("timeout") or 0)
        if not pending and timeout and self._updates_changed is not None:
            self._updates_changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._updates_changed.wait(), timeout)
            pending = self.telegram.pending_updates(offset, limit)
        return 200, json.dumps({"ok": True, "result": pending}, ensure_ascii=False).encode()
