"""The HTTP side of a webhook worker (``python -m bot serve``): a small asyncio HTTP/1.1 server on ``h11``.

Telegram POSTs each update as one JSON object to ``/telegram`` with the header ``X-Telegram-Bot-Api-Secret-Token``
(the secret given to ``setWebhook``); a load balancer asks ``GET /healthz``. Nothing else is served:

============================  ==============================================================================
request                       answer
============================  ==============================================================================
``GET /healthz``              200 ``ok`` while the worker takes updates, 503 ``stopping`` once it drains
``GET /metrics``              the worker's counters as text, one ``name value`` per line (Prometheus' text
                              format): updates answered 200 and 500, PostgreSQL round trips
``POST /telegram``            401, before the body is read, when the secret header is missing or differs
                              (compared in constant time); 413 when the body is larger than ``max_body``;
                              400 when it is not a JSON object with an integer ``update_id``; otherwise the
                              status the update handler returns: 200 once the update is recorded (applied, or
                              known as applied before), 500 when handling failed before that — Telegram then
                              delivers it again, maybe to another worker
``/telegram``, other method   405 with ``Allow: POST``
any other path                404
============================  ==============================================================================

Answers carry no body Telegram would read: replies go out through the Bot API. Connections are kept alive
(Telegram and nginx reuse them); a connection idle longer than :data:`IDLE_TIMEOUT` or sending a request slower
than :data:`REQUEST_TIMEOUT` is closed. :meth:`WebhookServer.stop` drains: it stops accepting, answers 503 to
``/healthz``, lets every update being handled finish and be answered (at most ``drain_timeout``), then closes
the connections — an update cut off past that limit was not answered 200, so Telegram delivers it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import h11

log = logging.getLogger(__name__)

SECRET_HEADER = b"x-telegram-bot-api-secret-token"
UPDATE_PATH = b"/telegram"
HEALTH_PATH = b"/healthz"
METRICS_PATH = b"/metrics"
MAX_BODY = 1024 * 1024
"""Bytes an update may have (Telegram's are a few KB; a long message with entities stays far below)."""
IDLE_TIMEOUT = 75.0
"""Seconds a kept-alive connection may wait for its next request (nginx keeps upstream connections 60 s)."""
REQUEST_TIMEOUT = 30.0
"""Seconds a request may take to arrive in full once it started."""
DRAIN_TIMEOUT = 25.0
"""Seconds :meth:`WebhookServer.stop` waits for the updates being handled (systemd's stop timeout is 90 s)."""
_READ_SIZE = 64 * 1024

UpdateHandler = Callable[[dict[str, Any]], Awaitable[int]]
"""Handles one update (the decoded JSON object); the HTTP status to answer: 200 recorded, 500 failed before."""


class WebhookServer:
    """Serves ``/telegram`` and ``/healthz`` on ``host:port`` (port 0: any free one, see :attr:`port`)."""

    def __init__(self, handle: UpdateHandler, secret: str, host: str, port: int, *, max_body: int = MAX_BODY,
                 drain_timeout: float = DRAIN_TIMEOUT, idle_timeout: float = IDLE_TIMEOUT,
                 metrics: Callable[[], dict[str, int]] | None = None) -> None:
        if not secret:
            raise ValueError("a webhook server needs a secret")
        self.handle = handle
        self.secret = secret.encode()
        self.host = host
        self.port = port
        self.max_body = max_body
        self.drain_timeout = drain_timeout
        self.idle_timeout = idle_timeout
        self.metrics = metrics
        self.stopping = False
        self._server: asyncio.Server | None = None
        self._connections: set[asyncio.Task[None]] = set()
        self._busy: set[asyncio.Task[None]] = set()
        """Connections handling a request right now (the rest wait for their next request and may be closed)."""
        self._idle = asyncio.Event()
        self._idle.set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._connection, self.host, self.port, reuse_address=True)
        self.port = int(self._server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Stop accepting, let the requests being handled finish (at most ``drain_timeout``), close the rest."""
        self.stopping = True
        if self._server is not None:
            self._server.close()
        if self._busy:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._idle.wait(), self.drain_timeout)
        for task in list(self._connections):
            task.cancel()
        if self._connections:
            await asyncio.gather(*self._connections, return_exceptions=True)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    # One connection ----------------------------------------------------------------------------------------------

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._connections.add(task)
        sock = writer.get_extra_info("socket")
        if sock is not None:
            # Small answers would otherwise wait for the client's delayed ACK (~40 ms).
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connection = h11.Connection(h11.SERVER, max_incomplete_event_size=16 * 1024)
        try:
            while not self.stopping or task in self._busy:
                request = await self._next_request(connection, reader, first_timeout=self.idle_timeout)
                if request is None:
                    break
                self._set_busy(task, True)
                try:
                    await self._answer(connection, reader, writer, request)
                finally:
                    self._set_busy(task, False)
                if connection.our_state is not h11.DONE or connection.their_state is not h11.DONE or self.stopping:
                    break
                connection.start_next_cycle()
        except (ConnectionError, TimeoutError, asyncio.IncompleteReadError):
            pass
        except h11.RemoteProtocolError as error:
            with contextlib.suppress(Exception):
                await self._send(connection, writer, error.error_status_hint, b"bad request\n")
        except asyncio.CancelledError:
            pass  # stopping: a connection waiting for its next request is closed
        finally:
            self._set_busy(task, False)
            self._connections.discard(task)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    def _set_busy(self, task: asyncio.Task[None], busy: bool) -> None:
        if busy:
            self._busy.add(task)
            self._idle.clear()
        else:
            self._busy.discard(task)
            if not self._busy:
                self._idle.set()

    async def _next_request(self, connection: h11.Connection, reader: asyncio.StreamReader, *,
                            first_timeout: float) -> h11.Request | None:
        """The next request's head, or ``None`` when the client closed the connection (or went idle too long)."""
        while True:
            event = connection.next_event()
            if isinstance(event, h11.Request):
                return event
            if isinstance(event, h11.ConnectionClosed):
                return None
            if event is h11.NEED_DATA:
                try:
                    data = await asyncio.wait_for(reader.read(_READ_SIZE), first_timeout)
                except TimeoutError:
                    return None
                connection.receive_data(data)
                continue
            if event is h11.PAUSED:
                return None
            raise h11.RemoteProtocolError("unexpected event before a request", 400)

    async def _body(self, connection: h11.Connection, reader: asyncio.StreamReader) -> bytes | None:
        """The request's body; ``None`` once it grows past ``max_body`` (the rest is not read)."""
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + REQUEST_TIMEOUT
        while True:
            event = connection.next_event()
            if isinstance(event, h11.Data):
                size += len(event.data)
                if size > self.max_body:
                    return None
                chunks.append(bytes(event.data))
            elif isinstance(event, h11.EndOfMessage):
                return b"".join(chunks)
            elif event is h11.NEED_DATA:
                data = await asyncio.wait_for(reader.read(_READ_SIZE), max(0.0, deadline - loop.time()))
                connection.receive_data(data)
            elif isinstance(event, h11.ConnectionClosed):
                raise ConnectionError("the client closed the connection mid-request")
            else:
                raise h11.RemoteProtocolError("unexpected event in a request body", 400)

    async def _answer(self, connection: h11.Connection, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                      request: h11.Request) -> None:
        path = request.target.split(b"?", 1)[0]
        if path == HEALTH_PATH and request.method in (b"GET", b"HEAD"):
            await self._drain_body(connection, reader)
            await self._send(connection, writer, 503 if self.stopping else 200,
                             b"stopping\n" if self.stopping else b"ok\n")
            return
        if path == METRICS_PATH and request.method == b"GET" and self.metrics is not None:
            await self._drain_body(connection, reader)
            text = "".join(f"{name} {value}\n" for name, value in self.metrics().items())
            await self._send(connection, writer, 200, text.encode())
            return
        if path != UPDATE_PATH:
            await self._refuse(connection, writer, 404, b"not found\n")
            return
        if request.method != b"POST":
            await self._refuse(connection, writer, 405, b"method not allowed\n", [(b"allow", b"POST")])
            return
        headers = dict(request.headers)
        if not hmac.compare_digest(headers.get(SECRET_HEADER, b""), self.secret):
            log.warning("webhook request without the right secret refused (401)")
            await self._refuse(connection, writer, 401, b"unauthorized\n")
            return
        length = headers.get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_body:
            await self._refuse(connection, writer, 413, b"too large\n")
            return
        body = await self._body(connection, reader)
        if body is None:
            await self._refuse(connection, writer, 413, b"too large\n")
            return
        update = decoded_update(body)
        if update is None:
            await self._send(connection, writer, 400, b"not an update\n")
            return
        try:
            status = await self.handle(update)
        except Exception:
            log.exception("update %s: handling failed", update.get("update_id"))
            status = 500
        await self._send(connection, writer, status, b"")

    async def _drain_body(self, connection: h11.Connection, reader: asyncio.StreamReader) -> None:
        if await self._body(connection, reader) is None:
            raise h11.RemoteProtocolError("body too large", 413)

    async def _refuse(self, connection: h11.Connection, writer: asyncio.StreamWriter, status: int, text: bytes,
                      headers: list[tuple[bytes, bytes]] | None = None) -> None:
        """Answer without reading the body, and close (a body left unread cannot be skipped safely)."""
        await self._send(connection, writer, status, text, [*(headers or []), (b"connection", b"close")])

    async def _send(self, connection: h11.Connection, writer: asyncio.StreamWriter, status: int, text: bytes,
                    headers: list[tuple[bytes, bytes]] | None = None) -> None:
        response_headers = [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(text)).encode()), *(headers or [])]
        if self.stopping:
            response_headers.append((b"connection", b"close"))
        data = connection.send(h11.Response(status_code=status, headers=response_headers)) or b""
        if text:
            data += connection.send(h11.Data(data=text)) or b""
        data += connection.send(h11.EndOfMessage()) or b""
        writer.write(data)
        await writer.drain()


def decoded_update(body: bytes) -> dict[str, Any] | None:
    """The update in a request body: a JSON object with an integer ``update_id``, else ``None``."""
    try:
        update = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(update, dict):
        return None
    update_id = update.get("update_id")
    if not isinstance(update_id, int) or isinstance(update_id, bool):
        return None
    return update
