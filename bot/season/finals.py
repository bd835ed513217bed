"""Which tables a change made final.

Ratings replay a group's tables in the order their results became final (club-season notice, "Ratings"), so the unit of
work appends each table that goes from undecided to decided."""

from __future__ import annotations

from bot.tournament.bracket import Bracket
from bot.tournament.matches import Match, MatchState
from bot.tournament.points_stage import PointsStage

KNOCKOUT = "knockout"
POINTS = "points"


def _newly_final(before: Match | None, after: Match) -> bool:
    return after.state is MatchState.CONFIRMED and (before is None or before.state is not MatchState.CONFIRMED)


def newly_final_matches(before: Bracket | None, after: Bracket | None) -> list[int]:
    """Match ids of ``after``'s bracket that were not final in ``before`` (``None``: no bracket yet)."""
    if after is None:
        return []
    found = []
    for index, match in enumerate(after.store):
        if match is None:
            continue
        old = None if before is None or index >= len(before.store) else before.store[index]
        if old is match:
            continue
        if _newly_final(old, match):
            found.append(match.match_id)
    return found


def newly_final_tables(before: PointsStage | None, after: PointsStage | None) -> list[int]:
    """Table ids of ``after``'s Swiss or group rounds that were not final in ``before``."""
    if after is None:
        return []
    found = []
    for index, match in enumerate(after.store):
        old = None if before is None or index >= len(before.store) else before.store[index]
        if old is match:
            continue
        if _newly_final(old, match):
            found.append(match.match_id)
    return found
