"""Results at the tables: ``/result``, ``/confirm`` and the Confirm / Dispute buttons.

Who acts how (``bot.tournament.results``): a player of the table reports and the other pair confirms (or reports
the same result); a different report disputes the table and the referees are told; a referee or organiser who
does not play there decides at once, and corrects a confirmed result the same way (the caller's roles are decided
in the change's transaction, ``changing(with_roles=True)``). Each call is one transaction, so two reports or
confirmations of one table racing each other are applied one after the other: the second sees the first one's
result and never advances the bracket twice. When the change completes a round the next one has
started (``started_round``); when it decides the final the tournament is finished.

What the first report can get wrong is caught before anything changes: a result no match ends with
(``bot.tournament.outcome.check_possible``: both pairs past A; without a time limit, a winner below A+ or a draw); a
second report that mirrors the first (``MIRRORED``: nobody can tell which pair wrote its own level first, so both
pairs are asked who won — :class:`~bot.tournament.outcome.WhoWon`, a button or ``/result 3 赢`` — and the answer
takes the place of the report it contradicts, to be confirmed by the other pair); an
official's correction after the champion was announced (or, in a Swiss or groups tournament, after its last round),
which waits for a confirmation (``CORRECTION_PENDING``, then ``confirmed=True``). A pair may tell its result from
its own side (:class:`~bot.tournament.outcome.OwnResult`). All of it applies at every table, knockout or points.

A Swiss or groups tournament plays its rounds the same way at every table (the same engine steps, on the
:class:`~bot.tournament.points_stage.PointsStage` instead of a bracket): equal levels with no winner are a draw
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from bot.errors import GuandanError, StorageError, TournamentError, UsageError
from bot.ruleset.scoring import Side
from bot.ruleset.variants import RuleVariant
from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import NotReferee, Role
from bot.services.tournament.state import Change, StaleButtonError, TournamentState, changing
from bot.tournament import results as engine
from bot.tournament.bracket import Bracket, MatchId
from bot.tournament.group_knockout import knockout_from_groups
from bot.tournament.matches import Match, MatchState, Report
from bot.tournament.outcome import Outcome, OwnResult, WhoWon, check_possible
from bot.tournament.people import Referee
from bot.tournament.points import refuse_undecided_equal_levels
from bot.tournament.points_stage import (
    PointsStage,
    RoundPairings,
    later_results,
    leader,
    points_standings,
    score_groups,
)
from bot.tournament.points_stage import advance as advance_points
from bot.tournament.record import TournamentStatus
from bot.tournament.results import MirrorReportError, ResultChange
from bot.tournament.stages import DrawInKnockoutError, Stage
from bot.tournament.standings import standings
from bot.tournament.teams import Actor, Event, Team
from storage import tournament_bracket, tournament_people, tournament_points, tournaments


class OwnResultByOfficialError(UsageError):
    """"We won" needs a pair: an official names the left pair's level first."""

    key = "results.own_result_by_official"


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
    MIRRORED = "mirrored"  # nothing changed: the report mirrors the other pair's; confirm theirs?
    CORRECTION_PENDING = "correction_pending"  # nothing changed: the champion was announced; confirm the correction


_KINDS = {"result.reported": ResultKind.REPORTED, "result.disputed": ResultKind.DISPUTED,
          "result.confirmed": ResultKind.CONFIRMED, "result.decided": ResultKind.DECIDED,
          "result.corrected": ResultKind.CORRECTED}


@dataclass(frozen=True, slots=True)
class ResultRecorded:
    state: TournamentState
    """After the change (``state.bracket`` is the new bracket, ``state.points_stage`` the new points stage)."""
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
    by: str = ""
    """The caller's person key (who disputed, for the dispute message)."""
    attempted: Outcome | None = None
    """``MIRRORED``: the report refused; ``CORRECTION_PENDING``: the correction waiting for its confirmation."""
    podium_changed: bool = False
    """A correction after the end changed the champion, runner-up or third places (in a points stage: the top three
    of the standings): the final ranking is new."""
    reopened: bool = False
    """A correction made a finished best-of-three final undecided again: it is played on."""
    champion_changes: bool = False
    """``CORRECTION_PENDING``: confirming it gives the tournament another champion (``new_champion``, or none)."""
    new_champion: Team | None = None
    at_points_table: bool = False
    """The table is one of the Swiss or group rounds (its buttons say so)."""
    repaired_round: int | None = None
    """A correction re-paired this Swiss round (its new tables are to be posted)."""
    repaired_from: RoundPairings | None = None
    """The re-paired round's pairings before the correction: only the tables that changed are posted."""
    later_results: bool = False
    """``CORRECTION_PENDING``: later rounds of the points stage already have results (not the end of it)."""
    previous: Outcome | None = None
    """``CORRECTED``: the result it replaced."""
    moved: tuple[Moved, ...] = ()
    """``CORRECTED`` at a points table: each pair whose points or rank the correction changed."""
    replaced: tuple[Report, ...] = ()
    """``DECIDED``: the pairs' reports the official's result replaced (none when nothing was reported)."""
    disputed_before: bool = False
    """``DECIDED``: the pairs disputed, so the official's result is a ruling."""


@dataclass(frozen=True, slots=True)
class Moved:
    """A pair whose standing a correction changed: points and rank before and after."""

    team: Team
    points_before: int
    points_after: int
    rank_before: int
    rank_after: int


def moved_pairs(before: PointsStage, after: PointsStage) -> tuple[Moved, ...]:
    """The pairs whose points or rank differ between two states of the points stage, in the new order."""
    old = {row.team.team_id: row for row in points_standings(before)}
    moved = []
    for row in points_standings(after):
        was = old.get(row.team.team_id)
        if was is not None and (was.points, was.rank) != (row.points, row.rank):
            moved.append(Moved(row.team, was.points, row.points, was.rank, row.rank))
    return tuple(moved)


def actor_of(caller: Caller, official: bool) -> Actor:
    """How the engine knows the caller.

    Their person key (``tg:<id>``) as in the pairs, or the group itself for an anonymous administrator."""
    return Actor(caller.actor_key, official)


async def record_result(services: Services, caller: Caller, ref: TableRef, told: Outcome | OwnResult | WhoWon, *,
                        confirmed: bool = False, tournament_id: int | None = None,
                        revision: int | None = None, chosen: int | None = None) -> ResultRecorded:
    """``/result``: a player's report, or an official's decision (on an open table) or correction (decided).

    ``told``: the result with the left pair's level first, or as the reporting pair tells it from its side.
    ``confirmed``: an official's correction after the champion was announced goes ahead (``/result … confirm`` or
    the button, made for ``tournament_id`` and the match row's ``revision``); without it nothing changes and the
    result is ``CORRECTION_PENDING``. ``chosen``: a tournament of the chat by id instead of its latest one (an
    official correcting an earlier tournament: ``/result #<id> …`` and its confirmation button)."""
    async with changing(services, caller, with_roles=True, finished_too=True, expected=tournament_id,
                        chosen=chosen) as change:
        done = await _record_in(change, caller, ref, told, confirmed=confirmed, revision=revision)
    return done if isinstance(done, ResultRecorded) else _recorded(change, done)


async def _record_in(change: Change, caller: Caller, ref: TableRef, told: Outcome | OwnResult | WhoWon, *,
                     confirmed: bool = False, revision: int | None = None) -> ResultRecorded | _Outline:
    """The body of :func:`record_result` within ``change`` (also one line of :func:`record_results`).

    What changed, or a :class:`ResultRecorded` that changes nothing yet (a mirrored report, a correction to confirm)."""
    actor = actor_of(caller, Role.REFEREE in change.roles)
    stage = _stage(change.current, ref)
    match = stage.find(ref.where(), ref.round)
    points = isinstance(stage, PointsStage)
    await _require_current(change, match, revision, points=points)
    settings = change.current.record.settings
    outcome = _outcome(engine.seat(stage, match, actor), match, told)  # who may act here first
    check_possible(outcome, time_limited=settings.time_limit is not None, draws=isinstance(stage, PointsStage))
    refuse_undecided_equal_levels(outcome, settings.variant(), table=match.table or "-")
    if isinstance(stage, Bracket) and outcome.is_draw:
        raise DrawInKnockoutError(level=str(outcome.left_level), round=match.round, table=match.table or "-")
    variant = settings.variant()
    official = actor.official and match.side_of(actor.key) is None
    later = isinstance(stage, PointsStage) and later_results(stage, match.round)
    if official and match.state.decided and (_finished(change.current, stage) or later) and not confirmed:
        # Worked out (and refused now if it cannot be made), but kept until the organiser confirms.
        # The same call twice: the engine is generic over ``Stage`` (a type variable), so each type needs its own.
        preview: Bracket | PointsStage
        if isinstance(stage, Bracket):
            preview = _report(stage, ref, actor, outcome, change.at, variant).stage
        else:
            preview = _report(stage, ref, actor, outcome, change.at, variant).stage
        return await _unchanged(change, stage, match, ResultKind.CORRECTION_PENDING, outcome, preview,
                                later_results=later)
    try:
        # A result told from a pair's side is never read as a mirror; an answer to "who won?" replaces one.
        refuse, answer = isinstance(told, Outcome), isinstance(told, WhoWon)
        if isinstance(stage, Bracket):
            result = _report(stage, ref, actor, outcome, change.at, variant, refuse_mirror=refuse,
                             replace_mirror=answer)
            outline = await _apply(change, match, result)
        else:
            outline = await _report_points(change, stage, ref, actor, outcome, variant, refuse_mirror=refuse,
                                           replace_mirror=answer)
    except MirrorReportError:
        return await _unchanged(change, stage, match, ResultKind.MIRRORED, outcome)
    return outline


def _outcome(side: Side | None, match: Match, told: Outcome | OwnResult | WhoWon) -> Outcome:
    """The result as the table's sides see it.

    A pair's own telling is turned round by where the pair sits (``side``; ``None``: an official, who names the left
    pair's level first instead); an answer to "who won?" takes the levels of the report standing at the table."""
    if isinstance(told, Outcome):
        return told
    if side is None and not (isinstance(told, WhoWon) and told.winner is not None):
        raise OwnResultByOfficialError(table=match.table or 0)
    if isinstance(told, WhoWon):
        return engine.answered_outcome(match, side, told)
    assert side is not None
    return told.for_side(side)


def _finished(state: TournamentState, stage: Bracket | PointsStage) -> bool:
    """The champion (or the points stage's final standings) was announced: a correction now waits for a confirmation."""
    if isinstance(stage, Bracket):
        return stage.finished
    return state.record.status is TournamentStatus.FINISHED


def _report(stage: Stage, ref: TableRef, actor: Actor, outcome: Outcome, at: datetime,
            variant: RuleVariant, *, refuse_mirror: bool = False, replace_mirror: bool = False) -> ResultChange[Stage]:
    match = stage.find(ref.where(), ref.round)
    if actor.official and match.side_of(actor.key) is None:
        step = engine.correct if match.state.decided else engine.decide
        return step(stage, ref.where(), actor, outcome, at, variant, round_number=ref.round)
    return engine.report(stage, ref.where(), actor, outcome, at, variant, round_number=ref.round,
                         refuse_mirror=refuse_mirror, replace_mirror=replace_mirror)


async def _report_points(change: Change, stage: PointsStage, ref: TableRef, actor: Actor, outcome: Outcome,
                         variant: RuleVariant, *, refuse_mirror: bool = False,
                         replace_mirror: bool = False) -> _Outline:
    """A result at a Swiss or group table.

    An official's correction of an earlier round keeps every pairing that was played; when it changes the score groups
    of a Swiss round that is paired but has nothing reported yet, that round is taken back and paired again from the
    corrected standings."""
    match = stage.find(ref.where(), ref.round)
    correcting = actor.official and match.state.decided and match.side_of(actor.key) is None
    result = _report(stage, ref, actor, outcome, change.at, variant, refuse_mirror=refuse_mirror,
                     replace_mirror=replace_mirror)
    repaired: RoundPairings | None = None
    if (correcting and stage.swiss is not None and match.round < stage.current_round
            and not any(table.reports or table.games for table in stage.table_matches())
            and score_groups(result.stage) != score_groups(stage)):
        repaired = RoundPairings.of(stage, stage.current_round)
        result = _report(stage.unpaired(), ref, actor, outcome, change.at, variant, refuse_mirror=refuse_mirror,
                         replace_mirror=replace_mirror)
        started: list[Event] = []
        paired = advance_points(result.stage, actor.key, change.at, started)
        renamed = tuple(replace(item, kind="round.repaired") for item in started if item.kind == "round.started")
        result = ResultChange(paired, (*result.events, *renamed))
    return await _apply_points(change, match, result, repaired)


async def _unchanged(change: Change, stage: Bracket | PointsStage, match: Match, kind: ResultKind,
                     attempted: Outcome, preview: Bracket | PointsStage | None = None, *,
                     later_results: bool = False) -> ResultRecorded:
    """A result that changes nothing yet: the caller is asked something first."""
    state = change.before
    points = isinstance(stage, PointsStage)
    revision = await _revision(change, match, points=points) or 0
    changes_champion = preview is not None and _podium(preview)[0] != _podium(stage)[0]
    new_champion = _podium(preview)[0] if preview is not None and changes_champion else None
    return ResultRecorded(state, kind, match, revision, stage.current_round, None, _finished(state, stage), False,
                          by=change.actor, attempted=attempted, new_champion=new_champion,
                          champion_changes=changes_champion, at_points_table=points,
                          later_results=later_results)


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
        outline = await _answer_in(change, caller, ref, step, revision)
    return _recorded(change, outline)


async def _answer_in(change: Change, caller: Caller, ref: TableRef, step: Callable[..., Any],
                     revision: int | None = None) -> _Outline:
    actor = actor_of(caller, Role.REFEREE in change.roles)
    stage = _stage(change.current, ref)
    match = stage.find(ref.where(), ref.round)
    await _require_current(change, match, revision, points=isinstance(stage, PointsStage))
    result = step(stage, ref.where(), actor, change.at, round_number=ref.round)
    if isinstance(stage, Bracket):
        return await _apply(change, match, result)
    return await _apply_points(change, match, result, None)


# Many tables in one message ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One line of ``/result`` with many lines, or one table of ``/confirm 5 6 8``.

    ``told`` and ``confirmed`` as for :func:`record_result`; ``told`` is None for a table to confirm."""

    ref: TableRef
    told: Outcome | OwnResult | WhoWon | None = None
    confirmed: bool = False


@dataclass(frozen=True, slots=True)
class LineDone:
    """What one line did.

    ``recorded`` (its state is the state right after it), or ``refused`` with the reason (the line changed nothing)."""

    line: ResultLine
    recorded: ResultRecorded | None = None
    refused: GuandanError | None = None


@dataclass(frozen=True, slots=True)
class ResultsRecorded:
    """Every line in order, the state after them all, and what the group is to be shown once.

    The round they started (its tables), the Swiss round a correction re-paired, the end of the tournament, a changed
    final ranking."""

    lines: tuple[LineDone, ...]
    state: TournamentState
    started_round: int | None = None
    repaired_round: int | None = None
    repaired_from: RoundPairings | None = None
    """The re-paired round's pairings before the first line that re-paired it."""
    finished_now: bool = False
    podium_changed: bool = False
    skipped_disputed: tuple[Match, ...] = ()
    """``/confirm all``: tables of the round with two different reports, which only a decision settles."""
    started_rounds: tuple[int, ...] = ()
    """Every round the lines started, in order: all but the one still played (``started_round``) were also
    completed by later lines, so their tables were never posted (the group is shown them with their results)."""

    @property
    def completed_rounds(self) -> tuple[int, ...]:
        """Rounds these lines both started and completed."""
        if self.finished_now or self.started_round is None:
            return self.started_rounds
        return tuple(number for number in self.started_rounds if number != self.started_round)

    @property
    def recorded(self) -> tuple[ResultRecorded, ...]:
        return tuple(done.recorded for done in self.lines if done.recorded is not None)


class NothingToConfirmAllError(TournamentError):
    """``/confirm all`` while no table of the round waits for a confirmation."""

    key = "result_lines.nothing_to_confirm_all"


async def record_results(services: Services, caller: Caller, lines: Sequence[ResultLine]) -> ResultsRecorded:
    """``/result`` with many lines.

    Each as :func:`record_result` would take it (``told``) or confirm it, one after the other in ONE transaction. A
    refused line changes nothing and the others go on; a line names a table of the round being played when the message
    came (a round that the message completes does not shift the later lines onto the next round's tables)."""
    async with changing(services, caller, with_roles=True, finished_too=True) as change:
        playing = _stage(change.before, TableRef(0)).current_round
        pinned = [replace(line, ref=replace(line.ref, round=playing)) if line.ref.round is None else line
                  for line in lines]
        done = await _each_line(change, caller, pinned)
    return _summed(change, done)


async def confirm_results(services: Services, caller: Caller, tables: Sequence[TableRef] | None) -> ResultsRecorded:
    """``/confirm 5 6 8`` (each as ``/confirm`` takes it) or ``/confirm all`` (``tables`` None; officials).

    Every table of the current round with one report standing, including those reported against pairs entered by name,
    confirmed in ONE transaction. Tables with two different reports are left for a decision and named."""
    async with changing(services, caller, with_roles=True, finished_too=True) as change:
        stage = _stage(change.before, TableRef(0))
        disputed: tuple[Match, ...] = ()
        if tables is None:
            if Role.REFEREE not in change.roles:
                raise NotReferee()
            waiting = [match for match in stage.table_matches() if match.state is MatchState.REPORTED]
            disputed = tuple(match for match in stage.table_matches() if match.state is MatchState.DISPUTED)
            if not waiting:
                raise NothingToConfirmAllError(round=stage.current_round, disputed=len(disputed))
            tables = [TableRef(match.table or 0, match.round) for match in waiting]
        else:
            tables = [ref if ref.round is not None else replace(ref, round=stage.current_round) for ref in tables]
        done = await _each_line(change, caller, [ResultLine(ref) for ref in tables])
    return replace(_summed(change, done), skipped_disputed=disputed)


async def _each_line(change: Change, caller: Caller, lines: Sequence[ResultLine]) -> list[LineDone]:
    """Apply ``lines`` one after the other within ``change``, each on the state the line before left.

    A line refused by the rules (a :class:`GuandanError` other than the database's) leaves everything as it was."""
    done: list[LineDone] = []
    for line in lines:
        part = Change(change.tx, change.current, change.at, change.actor, change.roles)
        try:
            if line.told is None:
                outcome: ResultRecorded | _Outline = await _answer_in(part, caller, line.ref, engine.confirm)
            else:
                outcome = await _record_in(part, caller, line.ref, line.told, confirmed=line.confirmed)
        except StorageError:
            raise
        except GuandanError as error:
            done.append(LineDone(line, refused=error))
            continue
        change.events.extend(part.events)
        if part.after is not None:
            change.after = part.after
        done.append(LineDone(line, outcome if isinstance(outcome, ResultRecorded) else _recorded(part, outcome)))
    return done


def _summed(change: Change, done: Sequence[LineDone]) -> ResultsRecorded:
    """The lines' results with what they did together, on the state the transaction committed."""
    recorded = [line.recorded for line in done if line.recorded is not None]
    started = [item.started_round for item in recorded if item.started_round is not None and not item.finished_now]
    repaired = [item for item in recorded if item.repaired_round is not None]
    last = repaired[-1].repaired_round if repaired else None
    first_from = next((item.repaired_from for item in repaired if item.repaired_round == last), None)
    state = change.current
    every = tuple(dict.fromkeys(item.started_round for item in recorded if item.started_round is not None))
    return ResultsRecorded(
        tuple(done), state, started[-1] if started else None, last, first_from,
        any(item.finished_now for item in recorded),
        any(item.kind is ResultKind.CORRECTED and item.podium_changed for item in recorded), started_rounds=every)


def _stage(state: TournamentState, ref: TableRef) -> Bracket | PointsStage:
    """Where the table is: the knockout (also the one after the groups, once drawn), else the points stage.

    A finished tournament takes corrections only; the engine refuses anything else on its decided matches."""
    if state.points_stage is not None and (state.bracket is None or ref.points):
        return state.points_stage
    return state.require_bracket()


async def _revision(change: Change, match: Match, *, points: bool) -> int | None:
    tid = change.before.tournament_id
    if points:
        return await tournament_points.table_revision(change.tx, tid, match.match_id)
    return await tournament_bracket.match_revision(change.tx, tid, match.match_id)


async def _require_current(change: Change, match: Match, revision: int | None, *, points: bool = False) -> None:
    if revision is None:
        return
    if await _revision(change, match, points=points) != revision:
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
    podium_changed: bool = False
    reopened: bool = False
    points: bool = False
    repaired_round: int | None = None
    repaired_from: RoundPairings | None = None
    previous: Outcome | None = None
    moved: tuple[Moved, ...] = ()
    replaced: tuple[Report, ...] = ()
    disputed_before: bool = False


def _replaced(kind: ResultKind, match: Match) -> dict[str, Any]:
    """The reports an official's decision replaces, and whether they were disputed.

    An official's decision over the pairs' reports (``match`` as it was): the reports it replaces, and whether
    the pairs disputed (only then is it a ruling)."""
    if kind is not ResultKind.DECIDED or match.state not in (MatchState.REPORTED, MatchState.DISPUTED):
        return {}
    return {"replaced": match.reports, "disputed_before": match.state is MatchState.DISPUTED}


def _podium(stage: Bracket | PointsStage) -> tuple[Team | None, Team | None, frozenset[int]]:
    """Who is on top.

    A knockout's champion, runner-up and third places; a Swiss tournament's first three; a group stage's best group
    winner and the group winners."""
    if isinstance(stage, Bracket):
        table = standings(stage)
        return table.champion, table.runner_up, frozenset(team.team_id for team in table.third)
    rows = points_standings(stage)
    if stage.swiss is not None:
        top = [row.team for row in rows[:3]]
        return (top[0] if top else None, top[1] if len(top) > 1 else None,
                frozenset(team.team_id for team in top[2:]))
    return leader(stage), None, frozenset(row.team.team_id for row in rows if row.rank == 1)


async def _apply(change: Change, match: Match, result: ResultChange[Bracket]) -> _Outline:
    """Record the engine's events, finish the tournament after its last match, and say what happened."""
    state = change.before
    before, after = state.require_bracket(), result.stage
    kind = ResultKind.REPORTED
    for event in result.events:
        change.record(event.kind, dict(event.details))
        kind = _KINDS.get(event.kind, kind)
    if after.finished and not before.finished:
        await tournaments.set_status(change.tx, state.tournament_id, TournamentStatus.FINISHED, change.at)
        change.record("tournament.finished", {"champion": "" if after.champion is None else after.champion.name})
    reopened = before.finished and not after.finished
    if reopened:
        await tournaments.reopen_finished(change.tx, state.tournament_id)
        change.record("tournament.reopened", {"match": str(match.match_id)})
    podium_changed = before.finished and after.finished and _podium(before) != _podium(after)
    if podium_changed:
        change.record("tournament.ranking_changed",
                      {"champion": "" if after.champion is None else after.champion.name})
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
    if started is not None and state.points_stage is not None:
        started += state.points_stage.rounds  # the knockout after the groups counts on from the group rounds
    return _Outline(kind, match.match_id, revision, before.current_round, started,
                    after.finished and not before.finished, referees, podium_changed, reopened,
                    **_replaced(kind, match))


async def _apply_points(change: Change, match: Match, result: ResultChange[PointsStage],
                        repaired: RoundPairings | None) -> _Outline:
    """As :func:`_apply` for a Swiss or group table.

    Record the events; after the last round finish the tournament, or draw the knockout after the groups and start its
    first round. A correction after the end that changes the top of the standings says so
    (``tournament.ranking_changed``)."""
    state = change.before
    before, after = state.points_stage, result.stage
    assert before is not None
    kind = ResultKind.REPORTED
    for event in result.events:
        change.record(event.kind, dict(event.details))
        kind = _KINDS.get(event.kind, kind)
    bracket = state.bracket
    started = after.current_round if after.current_round > before.current_round else None
    finished_now = False
    if after.finished and not before.finished and state.bracket is None:
        group_stage = after.groups
        if group_stage is not None and group_stage.advance:
            closed, bracket = knockout_from_groups(group_stage, state.record.settings.bracket_options())
            after = replace(after, core=closed)
            started = after.rounds + 1
            change.record("knockout.drawn", {"pairs": len(bracket.teams), "byes": bracket.byes})
            change.record("round.started", {"round": str(started), "tables": str(len(bracket.table_matches(1)))})
        else:
            await tournaments.set_status(change.tx, state.tournament_id, TournamentStatus.FINISHED, change.at)
            best = leader(after)
            change.record("tournament.finished", {"champion": "" if best is None else best.name})
            finished_now = True
    podium_changed = (state.record.status is TournamentStatus.FINISHED and state.bracket is None
                      and _podium(before) != _podium(after))
    if podium_changed:
        best = leader(after)
        change.record("tournament.ranking_changed", {"champion": "" if best is None else best.name})
    change.after = replace(state, points_stage=after, bracket=bracket)
    referees: tuple[Referee, ...] = ()
    if kind is ResultKind.DISPUTED:
        referees = tuple(await tournament_people.referees(change.tx, state.tournament_id))
    revision = await tournament_points.table_revision(change.tx, state.tournament_id, match.match_id) or 0
    index = match.match_id - 1
    if index >= len(before.store) or after.store[index] is not before.store[index]:
        revision += 1
    corrected = kind is ResultKind.CORRECTED
    return _Outline(kind, match.match_id, revision, before.current_round, started, finished_now, referees,
                    podium_changed=podium_changed, points=True,
                    repaired_round=None if repaired is None else repaired.round, repaired_from=repaired,
                    previous=match.games[-1].outcome if corrected and match.games else None,
                    moved=moved_pairs(before, after) if corrected else (), **_replaced(kind, match))


def _recorded(change: Change, outline: _Outline) -> ResultRecorded:
    state = change.current
    if outline.points:
        stage = state.points_stage
        assert stage is not None
        finished = state.record.status is TournamentStatus.FINISHED
        return ResultRecorded(state, outline.kind, stage.match(outline.match_id), outline.revision,
                              outline.round_played, outline.started_round, finished, outline.finished_now,
                              outline.referees, by=change.actor, podium_changed=outline.podium_changed,
                              at_points_table=True, repaired_round=outline.repaired_round,
                              repaired_from=outline.repaired_from, previous=outline.previous, moved=outline.moved,
                              replaced=outline.replaced, disputed_before=outline.disputed_before)
    bracket = state.require_bracket()
    return ResultRecorded(state, outline.kind, bracket.match(outline.match_id), outline.revision,
                          outline.round_played, outline.started_round, bracket.finished, outline.finished_now,
                          outline.referees, by=change.actor, podium_changed=outline.podium_changed,
                          reopened=outline.reopened, replaced=outline.replaced,
                          disputed_before=outline.disputed_before)


async def apply_points_result(change: Change, match: Match, result: ResultChange[PointsStage]) -> ResultRecorded:
    """Apply a result another service made at a Swiss or group table, as ``/result`` applies one.

    A result another service made at a Swiss or group table (a walkover for a pair that withdrew), applied as
    ``/result`` applies one: events recorded, the next round paired or the tournament finished."""
    return _recorded(change, await _apply_points(change, match, result, None))
