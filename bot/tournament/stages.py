"""The stage a result is recorded in: a knockout :class:`~bot.tournament.bracket.Bracket` or a points stage.

:mod:`bot.tournament.results` runs the same state machine at every table (report, confirm, dispute, decide,
correct) and hands the changed match to its stage through these functions: a bracket advances the winner
(:mod:`bot.tournament.advance`), a Swiss tournament or group stage records the points and pairs or starts the next
round (:class:`~bot.tournament.points_stage.PointsStage`). A draw (``Outcome.draw``) exists only in a points stage:
a bracket refuses it here, whoever asks (:class:`DrawInKnockoutError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, TypeVar

from bot.errors import TournamentError
from bot.ruleset.scoring import Side
from bot.tournament import advance
from bot.tournament.bracket import Bracket
from bot.tournament.matches import Match
from bot.tournament.teams import Event, Team

if TYPE_CHECKING:
    from bot.tournament.points_stage import PointsStage

Stage = TypeVar("Stage", Bracket, "PointsStage")
"""The stage whose tables a result is recorded at: a knockout bracket, or a Swiss tournament or group stage."""


class DrawInKnockoutError(TournamentError):
    """A knockout match needs a winner: equal levels must name one."""

    key = "results.draw_in_knockout"


def _refuse_draws(changes: Mapping[int, Match] | tuple[Match, ...]) -> None:
    matches = changes.values() if isinstance(changes, Mapping) else changes
    for match in matches:
        for game in match.games:
            if game.outcome.is_draw:
                raise DrawInKnockoutError(level=str(game.outcome.left_level), round=match.round,
                                          table=match.table or "-")
        for report in match.reports:
            if report.outcome.is_draw:
                raise DrawInKnockoutError(level=str(report.outcome.left_level), round=match.round,
                                          table=match.table or "-")


def store_changes(stage: Stage, changes: Mapping[int, Match], open_change: int = 0) -> Stage:
    """``stage`` with ``changes`` (by match id) stored and ``open_change`` added to its open-table count."""
    if isinstance(stage, Bracket):
        _refuse_draws(changes)
        return advance.store_changes(stage, changes, open_change)
    return stage.store_changes(changes, open_change)


def settle(stage: Stage, decided: Match, actor: str, at: datetime, events: list[Event]) -> Stage:
    """Store ``decided`` (an open table of the current round, now decided) and move on when its round is complete.

    The bracket's next round, or the points stage's next round."""
    if isinstance(stage, Bracket):
        _refuse_draws((decided,))
        return advance.settle(stage, decided, actor, at, events)
    return stage.settle(decided, actor, at, events)


def following_slots(stage: Stage, match: Match) -> list[tuple[int, Side, Team | None]]:
    """Where a decided match sends its pairs (:func:`bot.tournament.advance.following_slots`).

    Nowhere in a points stage, whose next round is paired from the standings."""
    if isinstance(stage, Bracket):
        return advance.following_slots(stage, match)
    return []
