"""Values shared by every part of the tournament engine: who plays (teams), who acts, what happened (events)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True, slots=True)
class Team:
    """A pair in the bracket: two people (or two names an organiser entered), fixed for the whole tournament.

    ``members`` are opaque person keys (``bot.tournament.entries`` makes them); the bracket only compares them to
    decide whether a reporter sits at a table. ``name`` is the members' display names joined by " / ".
    """

    team_id: int
    name: str
    members: tuple[str, ...] = ()
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class Actor:
    """Whoever asks for a change: a person key, and whether they act with authority (referee or organiser)."""

    key: str
    official: bool = False


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the append-only history: who did what, when (the caller's clock), with details."""

    at: datetime
    actor: str
    kind: str
    details: Mapping[str, str] = field(default_factory=dict)
