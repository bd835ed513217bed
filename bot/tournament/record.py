"""A tournament as it is kept: its status, how people sign up, its settings, its draw commitment and version.

Plain values: ``storage.tournaments`` reads and writes them, services load a tournament's state from them, and
presenters show the status. ``version`` grows with every change of the tournament or anything in it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime

from bot.tournament.entries import RegistrationMode
from bot.tournament.settings import TournamentSettings


class TournamentStatus(enum.StrEnum):
    REGISTRATION = "registration"
    DRAWN = "drawn"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        return self in (TournamentStatus.REGISTRATION, TournamentStatus.DRAWN)


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    tournament_id: int
    chat_id: int
    name: str
    status: TournamentStatus
    mode: RegistrationMode
    creator: str
    """Actor key of whoever created it: ``user:<id>`` or ``chat:<id>`` (an anonymous administrator)."""
    creator_user_id: int | None
    settings: TournamentSettings
    commitment: str | None
    seed: str | None
    version: int
    created_at: datetime
    drawn_at: datetime | None
    finished_at: datetime | None
