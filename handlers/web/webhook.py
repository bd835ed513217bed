"""``POST /telegram``: Telegram's webhook on a ``serve`` worker.

Telegram POSTs each update as one JSON object with the header ``X-Telegram-Bot-Api-Secret-Token`` (the secret
given to ``setWebhook``):

- 401, before the body is read, when the secret header is missing or differs (compared in constant time);
- 413 when the body is larger than ``max_body`` (said by ``Content-Length``, or found while reading), and the
  connection is closed (a body left unread cannot be skipped safely);
- 408 when the body does not arrive within :data:`BODY_TIMEOUT`;
- 400 when it is not a JSON object with an integer ``update_id`` (nested too deep to read included);
- otherwise the status the update handler returns: 200 once the update is recorded (applied, or known as applied
  before), 500 when handling failed before that — Telegram then delivers it again, maybe to another worker.

Another method on ``/telegram`` is 405 with ``Allow: POST``. Answers carry no body Telegram would read: replies go
out through the Bot API.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from handlers.web.app import Site

log = logging.getLogger(__name__)

SECRET_HEADER = "x-telegram-bot-api-secret-token"
MAX_BODY = 1024 * 1024
"""Bytes an update may have (Telegram's are a few KB; a long message with entities stays far below)."""
BODY_TIMEOUT = 30.0
"""Seconds a request body may take to arrive in full once its head is in."""

UpdateHandler = Callable[[dict[str, Any]], Awaitable[int]]
"""Handles one update (the decoded JSON object); the HTTP status to answer: 200 recorded, 500 failed before."""


class TooLarge(Exception):
    """The body grew past the limit (the rest is not read)."""


async def read_body(request: Request, limit: int, timeout: float = BODY_TIMEOUT) -> bytes:
    """The request's body: :class:`TooLarge` past ``limit`` bytes, ``TimeoutError`` after ``timeout`` seconds."""
    chunks: list[bytes] = []
    size = 0
    async with asyncio.timeout(timeout):
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise TooLarge()
            chunks.append(chunk)
    return b"".join(chunks)


def webhook_route(site: Site, handle: UpdateHandler, secret: str, *, max_body: int = MAX_BODY) -> Route:
    """The route of ``POST /telegram`` handing each update to ``handle``."""
    if not secret:
        raise ValueError("a webhook needs a secret")
    expected = secret.encode()
    closing = {"connection": "close"}

    async def endpoint(request: Request) -> Response:
        given = request.headers.get(SECRET_HEADER, "").encode("latin-1")
        if not hmac.compare_digest(given, expected):
            log.warning("webhook request without the right secret refused (401)")
            return site.plain(401, "unauthorized\n", closing)
        length = request.headers.get("content-length", "")
        if length.isdigit() and int(length) > max_body:
            return site.plain(413, "too large\n", closing)
        try:
            body = await read_body(request, max_body)
        except TooLarge:
            return site.plain(413, "too large\n", closing)
        except TimeoutError:
            return site.plain(408, "too slow\n", closing)
        update = decoded_update(body)
        if update is None:
            return site.plain(400, "not an update\n")
        try:
            status = await handle(update)
        except Exception:
            log.exception("update %s: handling failed", update.get("update_id"))
            status = 500
        return site.plain(status, "")

    return Route("/telegram", endpoint, methods=["POST"])


def decoded_update(body: bytes) -> dict[str, Any] | None:
    """The update in a request body.

    A JSON object with an integer ``update_id``, else ``None`` (also for JSON nested deeper than Python's parser goes).
    """
    try:
        update = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(update, dict):
        return None
    update_id = update.get("update_id")
    if not isinstance(update_id, int) or isinstance(update_id, bool):
        return None
    return update


__all__ = ["BODY_TIMEOUT", "MAX_BODY", "SECRET_HEADER", "UpdateHandler", "decoded_update", "read_body",
           "webhook_route"]
