"""From the groups to the knockout: each group's best, seeded so that pairs of one group meet as late as possible.

Rule (seed 002 篇1: 第一阶段采用分组单循环赛制，每组取前2名进入第二阶段；第二阶段采用单淘汰赛制; no two
pairs of one group meet in the knockout's first round, group winners meet runners-up).

Seeding follows the standard order of :mod:`bot.tournament.bracket_layout` (in round 1 seed ``s`` meets seed
``size + 1 − s``, seeds 1 and 2 can meet only in the final, byes face the top seeds). Each place in the groups is a
*tier*: the group winners take seeds 1 … n, the runners-up n + 1 … 2n, and so on. With ``2n`` lines every round-1
match is then a winner against a runner-up; when the qualifiers do not fill the bracket the top seeds have the
byes, as in any seeded draw.

* Winners are ordered by their group results per match, since groups may differ in size: points per match played
  (a bye's points left out), then level difference per match, then group A first.
* The seeds of each later tier are placed by a maximum-weight matching (the same lexicographic weights as the
  Swiss pairing, :mod:`bot.tournament.swiss_pairing`): first as few round-1 matches between pairs of one group
  as possible (none, whenever another group is left to meet), then pairs of one group meeting as late as possible
  (the sum over such pairs of the rounds between their first possible meeting and the final), then every pair as
  close to its tier order as possible.

:func:`knockout_from_groups` closes the group stage and builds the bracket from these draw lines as
:func:`bot.tournament.bracket.create_bracket` builds a drawn one (byes advance, tables 1 … k in bracket order).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from bot.tournament.bracket import Bracket, BracketOptions, bracket_on_lines
from bot.tournament.bracket_layout import bracket_size, round_count, seeding_order
from bot.tournament.matching import max_weight_matching
from bot.tournament.points import bye_points
from bot.tournament.ranking import StandingRow
from bot.tournament.round_robin import GroupStage, close_stage, group_standings
from bot.tournament.teams import Team

Qualifier = tuple[int, Team]
"""A pair going on, with the index of its group (0 = A)."""


def qualifier_tiers(standings: Sequence[Sequence[StandingRow]], advance: int,
                    bye_score: int) -> tuple[tuple[Qualifier, ...], ...]:
    """Tier ``t`` = the pairs placed ``t + 1`` in their group, best first (module docstring).

    ``bye_score`` is what a bye added to a pair's points."""
    tiers = []
    for place in range(advance):
        rows = [(group, rows[place]) for group, rows in enumerate(standings) if place < len(rows)]
        rows.sort(key=lambda item: (-_per_match(item[1].points - item[1].byes * bye_score, item[1].played),
                                    -_per_match(item[1].level_difference, item[1].played), item[0]))
        tiers.append(tuple((group, row.team) for group, row in rows))
    return tuple(tiers)


def _per_match(total: int, played: int) -> Fraction:
    return Fraction(total, played) if played else Fraction(0)


def seeded_lines(tiers: Sequence[Sequence[Qualifier]]) -> tuple[Team | None, ...]:
    """The draw lines of the knockout (``None`` = a bye line) for the qualifiers in tiers (module docstring)."""
    qualifiers = sum(len(tier) for tier in tiers)
    size = bracket_size(qualifiers)
    rounds = round_count(size)
    line_of_seed = {seed: line for line, seed in enumerate(seeding_order(size))}
    lines: list[Team | None] = [None] * size
    placed: dict[int, list[int]] = {}  # group → lines of its pairs placed so far
    next_seed = 1
    for tier in tiers:
        seeds = range(next_seed, next_seed + len(tier))
        next_seed += len(tier)
        spots = [line_of_seed[seed] for seed in seeds]
        for (group, team), line in zip(tier, _tier_lines(tier, spots, placed, rounds), strict=True):
            lines[line] = team
            placed.setdefault(group, []).append(line)
    return tuple(lines)


def _tier_lines(tier: Sequence[Qualifier], spots: Sequence[int], placed: dict[int, list[int]],
                rounds: int) -> list[int]:
    """The line of each pair of ``tier`` among ``spots`` (the tier's seeds' lines, best seed first)."""
    count = len(tier)
    before = max((len(lines) for lines in placed.values()), default=0)
    base = max(count * count, count * before * rounds, count) + 1
    edges = []
    for member, (group, _) in enumerate(tier):
        for seat, line in enumerate(spots):
            meets = [(line ^ other).bit_length() for other in placed.get(group, ())]
            clash = sum(1 for meet in meets if meet == 1)
            early = sum(rounds - meet for meet in meets)
            cost = (clash * base + early) * base + abs(member - seat)
            edges.append((member, count + seat, base**3 - cost))
    chosen = dict(max_weight_matching(2 * count, edges))
    return [spots[chosen[member] - count] for member in range(count)]


def bracket_from_lines(lines: Sequence[Team | None], options: BracketOptions) -> Bracket:
    """A bracket on given draw lines, built as a drawn one is.

    As :func:`bot.tournament.bracket.create_bracket` builds one, the pairs in team id order."""
    teams = sorted((team for team in lines if team is not None), key=lambda team: team.team_id)
    return bracket_on_lines(teams, lines, options)


def knockout_from_groups(stage: GroupStage, options: BracketOptions) -> tuple[GroupStage, Bracket]:
    """The closed group stage and the knockout of each group's top ``advance``.

    Raise ``NoKnockoutError`` when ``advance`` is 0 and ``GroupsIncompleteError`` while a group match is open."""
    closed = close_stage(stage)
    # A pair that withdrew within the groups never goes on: the next pair of its group takes its place.
    standing = tuple(tuple(row for row in rows if row.team.team_id not in closed.withdrawn)
                     for rows in group_standings(closed))
    tiers = qualifier_tiers(standing, closed.advance, bye_points(closed.variant))
    return closed, bracket_from_lines(seeded_lines(tiers), options)
