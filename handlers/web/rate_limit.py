"""Per-client rate limit of the live pages.

At most :data:`PER_MINUTE` requests in any 60 s from one client; more are answered 429 with ``Retry-After`` (the seconds
until the oldest counted request leaves the window).

A client is its address; behind a reverse proxy on the same machine (the request comes from a loopback address)
the address the proxy names in ``X-Real-IP`` (or the last of ``X-Forwarded-For``) — ``deploy/nginx.conf`` sets it.
An open event stream counts once, when it opens. Only ``/t/…`` is limited: the webhook, ``/healthz`` and
``/metrics`` are not.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

PER_MINUTE = 300
"""Requests a client may make in any minute (the issue asks for at least 60; a club's Wi-Fi puts many phones
behind one address)."""
WINDOW = 60.0
_LOOPBACK = {"127.0.0.1", "::1", "localhost"}


class RateLimiter:
    """Sliding one-minute windows per client key."""

    def __init__(self, per_minute: int = PER_MINUTE, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}
        self._checked = 0

    def retry_after(self, key: str) -> int | None:
        """``None``: allowed (and counted); else the whole seconds to wait."""
        now = self.clock()
        times = self._seen.get(key)
        if times is None:
            times = self._seen[key] = deque()
        while times and now - times[0] >= WINDOW:
            times.popleft()
        self._checked += 1
        if self._checked % 1000 == 0:
            self._forget_idle(now)
        if len(times) >= self.per_minute:
            return max(1, math.ceil(WINDOW - (now - times[0])))
        times.append(now)
        return None

    def _forget_idle(self, now: float) -> None:
        for key in [key for key, times in self._seen.items() if not times or now - times[-1] >= WINDOW]:
            del self._seen[key]


def client_key(scope: Scope) -> str:
    """The client's address (the proxy's word for it when the request comes through a local proxy)."""
    client = scope.get("client")
    peer = client[0] if client else "unknown"
    if peer in _LOOPBACK:
        headers = dict(scope.get("headers") or [])
        real = headers.get(b"x-real-ip", b"").decode("latin-1").strip()
        forwarded = headers.get(b"x-forwarded-for", b"").decode("latin-1").split(",")[-1].strip()
        return real or forwarded or peer
    return str(peer)


class RateLimited:
    """ASGI middleware: the limit on every ``/t/…`` request."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith("/t/"):
            wait = self.limiter.retry_after(client_key(scope))
            if wait is not None:
                await send({"type": "http.response.start", "status": 429, "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"), (b"retry-after", str(wait).encode()),
                    (b"content-length", b"18")]})
                await send({"type": "http.response.body", "body": b"too many requests\n"})
                return
        await self.app(scope, receive, send)


__all__ = ["PER_MINUTE", "RateLimited", "RateLimiter", "client_key"]
