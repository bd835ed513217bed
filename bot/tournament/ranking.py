"""Standings of a points event (Swiss rounds, a round-robin group): points and the tie-breaks, in order.

Order (seed 002 篇1 总分相同的，按对手积分高低决定排名, 篇3 §3.1 根据…积分排名):

1. points (:mod:`bot.tournament.points`; a bye scores a walkover win);
2. opponents' points (对手分): the sum of the current points of every opponent met, once per meeting — a forfeit
   still meets its opponent, a bye adds nothing;
3. level difference (级差): the sum of own level minus the opponent's level over matches played (draws add 0,
   forfeits and byes nothing);
4. the result between the tied pairs, if they met: when every two of the pairs still tied have met, the points
   they scored in those matches, then their wins in them (so a winner named on equal levels is ahead);
5. the lot (:func:`draw_lot`, from the draw's seed): every pair has a distinct lot number, so ranks are distinct.

:func:`rank_pairs` takes the decided tables and byes and returns one :class:`StandingRow` per pair; it is a pure
function of them, so standings can be recomputed at any moment of an event.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from bot.ruleset.scoring import Side
from bot.ruleset.variants import RuleVariant
from bot.tournament.points import TableResult, Verdict, bye_points, level_difference, table_points, verdict
from bot.tournament.teams import Team


class Meeting(NamedTuple):
    """A decided table: the two pairs (left first) and the result."""

    left: Team
    right: Team
    result: TableResult


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One pair's line; ``group`` is the group's letter in a group stage, ``None`` in a Swiss event."""

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

    @property
    def name(self) -> str:
        return self.team.name


@dataclass(slots=True)
class _Tally:
    points: int = 0
    level_difference: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)
    head_to_head: dict[int, list[int]] = field(default_factory=dict)
    """opponent id → [points scored against them, wins against them]"""


def draw_lot(teams: Sequence[Team], rng: random.Random) -> tuple[int, ...]:
    """Team ids in lot order (the last tie-break): the teams in the order given, shuffled with ``rng``."""
    order = [team.team_id for team in teams]
    rng.shuffle(order)
    return tuple(order)


def rank_pairs(teams: Sequence[Team], meetings: Iterable[Meeting], byes: Iterable[Team], variant: RuleVariant,
               lot: Sequence[int], *, group: str | None = None) -> tuple[StandingRow, ...]:
    """The standings of ``teams`` from their decided tables and byes, best first (see the module docstring).

    ``lot`` lists every team id once, in lot order.
    """
    tallies = {team.team_id: _Tally() for team in teams}
    for left, right, result in meetings:
        left_points, right_points = table_points(result, variant)
        difference = level_difference(result)
        for side, team, other, points in ((Side.LEFT, left, right, left_points),
                                          (Side.RIGHT, right, left, right_points)):
            tally = tallies[team.team_id]
            tally.points += points
            tally.level_difference += difference if side is Side.LEFT else -difference
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

    opponent_points = {ident: sum(tallies[other].points for other in tally.opponents)
                       for ident, tally in tallies.items()}
    lot_place = {ident: place for place, ident in enumerate(lot)}
    ordered = sorted(teams, key=lambda team: (-tallies[team.team_id].points, -opponent_points[team.team_id],
                                              -tallies[team.team_id].level_difference, lot_place[team.team_id]))
    ranked: list[Team] = []
    start = 0
    while start < len(ordered):
        end = start + 1
        key = _main_key(ordered[start], tallies, opponent_points)
        while end < len(ordered) and _main_key(ordered[end], tallies, opponent_points) == key:
            end += 1
        ranked.extend(_break_tie(ordered[start:end], tallies) if end - start > 1 else ordered[start:end])
        start = end

    rows = []
    for rank, team in enumerate(ranked, start=1):
        tally = tallies[team.team_id]
        rows.append(StandingRow(rank, team, tally.points, opponent_points[team.team_id], tally.level_difference,
                                tally.won + tally.drawn + tally.lost, tally.won, tally.drawn, tally.lost,
                                tally.byes, group))
    return tuple(rows)


def _main_key(team: Team, tallies: Mapping[int, _Tally], opponent_points: Mapping[int, int]) -> tuple[int, ...]:
    tally = tallies[team.team_id]
    return tally.points, opponent_points[team.team_id], tally.level_difference


def _break_tie(tied: list[Team], tallies: Mapping[int, _Tally]) -> list[Team]:
    """Tied pairs (already in lot order) by their results against each other, if every two of them met."""
    ids = [team.team_id for team in tied]
    if not all(other in tallies[ident].head_to_head for ident in ids for other in ids if other != ident):
        return tied

    def among(team: Team) -> tuple[int, int]:
        records = tallies[team.team_id].head_to_head
        return (-sum(records[other][0] for other in ids if other != team.team_id),
                -sum(records[other][1] for other in ids if other != team.team_id))

    return sorted(tied, key=among)  # stable: the lot order stays among pairs still tied
