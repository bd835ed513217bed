"""The season's ladder (club-season notice, "The ladder"): points per finished tournament, summed over a season.

Per finished tournament and player: the pairs that finished below the player's pair + 1 (a tournament of N pairs gives
the champions N and the last pair 1; a withdrawn pair 1), unless the season has a points table by place (the last
entry for any place beyond it, 0 for none). The season's total is the sum of a player's best ``best`` results (all
without it), so a later tournament never lowers it. The ladder ranks by points, then rating, then name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class FinishedPair:
    """One pair's finish: its members (member keys) and place (pairs sharing a place repeat it)."""

    members: tuple[str, ...]
    place: int
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class FinishedTournament:
    tournament_id: int
    finished_at: datetime
    pairs: tuple[FinishedPair, ...]


@dataclass(frozen=True, slots=True)
class SeasonScoring:
    points_table: tuple[int, ...] | None = None
    best: int | None = None


@dataclass(frozen=True, slots=True)
class SeasonWindow:
    """Which tournaments count: those finished at or after ``start`` and before ``end`` (``None``: still open)."""

    start: datetime
    end: datetime | None = None

    def holds(self, moment: datetime) -> bool:
        return moment >= self.start and (self.end is None or moment < self.end)


@dataclass(frozen=True, slots=True)
class LadderResult:
    tournament_id: int
    place: int
    points: int


@dataclass(frozen=True, slots=True)
class LadderRow:
    rank: int
    member: str
    points: int
    events: int
    best_place: int
    results: tuple[LadderResult, ...] = ()


def place_points(pair: FinishedPair, pairs: Sequence[FinishedPair], scoring: SeasonScoring) -> int:
    """What one pair's finish is worth."""
    if scoring.points_table is not None:
        table = scoring.points_table
        if not table:
            return 0
        return table[min(pair.place, len(table)) - 1] if not pair.withdrawn else table[-1]
    if pair.withdrawn:
        return 1
    # A withdrawn pair finished below everyone still in, whatever place its results gave it.
    return 1 + sum(1 for other in pairs if other is not pair and (other.withdrawn or other.place > pair.place))


def ladder(tournaments: Iterable[FinishedTournament], scoring: SeasonScoring,
           ratings: Mapping[str, float]) -> tuple[LadderRow, ...]:
    """The season's ladder of the ``tournaments`` that count.

    The season's table of the ``tournaments`` that count, ranked by points, then rating (``ratings``: member →
    displayed rating), then member key; equal points and rating share a rank."""
    results: dict[str, list[LadderResult]] = {}
    for tournament in sorted(tournaments, key=lambda item: (item.finished_at, item.tournament_id)):
        for pair in tournament.pairs:
            worth = place_points(pair, tournament.pairs, scoring)
            for member in dict.fromkeys(pair.members):
                results.setdefault(member, []).append(LadderResult(tournament.tournament_id, pair.place, worth))
    rows: list[tuple[str, int, int, int, tuple[LadderResult, ...]]] = []
    for member, own in results.items():
        counted = sorted((result.points for result in own), reverse=True)
        if scoring.best is not None:
            counted = counted[: scoring.best]
        rows.append((member, sum(counted), len(own), min(result.place for result in own), tuple(own)))
    rows.sort(key=lambda row: (-row[1], -ratings.get(row[0], 0.0), row[0]))
    ranked: list[LadderRow] = []
    for index, (member, points, events, best_place, kept) in enumerate(rows):
        rank = index + 1
        if ranked and ranked[-1].points == points and ratings.get(ranked[-1].member, 0.0) == ratings.get(member, 0.0):
            rank = ranked[-1].rank
        ranked.append(LadderRow(rank, member, points, events, best_place, kept))
    return tuple(ranked)
