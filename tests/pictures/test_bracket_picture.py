"""Bracket pictures for 2 to 256 pairs: real PNGs of the expected size, Chinese text in a CJK font."""

import io
from collections.abc import Sequence

import pytest
from PIL import Image

from bot.pictures import theme
from bot.pictures.bracket import NothingToDrawError
from bot.pictures.bracket_picture import (
    BOX_WIDTH,
    COLUMN_GAP,
    COLUMN_HEADER_HEIGHT,
    SLOT_PITCH,
    render_bracket,
    round_name,
)
from bot.pictures.fonts import font, has_glyph
from bot.pictures.picture import Picture
from bot.sheets.matches import MatchRow
from tests.support.sample_matches import sample_rows


def open_png(picture: Picture) -> Image.Image:
    image = Image.open(io.BytesIO(picture.png))
    image.load()
    return image


def expected_width(columns: int) -> int:
    return max(theme.MIN_WIDTH, columns * BOX_WIDTH + (columns - 1) * COLUMN_GAP + 2 * theme.MARGIN)


@pytest.mark.parametrize(("pairs", "columns", "slots"), [(2, 1, 1), (3, 2, 2), (5, 3, 4), (8, 3, 4), (13, 4, 8),
                                                         (33, 6, 32)])
def test_small_and_medium_brackets_are_one_picture(pairs: int, columns: int, slots: int) -> None:
    (picture,) = render_bracket(sample_rows(pairs, finished_rounds=1), lang="zh")
    image = open_png(picture)
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (picture.width, picture.height) == (expected_width(columns), picture.height)
    assert picture.height >= theme.TITLE_BAR_HEIGHT + COLUMN_HEADER_HEIGHT + slots * SLOT_PITCH
    assert picture.height <= 2800  # stays readable when Telegram scales photos to 2,560 px
    assert picture.label == ""


@pytest.fixture(scope="module")
def pictures_of_256_pairs() -> tuple[Picture, ...]:
    return render_bracket(sample_rows(256, finished_rounds=3), lang="en", title="Open 2026")


def test_256_pairs_come_as_four_regions_and_the_finals(pictures_of_256_pairs: Sequence[Picture]) -> None:
    assert [picture.label for picture in pictures_of_256_pairs] == [
        "Part 1 of 4", "Part 2 of 4", "Part 3 of 4", "Part 4 of 4", "Finals"]
    for picture in pictures_of_256_pairs[:4]:
        assert (picture.width, picture.height) == (open_png(picture).width, open_png(picture).height)
        assert picture.width == expected_width(6)
        assert picture.height <= 2800
    assert pictures_of_256_pairs[4].width == expected_width(3)


def test_the_current_round_is_tinted(pictures_of_256_pairs: Sequence[Picture]) -> None:
    image = open_png(pictures_of_256_pairs[0]).convert("RGB")
    below_headers = theme.TITLE_BAR_HEIGHT + COLUMN_HEADER_HEIGHT + 4
    column_x = [theme.MARGIN + column * (BOX_WIDTH + COLUMN_GAP) + 2 for column in range(6)]
    tinted = [_close(image.getpixel((x, below_headers)), _rgb(theme.ACCENT_TINT)) for x in column_x]
    assert tinted == [False, False, False, True, False, False]  # round 4 is being played


def _close(pixel: object, colour: tuple[int, int, int]) -> bool:
    assert isinstance(pixel, tuple)
    return max(abs(a - b) for a, b in zip(pixel, colour, strict=True)) <= 4


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[index : index + 2], 16) for index in (1, 3, 5))  # type: ignore[return-value]


def test_chinese_names_are_drawn_with_a_font_that_has_their_glyphs() -> None:
    rows = sample_rows(13)
    characters = {char for row in rows for char in row.left + row.right if not char.isspace()}
    assert any("\u4e00" <= char <= "\u9fff" for char in characters)
    assert all(has_glyph(font(theme.NAME_SIZE), char) for char in characters - {"/"})
    (picture,) = render_bracket(rows, lang="zh")
    assert open_png(picture).getcolors(maxcolors=256) is not None


def test_long_names_do_not_widen_the_picture() -> None:
    short = render_bracket(sample_rows(8), lang="en")[0]
    long_names = [name * 12 for name in ("甲乙丙 / 丁戊己 ", "Alexander / Elizabeth ")] * 4
    longer = render_bracket(sample_rows(8, names=[f"{index}{name}" for index, name in enumerate(long_names)]))[0]
    assert (longer.width, longer.height) == (short.width, short.height)


def test_the_highlighted_round_can_be_chosen() -> None:
    rows = sample_rows(8, finished_rounds=1)
    default, chosen = render_bracket(rows)[0], render_bracket(rows, current_round=1)[0]
    assert default.png != chosen.png


@pytest.mark.parametrize(("pairs", "names"), [(8, ["Quarter-finals", "Semi-finals", "Final"]),
                                             (13, ["Quarter-finals", "Semi-finals", "Final"]),
                                             (33, ["Round 1", "Round 2", "Round 3", "Quarter-finals", "Semi-finals",
                                                   "Final"])])
def test_round_names(pairs: int, names: list[str]) -> None:
    from bot.i18n import Language
    from bot.pictures.bracket import build_bracket

    bracket = build_bracket(sample_rows(pairs))
    assert [round_name(bracket, number, Language.EN) for number in bracket.rounds][-len(names):] == names


def test_no_main_match_is_nothing_to_draw() -> None:
    with pytest.raises(NothingToDrawError):
        render_bracket(list[MatchRow]())
