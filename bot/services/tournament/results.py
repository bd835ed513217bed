"""Results at the tables: ``/result``, ``/confirm`` and the Confirm / Dispute buttons.

Who acts how (``bot.tournament.results``): a player of the table reports and the other pair confirms (or reports
the same result); a different report disputes the table and the referees are told; a referee or organiser who
does not play there decides at once, and corrects a confirmed result the same way (the caller's roles are decided
in the change's transaction, ``changing(with_roles=True)``). Each call is one transaction, so two reports or
confirmations of one table racing each other are applied one after the other: the second sees the first one's
result and never advances the bracket twice. When the change completes a round the next one has
started (``started_round``); when it decides the final the tournament is finished.

A Swiss or groups tournament plays its rounds the same way at every table (the same engine steps, on the
:class:`~bot.tournament.points_event.PointsEvent` instead of a bracket): equal levels with no winner are a draw
there, a knockout refuses one. When the last table of a round is decided the next Swiss round is paired (or the next
group round starts) in the same transaction; after the last Swiss round, or the last group match without a
knockout, the tournament is finished; after the last group match with ``advance`` > 0 the knockout of each
group's best is drawn at once (``bot.tournament.group_knockout``) and its first round started. Round numbers
of that knockout follow the group rounds (``started_round`` = group rounds + 1), as the match clock counts them.
An official's correction of a Swiss table of the round before the current one re-pairs the current round when
nothing is reported in it yet, and is refused with the reason otherwise.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from bot.ruleset.variants import RuleVariant
from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.tournament.state import Change, StaleButtonError, TournamentState, changing
from bot.tournament import results as engine
from bot.tournament.boards import Board, DrawInKnockoutError
from bot.tournament.bracket import Bracket, MatchId
from bot.tournament.group_knockout import knockout_from_groups
from bot.tournament.matches import Match
from bot.tournament.outcome import Outcome
from bot.tournament.people import Referee
from bot.tournament.points_event import NextRoundStartedError, PointsEvent, leader
from bot.tournament.points_event import advance as advance_points
from bot.tournament.record import TournamentStatus
from bot.tournament.results import ResultChange
from bot.tournament.teams import Actor, Event
from storage import points_events, tournament_bracket, tournament_people, tournaments


@dataclass(frozen=True, slots=True)
class TableRef:
    """A table of the current round (``round`` None) or of an earlier started round; or a match by id (buttons).
    ``points``: a table of the Swiss or group rounds even once the knockout after the groups is drawn (a button
    made for a group table)."""

    table: int
    round: int | None = None
    match_id: int | None = None
    points: bool = False

    def where(self) -> int | MatchId:
        return MatchId(self.match_id) if self.match_id is not None else self.table


class ResultKind(enum.StrEnum):
    REPORTED = "reported"  # waiting for the other pair
    DISPUTED = "disputed"  # the pairs disagree: referees decide
    CONFIRMED = "confirmed"  # by the other pair (or the same report from both)
    DECIDED = "decided"  # by an official
    CORRECTED = "corrected"  # an official replaced a confirmed result


_KINDS = {"result.reported": ResultKind.REPORTED, "result.disputed": ResultKind.DISPUTED,
          "result.confirmed": ResultKind.CONFIRMED, "result.decided": ResultKind.DECIDED,
          "result.corrected": ResultKind.CORRECTED}


@dataclass(frozen=True, slots=True)
class ResultRecorded:
    state: TournamentState
    """After the change (``state.bracket`` is the new bracket)."""
    kind: ResultKind
    match: Match
    """The match concerned, as it is now."""
    revision: int
    """Of the match's row: the Confirm / Dispute buttons of a report carry it."""
    round_played: int
    """The round being played when the change came in."""
    started_round: int | None
    """The round that started because this change completed the one before (its tables are to be posted)."""
    finished: bool
    finished_now: bool
    """This change decided the last match: the champion is to be announced."""
    referees: tuple[Referee, ...] = ()
    """Told about a dispute."""
    at_points_table: bool = False
    """The table is one of the Swiss or group rounds (its buttons say so)."""
    repaired_round: int | None = None
    """A correction re-paired this Swiss round (its new tables are to be posted)."""


def actor_of(caller: Caller, official: bool) -> Actor:
    """How the engine knows the caller: their person key (``tg:<id>``) as in the pairs, or the group itself for an
    anonymous administrator."""
    return Actor(caller.actor_key, official)


async def record_result(services: Services, caller: Caller, ref: TableRef, outcome: Outcome) -> ResultRecorded:
    """``/result``: a player's report, or an official's decision (on an open table) or correction (decided)."""
    async with changing(services, caller, with_roles=True, finished_too=True) as change:
        actor = actor_of(caller, Role.REFEREE in change.roles)
        variant = change.before.record.settings.variant()
        board = _board(change.before, ref)
        if isinstance(board, Bracket):
            match = board.find(ref.where(), ref.round)
            if outcome.is_draw:
                raise DrawInKnockoutError(level=str(outcome.left_level), round=match.round, table=match.table or "-")
            outline = await _apply(change, match, _report(board, ref, actor, outcome, change.at, variant))
        else:
            outline = await _report_points(change, board, ref, actor, outcome, variant)
    return _recorded(change, outline)


def _report(board: Board, ref: TableRef, actor: Actor, outcome: Outcome, at: datetime,
            variant: RuleVariant) -> ResultChange[Board]:
    match = board.find(ref.where(), ref.round)
    if actor.official and match.side_of(actor.key) is None:
        step = engine.correct if match.state.decided else engine.decide
        return step(board, ref.where(), actor, outcome, at, variant, round_number=ref.round)
    return engine.report(board, ref.where(), actor, outcome, at, variant, round_number=ref.round)


async def _report_points(change: Change, event: PointsEvent, ref: TableRef, actor: Actor, outcome: Outcome,
                         variant: RuleVariant) -> _Outline:
    """A result at a Swiss or group table. An official's correction of the Swiss round before the current one
    takes back the current round first and pairs it again; it is refused once anything is reported there."""
    match = event.find(ref.where(), ref.round)
    repaired: int | None = None
    if (event.swiss is not None and actor.official and match.state.decided and match.side_of(actor.key) is None
            and match.round < event.current_round):
        if match.round < event.current_round - 1 or any(
                table.reports or table.games for table in event.table_matches()):
            raise NextRoundStartedError(round=match.round, table=match.table or "-", next_round=match.round + 1)
        repaired = event.current_round
        event = event.unpaired()
    result = _report(event, ref, actor, outcome, change.at, variant)
    if repaired is not None:
        started: list[Event] = []
        paired = advance_points(result.bracket, actor.key, change.at, started)
        renamed = tuple(replace(item, kind="round.repaired") for item in started if item.kind == "round.started")
        result = ResultChange(paired, (*result.events, *renamed))
    return await _apply_points(change, match, result, repaired)


async def confirm_result(services: Services, caller: Caller, ref: TableRef, *, tournament_id: int | None = None,
                         revision: int | None = None) -> ResultRecorded:
    """``/confirm`` or the Confirm button (made for ``tournament_id`` and the match row's ``revision``)."""
    return await _answer_report(services, caller, ref, engine.confirm, tournament_id, revision)


async def dispute_result(services: Services, caller: Caller, ref: TableRef, *, tournament_id: int | None = None,
                         revision: int | None = None) -> ResultRecorded:
    """The Dispute button: the other pair rejects the standing report; the referees decide."""
    return await _answer_report(services, caller, ref, engine.dispute, tournament_id, revision)


async def _answer_report(services: Services, caller: Caller, ref: TableRef, step: Callable[..., Any],
                         tournament_id: int | None, revision: int | None) -> ResultRecorded:
    """Confirm or dispute the report standing at ``ref``, in one transaction."""
    async with changing(services, caller, with_roles=True, finished_too=True, expected=tournament_id) as change:
        actor = actor_of(caller, Role.REFEREE in change.roles)
        board = _board(change.before, ref)
        match = board.find(ref.where(), ref.round)
        await _require_current(change, match, revision, points=not isinstance(board, Bracket))
        result = step(board, ref.where(), actor, change.at, round_number=ref.round)
        if isinstance(board, Bracket):
            outline = await _apply(change, match, result)
        else:
            outline = await _apply_points(change, match, result, None)
    return _recorded(change, outline)


def _board(state: TournamentState, ref: TableRef) -> Bracket | PointsEvent:
    """Where the table is: the knockout (also the one after the groups, once drawn), else the points event. A
    finished tournament takes corrections only; the engine refuses anything else on its decided matches."""
    if state.event is not None and (state.bracket is None or ref.points):
        return state.event
    return state.require_bracket()


async def _require_current(change: Change, match: Match, revision: int | None, *, points: bool = False) -> None:
    if revision is None:
        return
    tid = change.before.tournament_id
    if points:
        stored = await points_events.table_revision(change.tx, tid, match.match_id)
    else:
        stored = await tournament_bracket.match_revision(change.tx, tid, match.match_id)
    if stored != revision:
        raise StaleButtonError()


@dataclass(frozen=True, slots=True)
class _Outline:
    kind: ResultKind
    match_id: int
    revision: int
    round_played: int
    started_round: int | None
    finished_now: bool
    referees: tuple[Referee, ...]
    points: bool = False
    repaired_round: int | None = None


async def _apply(change: Change, match: Match, result: ResultChange[Bracket]) -> _Outline:
    """Record the engine's events, finish the tournament after its last match, and say what happened."""
    state = change.before
    before, after = state.require_bracket(), result.bracket
    kind = ResultKind.REPORTED
    for event in result.events:
        change.record(event.kind, dict(event.details))
        kind = _KINDS.get(event.kind, kind)
    if after.finished and not before.finished:
        await tournaments.set_status(change.tx, state.tournament_id, TournamentStatus.FINISHED, change.at)
        change.record("tournament.finished", {"champion": "" if after.champion is None else after.champion.name})
    change.after = replace(state, bracket=after)
    referees: tuple[Referee, ...] = ()
    if kind is ResultKind.DISPUTED:
        referees = tuple(await tournament_people.referees(change.tx, state.tournament_id))
    # The row is written when the change ends: a changed match's revision then grows by one.
    index = match.match_id - 1
    revision = await tournament_bracket.match_revision(change.tx, state.tournament_id, match.match_id) or 0
    if after.store[index] is not before.store[index]:
        revision += 1
    started = after.current_round if after.current_round > before.current_round else None
    return _Outline(kind, match.match_id, revision, before.current_round, started,
                    after.finished and not before.finished, referees)


async def _apply_points(change: Change, match: Match, result: ResultChange[PointsEvent],
                        repaired: int | None) -> _Outline:
    """As :func:`_apply` for a Swiss or group table: record the events; after the last round finish the
    tournament, or draw the knockout after the groups and start its first round."""
    state = change.before
    before, after = state.event, result.bracket
    assert before is not None
    kind = ResultKind.REPORTED
    for event in result.events:
        change.record(event.kind, dict(event.details))
        kind = _KINDS.get(event.kind, kind)
    bracket = state.bracket
    started = after.current_round if after.current_round > before.current_round else None
    finished_now = False
    if after.finished and not before.finished and state.bracket is None:
        stage = after.groups
        if stage is not None and stage.advance:
            closed, bracket = knockout_from_groups(stage, state.record.settings.bracket_options())
            after = replace(after, core=closed)
            started = after.rounds + 1
            change.record("knockout.drawn", {"pairs": len(bracket.teams), "byes": bracket.byes})
            change.record("round.started", {"round": str(started), "tables": str(len(bracket.table_matches(1)))})
        else:
            await tournaments.set_status(change.tx, state.tournament_id, TournamentStatus.FINISHED, change.at)
            best = leader(after)
            change.record("tournament.finished", {"champion": "" if best is None else best.name})
            finished_now = True
    change.after = replace(state, event=after, bracket=bracket)
    referees: tuple[Referee, ...] = ()
    if kind is ResultKind.DISPUTED:
        referees = tuple(await tournament_people.referees(change.tx, state.tournament_id))
    revision = await points_events.table_revision(change.tx, state.tournament_id, match.match_id) or 0
    index = match.match_id - 1
    if index >= len(before.store) or after.store[index] is not before.store[index]:
        revision += 1
    return _Outline(kind, match.match_id, revision, before.current_round, started, finished_now, referees,
                    points=True, repaired_round=repaired)


def _recorded(change: Change, outline: _Outline) -> ResultRecorded:
    state = change.current
    if outline.points:
        event = state.event
        assert event is not None
        finished = state.record.status is TournamentStatus.FINISHED
        return ResultRecorded(state, outline.kind, event.match(outline.match_id), outline.revision,
                              outline.round_played, outline.started_round, finished, outline.finished_now,
                              outline.referees, True, outline.repaired_round)
    bracket = state.require_bracket()
    return ResultRecorded(state, outline.kind, bracket.match(outline.match_id), outline.revision,
                          outline.round_played, outline.started_round, bracket.finished, outline.finished_now,
                          outline.referees)
