"""A fake Telegram that timestamps each update's first delivery and the bot's first reply to it.

The load benchmark measures latency as Telegram would see it: from the ``getUpdates`` response that carried an
update to the first message the bot sends quoting that update's message. Group replies quote the command
(``reply_parameters.message_id``); a reply in a private chat, which does not quote, counts for the oldest
unanswered update of that chat.

Every method runs on the server's event loop; :meth:`TimedTelegram.wait_for_replies` is the one call meant for
another thread.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from tests.support.telegram import FakeTelegram

REPLY_METHODS = frozenset({"sendMessage", "sendDocument", "sendPhoto", "sendMediaGroup"})


class TimedTelegram(FakeTelegram):
    def __init__(self, *, now_seconds: Callable[[], float] = time.perf_counter, **options: Any) -> None:
        super().__init__(**options)
        self.now_seconds = now_seconds
        self.delivered_at: dict[int, float] = {}
        """Update id → when a ``getUpdates`` answer first carried it."""
        self.replied_at: dict[int, float] = {}
        """Update id → when the bot's first reply to it arrived."""
        self.first_poll_at: float | None = None
        self.last_message_at: dict[int, float] = {}
        """Chat id → when the bot's latest message (of any kind) to it arrived."""
        self._by_message: dict[tuple[int, int], int] = {}
        self._unanswered_private: dict[int, deque[int]] = {}
        self._replies_changed = threading.Condition()
        self._awaited: set[int] = set()

    def enqueue_update(self, update: Mapping[str, Any]) -> int:
        update_id = super().enqueue_update(update)
        message = update.get("message")
        if isinstance(message, Mapping):
            chat_id, message_id = int(message["chat"]["id"]), int(message["message_id"])
            self._by_message[(chat_id, message_id)] = update_id
            if chat_id > 0:
                self._unanswered_private.setdefault(chat_id, deque()).append(update_id)
        return update_id

    def pending_updates(self, offset: int | None, limit: int = 100) -> list[dict[str, Any]]:
        now = self.now_seconds()
        if self.first_poll_at is None:
            self.first_poll_at = now
        pending = super().pending_updates(offset, limit)
        for update in pending:
            self.delivered_at.setdefault(int(update["update_id"]), now)
        return pending

    def answer(
        self, method: str, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]] | None = None
    ) -> tuple[int, bytes]:
        status, body = super().answer(method, params, files)
        if status == 200 and method in REPLY_METHODS:
            now = self.now_seconds()
            self.last_message_at[int(params["chat_id"])] = now
            update_id = self._answered_update(params)
            if update_id is not None and update_id not in self.replied_at:
                with self._replies_changed:
                    self.replied_at[update_id] = now
                    self._awaited.discard(update_id)
                    if not self._awaited:
                        self._replies_changed.notify_all()
        return status, body

    def _answered_update(self, params: Mapping[str, Any]) -> int | None:
        chat_id = int(params["chat_id"])
        quoted = params.get("reply_parameters")
        if isinstance(quoted, Mapping) and "message_id" in quoted:
            return self._by_message.get((chat_id, int(quoted["message_id"])))
        waiting = self._unanswered_private.get(chat_id)
        while waiting:
            update_id = waiting.popleft()
            if update_id not in self.replied_at:
                return update_id
        return None

    def latencies(self, update_ids: list[int]) -> list[float]:
        """Seconds from delivery to reply of each of ``update_ids`` that was answered."""
        return [
            self.replied_at[update_id] - self.delivered_at[update_id]
            for update_id in update_ids
            if update_id in self.replied_at and update_id in self.delivered_at
        ]

    def wait_for_replies(self, update_ids: list[int], deadline: float) -> int:
        """Block (another thread) until every one of ``update_ids`` got a reply or ``deadline`` (on
        :attr:`now_seconds`'s clock) passed; how many are still unanswered."""
        with self._replies_changed:
            self._awaited = set(update_ids) - self.replied_at.keys()
            while self._awaited:
                remaining = deadline - self.now_seconds()
                if remaining <= 0:
                    break
                self._replies_changed.wait(min(remaining, 0.5))
            missing = len(self._awaited)
            self._awaited = set()
            return missing
