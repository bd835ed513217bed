"""Platform-neutral services under the Telegram handlers: each takes plain values and the storage.

A handler parses its update into these values, calls one service function and renders the result; nothing here
imports Telegram, so another chat platform could sit on the same services.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.clock import Clock
from bot.config import Settings
from bot.services.acquaintances import Acquaintances
from bot.services.club_cache import ClubCache
from bot.services.match_clock.board import NoTournaments, TournamentBoard
from bot.services.names import ChosenNames
from bot.services.roles import Roles
from bot.services.tournament.state import TournamentCache
from storage import Storage


@dataclass(frozen=True, slots=True)
class Services:
    """Everything a handler may call, built once per application (``bot.services.assembly.build_services``)."""

    settings: Settings
    storage: Storage
    roles: Roles
    clock: Clock
    tournaments: TournamentCache = field(default_factory=TournamentCache)
    """Loaded tournaments by (id, version) (``bot.services.tournament.state``)."""
    acquaintances: Acquaintances = field(default_factory=Acquaintances)
    """The chats and users this process has written lately (``bot.services.intake``)."""
    entropy: Callable[[int], bytes] = os.urandom
    """Fresh randomness for draw seeds; a fixed source makes a simulation (``python -m bot demo``) repeatable."""
    board: TournamentBoard = field(default_factory=NoTournaments)
    """The tournaments as the match clock sees them (``bot.services.match_clock.board``)."""
    clubs: ClubCache = field(default_factory=ClubCache)
    """Each group's computed roster, ratings and ladder by the fingerprint of its stored results
    (``bot.services.season``)."""
    names: ChosenNames = field(default_factory=ChosenNames)
    """The names people chose with ``/name`` (``bot.services.names``), loaded at start and checked against their
    version before use on a database other workers change (``bot.services.caches``)."""
