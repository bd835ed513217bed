"""The ladder picture: at least 1,080 px wide, no text under 28 px, no text overlapping another or leaving the
picture — checked on the layout boxes that are drawn — for short and long names, tiers and pages."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import Language
from bot.pictures import theme
from bot.pictures.ladder import LadderLine, ladder_layout, render_ladder


def lines(count: int, name: str) -> list[LadderLine]:
    return [LadderLine(rank, f"{name}{rank}", ("钻石", "金", "银", "铜", "新手")[rank % 5], 400 - rank, 52,
                       rank % 40 + 1, f"{30 - rank / 7:.1f}") for rank in range(1, count + 1)]


def overlap(first: tuple[float, float, float, float], second: tuple[float, float, float, float]) -> bool:
    return first[0] < second[2] and second[0] < first[2] and first[1] < second[3] and second[1] < first[3]


@pytest.mark.parametrize("name", ["张三", "Alexandra Konstantinopoulou-Papadimitriou", "王" * 40])
@pytest.mark.parametrize("lang", list(Language))
def test_no_text_overlaps_or_leaves_the_picture(name: str, lang: Language) -> None:
    pages = ladder_layout(lines(65, name), lang=lang, title="2026 春季赛 · Spring season ladder " * 3)
    assert len(pages) == 3 and [page.rows for page in pages] == [30, 30, 5]
    for page in pages:
        assert page.width >= theme.MIN_WIDTH
        for index, text in enumerate(page.texts):
            assert text.size >= theme.MIN_TEXT_SIZE, text
            left, top, right, bottom = text.box
            assert left >= 0 and right <= page.width and top >= 0 and bottom <= page.height, text
            for other in page.texts[index + 1:]:
                assert not overlap(text.box, other.box), (text.text, other.text)


def test_the_picture_is_the_layout_drawn() -> None:
    [picture] = render_ladder(lines(8, "张三"), lang=Language.ZH, title="2026 赛季排行榜")
    image = Image.open(io.BytesIO(picture.png))
    assert image.size == (picture.width, picture.height) and picture.width >= theme.MIN_WIDTH
    [page] = ladder_layout(lines(8, "张三"), lang=Language.ZH, title="2026 赛季排行榜")
    assert picture.height == page.height
