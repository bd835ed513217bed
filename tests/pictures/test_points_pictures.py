"""Pictures of Swiss rounds and groups: the round's tables as a phone-width list, standings with the
tie-break columns."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures.points import PHONE_WIDTH, PointsLine, TableLine, render_points_standings, render_round_tables


def test_a_round_of_tables_is_a_phone_width_list_paged_by_forty() -> None:
    lines = [TableLine(number, f"甲{number} / 乙{number}", f"丙{number} / 丁{number}", "K : A+")
             for number in range(1, 51)] + [TableLine(None, "轮空 / 一对", "BYE", "bye")]
    pictures = render_round_tables(lines, lang="zh", title="积分赛第 3 轮")
    assert len(pictures) == 2
    sizes = [Image.open(io.BytesIO(picture.png)).size for picture in pictures]
    assert all(width == PHONE_WIDTH for width, _ in sizes) and sizes[0][1] > sizes[1][1]


def test_standings_have_the_tie_break_columns_and_a_legend() -> None:
    rows = [PointsLine(rank, f"Pair {rank}", 100 - rank, 400 - rank, 10 - rank, 3, 1, 2) for rank in range(1, 9)]
    [picture] = render_points_standings(rows, lang="en", title="Cup — standings after round 6")
    width, height = Image.open(io.BytesIO(picture.png)).size
    assert width == PHONE_WIDTH and height > 8 * 40
    empty = render_points_standings([], lang="en", title="nothing yet")
    assert len(empty) == 1
