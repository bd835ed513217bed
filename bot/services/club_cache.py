"""The latest computed club view of the most recently asked groups.

Kept by the fingerprint of what it was made from (``storage.club.fingerprint``): a copy is used only while nothing it
depends on has changed."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any


class ClubCache:
    def __init__(self, capacity: int = 16) -> None:
        self.capacity = capacity
        self._views: OrderedDict[int, tuple[tuple[object, ...], Any]] = OrderedDict()

    def get(self, chat_id: int, fingerprint: tuple[object, ...]) -> Any:
        found = self._views.get(chat_id)
        if found is None or found[0] != fingerprint:
            return None
        self._views.move_to_end(chat_id)
        return found[1]

    def put(self, chat_id: int, fingerprint: tuple[object, ...], view: Any) -> None:
        self._views[chat_id] = (fingerprint, view)
        self._views.move_to_end(chat_id)
        while len(self._views) > self.capacity:
            self._views.popitem(last=False)
