"""The ASGI application every HTTP route of the bot belongs to.

The Telegram webhook of a ``serve`` worker, the health and metrics answers, and the tournaments' live pages
(``handlers.web.pages``).

=============================  ===================================================================================
request                        answer
=============================  ===================================================================================
``GET /healthz``               200 ``ok`` while the process takes requests, 503 ``stopping`` once it drains
``GET /metrics``               the process's counters as text, one ``name value`` per line (Prometheus' text
                               format); 404 where there are none
``POST /telegram``             a ``serve`` worker only: see ``handlers.web.webhook``
``/t/<public id>…``            the live pages, where they are served (``handlers.web.pages``)
anything else                  404; a known path with another method 405 with ``Allow``
=============================  ===================================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

Metrics = Callable[[], dict[str, int]]


class Site:
    """The application and what it shares with its server: whether the process is stopping."""

    def __init__(self, routes: Sequence[BaseRoute] = (), *, metrics: Metrics | None = None) -> None:
        self.stopping = False
        self.metrics = metrics
        self._on_stopping: list[Callable[[], None]] = []
        own: list[BaseRoute] = [Route("/healthz", self._health, methods=["GET"])]
        if metrics is not None:
            own.append(Route("/metrics", self._metrics, methods=["GET"]))
        self.app = Starlette(routes=[*own, *routes])

    def on_stopping(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the server starts draining (live pages end their event streams)."""
        self._on_stopping.append(callback)

    def begin_stopping(self) -> None:
        if self.stopping:
            return
        self.stopping = True
        for callback in self._on_stopping:
            callback()

    def plain(self, status: int, text: str, headers: dict[str, str] | None = None) -> Response:
        """A short text answer; ``connection: close`` once stopping, so clients do not reuse the connection."""
        extra = dict(headers or {})
        if self.stopping:
            extra["connection"] = "close"
        return PlainTextResponse(text, status_code=status, headers=extra)

    async def _health(self, request: Request) -> Response:
        return self.plain(503, "stopping\n") if self.stopping else self.plain(200, "ok\n")

    async def _metrics(self, request: Request) -> Response:
        assert self.metrics is not None
        return self.plain(200, "".join(f"{name} {value}\n" for name, value in self.metrics().items()))


__all__ = ["Metrics", "Site"]
