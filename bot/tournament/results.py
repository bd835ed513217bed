"""Recording results at the tables: report, confirm, dispute, an official's decision, corrections.

Rules (notice 002: 比赛结果 … 由比赛队双方签字后交裁判组 — both pairs sign the result sheet; notice 000: 弃权 … 另一对
直接进级; notice 002: 如遇对手弃权，胜方按16分计 … 若两方同时弃权，则均按0分计). Points follow the tournament's
``RuleVariant.scoring`` and ``walkover_points`` (:mod:`bot.ruleset.scoring`).

States: ``pending`` → ``reported`` (one pair) → ``confirmed`` (the other pair confirms or reports the same result;
or a referee/organiser reports, confirms or decides — final at once). A different report from the other pair, or
the other pair's :func:`dispute`, makes the match ``disputed`` until an official decides or the pairs' reports
agree. With ``refuse_mirror``, a second report that is the mirror image of the first (the same result with the
pairs' levels swapped: the reporter wrote its own level first) is refused with :class:`MirrorReportError`, so the
caller can ask whether the first report is right (a report told from the reporter's side, ``OwnResult``, is
never read that way: its caller does not ask). A pair may replace its own report until the match is confirmed.
Someone who plays at a table always acts as a player there, never as an official, so nobody rules on their own
match.

A best-of-three match records each game this way; it is decided at two game wins, or at once by a forfeit.

An official may correct a confirmed result (:func:`correct`). If the winner changes, the pairs are moved in the
match that follows (and, after a semi-final with a playoff, in the playoff) provided that match has no result yet
and the change leaves it playable; otherwise the correction is refused with the reason.

Every function takes the stage the match is played in — a knockout bracket, or a points stage
(:mod:`bot.tournament.stages`) — and returns a :class:`ResultChange`: the new stage and the events for the
append-only history (the caller supplies ``at``). Matches are addressed by a table number of the current round
(``round_number`` picks another started round) or by :class:`~bot.tournament.bracket.MatchId`.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Generic, NamedTuple

from bot.errors import PermissionDenied, TournamentError
from bot.ruleset.scoring import Side
from bot.ruleset.variants import RuleVariant
from bot.tournament.advance import match_details
from bot.tournament.bracket import Bracket, MatchId
from bot.tournament.entries import NAME_PREFIX
from bot.tournament.matches import Game, Match, MatchState, Report
from bot.tournament.outcome import Outcome, OutcomeKind, WhoWon, is_mirror_report
from bot.tournament.stages import Stage, following_slots, settle, store_changes
from bot.tournament.teams import Actor, Event

if TYPE_CHECKING:
    from bot.tournament.points_stage import PointsStage

__all__ = [
    "ResultChange", "Outcome", "OutcomeKind", "report", "confirm", "dispute", "decide", "correct", "series_result",
    "seat",
]


class MatchFinishedError(TournamentError):
    key = "results.match_finished"


class MatchNotPlayableError(TournamentError):
    key = "results.not_playable"


class NotAtTableError(TournamentError):
    key = "results.not_at_table"


class UnclaimedNameAtTableError(NotAtTableError):
    """Someone with no table of their own reports at a table where a member entered by name plays.

    Most likely that member, whose account is not linked yet."""

    key = "results.not_at_table_claim"


class AtOtherTableError(NotAtTableError):
    """Not at this table, but at another one of the current round: the refusal says which."""

    key = "results.not_at_table_yours"


class MirrorReportError(TournamentError):
    """The other pair's report, with the levels the other way round.

    Most likely the same result written with the reporter's own level first."""

    key = "results.mirror_report"


class OwnReportError(TournamentError):
    key = "results.own_report"


class NothingToConfirmError(TournamentError):
    key = "results.nothing_to_confirm"


class NothingToDisputeError(TournamentError):
    key = "results.nothing_to_dispute"


class DisputedError(TournamentError):
    """The pairs' reports differ: they must agree on a report, or an official decides."""

    key = "results.disputed"


class DisputeNeedsOutcomeError(TournamentError):
    """An official cannot just confirm when two different reports stand; they decide with a result."""

    key = "results.dispute_needs_outcome"


class OfficialsDecideError(TournamentError):
    """Officials do not dispute a report; they decide the result."""

    key = "results.officials_decide"


class OfficialsOnlyError(PermissionDenied):
    key = "results.officials_only"


class NothingToCorrectError(TournamentError):
    key = "results.nothing_to_correct"


class UnknownGameError(TournamentError):
    key = "results.unknown_game"


class NextMatchHasResultError(TournamentError):
    """Correction refused: the pair that would change already has a result in its next match."""

    key = "results.next_match_has_result"


class NextRoundStartedError(TournamentError):
    """Correction refused: it would leave a match of a started round without an opponent (a double forfeit)."""

    key = "results.next_round_started"


class SeriesDecidedEarlierError(TournamentError):
    """Correction refused: the best-of-three would have been decided before the last recorded game."""

    key = "results.series_decided_earlier"


class ResultChange(NamedTuple, Generic[Stage]):
    """The stage after the change (a bracket, or a points stage: :mod:`bot.tournament.stages`) and the events."""

    stage: Stage
    events: tuple[Event, ...]


class NothingToAnswerError(TournamentError):
    """"Who won?" answered where no report with two different levels stands to take the levels from."""

    key = "results.who_won_without_levels"


def answered_outcome(match: Match, side: Side | None, answer: WhoWon) -> Outcome:
    """The result a "who won?" answer means at ``match``.

    The levels of the report standing there (either way round), with the winner the answer names (``side``: where the
    answering pair sits; ``None`` for an official, whose answer names a side)."""
    standing = next((report.outcome for report in match.reports
                     if report.outcome.kind is OutcomeKind.PLAYED and not report.outcome.levels_equal), None)
    if standing is None:
        raise NothingToAnswerError(**_where(match))
    if answer.winner is not None:
        winner = answer.winner
    else:
        if side is None:
            raise NothingToAnswerError(**_where(match))
        winner = side if answer.won else side.other
    return standing if standing.winner is winner else standing.mirrored()


def report(stage: Stage, table: int | MatchId, actor: Actor, outcome: Outcome, at: datetime,
           variant: RuleVariant, *, round_number: int | None = None,
           refuse_mirror: bool = False, replace_mirror: bool = False) -> ResultChange[Stage]:
    """A pair at the table (or an official: then final) states the result of the match or of its current game.

    ``refuse_mirror``: a report that mirrors the other pair's raises :class:`MirrorReportError` instead of
    disputing the match. ``replace_mirror``: the report answers "who won?" — it takes the place of the other pair's
    report when that one is its mirror image, and waits for that pair's confirmation."""
    match = stage.find(table, round_number)
    _require_open(match)
    side = seat(stage, match, actor)
    score = outcome.score(variant)
    if side is None:
        return _accept(stage, match, Report(actor.key, None, outcome, score), actor, at, "result.decided", [])
    new = Report(actor.key, side, outcome, score)
    events = [Event(at, actor.key, "result.reported", _details(match, side.value, outcome=outcome.text))]
    other = match.report_by(side.other)
    if other is not None and other.outcome == outcome:
        return _accept(stage, match, other, actor, at, "result.confirmed", events, seat=side.value)
    if other is not None and refuse_mirror and is_mirror_report(other.outcome, outcome):
        raise MirrorReportError(**_where(match))
    if other is not None and replace_mirror and is_mirror_report(other.outcome, outcome):
        updated = match.with_reports(MatchState.REPORTED, (new,))
    elif other is not None:
        updated = match.with_reports(MatchState.DISPUTED, (other, new))
        events.append(Event(at, actor.key, "result.disputed", _details(match, side.value)))
    else:
        updated = match.with_reports(MatchState.REPORTED, (new,))
    return ResultChange(store_changes(stage, {match.match_id: updated}), tuple(events))


def confirm(stage: Stage, table: int | MatchId, actor: Actor, at: datetime, *,
            round_number: int | None = None) -> ResultChange[Stage]:
    """The other pair (or an official) accepts the standing report."""
    match = stage.find(table, round_number)
    _require_open(match)
    side = seat(stage, match, actor)
    if not match.reports:
        raise NothingToConfirmError(**_where(match))
    if side is None:
        if len(match.reports) > 1:
            raise DisputeNeedsOutcomeError(**_where(match))
        accepted = match.reports[0]
    else:
        other = match.report_by(side.other)
        if other is None:
            raise OwnReportError(**_where(match))
        if match.report_by(side) is not None:
            raise DisputedError(**_where(match))
        accepted = other
    where = "official" if side is None else side.value
    return _accept(stage, match, accepted, actor, at, "result.confirmed", [], seat=where)


def dispute(stage: Stage, table: int | MatchId, actor: Actor, at: datetime, *,
            round_number: int | None = None) -> ResultChange[Stage]:
    """The other pair rejects the standing report without a result of its own; an official will decide."""
    match = stage.find(table, round_number)
    _require_open(match)
    side = match.side_of(actor.key)
    if side is None:
        raise OfficialsDecideError(**_where(match)) if actor.official else _not_at_table(stage, match, actor)
    if not match.reports:
        raise NothingToDisputeError(**_where(match))
    if match.report_by(side.other) is None:
        raise OwnReportError(**_where(match))
    if match.state is MatchState.DISPUTED:
        raise DisputedError(**_where(match))
    updated = match.with_reports(MatchState.DISPUTED, match.reports)
    event = Event(at, actor.key, "result.disputed", _details(match, side.value))
    return ResultChange(store_changes(stage, {match.match_id: updated}), (event,))


def decide(stage: Stage, table: int | MatchId, actor: Actor, outcome: Outcome, at: datetime,
           variant: RuleVariant, *, round_number: int | None = None) -> ResultChange[Stage]:
    """A referee or organiser who does not play at the table sets the result (of the current game); final."""
    match = stage.find(table, round_number)
    _require_official(match, actor)
    _require_open(match)
    accepted = Report(actor.key, None, outcome, outcome.score(variant))
    return _accept(stage, match, accepted, actor, at, "result.decided", [])


def correct(stage: Stage, table: int | MatchId, actor: Actor, outcome: Outcome, at: datetime,
            variant: RuleVariant, *, game: int | None = None, round_number: int | None = None) -> ResultChange[Stage]:
    """An official replaces a confirmed result (``game``: which game of a best-of-three, default the last).

    Same winner: only the scores change. New winner: the next match (and a playoff after a semi-final) takes the
    new pairs, refused with :class:`NextMatchHasResultError` if it has any result and with
    :class:`NextRoundStartedError` if it has started and would be left without an opponent. A best-of-three may
    go back to play (1–1 after a correction) or end (2–0), but not end before its last recorded game.
    """
    match: Match = stage.find(table, round_number)
    _require_official(match, actor)
    if not match.games:
        raise NothingToCorrectError(**_where(match))
    index: int = len(match.games) - 1 if game is None else game - 1
    if not 0 <= index < len(match.games):
        raise UnknownGameError(game=index + 1, games=len(match.games), **_where(match))
    games = (*match.games[:index], Game(outcome, outcome.score(variant)), *match.games[index + 1 :])
    decided, winner, decided_at = series_result(match.best_of, games)
    if decided and decided_at != len(games):
        raise SeriesDecidedEarlierError(game=decided_at, games=len(games), **_where(match))
    extra = {"before": match.games[index].outcome.text, "after": outcome.text, "game": str(index + 1)}
    events = [Event(at, actor.key, "result.corrected", _details(match, "official", **extra))]
    was_decided = match.state is MatchState.CONFIRMED
    if decided and not was_decided:  # a best-of-three in play that this correction completes
        updated = match.with_games(MatchState.CONFIRMED, games, (), winner)
        return ResultChange(settle(stage, updated, actor.key, at, events), tuple(events))
    if not decided:
        updated = match.with_games(MatchState.PENDING if was_decided else match.state, games, match.reports, None)
        reopened = 1 if was_decided else 0  # only a best-of-three final can reopen: its round is the current one
        return ResultChange(store_changes(stage, {match.match_id: updated}, reopened), tuple(events))
    updated = match.with_games(match.state, games, match.reports, winner)
    changes = {match.match_id: updated}
    if winner is not match.winner:
        changes.update(_repaired_followers(stage, updated))
    return ResultChange(store_changes(stage, changes), tuple(events))


def series_result(best_of: int, games: tuple[Game, ...]) -> tuple[bool, Side | None, int]:
    """``(decided, winner, after game n)`` of a match from its confirmed games.

    Rule (notice 000: 冠亚军通过三局两胜制决出): the first side to win ``best_of // 2 + 1`` games wins; a forfeit
    in any game ends the match at once (弃权判负), a double forfeit with no winner.
    """
    if best_of == 1:
        return (True, games[0].winner, 1) if games else (False, None, 0)
    needed = best_of // 2 + 1
    wins = {Side.LEFT: 0, Side.RIGHT: 0}
    for number, game in enumerate(games, start=1):
        if game.outcome.kind is not OutcomeKind.PLAYED or game.winner is None:
            return True, game.winner, number
        wins[game.winner] += 1
        if wins[game.winner] == needed:
            return True, game.winner, number
    return False, None, 0


def _accept(stage: Stage, match: Match, accepted: Report, actor: Actor, at: datetime, kind: str,
            events: list[Event], *, seat: str = "official") -> ResultChange[Stage]:
    games = (*match.games, Game(accepted.outcome, accepted.score))
    decided, winner, _ = series_result(match.best_of, games)
    events.append(Event(at, actor.key, kind, _details(match, seat, outcome=accepted.outcome.text)))
    if not decided:
        updated = match.with_games(MatchState.PENDING, games, (), None)
        return ResultChange(store_changes(stage, {match.match_id: updated}), tuple(events))
    updated = match.with_games(MatchState.CONFIRMED, games, (), winner)
    return ResultChange(settle(stage, updated, actor.key, at, events), tuple(events))


def _repaired_followers(stage: Stage, corrected: Match) -> dict[int, Match]:
    repaired: dict[int, Match] = {}
    for ident, side, team in following_slots(stage, corrected):
        if stage.store[ident - 1] is None:
            continue  # its round has not started: it reads the corrected winner from this match
        target = stage.match(ident)
        if target.games or target.reports or target.state.decided:
            raise NextMatchHasResultError(next_round=target.round, next_table=target.table or "-",
                                          **_where(corrected))
        if target.state.open and team is None:
            raise NextRoundStartedError(next_round=target.round, next_table=target.table or "-",
                                        **_where(corrected))
        repaired[ident] = target.with_team(side, team)
    return repaired


def _require_open(match: Match) -> None:
    if match.state.decided:
        raise MatchFinishedError(**_where(match))
    if not match.state.open:
        raise MatchNotPlayableError(**_where(match))


def _require_official(match: Match, actor: Actor) -> None:
    if not actor.official or match.side_of(actor.key) is not None:
        raise OfficialsOnlyError(**_where(match))


def seat(stage: Bracket | PointsStage, match: Match, actor: Actor) -> Side | None:
    """The pair ``actor`` plays for at this match; ``None`` for an official who does not play here."""
    side = match.side_of(actor.key)
    if side is None and not actor.official:
        raise _not_at_table(stage, match, actor)
    return side


def _not_at_table(stage: Bracket | PointsStage, match: Match, actor: Actor) -> NotAtTableError:
    """The refusal for someone who does not play at ``match``: it names their own table when they have one now."""
    own = stage.match_of(actor.key)
    if own is not None and own.table is not None and own.match_id != match.match_id:
        return AtOtherTableError(own_table=own.table, **_where(match))
    if own is None and any(key.startswith(NAME_PREFIX) for team in (match.left, match.right) if team is not None
                           for key in team.members):
        return UnclaimedNameAtTableError(**_where(match))
    return NotAtTableError(**_where(match))


def _where(match: Match) -> dict[str, object]:
    return {"round": match.round, "table": match.table or "-", "match": match.match_id}


def _details(match: Match, seat: str, **extra: str) -> dict[str, str]:
    """Event details; in a best-of-three also the number of the game concerned."""
    details = match_details(match, seat=seat)
    if match.best_of > 1:
        details["game"] = str(match.current_game)
    details.update(extra)
    return details
