"""Pairing one Swiss round by maximum-weight matching (积分编排).

Pairs meet within their score group, neighbours in the ranking, never twice, never two pairs of one unit at a
table (seed 002 篇3 §3.1, §4.1); the bye goes to the lowest-ranked pair without one. The whole round is one
maximum-weight matching under these priorities in order. The rule, the weights and why they order the
priorities, and the blocks that keep large fields fast: docs/design.md, "Pairing a Swiss round".
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from bot.tournament.matching import max_weight_matching

BLOCK = 24
"""A field is cut into blocks of about this many places (pairs, plus one for the bye), in ranking order."""
MAX_BLOCK = 200
"""A block of a large field stops growing at this many places."""
BYE = -1
"""The place of the bye in an odd field (a pair "at" it has the bye); never a team id."""


class Costs(NamedTuple):
    """The cost digits of one table, most important first (see the module docstring)."""

    rematch: int
    same_unit: int
    bye: int
    score_groups: int
    distance: int


@dataclass(frozen=True, slots=True)
class PairingRequest:
    """Everything a round's pairing depends on; team ids throughout."""

    order: tuple[int, ...]
    """The ranking, best first (round 1: the lot)."""
    score_groups: tuple[int, ...]
    """For each place of ``order``: its score group, 0 for the top group, each place the same or one more."""
    units: Mapping[int, str | None]
    meetings: Mapping[tuple[int, int], int]
    """``(smaller id, larger id)`` → how often the two pairs have met."""
    had_bye: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        groups = self.score_groups
        if len(groups) != len(self.order) or (groups and groups[0] != 0) or any(
                later - earlier not in (0, 1) for earlier, later in itertools.pairwise(groups)):
            raise ValueError("score groups start at 0 and grow by at most one a place (the weights rely on it)")


class PairedTable(NamedTuple):
    """One table: ``left`` the better-ranked pair.

    ``rematch`` how often they met before; ``same_unit`` whether both belong to one unit. Tables come in ranking order
    (table 1 holds the leading pairs)."""

    left: int
    right: int
    rematch: int
    same_unit: bool


@dataclass(frozen=True, slots=True)
class RoundPairing:
    tables: tuple[PairedTable, ...]
    bye: int | None


def meeting_key(first: int, second: int) -> tuple[int, int]:
    return (first, second) if first < second else (second, first)


def edge_weight(costs: Costs, base: int) -> int:
    """``B⁵ − (r·B⁴ + u·B³ + y·B² + s·B + d)``: larger is better; lexicographic in the digits (module docstring)."""
    value = costs.rematch
    for digit in costs[1:]:
        value = value * base + digit
    return base**5 - value


def pairing_base(places: int, most_meetings: int) -> int:
    """``B`` for a block of ``places`` places: above every sum of lower digits and every rematch count."""
    return max((places // 2) * (places - 1) ** 2, most_meetings) + 1


class _Field:
    """The places of one round (the ranking, then the bye's place in an odd field) and the cost of a table."""

    def __init__(self, request: PairingRequest) -> None:
        self.request = request
        self.nodes = [*request.order, BYE] if len(request.order) % 2 else list(request.order)
        self.groups = list(request.score_groups)
        had = request.had_bye
        self.may_have_bye = frozenset(team for team in request.order if team not in had) or frozenset(request.order)
        self.most_meetings = max(request.meetings.values(), default=0)
        self.majority_unit = _forced_same_unit(request.units.get(team) for team in self.nodes) > 0

    def costs(self, first: int, second: int) -> Costs | None:
        """Digits of a table at places ``first < second``; ``None`` when not allowed (a second bye)."""
        one, two = self.nodes[first], self.nodes[second]
        if two == BYE:
            if one not in self.may_have_bye:
                return None
            return Costs(0, 0, len(self.request.order) - 1 - first, 0, 0)
        units = self.request.units
        unit = units.get(one)
        same = 1 if unit is not None and unit == units.get(two) else 0
        return Costs(self.request.meetings.get(meeting_key(one, two), 0), same, 0,
                     self.groups[second] - self.groups[first], (second - first) ** 2)

    def flawed(self, first: int, second: int) -> bool:
        """A rematch, a same-unit table or a forbidden bye."""
        found = self.costs(first, second)
        return found is None or found.rematch > 0 or found.same_unit > 0

    def solve(self, low: int, high: int) -> list[tuple[int, int]] | None:
        """The best pairing of places ``low … high − 1`` (an even count); ``None`` if the bye has no place."""
        count = high - low
        base = pairing_base(count, self.most_meetings)
        edges = []
        for first in range(low, high):
            for second in range(first + 1, high):
                found = self.costs(first, second)
                if found is not None:
                    edges.append((first - low, second - low, edge_weight(found, base)))
        matched = max_weight_matching(count, edges)
        if len(matched) * 2 < count:
            return None
        return [(low + first, low + second) for first, second in matched]

    def clean(self, low: int, high: int, tables: list[tuple[int, int]] | None) -> bool:
        """Whether a pairing is clean: no rematch, a bye placed, no avoidable same-unit table.

        No rematch, a bye placed, and no same-unit table (or, when one unit holds most of the field, no more
        than the block's own unit count forces)."""
        if tables is None:
            return False
        same_unit = 0
        for first, second in tables:
            found = self.costs(first, second)
            assert found is not None
            if found.rematch:
                return False
            same_unit += found.same_unit
        if not same_unit:
            return True
        return self.majority_unit and same_unit <= _forced_same_unit(
            self.request.units.get(team) for team in self.nodes[low:high])


def _forced_same_unit(units: Iterable[str | None]) -> int:
    """Same-unit tables every pairing of these places has.

    A unit of ``c`` among ``m`` places meets itself at least ``(2c − m) / 2`` times (the bye's place counts as no unit).
    """
    places = 0
    counts: Counter[str] = Counter()
    for unit in units:
        places += 1
        if unit is not None:
            counts[unit] += 1
    largest = max(counts.values(), default=0)
    return max(0, 2 * largest - places) // 2


def pair_round(request: PairingRequest) -> RoundPairing:
    """The best pairing of one round under the priorities of the module docstring."""
    place = _Field(request)
    count = len(place.nodes)
    ideal = [(index, index + 1) for index in range(0, count, 2)]
    flawed = [table for table, (first, second) in enumerate(ideal) if place.flawed(first, second)]
    if not flawed:
        return _result(place, ideal)
    if place.majority_unit and count <= MAX_BLOCK:
        return exact_pairing(request)
    return _result(place, _repaired(place, ideal, flawed))


def exact_pairing(request: PairingRequest) -> RoundPairing:
    """The best pairing of the whole field as one matching, without blocks.

    Slower on large fields; what :func:`pair_round` is checked against."""
    place = _Field(request)
    solved = place.solve(0, len(place.nodes))
    assert solved is not None  # the field is complete apart from the bye, which some pair may take
    return _result(place, solved)


def blocks(places: int) -> list[tuple[int, int]]:
    """``places`` (even) cut into consecutive blocks of even size, as equal as possible, about :data:`BLOCK` each."""
    count = -(-places // BLOCK)
    tables = places // 2
    size, extra = divmod(tables, count)
    cuts = [0]
    for index in range(count):
        cuts.append(cuts[-1] + 2 * (size + (1 if index < extra else 0)))
    return list(zip(cuts, cuts[1:], strict=False))


def _repaired(place: _Field, ideal: list[tuple[int, int]], flawed: list[int]) -> list[tuple[int, int]]:
    """The ideal pairing with every block that holds a flawed table paired again (module docstring)."""
    count = len(place.nodes)
    flawed_places = {2 * table for table in flawed}
    pending = [(low, high) for low, high in blocks(count) if any(low <= spot < high for spot in flawed_places)]
    done: dict[tuple[int, int], list[tuple[int, int]]] = {}
    while pending:
        low, high = pending.pop()
        solved = place.solve(low, high)
        size = high - low
        if solved is not None and (place.clean(low, high, solved) or size >= MAX_BLOCK or size == count):
            done[(low, high)] = solved
            continue
        grow = size // 2 + (size // 2) % 2
        wider = (max(0, low - grow), min(count, high + grow))
        reached = [block for block in (*done, *pending) if block[0] < wider[1] and wider[0] < block[1]]
        for block in reached:
            done.pop(block, None)
            if block in pending:
                pending.remove(block)
        pending = _merged([*pending, wider, *reached])
    covered = bytearray(count)
    tables = []
    for (low, high), solved in done.items():
        covered[low:high] = b"\x01" * (high - low)
        tables.extend(solved)
    tables.extend(table for table in ideal if not covered[table[0]])
    return tables


def _merged(blocks: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping blocks joined into one, in order (blocks that only touch are independent)."""
    joined: list[tuple[int, int]] = []
    for low, high in sorted(blocks):
        if joined and low < joined[-1][1]:
            joined[-1] = (joined[-1][0], max(joined[-1][1], high))
        else:
            joined.append((low, high))
    return joined


def _result(place: _Field, tables: list[tuple[int, int]]) -> RoundPairing:
    nodes, request = place.nodes, place.request
    bye: int | None = None
    paired = []
    for first, second in sorted(tables):
        one, two = nodes[first], nodes[second]
        if two == BYE:
            bye = one
            continue
        unit = request.units.get(one)
        paired.append(PairedTable(one, two, request.meetings.get(meeting_key(one, two), 0),
                                  unit is not None and unit == request.units.get(two)))
    return RoundPairing(tuple(paired), bye)
