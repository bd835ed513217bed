"""A tournament's life in a chat: ``/new``, ``/mode``, ``/set``, ``/settings`` and ``/cancel``.

One function per command; each runs one transaction (``bot.services.tournament.state.changing``) and returns a
frozen result the handler renders after the commit. Each is for organisers: the command's spec refuses others
early, and the transaction decides again where a tournament role could count (``required=Role.ORGANISER``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.errors import TournamentError, UsageError
from bot.services import Services
from bot.services.caller import Caller
from bot.services.match_clock.timetable import JobChanges, cancel_pending, replan
from bot.services.roles import Role
from bot.services.tournament.notice import attach_club_notice
from bot.services.tournament.state import TournamentState, changing, read_state
from bot.tournament import registration as engine
from bot.tournament.entries import RegistrationMode
from bot.tournament.names import clean_name, name_key
from bot.tournament.people import Referee
from bot.tournament.record import TournamentRecord, TournamentStatus
from bot.tournament.seed import SEED_BYTES, new_seed
from bot.tournament.settings import TournamentSettings, apply_setting, setting_key
from storage import history, tournament_people, tournaments


class TournamentAlreadyOpenError(TournamentError):
    key = "tournament.already_open"


class CancelNeedsNameError(UsageError):
    """Cancelling is final: the organiser types the tournament's name to confirm."""

    key = "tournament.cancel_needs_name"


@dataclass(frozen=True, slots=True)
class Created:
    state: TournamentState

    @property
    def record(self) -> TournamentRecord:
        return self.state.record


async def create_tournament(services: Services, caller: Caller, name: str) -> Created:
    """Open a tournament in the caller's group, in registration, pairs mode, default settings.

    The draw seed is made now, from fresh randomness, and sealed: its commitment is published with the sign-up
    announcement, before anyone signs up, and the seed is revealed only at the draw."""
    cleaned = clean_name(name)
    at = services.clock()
    settings = TournamentSettings(timezone=services.settings.timezone.key)
    seed = new_seed(services.entropy(SEED_BYTES))
    # No role is decided here: with no tournament open, only the chat makes an organiser (its administrators, the
    # private chat's owner), which the command's spec asked before.
    async with services.storage.transaction(claim=caller.claim) as tx:
        existing = await tournaments.open_tournament(tx, caller.chat_id)
        if existing is not None:
            raise TournamentAlreadyOpenError(name=existing.name)
        tournament_id = await tournaments.create_tournament(
            tx, chat_id=caller.chat_id, name=cleaned, mode=RegistrationMode.PAIRS, creator=caller.actor_key,
            creator_user_id=caller.user_id, settings=settings, at=at, commitment=seed.commitment,
            sealed_seed=seed.hex,
        )
        await history.append(tx, chat_id=caller.chat_id, tournament_id=tournament_id, actor=caller.actor_key,
                             kind="tournament.created", at=at, details={"name": cleaned})
        await history.append(tx, chat_id=caller.chat_id, tournament_id=tournament_id, actor=caller.actor_key,
                             kind="draw.committed", at=at, details={"commitment": seed.commitment})
        await attach_club_notice(tx, tournament_id, caller.chat_id, at)
        record = await tournaments.get_tournament(tx, tournament_id)
    assert record is not None
    return Created(TournamentState(record, engine.open_registration(record.mode, record.settings.capacity)))


@dataclass(frozen=True, slots=True)
class ModeChanged:
    state: TournamentState


async def change_mode(services: Services, caller: Caller, mode: RegistrationMode) -> ModeChanged:
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        registration = engine.change_mode(state.registration, mode)
        await tournaments.set_mode(change.tx, state.tournament_id, mode)
        change.after = replace(state, registration=registration)
        change.record("tournament.mode", {"mode": mode.value})
    return ModeChanged(change.current)


TIMING_KEYS = frozenset({"remind", "checkin", "time_limit"})
"""Settings that move or add match-clock announcements: changing one re-plans the scheduled rounds."""


@dataclass(frozen=True, slots=True)
class SettingChanged:
    state: TournamentState
    key: str
    value: str
    jobs: JobChanges = JobChanges()
    """The announcement timers to create and remove once committed (a timing setting re-planned the rounds)."""


async def change_setting(services: Services, caller: Caller, key_name: str, value: str) -> SettingChanged:
    """``/set <key> <value>``: change one setting of the chat's tournament.

    A new capacity re-sorts who is in and who waits (``registration.set_capacity``); a timing setting
    (:data:`TIMING_KEYS`) re-plans the scheduled rounds' announcements in the same transaction."""
    key = setting_key(key_name)
    jobs = JobChanges()
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        settings = apply_setting(state.record.settings, key, value, drawn=state.drawn)
        registration = state.registration
        if settings.capacity != state.record.settings.capacity:
            registration = engine.set_capacity(registration, settings.capacity)
        await tournaments.set_settings(change.tx, state.tournament_id, settings)
        if key.name in TIMING_KEYS:
            jobs = await replan(change.tx, services.board, state.tournament_id, change.at)
        change.after = replace(state, registration=registration)
        shown = key.show(getattr(settings, key.field))
        change.record("tournament.setting", {"key": key.name, "value": shown})
    return SettingChanged(change.current, key.name, shown, jobs)


@dataclass(frozen=True, slots=True)
class SettingsView:
    state: TournamentState
    referees: tuple[Referee, ...]


async def settings_view(services: Services, caller: Caller) -> SettingsView:
    state = await read_state(services, caller.chat_id, claim=caller.claim)
    async with services.storage.read() as tx:
        named = await tournament_people.referees(tx, state.tournament_id)
    return SettingsView(state, tuple(named))


@dataclass(frozen=True, slots=True)
class Cancelled:
    record: TournamentRecord
    jobs: JobChanges = JobChanges()
    """The timers of the announcements cancelled with the tournament, to remove once committed."""


async def cancel_tournament(services: Services, caller: Caller, name: str) -> Cancelled:
    """End the open tournament without a result; ``name`` must be its name (any case or width)."""
    async with changing(services, caller, required=Role.ORGANISER) as change:
        record = change.before.record
        if not name.strip() or name_key(name) != name_key(record.name):
            raise CancelNeedsNameError(name=record.name)
        await tournaments.set_status(change.tx, record.tournament_id, TournamentStatus.CANCELLED, change.at)
        jobs = await cancel_pending(change.tx, record.tournament_id, change.at)
        change.record("tournament.cancelled", {"name": record.name})
    return Cancelled(change.current.record, jobs)
