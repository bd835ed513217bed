"""A chat's tournament loaded as one value, the in-process cache of those values, and the one way to change one.

:class:`TournamentState` is the engine's view of a tournament: its record, the :class:`Registration` and, after
the draw, the pairs, the reserves and the :class:`Bracket` — or, in a Swiss or groups tournament, the
:class:`~bot.tournament.points_stage.PointsStage` (and after the groups, the bracket of their knockout). Loading a
big bracket reads every match row, so loaded states are cached by (tournament id, version); the version in the
database grows with every change (also one made by another process), so a cached copy is used only while it is the
latest.

Every change runs in :func:`changing`, the unit of work: ONE storage transaction that decides the caller's roles,
loads the chat's open tournament, lets the service compute the new state with the pure engine (and make the other
writes of the same change, such as re-planning the match clock), then writes it, counts the new version and
appends the events to the history. The transaction carries the update's claim (``caller.claim``,
``storage.updates``), so the change and "this update was applied" commit together or not at all. The cache learns
the new state only after the commit.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from bot.claims import UpdateClaim
from bot.errors import TournamentError
from bot.season.finals import KNOCKOUT, POINTS, newly_final_matches, newly_final_tables
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.tournament.bracket import Bracket
from bot.tournament.entries import Person
from bot.tournament.format import TournamentFormat
from bot.tournament.points_stage import PointsStage
from bot.tournament.record import TournamentRecord, TournamentStatus
from bot.tournament.registration import Registration, RegistrationState
from bot.tournament.snapshot import changed_matches, restore_bracket, stored_matches, team_lines
from bot.tournament.teams import Team
from storage import Tx, history
from storage import club as club_rows
from storage import tournament_bracket as bracket_rows
from storage import tournament_entries as entry_rows
from storage import tournament_points as points_rows
from storage import tournaments as tournament_rows

if TYPE_CHECKING:
    from bot.services import Services

from bot.services.tournament.points_stage import is_points_format, load_points_stage, write_points_stage


class NoTournamentError(TournamentError):
    key = "tournament.none_open"


class NoTournamentYetError(TournamentError):
    """Nothing to show: the chat never had a tournament (or only cancelled ones)."""

    key = "tournament.none_yet"


class NotDrawnYetError(TournamentError):
    key = "tournament.not_drawn"


class UnknownTournamentError(TournamentError):
    """``#<id>`` names no tournament of this chat that has been drawn (``/tournaments`` lists them)."""

    key = "club.unknown_tournament"


class StaleButtonError(TournamentError):
    """A button made for another tournament (or another state of a match) than the chat's current one."""

    key = "tables.stale_button"


@dataclass(frozen=True, slots=True)
class TournamentState:
    record: TournamentRecord
    registration: Registration
    teams: tuple[Team, ...] = ()
    reserves: tuple[Person, ...] = ()
    bracket: Bracket | None = None
    """The knockout: the whole tournament, or the knockout after the groups."""
    points_stage: PointsStage | None = None
    """The Swiss rounds or the group stage (``bot.tournament.points_stage``)."""

    @property
    def tournament_id(self) -> int:
        return self.record.tournament_id

    @property
    def drawn(self) -> bool:
        return self.bracket is not None or self.points_stage is not None

    @property
    def format(self) -> TournamentFormat:
        return self.record.settings.format

    def require_bracket(self) -> Bracket:
        if self.bracket is None:
            raise NotDrawnYetError(name=self.record.name)
        return self.bracket

    def people(self) -> dict[str, Person]:
        """Everyone who signed up (withdrawn too) and the reserves, by person key.

        Names for the keys that pairs, reports and the history hold."""
        found = {person.key: person for entry in self.registration.entries for person in entry.members}
        found.update((person.key, person) for person in self.reserves)
        return found

    def name_of(self, key: str) -> str | None:
        person = self.people().get(key)
        return None if person is None else person.name


class TournamentCache:
    """The latest loaded states of the most recently used tournaments (least recently used dropped first).

    Correct with any number of workers on one database: a state is only ever taken for the version of the
    tournament's row read in the transaction that uses it (:func:`load_state`), and every change counts that
    version in its own transaction (``bot.services.caches``)."""

    def __init__(self, capacity: int = 32) -> None:
        self.capacity = capacity
        self._states: OrderedDict[int, TournamentState] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, tournament_id: int, version: int) -> TournamentState | None:
        state = self._states.get(tournament_id)
        if state is None or state.record.version != version:
            self.misses += 1
            return None
        self._states.move_to_end(tournament_id)
        self.hits += 1
        return state

    def put(self, state: TournamentState) -> None:
        self._states[state.tournament_id] = state
        self._states.move_to_end(state.tournament_id)
        while len(self._states) > self.capacity:
            self._states.popitem(last=False)

    def forget(self, tournament_id: int) -> None:
        self._states.pop(tournament_id, None)

    def clear(self) -> None:
        self._states.clear()


def _registration_state(status: TournamentStatus) -> RegistrationState:
    return RegistrationState.OPEN if status is TournamentStatus.REGISTRATION else RegistrationState.DRAWN


async def load_state(tx: Tx, cache: TournamentCache, record: TournamentRecord) -> TournamentState:
    """The tournament of ``record`` (read in this transaction), from the cache when it holds this version.

    A transaction that has written already (a service re-planning after its own change) reads its rows and leaves
    the cache alone: its version is not counted yet, and the cache holds committed states only."""
    own_writes = tx.wrote
    cached = None if own_writes else cache.get(record.tournament_id, record.version)
    if cached is not None:
        return cached
    entries = await entry_rows.load_entries(tx, record.tournament_id)
    registration = Registration(record.mode, record.settings.capacity, entries, _registration_state(record.status))
    state = TournamentState(record, registration)
    if record.seed is not None and is_points_format(record):
        state = await _load_points_state(tx, state)
    elif record.seed is not None:
        teams, lines = await bracket_rows.load_teams(tx, record.tournament_id)
        matches = await bracket_rows.load_matches(tx, record.tournament_id, teams)
        bracket = restore_bracket(record.settings.bracket_options(), teams, lines, matches)
        state = replace(state, teams=teams, reserves=await bracket_rows.load_reserves(tx, record.tournament_id),
                        bracket=bracket)
    if not own_writes:
        cache.put(state)
    return state


async def _load_points_state(tx: Tx, state: TournamentState) -> TournamentState:
    """A Swiss or groups tournament after its draw.

    The points stage, and the knockout after the groups once drawn (its pairs are the ones with a draw line)."""
    record = state.record
    teams, lines = await bracket_rows.load_teams(tx, record.tournament_id)
    placed = {team_id: line for team_id, line in lines.items() if line >= 0}
    bracket = None
    if placed:
        qualifiers = tuple(team for team in teams if team.team_id in placed)
        matches = await bracket_rows.load_matches(tx, record.tournament_id, qualifiers)
        bracket = restore_bracket(record.settings.bracket_options(), qualifiers, placed, matches)
    stage = await load_points_stage(tx, record, teams, closed=bracket is not None)
    return replace(state, teams=teams, reserves=await bracket_rows.load_reserves(tx, record.tournament_id),
                   bracket=bracket, points_stage=stage)


async def read_state(services: Services, chat_id: int, *, finished: bool = True,
                     claim: UpdateClaim | None = None) -> TournamentState:
    """The chat's open tournament (or, with ``finished``, its latest finished one) for showing.

    Raise :class:`NoTournamentYetError` when there is none.

    ``claim``: the update's; while it has changed nothing, the tournament the intake saw with it decides (no
    round trip when that version is cached, as it is for every tournament shown or changed lately)."""
    seen = None if claim is None else claim.fresh_view(chat_id)
    if seen is not None:
        tournament = seen.tournament
        if tournament is None or not (finished or tournament.open):
            raise NoTournamentYetError() if finished else NoTournamentError()
        cached = services.tournaments.get(tournament.tournament_id, tournament.version)
        if cached is not None:
            return cached
    async with services.storage.read() as tx:
        if finished:
            record = await tournament_rows.latest_tournament(tx, chat_id)
        else:
            record = await tournament_rows.open_tournament(tx, chat_id)
        if record is None:
            raise NoTournamentYetError() if finished else NoTournamentError()
        return await load_state(tx, services.tournaments, record)


@dataclass(slots=True)
class Change:
    """What one service call changes: the new state (``after``) and the history events to append."""

    tx: Tx
    before: TournamentState
    at: datetime
    actor: str
    roles: frozenset[Role] = frozenset()
    """The caller's roles, decided in this transaction (when :func:`changing` was asked for them)."""
    after: TournamentState | None = None
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    @property
    def current(self) -> TournamentState:
        return self.before if self.after is None else self.after

    def record(self, kind: str, details: Mapping[str, Any] | None = None) -> None:
        self.events.append((kind, dict(details or {})))


async def _write_state(change: Change) -> None:
    before, after = change.before, change.current
    tid = before.tournament_id
    if after.registration.entries != before.registration.entries:
        await entry_rows.save_entries(tx=change.tx, tournament_id=tid, before=before.registration.entries,
                                      after=after.registration.entries, by=change.actor, at=change.at)
    if after.bracket is not None and before.bracket is not None and after.bracket is not before.bracket:
        await bracket_rows.write_matches(change.tx, tid, changed_matches(before.bracket, after.bracket), change.at)
    if after.bracket is not None and before.bracket is None and before.points_stage is not None:
        # The knockout after the groups: its pairs' draw lines and its first round.
        await points_rows.set_lines(change.tx, tid, team_lines(after.bracket))
        await bracket_rows.write_matches(change.tx, tid, stored_matches(after.bracket), change.at)
    if after.points_stage is not None and after.points_stage is not before.points_stage:
        await write_points_stage(change.tx, tid, before.points_stage, after.points_stage, change.at)
    await _record_finals(change)


async def _record_finals(change: Change) -> None:
    """Append the tables this change made final, in the order ratings replay them (``bot.season.finals``)."""
    before, after = change.before, change.current
    tid = before.tournament_id
    if after.points_stage is not None and after.points_stage is not before.points_stage:
        tables = newly_final_tables(before.points_stage, after.points_stage)
        if tables:
            await club_rows.record_final(change.tx, tid, POINTS, tables, change.at)
    if after.bracket is not None and after.bracket is not before.bracket:
        matches = newly_final_matches(before.bracket, after.bracket)
        if matches:
            await club_rows.record_final(change.tx, tid, KNOCKOUT, matches, change.at)


@asynccontextmanager
async def changing(services: Services, caller: Caller, *, required: Role | None = None, with_roles: bool = False,
                   finished_too: bool = False, expected: int | None = None,
                   chosen: int | None = None) -> AsyncIterator[Change]:
    """The unit of work: the chat's open tournament in the one transaction of the caller's update.

    ``async with changing(services, caller) as change:`` — the chat's open tournament in one transaction, the
    one that applies the caller's update (``storage.transaction(claim=caller.claim)``).

    Set ``change.after`` to the new state (its ``record`` may carry a new mode or settings, written by the
    service itself) and ``change.record(kind, details)`` the events; other writes of the same change go through
    ``change.tx``. Entries and matches that differ are written here, then the version is counted and the events
    appended. Raise to change nothing. A service makes ONE such change per update: a second changing transaction
    under the same claim is an error (``storage.updates``).

    ``required``: the role the caller must hold, decided first in this transaction (the role's
    ``PermissionDenied`` otherwise); ``with_roles``: decide the caller's roles in it too (``change.roles``), for a
    service that acts differently for officials. ``finished_too``: the chat's latest finished tournament when
    none is open (an official correcting the final's result). ``expected``: the tournament id a button was made
    for; any other raises :class:`StaleButtonError`. ``chosen``: that tournament of the chat instead, by id, open or
    finished (an official correcting an earlier tournament, ``/result #<id> …``); any other raises
    :class:`UnknownTournamentError`.
    """
    at, cache = services.clock(), services.tournaments
    # Asked before the transaction: the group's administrators may take a Bot API call.
    caller_roles = await services.roles.for_caller(caller) if required is not None or with_roles else None
    async with services.storage.transaction(claim=caller.claim) as tx:
        roles: frozenset[Role] = frozenset()
        if caller_roles is not None and with_roles:
            roles = await caller_roles.held(tx)
        if caller_roles is not None and required is not None:
            await caller_roles.require(tx, required, held=roles if with_roles else None)
        if chosen is not None:
            record = await tournament_rows.get_tournament(tx, chosen)
            if record is None or record.chat_id != caller.chat_id or record.seed is None or \
                    record.status is TournamentStatus.CANCELLED:
                raise UnknownTournamentError(id=chosen)
        elif finished_too:
            record = await tournament_rows.latest_tournament(tx, caller.chat_id)
        else:
            record = await tournament_rows.open_tournament(tx, caller.chat_id)
        if expected is not None and (record is None or record.tournament_id != expected):
            raise StaleButtonError()
        if record is None:
            raise NoTournamentError()
        change = Change(tx, await load_state(tx, cache, record), at, caller.actor_key, roles)
        yield change
        if change.after is None and not change.events:
            return
        await _write_state(change)
        # Counted, and read back with what the service wrote (mode, settings, status, draw) in the same statement.
        fresh = await tournament_rows.touch_record(tx, record.tournament_id, at)
        for kind, details in change.events:
            await history.append(tx, chat_id=caller.chat_id, tournament_id=record.tournament_id,
                                 actor=change.actor, kind=kind, at=at, details=details)
        change.after = replace(change.current, record=fresh)
    cache.put(change.after)
