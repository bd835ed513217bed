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
                                                         (32, 5, 16)])
def test_small_and_medium_brackets_are_one_picture(pairs: int, columns: int, slots: int) -> None:
    (picture,) = render_bracket(sample_rows(pairs, finished_rounds=1), lang="zh")
    image = open_png(picture)
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (picture.width, picture.height) == (expected_width(columns), picture.height)
    assert picture.height >= theme.TITLE_BAR_HEIGHT + COLUMN_HEADER_HEIGHT + slots * SLOT_PITCH
    assert max(picture.width, picture.height) <= 2560  # a photo Telegram does not shrink
    assert picture.label == ""


@pytest.fixture(scope="module")
def pictures_of_256_pairs() -> tuple[Picture, ...]:
    return render_bracket(sample_rows(256, finished_rounds=3), lang="en", title="Open 2026")


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
def test_256_pairs_come_as_eight_regions_and_the_finals(pictures_of_256_pairs: Sequence[Picture]) -> None:
    assert [picture.label for picture in pictures_of_256_pairs] == [
        *(f"Part {number} of 8" for number in range(1, 9)), "Finals"]
    for picture in pictures_of_256_pairs[:8]:
        assert (picture.width, picture.height) == (open_png(picture).width, open_png(picture).height)
        assert picture.width == expected_width(5)
        assert picture.height <= 2560
    assert pictures_of_256_pairs[8].width == expected_width(4)


@pytest.mark.parametrize("pairs", [2, 3, 5, 8, 13, 16, 17, 32, 33, 64, 100, 256])
def test_every_picture_is_readable_on_a_phone(pairs: int) -> None:
    """At least 1,080 px wide, text at least 28 px, no side over Telegram's 2,560 px photo limit (more
    pictures instead)."""
    for picture in render_bracket(sample_rows(pairs, finished_rounds=1), lang="zh"):
        assert 1080 <= picture.width <= 2560 and picture.height <= 2560, (pairs, picture.width, picture.height)
    sizes = (theme.TITLE_SIZE, theme.SUBTITLE_SIZE, theme.HEADER_SIZE, theme.NAME_SIZE, theme.LABEL_SIZE,
             theme.BADGE_SIZE)
    assert min(sizes) >= theme.MIN_TEXT_SIZE == 28


def test_the_current_round_is_tinted(pictures_of_256_pairs: Sequence[Picture]) -> None:
    image = open_png(pictures_of_256_pairs[0]).convert("RGB")
    below_headers = theme.TITLE_BAR_HEIGHT + COLUMN_HEADER_HEIGHT + 4
    column_x = [theme.MARGIN + column * (BOX_WIDTH + COLUMN_GAP) + 2 for column in range(5)]
    tinted = [_close(image.getpixel((x, below_headers)), _rgb(theme.ACCENT_TINT)) for x in column_x]
    assert tinted == [False, False, False, True, False]  # round 4 is being played


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


def test_a_name_is_not_cut_while_its_box_has_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """The level cells take room only in a row that shows a level."""
    from bot.pictures import bracket_picture
    from bot.pictures.bracket_picture import CELL_WIDTH, PADDING
    from bot.pictures.text import fit, width
    from bot.ruleset.scoring import MatchLevel, Side
    from bot.sheets.matches import MatchStatus, Stage

    room = BOX_WIDTH - 2 * PADDING
    name = next(candidate for length in range(4, 40) if room - CELL_WIDTH < width(
        candidate := "张" * length + " / 李四", theme.NAME_SIZE) <= room)
    fitted: list[tuple[str, str]] = []

    def recording(text: str, size: int, space: float) -> str:
        fitted.append((text, fit(text, size, space)))
        return fitted[-1][1]

    monkeypatch.setattr(bracket_picture, "fit", recording)
    render_bracket([MatchRow(1, Stage.MAIN, 1, name, "王五 / 赵六")], lang="zh")
    assert (name, name) in fitted  # pending: the whole name
    fitted.clear()
    render_bracket([MatchRow(1, Stage.MAIN, 1, name, "王五 / 赵六", MatchLevel.parse("K"), MatchLevel.parse("A+"),
                             Side.RIGHT, MatchStatus.CONFIRMED)], lang="zh")
    assert [shown for text, shown in fitted if text == name] != [name]  # its level needs the room now
