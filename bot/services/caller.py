"""Who sent an update, from which chat: the plain values every service receives."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from bot.claims import UpdateClaim
from bot.tournament.entries import account_key


class ChatKind(enum.StrEnum):
    PRIVATE = "private"
    GROUP = "group"
    SUPERGROUP = "supergroup"
    CHANNEL = "channel"

    @property
    def is_group(self) -> bool:
        return self in (ChatKind.GROUP, ChatKind.SUPERGROUP)


@dataclass(frozen=True, slots=True)
class ChatUser:
    """A person as a chat platform knows them.

    Their account id (person key ``tg:<id>``, :attr:`key`), the name the chat shows, their @username and the language
    their app is set to."""

    user_id: int
    display_name: str
    username: str | None = None
    language_code: str | None = None

    @property
    def key(self) -> str:
        return account_key(self.user_id)


@dataclass(frozen=True, slots=True)
class Caller:
    """The sender of one update in one chat.

    ``person`` is ``None`` for posts made on behalf of a chat (``sender_chat``): an anonymous group administrator
    (``sender_chat_id == chat_id``) or a linked channel.
    """

    chat_id: int
    chat_kind: ChatKind
    person: ChatUser | None = None
    sender_chat_id: int | None = None
    chat_title: str | None = None
    acting_for: str | None = None
    """The person key a pair's table link acts for (a result form opened from a table's QR code: the pair's first
    member, who may have no account); ``None`` for everyone else."""
    claim: UpdateClaim | None = field(default=None, compare=False, repr=False)
    """The update's claim (``storage.updates``): the unit of work that applies the update opens its transaction
    with it, so the change and "this update was applied" commit together. ``None`` outside an update (tests,
    simulations): nothing is recorded."""

    @property
    def is_private(self) -> bool:
        return self.chat_kind is ChatKind.PRIVATE

    @property
    def is_anonymous_admin(self) -> bool:
        return self.sender_chat_id is not None and self.sender_chat_id == self.chat_id

    @property
    def user_id(self) -> int | None:
        return None if self.person is None else self.person.user_id

    @property
    def actor_key(self) -> str:
        """How the history names this caller.

        Their person key ``tg:<id>``, ``chat:<id>`` (anonymous admin) or ``unknown``."""
        if self.acting_for is not None:
            return self.acting_for
        if self.person is not None:
            return account_key(self.person.user_id)
        if self.sender_chat_id is not None:
            return f"chat:{self.sender_chat_id}"
        return "unknown"
