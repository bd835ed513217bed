"""Results at the tables: ``/result``, ``/confirm`` and the Confirm / Dispute buttons.

Who acts how (``bot.tournament.results``): a player of the table reports and the other pair confirms (or reports
the same result); a different report disputes the table and the referees are told; a referee or organiser who
does not play there decides at once, and corrects a confirmed result the same way (the caller's roles are decided
in the change's transaction, ``changing(with_roles=True)``). Each call is one transaction, so two reports or
confirmations of one table racing each other are applied one after the other: the second sees the first one's
result and never advances the bracket twice. When the change completes a round the next one has
started (``started_round``); when it decides the final the tournament is finished.

What the first report can get wrong is caught before anything changes: a result no match ends with
(``bot.tournament.outcome.check_possible``: both pairs past A; without a time limit, a winner below A+); a second
report that mirrors the first (``MIRRORED``: the reporter is asked to confirm the first instead); an official's
correction after the champion was announced, which waits for a confirmation (``CORRECTION_PENDING``, then
``confirmed=True``). A pair may tell its result from its own side (:class:`~bot.tournament.outcome.OwnResult`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.errors import UsageError
from bot.ruleset.scoring import Side
from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.tournament.state import Change, StaleButtonError, TournamentState, changing
from bot.tournament import results as engine
from bot.tournament.bracket import Bracket, MatchId
from bot.tournament.matches import Match
from bot.tournament.outcome import Outcome, OwnResult, check_possible
from bot.tournament.people import Referee
from bot.tournament.record import TournamentStatus
from bot.tournament.results import MirrorReportError, ResultChange
from bot.tournament.standings import standings
from bot.tournament.teams import Actor, Team
from storage import tournament_bracket, tournament_people, tournaments


class OwnResultByOfficialError(UsageError):
    """"We won" needs a pair: an official names the left pair's level first."""

    key = "results.own_result_by_official"


@dataclass(frozen=True, slots=True)
class TableRef:
    """A table of the current round (``round`` None) or of an earlier started round; or a match by id (buttons)."""

    table: int
    round: int | None = None
    match_id: int | None = None

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
    by: str = ""
    """The caller's person key (who disputed, for the dispute message)."""
    attempted: Outcome | None = None
    """``MIRRORED``: the report refused; ``CORRECTION_PENDING``: the correction waiting for its confirmation."""
    podium_changed: bool = False
    """A correction after the final changed the champion, runner-up or third places: the final ranking is new."""
    reopened: bool = False
    """A correction made a finished best-of-three final undecided again: it is played on."""
    champion_changes: bool = False
    """``CORRECTION_PENDING``: confirming it gives the tournament another champion (``new_champion``, or none)."""
    new_champion: Team | None = None


def actor_of(caller: Caller, official: bool) -> Actor:
    """How the engine knows the caller: their person key (``tg:<id>``) as in the pairs, or the group itself for an
    anonymous administrator."""
    return Actor(caller.actor_key, official)


async def record_result(services: Services, caller: Caller, ref: TableRef, told: Outcome | OwnResult, *,
                        confirmed: bool = False, tournament_id: int | None = None,
                        revision: int | None = None) -> ResultRecorded:
    """``/result``: a player's report, or an official's decision (on an open table) or correction (decided).

    ``told``: the result with the left pair's level first, or as the reporting pair tells it from its side.
    ``confirmed``: an official's correction after the champion was announced goes ahead (``/result … confirm`` or
    the button, made for ``tournament_id`` and the match row's ``revision``); without it nothing changes and the
    result is ``CORRECTION_PENDING``."""
    async with changing(services, caller, with_roles=True, finished_too=True, expected=tournament_id) as change:
        actor = actor_of(caller, Role.REFEREE in change.roles)
        bracket = _bracket(change.before)
        match = bracket.find(ref.where(), ref.round)
        await _require_current(change, match, revision)
        settings = change.before.record.settings
        outcome = _outcome(engine.seat(bracket, match, actor), match, told)  # who may act here first
        check_possible(outcome, time_limited=settings.time_limit is not None)
        variant = settings.variant()
        if actor.official and match.side_of(actor.key) is None:
            if match.state.decided and bracket.finished and not confirmed:
                # Worked out (and refused now if it cannot be made), but kept until the organiser confirms.
                preview = engine.correct(bracket, ref.where(), actor, outcome, change.at, variant,
                                         round_number=ref.round)
                return await _unchanged(change, match, ResultKind.CORRECTION_PENDING, outcome, preview.bracket)
            step = engine.correct if match.state.decided else engine.decide
            result = step(bracket, ref.where(), actor, outcome, change.at, variant, round_number=ref.round)
        else:
            try:
                result = engine.report(bracket, ref.where(), actor, outcome, change.at, variant,
                                       round_number=ref.round, refuse_mirror=not isinstance(told, OwnResult))
            except MirrorReportError:
                return await _unchanged(change, match, ResultKind.MIRRORED, outcome)
        outline = await _apply(change, match, result)
    return _recorded(change, outline)


def _outcome(side: Side | None, match: Match, told: Outcome | OwnResult) -> Outcome:
    """The result as the table's sides see it: a pair's own telling is turned round by where the pair sits
    (``side``; ``None``: an official, who names the left pair's level first instead)."""
    if isinstance(told, Outcome):
        return told
    if side is None:
        raise OwnResultByOfficialError(table=match.table or 0)
    return told.for_side(side)


async def _unchanged(change: Change, match: Match, kind: ResultKind, attempted: Outcome,
                     preview: Bracket | None = None) -> ResultRecorded:
    """A result that changes nothing yet: the caller is asked something first."""
    state = change.before
    revision = await tournament_bracket.match_revision(change.tx, state.tournament_id, match.match_id) or 0
    bracket = state.require_bracket()
    changes_champion = preview is not None and _podium(preview)[0] != _podium(bracket)[0]
    return ResultRecorded(state, kind, match, revision, bracket.current_round, None, bracket.finished, False,
                          by=change.actor, attempted=attempted,
                          new_champion=preview.champion if preview is not None and changes_champion else None,
                          champion_changes=changes_champion)


async def confirm_result(services: Services, caller: Caller, ref: TableRef, *, tournament_id: int | None = None,
                         revision: int | None = None) -> ResultRecorded:
    """``/confirm`` or the Confirm button (made for ``tournament_id`` and the match row's ``revision``)."""
    return await _answer_report(services, caller, ref, engine.confirm, tournament_id, revision)


async def dispute_result(services: Services, caller: Caller, ref: TableRef, *, tournament_id: int | None = None,
                         revision: int | None = None) -> ResultRecorded:
    """The Dispute button: the other pair rejects the standing report; the referees decide."""
    return await _answer_report(services, caller, ref, engine.dispute, tournament_id, revision)


async def _answer_report(services: Services, caller: Caller, ref: TableRef, step: Callable[..., ResultChange],
                         tournament_id: int | None, revision: int | None) -> ResultRecorded:
    """Confirm or dispute the report standing at ``ref``, in one transaction."""
    async with changing(services, caller, with_roles=True, finished_too=True, expected=tournament_id) as change:
        actor = actor_of(caller, Role.REFEREE in change.roles)
        bracket = _bracket(change.before)
        match = bracket.find(ref.where(), ref.round)
        await _require_current(change, match, revision)
        result = step(bracket, ref.where(), actor, change.at, round_number=ref.round)
        outline = await _apply(change, match, result)
    return _recorded(change, outline)


def _bracket(state: TournamentState) -> Bracket:
    # A finished tournament takes corrections only; the engine refuses anything else on its decided matches.
    return state.require_bracket()


async def _require_current(change: Change, match: Match, revision: int | None) -> None:
    if revision is None:
        return
    stored = await tournament_bracket.match_revision(change.tx, change.before.tournament_id, match.match_id)
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
    podium_changed: bool
    reopened: bool


def _podium(bracket: Bracket) -> tuple[Team | None, Team | None, frozenset[int]]:
    table = standings(bracket)
    return table.champion, table.runner_up, frozenset(team.team_id for team in table.third)


async def _apply(change: Change, match: Match, result: ResultChange) -> _Outline:
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
    return _Outline(kind, match.match_id, revision, before.current_round, started,
                    after.finished and not before.finished, referees, podium_changed, reopened)


def _recorded(change: Change, outline: _Outline) -> ResultRecorded:
    state = change.current
    bracket = state.require_bracket()
    return ResultRecorded(state, outline.kind, bracket.match(outline.match_id), outline.revision,
                          outline.round_played, outline.started_round, bracket.finished, outline.finished_now,
                          outline.referees, by=change.actor, podium_changed=outline.podium_changed,
                          reopened=outline.reopened)
