"""The bracket pictures (the standard for every picture): at least 1,080 px wide, no text under 28 px, no
text overlapping another or leaving its cell or the picture — checked on the text boxes the renderer draws, for
fields of 2 to 130 pairs with the longest names allowed, in both languages, in play and finished."""

from __future__ import annotations

import pytest

from bot.i18n import Language
from bot.pictures.bracket_picture import bracket_layouts
from bot.pictures.layout import layout_faults
from bot.tournament.names import MAX_NAME_LENGTH
from tests.support.sample_matches import sample_rows

LONGEST = {
    "zh": lambda index: f"{index}" + "张" * (MAX_NAME_LENGTH - len(str(index))),
    "latin": lambda index: (f"{index} Alexandra Konstantinopoulou-Papadimitriou" * 2)[:MAX_NAME_LENGTH],
}


@pytest.mark.parametrize("pairs", [2, 7, 20, 41, 130])
@pytest.mark.parametrize("name", list(LONGEST))
@pytest.mark.parametrize("lang", list(Language))
@pytest.mark.parametrize("finished", [1, None])
def test_bracket_text_stays_in_its_cell(pairs: int, name: str, lang: Language, finished: int | None) -> None:
    rows = sample_rows(pairs, names=[LONGEST[name](index) for index in range(pairs)], finished_rounds=finished)
    title = "2026 年度全国职工掼蛋锦标赛（华东赛区）· Spring Invitational Open " * 2
    for page in bracket_layouts(rows, lang=lang, title=title):
        assert layout_faults(page.width, page.height, page.texts) == []
        assert len(page.texts) > 3


def test_the_check_finds_overlaps_clipping_small_text_and_narrow_pictures() -> None:
    from bot.pictures.layout import text_box

    cell = (0.0, 0.0, 300.0, 60.0)
    first = text_box("张三 / 李四", 30, "#000000", (10, 30), "lm", cell)
    assert layout_faults(1080, 100, [first]) == []
    assert any("overlaps" in fault for fault in layout_faults(1080, 100, [first, text_box(
        "王五", 30, "#000000", (40, 34), "lm", (0, 0, 300, 80))]))
    assert any("leaves its cell" in fault for fault in layout_faults(1080, 100, [text_box(
        "Alexandra Konstantinopoulou", 30, "#000000", (10, 30), "lm", (0, 0, 120, 60))]))
    assert any("px" in fault for fault in layout_faults(720, 100, [text_box("小", 20, "#000000", (10, 30), "lm",
                                                                            cell)]))
