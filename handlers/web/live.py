"""Pushing changes to open live pages.

One watcher per watched tournament in this process, however many pages hold it open.

A watcher asks the database for the tournament's mark (``bot.services.live_pages.page_mark``: its version, the
pages switch and the schedule, one indexed statement) every :data:`POLL_SECONDS`, and when the mark moved it
reads the page once, makes its JSON once and hands the same bytes to every subscriber. Because it reads the
database, a change made by any process — another ``serve`` worker on the same PostgreSQL database, or the chat
in this one — reaches the pages within about :data:`POLL_SECONDS`; a change made here (a result from a page)
:meth:`LiveHub.nudge`\\ s the watcher at once. A watcher ends when its last subscriber leaves; closed pages
(``/web off``) end every stream with a ``closed`` event.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from bot.presenters.live_pages import live_json
from bot.services import Services
from bot.services.live_pages import live_page, page_mark

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5
"""How often a watcher asks the database whether its tournament changed (once per tournament, not per page)."""
HEARTBEAT_SECONDS = 15.0
"""A comment line on a quiet stream, so proxies and phones keep the connection."""
CLOSED = object()
"""Put in a subscriber's queue when the pages close (or the process stops)."""


@dataclass(eq=False)
class _Watcher:
    public_id: str
    subscribers: set[asyncio.Queue[object]] = field(default_factory=set)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    latest: bytes | None = None


class LiveHub:
    """The watchers of this process (see the module docstring)."""

    def __init__(self, services: Services, *, poll_seconds: float = POLL_SECONDS) -> None:
        self.services = services
        self.poll_seconds = poll_seconds
        self._watchers: dict[str, _Watcher] = {}
        self.closed = False

    @property
    def open_streams(self) -> int:
        return sum(len(watcher.subscribers) for watcher in self._watchers.values())

    def nudge(self, public_id: str) -> None:
        """Look at this tournament now (a change was just made in this process)."""
        watcher = self._watchers.get(public_id)
        if watcher is not None:
            watcher.wake.set()

    def close(self) -> None:
        """End every stream (the process is stopping)."""
        self.closed = True
        for watcher in list(self._watchers.values()):
            for queue in watcher.subscribers:
                queue.put_nowait(CLOSED)
            if watcher.task is not None:
                watcher.task.cancel()
        self._watchers.clear()

    async def updates(self, public_id: str, first: bytes) -> AsyncIterator[bytes | None]:
        """The JSON of every change of the tournament's page, starting after ``first`` (the page as already sent).

        ``None`` now and then while nothing changes (a heartbeat); ends when the pages close."""
        if self.closed:
            return
        queue: asyncio.Queue[object] = asyncio.Queue()
        watcher = self._watchers.get(public_id)
        if watcher is None:
            watcher = self._watchers[public_id] = _Watcher(public_id, latest=first)
            watcher.task = asyncio.create_task(self._watch(watcher))
        watcher.subscribers.add(queue)
        if watcher.latest is not None and watcher.latest != first:
            queue.put_nowait(watcher.latest)
        try:
            while True:
                try:
                    item = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    yield None
                    continue
                if item is CLOSED:
                    return
                assert isinstance(item, bytes)
                yield item
        finally:
            watcher.subscribers.discard(queue)
            if not watcher.subscribers and self._watchers.get(public_id) is watcher:
                del self._watchers[public_id]
                if watcher.task is not None:
                    watcher.task.cancel()

    async def _watch(self, watcher: _Watcher) -> None:
        try:
            page = await live_page(self.services, watcher.public_id)
            if page is None:
                for queue in watcher.subscribers:
                    queue.put_nowait(CLOSED)
                return
            mark = page.mark
            while True:  # cancelled when the last page leaves
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(watcher.wake.wait(), self.poll_seconds)
                watcher.wake.clear()
                try:
                    now = await page_mark(self.services, watcher.public_id)
                except Exception:  # the database is away for a moment: ask again at the next tick
                    log.warning("live page %s: cannot read its mark", watcher.public_id[:6], exc_info=True)
                    continue
                if now is None:
                    for queue in watcher.subscribers:
                        queue.put_nowait(CLOSED)
                    return
                if now == mark:
                    continue
                page = await live_page(self.services, watcher.public_id)
                if page is None:
                    continue
                mark = page.mark
                data = json_bytes(live_json(page))
                if data == watcher.latest:
                    continue
                watcher.latest = data
                for queue in watcher.subscribers:
                    # A slow page keeps only the newest state: older ones are worth nothing to it.
                    while not queue.empty():
                        queue.get_nowait()
                    queue.put_nowait(data)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("live page %s: the watcher stopped", watcher.public_id[:6])
            for queue in watcher.subscribers:
                queue.put_nowait(CLOSED)


def json_bytes(data: object) -> bytes:
    """The JSON as served (UTF-8, compact, Chinese as is)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


__all__ = ["HEARTBEAT_SECONDS", "POLL_SECONDS", "LiveHub", "json_bytes"]
