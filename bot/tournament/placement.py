"""Placing pairs on the draw lines: which pairs get the byes and who meets whom in round 1.

Rule (notice 000: 不设种子选手，比赛均抽签定位 — no seeds, the draw decides every place; notice 002: 首轮随机分组，
确保同一部门两组选手不会分在同一桌 — round 1 is random but two pairs of one unit never share a table).

Round 1 has ``m = pairs − byes`` playing pairs forming ``m / 2`` matches. Pairs of one unit can all be kept apart
exactly when, after the byes, no unit holds more than ``m / 2`` of the playing pairs (every match takes at most one
of them). So byes go first, one at a time, to a pair of the unit that is furthest over that limit; the remaining
byes go to pairs chosen at random. The playing pairs are then matched in random order and every same-unit match
is repaired by a swap with a match that holds no pair of that unit (such a match exists whenever the unit is
within the limit, and the swap creates no new clash); units are repaired largest first, so a unit that is over the
limit even after the byes ends with the fewest clashes possible and leaves no clash elsewhere.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bot.tournament.bracket_layout import bye_lines
from bot.tournament.teams import Team


def place_teams(teams: Sequence[Team], size: int, rng: random.Random) -> list[Team | None]:
    """The pair on every draw line (``None`` = a bye line), drawn with ``rng``."""
    byes = size - len(teams)
    order = list(teams)
    rng.shuffle(order)
    bye_teams, players = _split_byes(order, byes, (len(teams) - byes) // 2)
    pairs = [(players[index], players[index + 1]) for index in range(0, len(players), 2)]
    _separate_units(pairs, rng)
    rng.shuffle(pairs)

    lines: list[Team | None] = [None] * size
    is_bye_line = bytearray(size)
    for line in bye_lines(size, byes):
        is_bye_line[line] = 1
    bye_iter = iter(bye_teams)
    pair_iter = iter(pairs)
    for slot in range(size // 2):
        left_line = 2 * slot
        if is_bye_line[left_line]:
            lines[left_line + 1] = next(bye_iter)
        elif is_bye_line[left_line + 1]:
            lines[left_line] = next(bye_iter)
        else:
            first, second = next(pair_iter)
            if rng.getrandbits(1):
                first, second = second, first
            lines[left_line], lines[left_line + 1] = first, second
    return lines


def _split_byes(order: list[Team], byes: int, matches: int) -> tuple[list[Team], list[Team]]:
    """Pairs that get a bye and pairs that play, both in draw order; byes first relieve over-full units."""
    counts = Counter(team.unit for team in order if team.unit is not None)
    # Only units over the limit need byes; there are fewer than pairs / matches of them.
    over_limit = {unit: count for unit, count in counts.items() if count > matches}
    if not over_limit or not byes:
        return order[:byes], order[byes:]
    members: dict[str, list[Team]] = {unit: [] for unit in over_limit}
    for team in order:
        if team.unit in members:
            members[team.unit].append(team)
    chosen: set[int] = set()
    bye_teams: list[Team] = []
    while len(bye_teams) < byes and over_limit:
        unit = max(over_limit, key=over_limit.__getitem__)
        team = members[unit][len(members[unit]) - over_limit[unit]]
        over_limit[unit] -= 1
        if over_limit[unit] <= matches:
            del over_limit[unit]
        chosen.add(team.team_id)
        bye_teams.append(team)
    for team in order:
        if len(bye_teams) == byes:
            break
        if team.team_id not in chosen:
            chosen.add(team.team_id)
            bye_teams.append(team)
    players = [team for team in order if team.team_id not in chosen]
    return bye_teams, players


PROBES = 8


def _separate_units(pairs: list[tuple[Team, Team]], rng: random.Random) -> None:
    """Repair same-unit matches in place by swapping partners with a match free of that unit (largest unit first).

    A free match is first looked for by a few random probes (enough unless the unit fills nearly half the field),
    then among all free matches, listed once per unit.
    """
    sizes: Counter[str] = Counter()
    clashes: dict[str, list[int]] = {}
    for index, (first, second) in enumerate(pairs):
        if first.unit is not None:
            sizes[first.unit] += 1
            if first.unit == second.unit:
                clashes.setdefault(first.unit, []).append(index)
        if second.unit is not None:
            sizes[second.unit] += 1
    for unit in sorted(clashes, key=lambda name: (-sizes[name], name)):
        free: list[int] | None = None
        for index in clashes[unit]:
            first, second = pairs[index]
            if not first.unit == second.unit == unit:
                continue  # repaired on the way by an earlier unit's swap
            other = -1
            if free is None:
                for _ in range(PROBES):
                    probe = rng.randrange(len(pairs))
                    if unit not in (pairs[probe][0].unit, pairs[probe][1].unit):
                        other = probe
                        break
                else:
                    free = [spot for spot, (one, two) in enumerate(pairs) if unit not in (one.unit, two.unit)]
            if free is not None:
                if not free:
                    break  # the unit holds more than half of the playing pairs: the rest cannot be kept apart
                pick = rng.randrange(len(free))
                free[pick], free[-1] = free[-1], free[pick]
                other = free.pop()
            third, fourth = pairs[other]
            pairs[index], pairs[other] = (first, third), (second, fourth)
