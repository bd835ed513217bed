"""Where each box of a bracket goes, in abstract units: columns are rounds, rows are slots of the first column.

A bracket with more first-round slots than fit one readable picture is split into regions (halves, quarters, …):
each region is drawn on its own, and a last "finals" panel starts from the regions' winners' matches. Text never
shrinks; the number of pictures grows instead.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from bot.pictures.bracket import Bracket, BracketMatch

SLOTS_PER_PANEL = 16
"""First-round slots in one picture: 16 boxes keep a picture under 2,560 px tall and wide (Telegram's photo limit)
with text a phone shows legibly (:mod:`bot.pictures.theme`)."""


class PanelKind(enum.Enum):
    WHOLE = "whole"
    REGION = "region"
    FINALS = "finals"


@dataclass(frozen=True, slots=True)
class Placement:
    match_id: int
    column: int
    center: float
    """Vertical centre in slot units: 0.5 is the middle of the first slot."""


@dataclass(frozen=True, slots=True)
class PanelPlan:
    kind: PanelKind
    number: int
    """1-based number of a region (1 for the whole bracket and for the finals panel)."""
    region_count: int
    rounds: tuple[int, ...]
    placements: tuple[Placement, ...]
    links: tuple[tuple[int, int], ...]
    """(feeder, match) pairs drawn as connectors; both ends are placed in this panel."""
    slot_count: int
    with_third_place: bool

    def placement(self, match_id: int) -> Placement | None:
        return next((item for item in self.placements if item.match_id == match_id), None)


def plan_panels(bracket: Bracket, slots_per_panel: int = SLOTS_PER_PANEL) -> tuple[PanelPlan, ...]:
    """One panel when the bracket fits, else one panel per region followed by the finals panel."""
    slots = _slot_counter(bracket)
    roots = _ordered_roots(bracket)
    if sum(slots(root.match_id) for root in roots) <= slots_per_panel:
        return (_plan(bracket, PanelKind.WHOLE, 1, 1, roots, frontier=frozenset()),)
    frontier = list(roots)
    while any(slots(match.match_id) > slots_per_panel for match in frontier):
        # Expand in place so that regions keep the top-to-bottom order of the whole bracket.
        expanded: list[BracketMatch] = []
        for match in frontier:
            if slots(match.match_id) > slots_per_panel:
                expanded.extend(bracket.match(feeder) for feeder in match.feeders)
            else:
                expanded.append(match)
        frontier = expanded
    regions = [match for match in frontier if match.feeders]
    panels = [
        _plan(bracket, PanelKind.REGION, number, len(regions), (region,), frontier=frozenset())
        for number, region in enumerate(regions, start=1)
    ]
    stops = frozenset(match.match_id for match in frontier)
    panels.append(_plan(bracket, PanelKind.FINALS, 1, len(regions), roots, frontier=stops))
    return tuple(panels)


def _ordered_roots(bracket: Bracket) -> tuple[BracketMatch, ...]:
    """The final first, then loose ends (only in inconsistent data) from the latest round down."""
    return tuple(sorted(bracket.roots(), key=lambda match: (-match.round, match.match_id)))


def _slot_counter(bracket: Bracket) -> Callable[[int], int]:
    @cache
    def slots(match_id: int) -> int:
        feeders = bracket.match(match_id).feeders
        return sum(slots(feeder) for feeder in feeders) if feeders else 1

    return slots


def _plan(
    bracket: Bracket,
    kind: PanelKind,
    number: int,
    region_count: int,
    roots: tuple[BracketMatch, ...],
    frontier: frozenset[int],
) -> PanelPlan:
    centers: dict[int, float] = {}
    links: list[tuple[int, int]] = []
    next_slot = 0

    def place(match: BracketMatch) -> float:
        nonlocal next_slot
        inner = () if match.match_id in frontier else match.feeders
        if inner:
            children = [place(bracket.match(feeder)) for feeder in inner]
            links.extend((feeder, match.match_id) for feeder in inner)
            centers[match.match_id] = sum(children) / len(children)
        else:
            centers[match.match_id] = next_slot + 0.5
            next_slot += 1
        return centers[match.match_id]

    for root in roots:
        place(root)
    first_round = min(bracket.match(match_id).round for match_id in centers)
    last_round = max(bracket.match(match_id).round for match_id in centers)
    placements = tuple(
        Placement(match_id, bracket.match(match_id).round - first_round, center)
        for match_id, center in sorted(centers.items(), key=lambda item: (item[1], item[0]))
    )
    return PanelPlan(
        kind=kind,
        number=number,
        region_count=region_count,
        rounds=tuple(range(first_round, last_round + 1)),
        placements=placements,
        links=tuple(links),
        slot_count=next_slot,
        with_third_place=kind is not PanelKind.REGION and bracket.third_place is not None,
    )

