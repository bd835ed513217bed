"""Every Bot API call except ``getUpdates`` is retried when Telegram asks to wait or the network fails.

Announcements, round postings and replies must arrive even when Telegram answers 429 (flood control:
``RetryAfter``), 502 (``NetworkError``) or not at all (``TimedOut``). :class:`RetryingRequests` is a PTB rate
limiter (the one hook PTB runs around each call) that wraps the pacing limiter, if any, and repeats a failed call
up to :data:`ATTEMPTS` times: after 0.5, 1, 2 … s for a network failure, and after ``retry_after`` for a 429
(unless the pacing limiter in front retries those itself, as PTB's ``AIORateLimiter`` does; the bot's own
``handlers.telegram.pacing.GroupPacer`` does not).
Telegram's refusals (400 ``BadRequest``, 403 ``Forbidden``, a moved chat) are final and pass straight through.

A call that timed out may have been carried out by Telegram all the same; repeating it can then post a message
twice. For the bot's messages that is the right side to err on (at least once).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from telegram.error import BadRequest, NetworkError, RetryAfter
from telegram.ext import BaseRateLimiter

log = logging.getLogger(__name__)

ATTEMPTS = 5
FIRST_BACKOFF = 0.5
LONGEST_WAIT = 60.0
"""A longer ``retry_after`` than this is not waited for: the call fails (the error handler tells the chat)."""

JSON = dict[str, Any]


class RetryingRequests(BaseRateLimiter[Any]):
    def __init__(
        self,
        pacing: BaseRateLimiter[Any] | None = None,
        *,
        attempts: int = ATTEMPTS,
        first_backoff: float = FIRST_BACKOFF,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self.pacing = pacing
        self.attempts = attempts
        self.first_backoff = first_backoff
        self.sleep = sleep
        self.retries = 0
        """Calls repeated so far (for reports and tests)."""

    def _pacing_retries(self) -> bool:
        """Whether the pacing limiter retries a 429 itself.

        PTB's ``AIORateLimiter`` does; ``GroupPacer`` leaves it here."""
        return self.pacing is not None and bool(getattr(self.pacing, "retries_flood_itself", True))

    async def initialize(self) -> None:
        if self.pacing is not None:
            await self.pacing.initialize()

    async def shutdown(self) -> None:
        if self.pacing is not None:
            await self.pacing.shutdown()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | JSON | list[JSON]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: Any,
    ) -> bool | JSON | list[JSON]:
        backoff = self.first_backoff
        for attempt in range(1, self.attempts + 1):
            try:
                if self.pacing is not None:
                    return await self.pacing.process_request(callback, args, kwargs, endpoint, data, rate_limit_args)
                return await callback(*args, **kwargs)
            except RetryAfter as error:
                # The timedelta PTB keeps (its public ``retry_after`` is an int with a deprecation warning);
                # AIORateLimiter reads it the same way.
                wait = error._retry_after.total_seconds()
                if self._pacing_retries() or attempt == self.attempts or wait > LONGEST_WAIT:
                    raise  # a pacing limiter has waited and retried already
            except BadRequest:
                raise
            except NetworkError:  # TimedOut, 502 Bad Gateway, a dropped connection
                if attempt == self.attempts:
                    raise
                wait, backoff = backoff, backoff * 2
            self.retries += 1
            log.info("%s failed (attempt %d of %d); again in %.1f s", endpoint, attempt, self.attempts, wait)
            await self.sleep(wait)
        raise AssertionError("unreachable: the last attempt returns or raises")
