"""The timetable as it is kept: when each round starts, and which pairs checked in (``storage.timetable``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class RoundStart:
    tournament_id: int
    round: int
    chat_id: int
    starts_at: datetime
    set_by: str


@dataclass(frozen=True, slots=True)
class CheckIn:
    table: int
    side: str
    actor: str
    at: datetime
