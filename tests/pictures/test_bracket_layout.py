"""Panels: one picture up to 16 first-round slots (a phone-readable picture under Telegram's 2,560 px photo limit),
then regions of at most 16 slots plus a finals panel."""

import pytest

from bot.pictures.bracket import build_bracket
from bot.pictures.bracket_layout import SLOTS_PER_PANEL, PanelKind, PanelPlan, plan_panels
from tests.support.sample_matches import sample_rows


@pytest.mark.parametrize(
    ("pairs", "kinds"),
    [
        (2, ["whole"]), (3, ["whole"]), (5, ["whole"]), (13, ["whole"]), (32, ["whole"]),
        (33, ["region", "region", "finals"]), (64, ["region", "region", "finals"]),
        (65, ["region"] * 4 + ["finals"]), (128, ["region"] * 4 + ["finals"]),
        (256, ["region"] * 8 + ["finals"]),
    ],
)
def test_panels_by_size(pairs: int, kinds: list[str]) -> None:
    panels = plan_panels(build_bracket(sample_rows(pairs, finished_rounds=1)))
    assert [panel.kind.value for panel in panels] == kinds
    assert all(panel.slot_count <= SLOTS_PER_PANEL for panel in panels)


def check_geometry(panel: PanelPlan) -> None:
    placed = {placement.match_id: placement for placement in panel.placements}
    for feeder, target in panel.links:
        assert placed[feeder].column + 1 == placed[target].column
    for placement in panel.placements:
        assert 0 < placement.center < panel.slot_count
        assert 0 <= placement.column < len(panel.rounds)
    # Boxes of one column never overlap: centres at least one slot apart.
    for column in range(len(panel.rounds)):
        centres = sorted(item.center for item in panel.placements if item.column == column)
        assert all(later - earlier >= 1 for earlier, later in zip(centres, centres[1:], strict=False))


@pytest.mark.parametrize("pairs", [2, 3, 5, 8, 13, 33, 100, 256])
def test_geometry_is_consistent(pairs: int) -> None:
    for panel in plan_panels(build_bracket(sample_rows(pairs))):
        check_geometry(panel)


def test_regions_cover_the_first_round_once_and_the_finals_start_where_they_end() -> None:
    bracket = build_bracket(sample_rows(256))
    *regions, finals = plan_panels(bracket)
    first_round = {match.match_id for match in bracket.in_round(1)}
    covered = [placement.match_id for region in regions for placement in region.placements
               if placement.match_id in first_round]
    assert sorted(covered) == sorted(first_round)
    assert [region.number for region in regions] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert finals.kind is PanelKind.FINALS and finals.with_third_place
    assert finals.rounds[0] == regions[0].rounds[-1]
    assert not any(region.with_third_place for region in regions)


def test_a_smaller_panel_size_splits_earlier() -> None:
    panels = plan_panels(build_bracket(sample_rows(13)), slots_per_panel=4)
    assert [panel.kind for panel in panels] == [PanelKind.REGION, PanelKind.REGION, PanelKind.FINALS]
