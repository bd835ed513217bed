"""Building the services once per process, and the chores of their start and stop.

A chat platform (``handlers.telegram.app``) calls :func:`build_services` with what only it can provide — how to
look up a group's administrators, how a round is posted — then :func:`start_services` before the first update
and :func:`stop_services` after the last. Storage stays behind this line: the platform never opens it itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
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


def build_services(
    settings: Settings,
    *,
    admins: AdminLookup,
    post_round: RoundPoster,
    clock: Clock = system_clock,
    admin_cache_ttl: timedelta = timedelta(minutes=2),
    entropy: Callable[[int], bytes] = os.urandom,
    board: TournamentBoard | None = None,
) -> Services:
    """The services over the database of ``settings`` (opened by :func:`start_services`).

    ``admins`` finds a group's administrators (its organisers); ``post_round`` renders a round that starts, for the
    match clock's reminders; ``board`` replaces the match clock's view of the stored tournaments (benchmarks).
    """
    storage = Storage(settings.database)
    roles = Roles(OwnChat(), ChatAdministrators(admins, clock, admin_cache_ttl), TournamentRoles(storage))
    cache = TournamentCache()
    return Services(settings=settings, storage=storage, roles=roles, clock=clock, entropy=entropy,
                    tournaments=cache, board=board if board is not None else StoredTournamentBoard(cache, post_round))


async def start_services(services: Services) -> None:
    """Open the storage (applying migrations), forget update ids older than :data:`PROCESSED_UPDATES_KEPT` and load
    the names people chose (``/name``).
    The pending announcements are restored by the platform's scheduler
    (:func:`bot.services.match_clock.announcements.restore`)."""
    await services.storage.open()
    async with services.storage.transaction() as tx:
        await updates.forget_updates_before(tx, services.clock() - PROCESSED_UPDATES_KEPT)
    await services.names.load(services.storage)


async def stop_services(services: Services) -> None:
    await services.storage.close()
