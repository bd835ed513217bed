"""The timetable: organisers set when rounds start; each change re-plans the round's announcements.

Services take ``(services, caller, …)`` like the tournament services: each runs ONE transaction that applies the
caller's update (``claim=caller.claim``, ``storage.updates``), decides the caller's role in it, commits its change
(rows and history) and returns the :class:`JobChanges` the caller applies to the job queue afterwards: rows that
need a timer, timers to remove. The database stays the source of truth; a lost timer is re-created from its row at
the next start-up. Helpers that take a ``tx`` (:func:`replan`, :func:`deferred_round`) are steps of another
service's transaction (``/set remind`` re-plans in the transaction that changed the setting).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from bot.errors import TournamentError
from bot.match_clock.announcement import Announcement, AnnouncementState
from bot.match_clock.local_time import local_text, out_of_range
from bot.match_clock.plan import AnnouncementKind, plan_round, within_horizon
from bot.match_clock.timetable import RoundStart
from bot.services.caller import Caller
from bot.services.match_clock.board import BoardTournament, TournamentBoard
from bot.services.roles import Role
from bot.services.tournament.state import NoTournamentError
from storage import Tx, announcements, history, timetable

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)


class UnknownRound(TournamentError):
    key = "schedule.unknown_round"


class RoundAlreadyPlayed(TournamentError):
    key = "schedule.round_played"


class StartInThePast(TournamentError):
    key = "schedule.in_the_past"


class RoundAlreadyStarted(TournamentError):
    key = "schedule.round_started"


class RoundNotScheduled(TournamentError):
    key = "schedule.not_scheduled"


class NotAfterEarlierRound(TournamentError):
    """A round would start at or before the start of an earlier round."""

    key = "schedule.not_after_earlier"


class NotBeforeLaterRound(TournamentError):
    """A round would start at or after the start of a later round."""

    key = "schedule.not_before_later"


@dataclass(frozen=True, slots=True)
class JobChanges:
    """What the job queue must do after a committed change."""

    start: tuple[Announcement, ...] = ()
    """Pending rows that need a timer (at their due time)."""
    stop: tuple[int, ...] = ()
    """Announcement ids whose timer must go."""

    def __add__(self, other: JobChanges) -> JobChanges:
        return JobChanges(self.start + other.start, self.stop + other.stop)


@dataclass(frozen=True, slots=True)
class RoundScheduled:
    """A round's start set (or moved) in the timetable, and the announcements planned for it."""

    tournament: BoardTournament
    start: RoundStart
    announcements: tuple[Announcement, ...]
    changes: JobChanges
    replaced: RoundStart | None = None
    """The start it replaced, if the round was scheduled before."""


@dataclass(frozen=True, slots=True)
class Timetable:
    tournament: BoardTournament
    rounds: tuple[RoundStart, ...]
    planned: dict[int, tuple[Announcement, ...]] = field(default_factory=dict)
    """Each scheduled round's announcements (every state), by round."""


async def tournament_in(tx: Tx, board: TournamentBoard, chat_id: int) -> BoardTournament:
    tournament = await board.open_in_chat(tx, chat_id)
    if tournament is None or tournament.finished:
        raise NoTournamentError()
    return tournament


def _check_round(tournament: BoardTournament, round_number: int) -> None:
    if not 1 <= round_number <= tournament.round_limit:
        raise UnknownRound(round=round_number, rounds=tournament.round_limit)
    if round_number <= tournament.completed_rounds:
        raise RoundAlreadyPlayed(round=round_number)


async def _plan(
    tx: Tx, tournament: BoardTournament, start: RoundStart, now: datetime, *,
    fresh: bool,
) -> JobChanges:
    """Replace the round's pending announcements by the plan for ``start``.

    ``fresh``: the start itself changed, so everything is announced again. Otherwise (a setting changed) kinds
    already sent (or dropped) for this start are not repeated. Announcements whose time has passed are skipped,
    except a reminder before a start still ahead: it goes out at once. A start beyond the horizon (stored before
    starts were bounded) gets no announcements: no timer could hold them.
    """
    old = await announcements.for_tournament(tx, tournament.tournament_id, start.round)
    pending = [row for row in old if row.state is AnnouncementState.PENDING]
    # A row with a piece in flight is being sent right now (its sender recorded the piece before the request, under
    # this chat's lock): the group may already have it, so it is counted as sent — as after a crash — not cancelled
    # (a cancelled row the group has seen would be a message the record denies, and the new plan would repeat it).
    sending = [row for row in pending if row.part_in_flight is not None]
    for row in sending:
        await announcements.close(tx, row.announcement_id, AnnouncementState.SENT, now,
                                  "being sent when the round was planned again; counted as sent")
    stopped = await announcements.cancel(
        tx, [row.announcement_id for row in pending if row.part_in_flight is None], now) if pending else []
    if not within_horizon(start.starts_at, now):
        log.warning("round %s of tournament %s starts at %s, beyond the schedulable horizon: not announced",
                    start.round, tournament.tournament_id, start.starts_at.isoformat())
        return JobChanges(stop=tuple(stopped))
    decided = (AnnouncementState.SENT, AnnouncementState.LATE, AnnouncementState.DROPPED)
    done = set() if fresh else {row.kind for row in old if row.state in decided} | {row.kind for row in sending}
    added = []
    for planned in plan_round(start.round, start.starts_at, tournament.clock_settings):
        if planned.kind in done:
            continue
        due = planned.due
        if due <= now:
            if planned.kind is not AnnouncementKind.REMINDER or start.starts_at <= now:
                continue
            due = now
        added.append(await announcements.add(
            tx, tournament_id=tournament.tournament_id, chat_id=tournament.chat_id, round_number=start.round,
            kind=planned.kind, due=due, at=now))
    return JobChanges(tuple(added), (*stopped, *(row.announcement_id for row in sending)))


def _check_order(tournament: BoardTournament, round_number: int, starts_at: datetime,
                 others: Iterable[RoundStart]) -> None:
    """Rounds follow each other: refuse a start at or before an earlier round's, or at or after a later one's."""
    for other in others:
        if other.round == round_number:
            continue
        shown = {"round": round_number, "when": local_text(starts_at, tournament.zone), "other": other.round,
                 "other_when": local_text(other.starts_at, tournament.zone)}
        if other.round < round_number and other.starts_at >= starts_at:
            raise NotAfterEarlierRound(**shown)
        if other.round > round_number and other.starts_at <= starts_at:
            raise NotBeforeLaterRound(**shown)


async def _cancel_all(tx: Tx, rows: Iterable[Announcement], now: datetime) -> list[int]:
    return await announcements.cancel(tx, [row.announcement_id for row in rows], now)


async def schedule_round(services: Services, caller: Caller, round_number: int, starts_at: datetime
                         ) -> RoundScheduled:
    """An organiser sets (or moves) the start of ``round_number`` of the chat's tournament.

    Its announcements are planned."""
    now, board = services.clock(), services.board
    roles = await services.roles.for_caller(caller)
    async with services.storage.transaction(claim=caller.claim) as tx:
        await roles.require(tx, Role.ORGANISER)
        tournament = await tournament_in(tx, board, caller.chat_id)
        _check_round(tournament, round_number)
        if starts_at <= now:
            raise StartInThePast(when=local_text(starts_at, tournament.zone), now=local_text(now, tournament.zone),
                                 zone=tournament.zone.key)
        if not within_horizon(starts_at, now):  # checked before anything is written
            raise out_of_range(local_text(starts_at, tournament.zone), tournament.zone, now)
        previous = await timetable.round_start(tx, tournament.tournament_id, round_number)
        if previous is not None and previous.starts_at <= now:
            raise RoundAlreadyStarted(round=round_number, when=local_text(previous.starts_at, tournament.zone))
        _check_order(tournament, round_number, starts_at, await timetable.timetable(tx, tournament.tournament_id))
        await timetable.set_round_start(
            tx, tournament.tournament_id, round_number, tournament.chat_id, starts_at, caller.actor_key, now)
        start = await timetable.round_start(tx, tournament.tournament_id, round_number)
        assert start is not None
        changes = await _plan(tx, tournament, start, now, fresh=True)
        await history.append(
            tx, chat_id=tournament.chat_id, tournament_id=tournament.tournament_id, actor=caller.actor_key,
            kind="schedule.set", at=now,
            details={"round": round_number, "starts_at": start.starts_at.isoformat(),
                     "replaced": previous.starts_at.isoformat() if previous else None})
    return RoundScheduled(tournament, start, changes.start, changes, previous)


async def unschedule_round(services: Services, caller: Caller, round_number: int) -> tuple[RoundStart, JobChanges]:
    """An organiser removes a round's start time; its pending announcements are cancelled."""
    now = services.clock()
    roles = await services.roles.for_caller(caller)
    async with services.storage.transaction(claim=caller.claim) as tx:
        await roles.require(tx, Role.ORGANISER)
        tournament = await tournament_in(tx, services.board, caller.chat_id)
        start = await timetable.round_start(tx, tournament.tournament_id, round_number)
        if start is None:
            raise RoundNotScheduled(round=round_number)
        pending = await announcements.pending_for(tx, tournament.tournament_id, round_number)
        stopped = await _cancel_all(tx, pending, now)
        await timetable.remove_round_start(tx, tournament.tournament_id, round_number)
        await history.append(
            tx, chat_id=tournament.chat_id, tournament_id=tournament.tournament_id, actor=caller.actor_key,
            kind="schedule.removed", at=now, details={"round": round_number})
    return start, JobChanges(stop=tuple(stopped))


async def chat_timetable(services: Services, caller: Caller) -> Timetable:
    """The chat's tournament's round starts and their announcements."""
    async with services.storage.read() as tx:
        tournament = await tournament_in(tx, services.board, caller.chat_id)
        rounds = await timetable.timetable(tx, tournament.tournament_id)
        rows = await announcements.for_tournament(tx, tournament.tournament_id)
    planned = {start.round: tuple(row for row in rows if row.round == start.round) for start in rounds}
    return Timetable(tournament, tuple(rounds), planned)


async def schedule_target(services: Services, caller: Caller) -> BoardTournament:
    """The chat's tournament as the match clock sees it.

    Its zone (start times are typed in it) and its rounds (``决赛`` is the last)."""
    async with services.storage.read() as tx:
        return await tournament_in(tx, services.board, caller.chat_id)


async def cancel_pending(tx: Tx, tournament_id: int, now: datetime) -> JobChanges:
    """Cancel every pending announcement of a tournament that ends (``/cancel``); a step of that transaction."""
    pending = await announcements.pending_for(tx, tournament_id)
    return JobChanges(stop=tuple(await _cancel_all(tx, pending, now)))


async def replan(tx: Tx, board: TournamentBoard, tournament_id: int, now: datetime) -> JobChanges:
    """Re-plan every round not started yet (or still being played) after a timing setting changed.

    The reminder lead, check-in, the time limit or the tournament itself. Call inside the transaction that made the
    change."""
    tournament = await board.get(tx, tournament_id)
    changes = JobChanges()
    if tournament is None or tournament.finished:
        pending = await announcements.pending_for(tx, tournament_id)
        return JobChanges(stop=tuple(await _cancel_all(tx, pending, now)))
    for start in await timetable.timetable(tx, tournament_id):
        if start.round <= tournament.completed_rounds:
            continue
        changes += await _plan(tx, tournament, start, now, fresh=False)
    return changes


@dataclass(frozen=True, slots=True)
class DeferredRound:
    """A round whose tables wait for its reminder instead of being posted when the round before it completes."""

    tournament: BoardTournament
    start: RoundStart
    reminder_at: datetime


async def deferred_round(tx: Tx, board: TournamentBoard, tournament_id: int, round_number: int, now: datetime
                         ) -> DeferredRound | None:
    """When round ``round_number - 1`` completes early.

    ``None`` if round ``round_number``'s tables are to be posted at once (it has no start time, or its reminder is
    already out), else when they will be (with the reminder). Read inside the transaction that completed the round, or
    just after it."""
    start = await timetable.round_start(tx, tournament_id, round_number)
    tournament = await board.get(tx, tournament_id)
    if start is None or tournament is None:
        return None
    waiting = [row for row in await announcements.pending_for(tx, tournament_id, round_number)
               if row.kind is AnnouncementKind.REMINDER and row.due > now]
    return DeferredRound(tournament, start, waiting[0].due) if waiting else None


async def next_round_deferred(services: Services, tournament_id: int, round_number: int) -> DeferredRound | None:
    """:func:`deferred_round` in a read of its own, for the handler that posts a round that just started."""
    async with services.storage.read() as tx:
        return await deferred_round(tx, services.board, tournament_id, round_number, services.clock())
