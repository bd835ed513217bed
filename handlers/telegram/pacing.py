"""Pacing the bot's messages within Telegram's limits, so that a group never sees a 429.

What Telegram says (Bot FAQ, "My bot is hitting limits"), and what its developers added in its trackers:

- in one group a bot may send **20 messages a minute**; overall about **30 messages a second**; beyond them the
  Bot API answers 429 with ``retry_after`` and the group waits;
- **edits share the per-chat limit with sends** (a TDLib maintainer, tdlib/td#2592: "the limits for message editing
  are the same as for message sending … They share the limit"; grammY's flood-control page repeats it), so an
  edit is counted like a message here;
- ``answerCallbackQuery`` is not limited (tdlib/telegram-bot-api#648); Telegram documents no limit for
  ``setMessageReaction``, and a reaction is not a message: reactions count only toward the overall 30 a second.
  That is undocumented, so reactions are best effort (``handlers.telegram.quiet`` never relies on one alone to
  carry information).

PTB's ``AIORateLimiter`` is a leaky bucket: it lets a burst of 20 through and then one every 3 s, which a rolling
60-second count refuses (429) at the 21st. :class:`GroupPacer` instead reserves, for every message or edit of a
group, a slot in a rolling window of :data:`WINDOW` seconds holding at most :data:`GROUP_LIMIT` of them; a call
waits for its slot. While a plain text message waits, later plain texts to the same chat join it (one message,
texts one under the other, up to Telegram's 4,096 characters) instead of reserving slots of their own; every
joined call gets the merged message back. Likewise a waiting edit of a message is replaced by a later edit of the
same message (only the newest state is shown). Calls to private chats are paced by the overall limit only.

Where the slots are kept is pluggable (:class:`SendBudget`): :class:`LocalSendBudget` in this process (the default;
one bot process, as with SQLite), or ``storage.telegram_sends.StoredSendBudget`` in the PostgreSQL database that
several worker processes of one bot share (Telegram counts per bot, not per process). The overall 30 a second is
kept per process (:class:`LocalSendBudget` always): with N workers, give each ``global_limit=30 // N``.

The window is a little longer than Telegram's 60 s (:data:`WINDOW`): a message reaches Telegram a little after its
slot, and two of them 59.9 s apart would be 21 in Telegram's minute.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Protocol

from telegram.ext import BaseRateLimiter

log = logging.getLogger(__name__)

GROUP_LIMIT = 20
"""Messages (and edits) in one group per window."""
WINDOW = 61.0
"""Seconds of the rolling window: Telegram's minute and a second of slack for the way to Telegram."""
GLOBAL_LIMIT = 30
"""Calls that send or edit, to any chat, per second (per process)."""
MESSAGE_LIMIT = 4096

JSON = dict[str, Any]

SENDING = frozenset({
    "sendMessage", "sendDocument", "sendPhoto", "sendAnimation", "sendAudio", "sendVideo", "sendVoice",
    "sendSticker", "sendLocation", "sendPoll", "sendDice", "sendContact", "sendVenue", "sendVideoNote",
    "copyMessage", "forwardMessage",
})
EDITING = frozenset({"editMessageText", "editMessageCaption", "editMessageReplyMarkup", "editMessageMedia"})
UNCOUNTED_BUT_PACED = frozenset({"setMessageReaction"})
"""Not a message (see the module): only the overall per-second limit applies."""


def group_messages(endpoint: str, data: dict[str, Any]) -> int:
    """How many messages of a group's budget a call takes.

    One for a message or an edit in a group, one per item of an album; nothing in a private chat or for calls that post
    nothing."""
    chat_id = data.get("chat_id")
    if not isinstance(chat_id, int) or chat_id > 0:
        return 0
    if endpoint == "sendMediaGroup":
        media = data.get("media")
        return len(media) if isinstance(media, list | tuple) else 1
    return 1 if endpoint in SENDING or endpoint in EDITING else 0


def is_outgoing(endpoint: str) -> bool:
    return endpoint in SENDING or endpoint in EDITING or endpoint in UNCOUNTED_BUT_PACED or \
        endpoint == "sendMediaGroup"


class SendBudget(Protocol):
    """Where the group slots are kept."""

    async def reserve(self, chat_id: int, messages: int, now: float) -> float:
        """Reserve ``messages`` slots for ``chat_id`` at the earliest time within the limit; that time.

        The time is ≥ ``now``, in seconds since the epoch, and keeps every rolling window within the limit."""

    async def earliest(self, chat_id: int, messages: int, now: float) -> float:
        """When ``messages`` could go, without reserving anything."""


def earliest_slot(slots: list[tuple[float, int]], messages: int, now: float, *, limit: int = GROUP_LIMIT,
                  window: float = WINDOW) -> float:
    """The earliest time that keeps every window within ``limit`` with ``messages`` more.

    The time is ≥ ``now`` and ≥ the last reserved slot; ``slots``: (time, messages) in time order. Reservations only
    ever append, so checking the window that ends at each new slot keeps every window within the limit."""
    start = max(now, slots[-1][0] if slots else now)
    if messages > limit:
        messages = limit  # an album larger than the limit still goes, alone in its window
    taken = 0
    # Walk back from the newest: the slot whose leaving frees enough room fixes the start.
    for at, count in reversed(slots):
        taken += count
        if taken + messages > limit:
            return max(start, at + window)
    return start


class LocalSendBudget:
    """Group slots in this process's memory (the default)."""

    def __init__(self, *, limit: int = GROUP_LIMIT, window: float = WINDOW) -> None:
        self.limit = limit
        self.window = window
        self._slots: dict[int, deque[tuple[float, int]]] = {}

    async def reserve(self, chat_id: int, messages: int, now: float) -> float:
        slots = self._slots.setdefault(chat_id, deque())
        while slots and slots[0][0] <= now - self.window:
            slots.popleft()
        at = earliest_slot(list(slots), messages, now, limit=self.limit, window=self.window)
        slots.append((at, messages))
        return at

    async def earliest(self, chat_id: int, messages: int, now: float) -> float:
        slots = [slot for slot in self._slots.get(chat_id, ()) if slot[0] > now - self.window]
        return earliest_slot(slots, messages, now, limit=self.limit, window=self.window)


class PerSecond:
    """At most ``limit`` starts in any second, in this process (FIFO by reservation)."""

    def __init__(self, limit: int = GLOBAL_LIMIT) -> None:
        self.limit = limit
        self._starts: list[float] = []

    def reserve(self, now: float) -> float:
        self._starts = [at for at in self._starts if at > now - 1.0]
        at = max(now, self._starts[-1] if self._starts else now)
        if len(self._starts) >= self.limit:
            at = max(at, self._starts[-self.limit] + 1.0)
        bisect.insort(self._starts, at)
        return at


@dataclass(slots=True)
class _Pot:
    """Plain texts for one chat waiting for the slot of the first of them."""

    texts: list[str]
    parse_mode: object
    size: int
    sent: bool = False
    result: asyncio.Future[Any] | None = field(default=None)


def _text_size(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _mergeable(endpoint: str, data: dict[str, Any]) -> bool:
    """A plain text message: no buttons (each press needs its own message), no thread, not silent."""
    return (endpoint == "sendMessage" and isinstance(data.get("text"), str) and not data.get("reply_markup")
            and not data.get("message_thread_id") and not data.get("disable_notification")
            and not data.get("business_connection_id"))


class GroupPacer(BaseRateLimiter[Any]):
    """A PTB rate limiter keeping each group and the process within Telegram's limits.

    Each group within :data:`GROUP_LIMIT` messages per :data:`WINDOW` seconds, the process within :data:`GLOBAL_LIMIT`
    sends a second; waiting plain texts and waiting edits of one message are merged (see the module).

    ``now`` (seconds since the epoch; a shared budget compares times across processes) and ``sleep`` are injected:
    tests drive both from a manual clock. A 429 is not retried here: ``handlers.telegram.sending`` does that.
    """

    retries_flood_itself = False

    def __init__(
        self,
        budget: SendBudget | None = None,
        *,
        global_limit: int = GLOBAL_LIMIT,
        now: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
        merge: bool = True,
    ) -> None:
        self.budget: SendBudget = budget or LocalSendBudget()
        self.per_second = PerSecond(global_limit)
        self.now = now
        self.sleep = sleep
        self.merge = merge
        self._pots: dict[int, _Pot] = {}
        self._edits: dict[tuple[int, int, str], tuple[dict[str, Any], asyncio.Future[Any]]] = {}
        self.merged = 0
        """Calls that joined another's message (for reports and tests)."""
        self.waited = 0.0
        """Seconds calls spent waiting for their slots, summed."""

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def has_room(self, chat_id: int) -> bool:
        """Whether a message to ``chat_id`` would go now, without waiting for the group's budget.

        A courtesy that may be left out when the group is busy: ``handlers.telegram.quiet``'s pointers."""
        now = self.now()
        return chat_id > 0 or await self.budget.earliest(chat_id, 1, now) <= now

    async def _wait_until(self, at: float) -> None:
        delay = at - self.now()
        if delay > 0:
            self.waited += delay
            await self.sleep(delay)

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | JSON | list[JSON]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: Any,
    ) -> bool | JSON | list[JSON]:
        if not is_outgoing(endpoint):
            return await callback(*args, **kwargs)
        messages = group_messages(endpoint, data)
        if messages == 0:
            await self._wait_until(self.per_second.reserve(self.now()))
            return await callback(*args, **kwargs)
        chat_id = int(data["chat_id"])
        if self.merge and endpoint in EDITING and isinstance(data.get("message_id"), int):
            return await self._edit(chat_id, messages, callback, args, kwargs, endpoint, data)
        mergeable = self.merge and _mergeable(endpoint, data)
        if mergeable:
            joined = self._join(chat_id, data)
            if joined is not None:
                self.merged += 1
                merged: bool | JSON | list[JSON] = await joined
                return merged
        at = await self.budget.reserve(chat_id, messages, self.now())
        if mergeable and at > self.now():
            return await self._lead(chat_id, at, callback, args, kwargs, data)
        await self._wait_until(at)
        await self._wait_until(self.per_second.reserve(self.now()))
        return await callback(*args, **kwargs)

    async def _edit(
        self, chat_id: int, messages: int,
        callback: Callable[..., Coroutine[Any, Any, bool | JSON | list[JSON]]],
        args: Any, kwargs: dict[str, Any], endpoint: str, data: dict[str, Any],
    ) -> bool | JSON | list[JSON]:
        """An edit waits for its slot like a message.

        A later edit of the same message made meanwhile replaces it (the message shows the newest state either way) and
        both calls get the one result."""
        key = (chat_id, int(data["message_id"]), endpoint)
        waiting = self._edits.get(key)
        if waiting is not None:
            waiting[0].clear()
            waiting[0].update(data)
            self.merged += 1
            replaced: bool | JSON | list[JSON] = await waiting[1]
            return replaced
        at = await self.budget.reserve(chat_id, messages, self.now())
        if at <= self.now():
            await self._wait_until(self.per_second.reserve(self.now()))
            return await callback(*args, **kwargs)
        result: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._edits[key] = (data, result)
        try:
            await self._wait_until(at)
            await self._wait_until(self.per_second.reserve(self.now()))
        finally:
            del self._edits[key]
        try:
            answer = await callback(*args, **kwargs)
        except BaseException as error:
            result.set_exception(error)
            result.exception()
            raise
        result.set_result(answer)
        return answer

    def _join(self, chat_id: int, data: dict[str, Any]) -> asyncio.Future[Any] | None:
        pot = self._pots.get(chat_id)
        text = str(data["text"])
        if pot is None or pot.sent or pot.result is None or pot.parse_mode != data.get("parse_mode"):
            return None
        size = _text_size(text) + 2
        if pot.size + size > MESSAGE_LIMIT:
            return None
        pot.texts.append(text)
        pot.size += size
        return pot.result

    async def _lead(
        self, chat_id: int, at: float,
        callback: Callable[..., Coroutine[Any, Any, bool | JSON | list[JSON]]],
        args: Any, kwargs: dict[str, Any], data: dict[str, Any],
    ) -> bool | JSON | list[JSON]:
        text = str(data["text"])
        pot = _Pot([text], data.get("parse_mode"), _text_size(text),
                   result=asyncio.get_running_loop().create_future())
        self._pots[chat_id] = pot
        try:
            await self._wait_until(at)
            await self._wait_until(self.per_second.reserve(self.now()))
        finally:
            pot.sent = True
            if self._pots.get(chat_id) is pot:
                del self._pots[chat_id]
        if len(pot.texts) > 1:
            # The texts one under the other, a blank line between: what each call would have said, in order.
            data["text"] = "\n\n".join(pot.texts)
            log.debug("chat %s: %d waiting messages sent as one", chat_id, len(pot.texts))
        assert pot.result is not None
        try:
            result = await callback(*args, **kwargs)
        except BaseException as error:
            if not pot.result.done():
                pot.result.set_exception(error)
                pot.result.exception()  # retrieved: a lone leader's failure is raised below, not logged twice
            raise
        if not pot.result.done():
            pot.result.set_result(result)
        return result

