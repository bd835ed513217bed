"""Builders for the updates Telegram sends: people, chats, messages, commands, replies, button presses.

The builders return the Bot API's JSON (dicts), ready for ``getUpdates`` of a fake server; :func:`to_update` turns
one into a ``telegram.Update`` bound to a bot, so reply shortcuts work under ``Application.process_update``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from telegram import Bot, Update

from tests.support.telegram import ANONYMOUS_ADMIN_ID

JSON = dict[str, Any]


def utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def to_update(data: Mapping[str, Any], bot: Bot) -> Update:
    update = Update.de_json(dict(data), bot)
    if update is None:
        raise ValueError("not an update")
    return update


_COMMAND = re.compile(r"/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{1,32})?")


def command_entity_text(text: str) -> str:
    """What Telegram marks as the ``bot_command`` at the start of ``text``: ``/`` and a name of letters, digits and
    ``_`` (with ``@bot``), ended by anything that cannot continue a word — ``/signup。`` marks ``/signup``, while
    ``/signup女`` and ``／signup`` (a full-width slash) are no command at all."""
    found = _COMMAND.match(text)
    if found is None:
        return ""
    rest = text[found.end():]
    if rest and (rest[0].isalnum() or rest[0] in "_/#@"):
        return ""
    return found.group()


_MENTION = re.compile(r"(?<![A-Za-z0-9_@])@[A-Za-z0-9_]{5,32}(?![A-Za-z0-9_])")


def mention_entities(text: str) -> list[JSON]:
    """The ``mention`` entities Telegram adds to a text: one per ``@username`` (5–32 letters, digits, ``_``)."""
    # A command's own "@bot" suffix belongs to its bot_command entity.
    start = len(text.split(maxsplit=1)[0]) if text.startswith("/") else 0
    return [
        {"type": "mention", "offset": utf16_length(text[:match.start()]), "length": utf16_length(match.group())}
        for match in _MENTION.finditer(text, start)
    ]


@dataclass(frozen=True, slots=True)
class FakeUser:
    """A Telegram user for building updates."""

    user_id: int
    first_name: str
    username: str | None = None
    language_code: str | None = "zh"
    last_name: str | None = None
    is_bot: bool = False
    """A bot account (Telegram never delivers another bot's messages or presses: a forged update)."""

    def to_json(self) -> JSON:
        data: JSON = {"id": self.user_id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            data["last_name"] = self.last_name
        if self.username:
            data["username"] = self.username
        if self.language_code:
            data["language_code"] = self.language_code
        return data


def private_chat(person: FakeUser) -> JSON:
    return {"id": person.user_id, "type": "private", "first_name": person.first_name}


def group_chat(chat_id: int = -4_000_001, title: str = "掼蛋俱乐部") -> JSON:
    return {"id": chat_id, "type": "group", "title": title}


def supergroup_chat(chat_id: int = -1_002_000_000_001, title: str = "掼蛋俱乐部") -> JSON:
    return {"id": chat_id, "type": "supergroup", "title": title}


ANONYMOUS_ADMIN = {"id": ANONYMOUS_ADMIN_ID, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}


class UpdateFactory:
    """Numbers updates and messages like Telegram does; every builder returns the update's JSON."""

    def __init__(self, *, first_update_id: int = 1, date: int = 1_760_000_000) -> None:
        self._update_ids = itertools.count(first_update_id)
        self._message_ids = itertools.count(1)
        self.date = date

    def _update(self, **content: Any) -> JSON:
        return {"update_id": next(self._update_ids), **content}

    def message_json(
        self,
        chat: Mapping[str, Any],
        sender: FakeUser | None,
        text: str,
        *,
        reply_to: Mapping[str, Any] | None = None,
        sender_chat: Mapping[str, Any] | None = None,
        entities: list[JSON] | None = None,
    ) -> JSON:
        """A message; text starting with ``/`` carries a ``bot_command`` entity at offset 0, and every ``@username``
        a ``mention`` entity (unless ``entities`` are given), as Telegram sends."""
        message: JSON = {"message_id": next(self._message_ids), "date": self.date, "chat": dict(chat), "text": text}
        if sender_chat is not None:
            message["sender_chat"] = dict(sender_chat)
            message["from"] = ANONYMOUS_ADMIN if sender_chat.get("id") == chat.get("id") else {
                "id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}
        elif sender is not None:
            message["from"] = sender.to_json()
        found = list(entities) if entities is not None else mention_entities(text)
        command = command_entity_text(text)
        if command:
            found.insert(0, {"type": "bot_command", "offset": 0, "length": utf16_length(command)})
        if found:
            message["entities"] = found
        if reply_to is not None:
            message["reply_to_message"] = dict(reply_to)
        return message

    def message(self, chat: Mapping[str, Any], sender: FakeUser | None, text: str, **options: Any) -> JSON:
        """An update carrying a new message (see :meth:`message_json` for the options)."""
        return self._update(message=self.message_json(chat, sender, text, **options))

    def document(
        self, chat: Mapping[str, Any], sender: FakeUser | None, document: Mapping[str, Any], caption: str = "",
        **options: Any,
    ) -> JSON:
        """A message carrying a file (``document``: from ``FakeTelegram.upload``) with an optional caption; a
        caption starting with ``/`` carries a ``bot_command`` caption entity, as Telegram sends."""
        message = self.message_json(chat, sender, caption, **options)
        del message["text"]
        entities = message.pop("entities", None)
        message["document"] = dict(document)
        if caption:
            message["caption"] = caption
            if entities:
                message["caption_entities"] = entities
        return self._update(message=message)

    def mention(self, chat: Mapping[str, Any], sender: FakeUser, bot_username: str, question: str) -> JSON:
        """``@bot question`` with its ``mention`` entity."""
        text = f"@{bot_username} {question}"
        entity = {"type": "mention", "offset": 0, "length": utf16_length(bot_username) + 1}
        return self.message(chat, sender, text, entities=[entity])

    def bot_message_json(self, chat: Mapping[str, Any], bot_user: Mapping[str, Any], text: str) -> JSON:
        """A message the bot sent earlier, e.g. to reply to."""
        return {"message_id": next(self._message_ids), "date": self.date, "chat": dict(chat),
                "from": dict(bot_user), "text": text}

    def callback_query(
        self, chat: Mapping[str, Any], sender: FakeUser, data: str, message: Mapping[str, Any]
    ) -> JSON:
        """A press on an inline button of ``message`` (a message the bot sent)."""
        query = {"id": f"cq{next(self._message_ids)}", "from": sender.to_json(), "chat_instance": str(chat["id"]),
                 "data": data, "message": dict(message)}
        return self._update(callback_query=query)

    def migration(self, group: Mapping[str, Any], supergroup: Mapping[str, Any], by: FakeUser) -> tuple[JSON, JSON]:
        """The two service messages of a group upgraded to a supergroup: one in each chat."""
        in_group = self._update(message={
            "message_id": next(self._message_ids), "date": self.date, "chat": dict(group), "from": by.to_json(),
            "migrate_to_chat_id": supergroup["id"]})
        in_supergroup = self._update(message={
            "message_id": next(self._message_ids), "date": self.date, "chat": dict(supergroup),
            "from": ANONYMOUS_ADMIN, "sender_chat": dict(group), "migrate_from_chat_id": group["id"]})
        return in_group, in_supergroup
