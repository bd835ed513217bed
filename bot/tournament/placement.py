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
from collections.abc import Sequence

from bot.tournament.layout import bye_lines
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
    bye_line_set = set(bye_lines(size, byes))
    bye_iter = iter(bye_teams)
    pair_iter = iter(pairs)
    for slot in range(size // 2):
        left_line, right_line = 2 * slot, 2 * slot + 1
        if left_line in bye_line_set:
            lines[right_line] = next(bye_iter)
        elif right_line in bye_line_set:
            lines[left_line] = next(bye_iter)
        else:
            first, second = next(pair_iter)
            if rng.getrandbits(1):
                first, second = second, first
            lines[left_line], lines[right_line] = first, second
    return lines


def _split_byes(order: list[Team], byes: int, matches: int) -> tuple[list[Team], list[Team]]:
    """Pairs that get a bye and pairs that play, both in draw order; byes first relieve over-full units."""
    members: dict[str, list[Team]] = {}
    for team in order:
        if team.unit is not None:
            members.setdefault(team.unit, []).append(team)
    chosen: set[int] = set()
    bye_teams: list[Team] = []
    # Only units over the limit need byes; there are fewer than pairs / matches of them.
    over_limit = {unit: len(group) for unit, group in members.items() if len(group) > matches}
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


def _separate_units(pairs: list[tuple[Team, Team]], rng: random.Random) -> None:
    """Repair same-unit matches in place by swapping partners with a match free of that unit (largest unit first)."""
    sizes: dict[str, int] = {}
    clashing: set[str] = set()
    for first, second in pairs:
        for team in (first, second):
            if team.unit is not None:
                sizes[team.unit] = sizes.get(team.unit, 0) + 1
        if first.unit is not None and first.unit == second.unit:
            clashing.add(first.unit)
    for unit in sorted(clashing, key=lambda name: (-sizes[name], name)):
        clashes = [index for index, (first, second) in enumerate(pairs) if first.unit == unit == second.unit]
        free = [index for index, (first, second) in enumerate(pairs) if unit not in (first.unit, second.unit)]
        for index in clashes:
            if not free:
                break  # the unit holds more than half of the playing pairs: the rest cannot be kept apart
            pick = rng.randrange(len(free))
            free[pick], free[-1] = free[-1], free[pick]
            other = free.pop()
            (first, second), (third, fourth) = pairs[index], pairs[other]
            pairs[index], pairs[other] = (first, third), (second, fourth)
