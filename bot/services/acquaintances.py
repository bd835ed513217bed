"""What this process last wrote about each chat and user, so that an update from people already known costs no write.

Their row is refreshed only when something shown changed or the row is an hour old.

Only the intake writes these rows (``storage.chats.remember_chat``, ``storage.users.remember_user``), so the
memory stays true within one process. It answers nothing itself (the rows are read from the database); with several
workers on one database a row may keep a value for up to ``REFRESH_AFTER`` in one case, said in
``bot.services.caches``. A username is unique: when someone takes a
username over, whoever had it before is forgotten here as their row loses it there.
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime, timedelta

from bot.services.caller import Caller, ChatUser

REFRESH_AFTER = timedelta(hours=1)
CAPACITY = 100_000


class Acquaintances:
    def __init__(self, refresh_after: timedelta = REFRESH_AFTER, capacity: int = CAPACITY) -> None:
        self.refresh_after = refresh_after
        self.capacity = capacity
        self._chats: OrderedDict[int, tuple[str, str | None, datetime]] = OrderedDict()
        self._users: OrderedDict[int, tuple[ChatUser, datetime]] = OrderedDict()
        self._by_username: dict[str, int] = {}

    def knows_chat(self, caller: Caller, at: datetime) -> bool:
        known = self._chats.get(caller.chat_id)
        return known is not None and known[:2] == (caller.chat_kind.value, caller.chat_title) and (
            at - known[2] < self.refresh_after)

    def knows(self, person: ChatUser, at: datetime) -> bool:
        known = self._users.get(person.user_id)
        return known is not None and known[0] == person and at - known[1] < self.refresh_after

    def wrote_chat(self, caller: Caller, at: datetime) -> None:
        self._chats[caller.chat_id] = (caller.chat_kind.value, caller.chat_title, at)
        self._chats.move_to_end(caller.chat_id)
        while len(self._chats) > self.capacity:
            self._chats.popitem(last=False)

    def wrote(self, person: ChatUser, at: datetime) -> None:
        if person.username:
            previous = self._by_username.get(person.username.lower())
            if previous is not None and previous != person.user_id:
                self._users.pop(previous, None)  # their row just lost the username
            self._by_username[person.username.lower()] = person.user_id
        self._users[person.user_id] = (person, at)
        self._users.move_to_end(person.user_id)
        while len(self._users) > self.capacity:
            _, (dropped, _) = self._users.popitem(last=False)
            if dropped.username and self._by_username.get(dropped.username.lower()) == dropped.user_id:
                del self._by_username[dropped.username.lower()]

    def forget_chat(self, chat_id: int) -> None:
        self._chats.pop(chat_id, None)
