"""Confirming updates to Telegram only after they were handled, so a crash loses none.

Telegram re-delivers every update whose id the bot has not confirmed; a ``getUpdates`` call with ``offset=N``
confirms all ids below N. PTB's polling loop asks again (confirming the batch) as soon as it has queued a batch,
long before the handlers ran: a bot killed a moment later loses the whole batch. Here the next ``getUpdates``
waits until every update it would confirm has been handled (by the :class:`DeliveryLedger`, filled by
:class:`ConfirmAfterHandling` around the ``getUpdates`` request and emptied as soon as an update is recorded in
the database with its change — ``storage.updates``, whose claim calls :meth:`DeliveryLedger.handled` — or, at
the latest, by :class:`LedgerUpdateProcessor` when PTB finishes it). An answer still being retried after its
change was committed therefore does not hold polling up. The wait is at most :data:`CONFIRM_WAIT_LIMIT`: one
update stuck must not stop the bot from fetching, and past the limit it is confirmed anyway (a crash in that
window would drop it).

Handling twice is harmless: ``storage.updates`` records each applied update in the transaction of its change.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable
from typing import Any

import orjson
from telegram._utils.defaultvalue import DEFAULT_NONE
from telegram._utils.types import JSONDict, ODVInput
from telegram.error import TelegramError
from telegram.ext import BaseUpdateProcessor
from telegram.request import BaseRequest, RequestData

log = logging.getLogger(__name__)

CONFIRM_WAIT_LIMIT = 10.0
"""Seconds the next ``getUpdates`` waits for the updates it would confirm to be handled."""


class DeliveryLedger:
    """The updates fetched and not yet handled. One per application; used from its event loop only."""

    def __init__(self, wait_limit: float = CONFIRM_WAIT_LIMIT) -> None:
        self.wait_limit = wait_limit
        self._open: set[int] = set()
        self._given_up: set[int] = set()
        self._changed: asyncio.Event | None = None

    @property
    def open_updates(self) -> frozenset[int]:
        return frozenset(self._open)

    def fetched(self, update_ids: list[int]) -> None:
        self._open.update(update_ids)

    def handled(self, update_id: int) -> None:
        self._open.discard(update_id)
        self._given_up.discard(update_id)
        if self._changed is not None:
            self._changed.set()

    async def wait_until_handled(self, below: int) -> bool:
        """Wait until every fetched update with an id below ``below`` was handled.

        ``False`` if the wait limit passed first (those updates are then not waited for again)."""
        waiting = {update_id for update_id in self._open if update_id < below and update_id not in self._given_up}
        if not waiting:
            return True
        if self._changed is None:
            self._changed = asyncio.Event()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.wait_limit
        while waiting & self._open:
            remaining = deadline - loop.time()
            if remaining <= 0:
                stuck = waiting & self._open
                self._given_up |= stuck
                log.warning("confirming updates %s before they were handled (still busy after %.0f s)",
                            sorted(stuck), self.wait_limit)
                return False
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)
        return True


def update_ids_in(body: bytes | dict[str, Any]) -> list[int]:
    """The update ids of a ``getUpdates`` answer, its bytes or parsed (none if it is not a successful one)."""
    if isinstance(body, dict):
        answer: Any = body
    else:
        try:
            answer = orjson.loads(body)
        except orjson.JSONDecodeError:
            try:
                answer = json.loads(body)
            except ValueError:
                return []
    if not isinstance(answer, dict) or not answer.get("ok") or not isinstance(answer.get("result"), list):
        return []
    return [int(update["update_id"]) for update in answer["result"] if isinstance(update, dict)
            and isinstance(update.get("update_id"), int)]


class ConfirmAfterHandling(BaseRequest):
    """The ``getUpdates`` request: waits for the ledger before asking (asking confirms), and enters what it fetched.

    Every other call passes straight through to ``inner``."""

    def __init__(self, inner: BaseRequest, ledger: DeliveryLedger) -> None:
        self.inner = inner
        self.ledger = ledger
        self._parsed: tuple[bytes, JSONDict] | None = None
        """The last ``getUpdates`` answer as parsed for the ledger: PTB parses the same bytes next."""

    @property
    def read_timeout(self) -> float | None:
        return self.inner.read_timeout

    async def initialize(self) -> None:
        await self.inner.initialize()

    async def shutdown(self) -> None:
        await self.inner.shutdown()

    def parse_json_payload(self, payload: bytes) -> JSONDict:  # type: ignore[override]
        """The inner client's parser: PTB parses the answer on this wrapper.

        A ``getUpdates`` answer the ledger parsed already is not parsed twice."""
        parsed, self._parsed = self._parsed, None
        if parsed is not None and parsed[0] is payload:
            return parsed[1]
        return self.inner.parse_json_payload(payload)

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = DEFAULT_NONE,
        write_timeout: ODVInput[float] = DEFAULT_NONE,
        connect_timeout: ODVInput[float] = DEFAULT_NONE,
        pool_timeout: ODVInput[float] = DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        polling = url.rsplit("/", 1)[-1] == "getUpdates"
        if polling and request_data is not None:
            offset = request_data.parameters.get("offset")
            if isinstance(offset, int) and offset > 0:
                await self.ledger.wait_until_handled(offset)
        status, body = await self.inner.do_request(
            url, method, request_data, read_timeout=read_timeout, write_timeout=write_timeout,
            connect_timeout=connect_timeout, pool_timeout=pool_timeout,
        )
        if polling and status == 200:
            try:
                answer = self.inner.parse_json_payload(body)
            except TelegramError:  # not JSON: PTB reports it when it parses the answer
                self.ledger.fetched([])
            else:
                self._parsed = (body, answer)
                self.ledger.fetched(update_ids_in(answer))
        return status, body


class LedgerUpdateProcessor(BaseUpdateProcessor):
    """PTB's concurrent update processing that tells the ledger when each update is done.

    At most ``max_concurrent_updates`` at once; the ledger hears of each update however it ended."""

    def __init__(self, max_concurrent_updates: int, ledger: DeliveryLedger) -> None:
        super().__init__(max_concurrent_updates)
        self.ledger = ledger

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        try:
            await coroutine
        finally:
            update_id = getattr(update, "update_id", None)
            if isinstance(update_id, int):
                self.ledger.handled(update_id)

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass
