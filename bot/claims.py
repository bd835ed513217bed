"""The update being handled: its id, to be recorded (``storage.updates``) in the transaction of its first change.

A plain value of the kernel: the front door opens it (``handlers.dispatch``), the caller carries it
(``bot.services.caller.Caller.claim``), the unit of work hands it to ``storage.transaction(claim=…)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class TournamentSeen:
    """The chat's current tournament as the intake saw it.

    Its id, the version of its row, whether it is open (in registration or drawn; else it is the chat's latest finished
    one)."""

    tournament_id: int
    version: int
    open: bool
    creator_user_id: int | None = None
    sender: int | None = None
    """The user id of the update's sender, whom ``sender_referee`` is about (``None``: a post for a chat)."""
    sender_referee: bool = False
    """Whether the sender is one of its referees (by id, or by a username named before they spoke)."""
    noticed: bool = False
    """Whether it has a notice (``/notice``)."""


@dataclass(frozen=True, slots=True)
class ChatSeen:
    """What the intake read about the update's chat, in the statement that checked the update was new.

    One round trip instead of three or four (``storage.admission``). Good for reading while the update has changed
    nothing; a service that changed something reads afresh."""

    language: str | None
    """The language the chat chose with ``/lang`` (its code), ``None`` if none."""
    tournament: TournamentSeen | None
    """The chat's open tournament, else its latest finished one; ``None`` when it has neither."""
    names_version: int = 0
    """The version of the names chosen with ``/name`` (``storage.cache_versions``, scope ``chosen_names``)."""


@dataclass(slots=True, eq=False)
class UpdateClaim:
    """One handling of one update: its id, to be recorded with the first change it makes.

    Mutable on purpose: ``recorded`` turns true when a transaction recorded the id, which every later
    transaction of the same handling must see (a second change is an error)."""

    update_id: int
    chat_id: int | None
    at: datetime
    on_recorded: Callable[[int], None] | None = None
    """Told the update id once it is recorded (from then on Telegram may forget the update:
    ``handlers.telegram.delivery``)."""
    recorded: bool = False
    seen: ChatSeen | None = None
    """What the intake read about the chat with the claim (``None``: nothing, read it when needed)."""

    def fresh_view(self, chat_id: int) -> ChatSeen | None:
        """What the intake saw of ``chat_id``, while it still holds: the update has recorded no change yet."""
        seen = self.seen
        return seen if seen is not None and not self.recorded and self.chat_id == chat_id else None

    def mark_recorded(self) -> None:
        self.recorded = True
        if self.on_recorded is not None:
            self.on_recorded(self.update_id)
