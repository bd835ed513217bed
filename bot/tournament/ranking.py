"""Standings of a points stage (Swiss rounds, a round-robin group): points and the tie-breaks, in order.

The order is a list of :class:`~bot.ruleset.variants.RankingCriterion` (``RuleVariant.ranking``, ``/set
tiebreak``), points first and the lot last; without one, the scale's order (:func:`ranking_order`):

* 26, 28 and win/loss (seed 002 篇1 总分相同的，按对手积分高低决定排名, 篇3 §3.1 根据…积分排名): points → opponents'
  points → level difference → head-to-head → lot, in a Swiss tournament and in a group alike.
* 3-2-1 (场分; the national competition rules and the big club events, NOTES-EVENTS.md): in a group, points →
  head-to-head (two pairs only) → 净积小分 (net level difference) → 累积小分 (levels reached) → lot; in a Swiss
  tournament, points → opponents' points → wins → net level difference → lot.

The criteria:

* ``points`` (:mod:`bot.tournament.points`; a bye scores a walkover win);
* ``opponent_points`` (对手分): the sum of the current points of every opponent met, once per meeting — a forfeit
  still meets its opponent, a bye adds nothing;
* ``wins``: rounds scored as a win, played or not — tables won (a walkover too) and byes (a bye scores a win; the
  FIDE tie-break regulations count such rounds the same way);
* ``level_difference`` (级差, 净积小分): the sum of own level minus the opponent's over matches played (draws add
  0, forfeits and byes nothing);
* ``levels_reached`` (累积小分): the sum over matches played of own level minus 2, passed A counting one more
  (:func:`bot.tournament.points.levels_reached`);
* ``head_to_head``: the results between the pairs still tied — the points they scored against each other, then
  their wins against each other (so a winner named on equal levels is ahead). On the 3-2-1 scale it applies only
  when exactly two pairs are tied (两队积分相同); on the other scales also among three or more when every two of them
  have met. Pairs that have not met stay tied;
* ``lot`` (:func:`draw_lot`, from the draw's seed): every pair has a distinct lot number, so ranks are distinct.

Each criterion splits the groups of pairs still tied after the ones before it; the head-to-head looks only at the
group it is given, so it is applied once, where it stands in the order.

:func:`rank_pairs` takes the decided tables and byes and returns one :class:`StandingRow` per pair; it is a pure
function of them, so standings can be recomputed at any moment of a tournament.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from bot.ruleset.scoring import Side
from bot.ruleset.variants import RankingCriterion, RuleVariant, ScoringScale
from bot.tournament.points import (
    TableResult,
    Verdict,
    bye_points,
    level_difference,
    levels_reached,
    table_points,
    verdict,
)
from bot.tournament.teams import Team

Criterion = RankingCriterion
CLASSIC_ORDER = (Criterion.POINTS, Criterion.OPPONENT_POINTS, Criterion.LEVEL_DIFFERENCE, Criterion.HEAD_TO_HEAD,
                 Criterion.LOT)
"""26, 28 and win/loss scales (seed 002 篇1: 总分相同的，按对手积分高低决定排名)."""
MATCH_POINTS_ORDER = (Criterion.POINTS, Criterion.HEAD_TO_HEAD, Criterion.LEVEL_DIFFERENCE, Criterion.LEVELS_REACHED,
                      Criterion.LOT)
"""3-2-1 (场分) in a group: total points → head-to-head → 净积小分 → 累积小分 → lot (NOTES-EVENTS.md)."""
MATCH_POINTS_SWISS_ORDER = (Criterion.POINTS, Criterion.OPPONENT_POINTS, Criterion.WINS, Criterion.LEVEL_DIFFERENCE,
                            Criterion.LOT)
"""3-2-1 (场分) in a Swiss tournament: total points → opponents' points → wins → net level difference → lot."""


class Meeting(NamedTuple):
    """A decided table: the two pairs (left first) and the result."""

    left: Team
    right: Team
    result: TableResult


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One pair's line; ``group`` is the group's letter in a group stage, ``None`` in a Swiss tournament."""

    rank: int
    team: Team
    points: int
    opponent_points: int
    level_difference: int
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    group: str | None = None
    levels_reached: int = 0

    @property
    def name(self) -> str:
        return self.team.name

    @property
    def wins(self) -> int:
        """Rounds scored as a win (the ``wins`` tie-break): tables won and byes."""
        return self.won + self.byes


@dataclass(slots=True)
class _Tally:
    points: int = 0
    level_difference: int = 0
    levels_reached: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    opponent_points: int = 0
    opponents: list[int] = field(default_factory=list)
    head_to_head: dict[int, list[int]] = field(default_factory=dict)
    """opponent id → [points scored against them, wins against them]"""


def ranking_order(variant: RuleVariant, *, swiss: bool) -> tuple[RankingCriterion, ...]:
    """The order the standings use.

    The organiser's (``variant.ranking``) with points put first and the lot last if it leaves them out, else the scale's
    (module docstring)."""
    if variant.ranking is not None:
        middle = tuple(item for item in variant.ranking if item not in (Criterion.POINTS, Criterion.LOT))
        return (Criterion.POINTS, *middle, Criterion.LOT)
    if variant.scoring is ScoringScale.MATCH_POINTS:
        return MATCH_POINTS_SWISS_ORDER if swiss else MATCH_POINTS_ORDER
    return CLASSIC_ORDER


def draw_lot(teams: Sequence[Team], rng: random.Random) -> tuple[int, ...]:
    """Team ids in lot order (the last tie-break): the teams in the order given, shuffled with ``rng``."""
    order = [team.team_id for team in teams]
    rng.shuffle(order)
    return tuple(order)


def rank_pairs(teams: Sequence[Team], meetings: Iterable[Meeting], byes: Iterable[Team], variant: RuleVariant,
               lot: Sequence[int], *, group: str | None = None, swiss: bool = False) -> tuple[StandingRow, ...]:
    """The standings of ``teams`` from their decided tables and byes, best first.

    In the order of :func:`ranking_order` (``swiss``: a Swiss tournament's; see the module docstring).

    ``lot`` lists every team id once, in lot order.
    """
    tallies = _tally(teams, meetings, byes, variant)
    lot_place = {ident: place for place, ident in enumerate(lot)}
    tied = [sorted(teams, key=lambda team: lot_place[team.team_id])]
    two_only = variant.scoring is ScoringScale.MATCH_POINTS
    for criterion in ranking_order(variant, swiss=swiss):
        if criterion is Criterion.LOT:
            break
        tied = [part for pairs in tied for part in _split(pairs, _key(criterion, pairs, tallies, two_only))]
    rows = []
    for rank, team in enumerate((team for pairs in tied for team in pairs), start=1):
        tally = tallies[team.team_id]
        rows.append(StandingRow(rank, team, tally.points, tally.opponent_points, tally.level_difference,
                                tally.won + tally.drawn + tally.lost, tally.won, tally.drawn, tally.lost,
                                tally.byes, group, tally.levels_reached))
    return tuple(rows)


def _tally(teams: Sequence[Team], meetings: Iterable[Meeting], byes: Iterable[Team],
           variant: RuleVariant) -> dict[int, _Tally]:
    tallies = {team.team_id: _Tally() for team in teams}
    for left, right, result in meetings:
        left_points, right_points = table_points(result, variant)
        difference = level_difference(result)
        for side, team, other, points in ((Side.LEFT, left, right, left_points),
                                          (Side.RIGHT, right, left, right_points)):
            tally = tallies[team.team_id]
            tally.points += points
            tally.level_difference += difference if side is Side.LEFT else -difference
            tally.levels_reached += levels_reached(result, side)
            tally.opponents.append(other.team_id)
            outcome = verdict(result, side)
            if outcome is Verdict.WON:
                tally.won += 1
            elif outcome is Verdict.DRAWN:
                tally.drawn += 1
            else:
                tally.lost += 1
            record = tally.head_to_head.setdefault(other.team_id, [0, 0])
            record[0] += points
            record[1] += outcome is Verdict.WON
    bye_score = bye_points(variant)
    for team in byes:
        tally = tallies[team.team_id]
        tally.points += bye_score
        tally.byes += 1
    for tally in tallies.values():
        tally.opponent_points = sum(tallies[other].points for other in tally.opponents)
    return tallies


SortKey = Callable[[Team], tuple[int, ...]]


def _key(criterion: RankingCriterion, tied: Sequence[Team], tallies: Mapping[int, _Tally],
         two_only: bool) -> SortKey:
    """How ``criterion`` orders the pairs of ``tied`` (smaller first)."""
    if criterion is Criterion.HEAD_TO_HEAD:
        return _head_to_head(tied, tallies, two_only)
    figure: Callable[[_Tally], int] = {
        Criterion.POINTS: lambda tally: tally.points,
        Criterion.OPPONENT_POINTS: lambda tally: tally.opponent_points,
        Criterion.WINS: lambda tally: tally.won + tally.byes,
        Criterion.LEVEL_DIFFERENCE: lambda tally: tally.level_difference,
        Criterion.LEVELS_REACHED: lambda tally: tally.levels_reached,
    }[criterion]
    return lambda team: (-figure(tallies[team.team_id]),)


def _head_to_head(tied: Sequence[Team], tallies: Mapping[int, _Tally], two_only: bool) -> SortKey:
    """The tied pairs by their results against each other, if every two of them met.

    And, with ``two_only``, only when there are two of them. Otherwise all equal."""
    ids = [team.team_id for team in tied]
    met = all(other in tallies[ident].head_to_head for ident in ids for other in ids if other != ident)
    if not met or (two_only and len(ids) != 2):
        return lambda team: ()

    def among(team: Team) -> tuple[int, ...]:
        records = tallies[team.team_id].head_to_head
        return (-sum(records[other][0] for other in ids if other != team.team_id),
                -sum(records[other][1] for other in ids if other != team.team_id))

    return among


def _split(tied: list[Team], key: SortKey) -> list[list[Team]]:
    """``tied`` ordered by ``key`` (stable: the lot order stays among equals), cut where the key changes."""
    if len(tied) == 1:
        return [tied]
    ordered = sorted(tied, key=key)
    parts: list[list[Team]] = [[ordered[0]]]
    for before, team in zip(ordered, ordered[1:], strict=False):
        if key(team) == key(before):
            parts[-1].append(team)
        else:
            parts.append([team])
    return parts
