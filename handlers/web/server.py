"""The bot's one HTTP server.

An ASGI application (``handlers.web.app``) served by uvicorn inside the bot's own event loop, beside polling, WeCom or
the webhook worker.

uvicorn's HTTP/1.1 (on ``h11``) is used with two guards it lacks, in :class:`GuardedProtocol`:

- **one deadline for the whole request head**: from the moment a connection opens, or the first byte of the next
  request on a kept-alive one, the request line and every header must have arrived within :data:`HEAD_TIMEOUT`
  seconds, however slowly they trickle in; otherwise the connection is closed. (uvicorn times only the idle wait
  between requests.)
- **a cap on open connections** (:data:`MAX_CONNECTIONS`): a connection beyond it is answered 503 and closed at
  once, before anything is read. A page held open (server-sent events) counts as one.

The body of a request is the route's business (``handlers.web.webhook`` reads it within
:data:`~handlers.web.webhook.BODY_TIMEOUT` and a size limit).

:meth:`WebServer.stop` drains: it marks the site stopping (``/healthz`` answers 503, live pages end their event
streams), stops accepting, lets the requests in hand finish and be answered (at most ``drain_timeout``), then
closes the connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from handlers.web.app import Site

log = logging.getLogger(__name__)

HEAD_TIMEOUT = 10.0
"""Seconds a request's line and headers may take to arrive in full (one deadline, not per byte)."""
IDLE_TIMEOUT = 75
"""Seconds a kept-alive connection may wait for its next request (nginx keeps upstream connections 60 s)."""
MAX_CONNECTIONS = 1000
"""Open connections at once; more are answered 503 and closed (each open live page holds one)."""
DRAIN_TIMEOUT = 25.0
"""Seconds :meth:`WebServer.stop` waits for the requests being handled (systemd's stop timeout is 90 s)."""
_REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"content-length: 5\r\nconnection: close\r\n\r\nbusy\n")


class GuardedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 connection with a deadline for the request head and a cap on connections.

    The two class attributes are set per server by :func:`guarded_protocol`."""

    head_timeout: float = HEAD_TIMEOUT
    max_connections: int = MAX_CONNECTIONS
    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[arg-type]
        sock = transport.get_extra_info("socket")
        if sock is not None:
            # Small answers would otherwise wait for the client's delayed ACK (~40 ms).
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if len(self.connections) > self.max_connections:
            log.warning("%d connections open: one more refused (503)", len(self.connections) - 1)
            self.transport.write(_REFUSED)
            self.transport.close()
            return
        self._arm_head_timer()

    def data_received(self, data: bytes) -> None:
        if self._awaiting_head():
            self._arm_head_timer()
        super().data_received(data)
        if not self._awaiting_head():
            self._cancel_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def _awaiting_head(self) -> bool:
        return self.conn.their_state is h11.IDLE and not self.transport.is_closing()

    def _arm_head_timer(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.head_timeout, self._head_too_slow)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self._awaiting_head() and (self.cycle is None or self.cycle.response_complete):
            log.info("a request head took longer than %.0f s: connection closed", self.head_timeout)
            self.transport.close()


def guarded_protocol(head_timeout: float, max_connections: int) -> type[GuardedProtocol]:
    """A :class:`GuardedProtocol` with these limits (uvicorn makes one instance per connection from a class)."""
    return type("GuardedProtocolWithLimits", (GuardedProtocol,),
                {"head_timeout": head_timeout, "max_connections": max_connections})


class WebServer:
    """Serves ``site`` on ``host:port`` (port 0: any free one, see :attr:`port`) until :meth:`stop`."""

    def __init__(self, site: Site, host: str, port: int, *, drain_timeout: float = DRAIN_TIMEOUT,
                 idle_timeout: int = IDLE_TIMEOUT, head_timeout: float = HEAD_TIMEOUT,
                 max_connections: int = MAX_CONNECTIONS) -> None:
        self.site = site
        self.host = host
        self.port = port
        config = uvicorn.Config(
            site.app, host=host, port=port, http=guarded_protocol(head_timeout, max_connections),
            lifespan="off", log_config=None, access_log=False, server_header=False,
            timeout_keep_alive=idle_timeout, timeout_graceful_shutdown=max(1, round(drain_timeout)),
            h11_max_incomplete_event_size=16 * 1024)
        self._server = uvicorn.Server(config)
        self._ticking: asyncio.Task[Any] | None = None
        self._sockets: list[socket.socket] = []

    async def start(self) -> None:
        """Listen (``OSError`` when the address cannot be had)."""
        # Bound here, not by uvicorn: its own bind ends the process (sys.exit) when the address is taken.
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        listening = socket.create_server((self.host, self.port), family=family, backlog=2048)
        listening.setblocking(False)
        self._sockets = [listening]
        config = self._server.config
        if not config.loaded:
            config.load()
        self._server.lifespan = config.lifespan_class(config)
        await self._server.startup(sockets=self._sockets)
        self.port = int(listening.getsockname()[1])
        # uvicorn's tick keeps the Date header current; it ends when should_exit is set.
        self._ticking = asyncio.create_task(self._server.main_loop())

    async def stop(self) -> None:
        """Say stopping, stop accepting, let the requests in hand finish (at most the drain timeout), close."""
        self.site.begin_stopping()
        for listening in getattr(self._server, "servers", []):
            listening.close()  # at once; uvicorn's own shutdown comes after its next tick
        self._server.should_exit = True
        if self._ticking is not None:
            with contextlib.suppress(Exception):
                await self._ticking
        if self._server.started:
            await self._server.shutdown(sockets=self._sockets)


__all__ = ["DRAIN_TIMEOUT", "HEAD_TIMEOUT", "IDLE_TIMEOUT", "MAX_CONNECTIONS", "GuardedProtocol", "WebServer",
           "guarded_protocol"]
