"""What the match clock needs to know about tournaments, and nothing more.

The tournament layer owns tournaments, rounds and tables; the match clock reads them through a
:class:`TournamentBoard` (plain values, read inside the caller's transaction). ``NoTournaments`` is the board of
a bot without a tournament layer: nothing is ever scheduled there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol
from zoneinfo import ZoneInfo

from bot.i18n import Language
from bot.match_clock.plan import ClockSettings
from bot.ruleset.variants import TieBreak
from storage import Tx

MAX_ROUNDS = 14
"""Rounds a knockout of up to 16,384 pairs needs: the limit for scheduling rounds before the draw."""


@dataclass(frozen=True, slots=True)
class BoardPair:
    name: str
    """How the pair is shown (its members' display names joined by `` / ``)."""
    member_ids: frozenset[int]
    """The Telegram user ids among its members (members registered by name only have none)."""


@dataclass(frozen=True, slots=True)
class BoardTable:
    table: int
    left: BoardPair
    right: BoardPair
    open: bool
    """Still waiting for a result (nothing reported, reported, or disputed)."""


@dataclass(frozen=True, slots=True)
class BoardTournament:
    tournament_id: int
    chat_id: int
    name: str
    zone: ZoneInfo
    """Where its times are read and shown (``/set tz``)."""
    time_limit: timedelta | None
    tie_break: TieBreak
    remind: timedelta
    """How long before a round's start its reminder goes out (``/set remind``)."""
    checkin_grace: timedelta | None
    """``None``: no check-in; otherwise how long after the start the missing pairs are listed (``/set checkin``)."""
    rounds: int | None
    """How many rounds its bracket has; ``None`` before the draw."""
    completed_rounds: int
    """Rounds whose every match is decided."""
    finished: bool
    """Over (champion known) or closed: nothing more to announce."""

    @property
    def round_limit(self) -> int:
        return self.rounds if self.rounds is not None else MAX_ROUNDS

    @property
    def clock_settings(self) -> ClockSettings:
        return ClockSettings(remind=self.remind, time_limit=self.time_limit, checkin_grace=self.checkin_grace)


class TournamentBoard(Protocol):
    async def open_in_chat(self, tx: Tx, chat_id: int) -> BoardTournament | None:
        """The tournament running in this chat, if any."""
        ...

    async def get(self, tx: Tx, tournament_id: int) -> BoardTournament | None:
        """``None`` if it no longer exists."""
        ...

    async def tables(self, tx: Tx, tournament_id: int, round_number: int) -> tuple[BoardTable, ...] | None:
        """The round's tables once both pairs of each are known; ``None`` before that."""
        ...

    async def round_posting(self, tx: Tx, tournament_id: int, round_number: int, language: Language) -> str | None:
        """The round's tables and pairs as the tournament layer posts them (HTML); ``None`` before they are known."""
        ...


class NoTournaments:
    """The board of a bot without tournaments."""

    async def open_in_chat(self, tx: Tx, chat_id: int) -> BoardTournament | None:
        return None

    async def get(self, tx: Tx, tournament_id: int) -> BoardTournament | None:
        return None

    async def tables(self, tx: Tx, tournament_id: int, round_number: int) -> tuple[BoardTable, ...] | None:
        return None

    async def round_posting(self, tx: Tx, tournament_id: int, round_number: int, language: Language) -> str | None:
        return None
