"""Building the services once per process, and the chores of their start and stop.

The composition root (``handlers.bootstrap``) calls :func:`build_services` with the settings and one
:class:`ServiceOptions`: what only the process can provide — how to look up a group's administrators, how a round is
posted — then :func:`start_services` before the first update and :func:`stop_services` after the last. Storage stays
behind this line: a platform never opens it itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from bot.clock import Clock, system_clock
from bot.config import Settings
from bot.services import Services
from bot.services.match_clock.board import TournamentBoard
from bot.services.match_clock.stored_board import RoundPoster, StoredTournamentBoard
from bot.services.roles import AdminLookup, ChatAdministrators, OwnChat, Roles
from bot.services.tournament.roles import TournamentRoles
from bot.services.tournament.state import TournamentCache
from storage import Storage, updates

PROCESSED_UPDATES_KEPT = timedelta(days=2)
"""How long an update's id is remembered: Telegram re-delivers an unconfirmed update for at most 24 hours."""


@dataclass(frozen=True, slots=True)
class ServiceOptions:
    """What the services need beyond the settings: what only a platform can provide, and what tests replace."""

    admins: AdminLookup
    """Finds a group's administrators (its organisers)."""
    post_round: RoundPoster
    """Renders a round that starts, for the match clock's reminders."""
    clock: Clock = system_clock
    admin_cache_ttl: timedelta = timedelta(minutes=2)
    entropy: Callable[[int], bytes] = os.urandom
    """Makes draw seeds (a fixed source for repeatable simulations)."""
    board: TournamentBoard | None = None
    """Replaces the match clock's view of the stored tournaments (benchmarks)."""


def build_services(settings: Settings, options: ServiceOptions) -> Services:
    """The services over the database of ``settings`` (opened by :func:`start_services`)."""
    storage = Storage(settings.database)
    roles = Roles(OwnChat(), ChatAdministrators(options.admins, options.clock, options.admin_cache_ttl),
                  TournamentRoles(storage))
    cache = TournamentCache()
    board = options.board if options.board is not None else StoredTournamentBoard(cache, options.post_round)
    return Services(settings=settings, storage=storage, roles=roles, clock=options.clock, entropy=options.entropy,
                    tournaments=cache, board=board)


async def start_services(services: Services) -> None:
    """Open the storage, forget old update ids and load the names people chose (``/name``).

    Opening applies the migrations; update ids older than :data:`PROCESSED_UPDATES_KEPT` go. The pending announcements
    are restored by the platform's scheduler (:func:`bot.services.match_clock.announcements.restore`)."""
    await services.storage.open()
    async with services.storage.transaction() as tx:
        await updates.forget_updates_before(tx, services.clock() - PROCESSED_UPDATES_KEPT)
    await services.names.load(services.storage)


async def stop_services(services: Services) -> None:
    await services.storage.close()
