"""The standings picture: pages of 40 rows, medals for the first three places."""

import io

import pytest
from PIL import Image

from bot.pictures import standings as standings_picture
from bot.pictures import theme
from bot.pictures.standings import HEADER_GAP, PLACE_WIDTH, ROW_HEIGHT, WIDTH, render_standings
from bot.pictures.text import fit, width
from bot.sheets.standings import StandingRow
from tests.support.sample_matches import sample_names


def standings(count: int) -> list[StandingRow]:
    return [StandingRow(place, name, 60 - place % 50, "冠军" if place == 1 else "")
            for place, name in enumerate(sample_names(count), start=1)]


@pytest.mark.parametrize(("count", "pages"), [(1, 1), (9, 1), (40, 1), (41, 2), (256, 7)])
def test_pages(count: int, pages: int) -> None:
    pictures = render_standings(standings(count), lang="zh", title="最终排名")
    assert len(pictures) == pages
    for picture in pictures:
        image = Image.open(io.BytesIO(picture.png))
        assert image.size == (WIDTH, picture.height)
    assert (pictures[0].label == "") == (pages == 1)
    assert pictures[-1].label == ("" if pages == 1 else f"第 {pages}/{pages} 页")


def test_height_grows_with_rows() -> None:
    (five,) = render_standings(standings(5))
    (six,) = render_standings(standings(6))
    assert six.height - five.height == ROW_HEIGHT


def test_the_champion_gets_a_gold_medal() -> None:
    (picture,) = render_standings(standings(3), lang="en")
    image = Image.open(io.BytesIO(picture.png)).convert("RGB")
    first_row_middle = theme.TITLE_BAR_HEIGHT + HEADER_GAP + ROW_HEIGHT + ROW_HEIGHT // 2
    centre_x = theme.MARGIN + PLACE_WIDTH // 2
    gold = tuple(int(theme.MEDALS[0][index : index + 2], 16) for index in (1, 3, 5))
    pixel = image.getpixel((centre_x - 9, first_row_middle))
    assert isinstance(pixel, tuple)
    assert max(abs(a - b) for a, b in zip(pixel, gold, strict=True)) <= 4


def test_no_rows_still_gives_a_picture() -> None:
    (picture,) = render_standings([])
    assert picture.height > theme.TITLE_BAR_HEIGHT


def test_places_start_at_one() -> None:
    with pytest.raises(ValueError, match="place"):
        StandingRow(0, "甲")


def test_pairs_still_playing_have_no_place_yet() -> None:
    rows = [StandingRow(None, "甲 / 乙", 12, "比赛中"), StandingRow(5, "丙 / 丁", 3, "第 1 轮出局")]
    (picture,) = render_standings(rows, lang="zh")
    assert Image.open(io.BytesIO(picture.png)).size == (WIDTH, picture.height)
    with pytest.raises(ValueError):
        StandingRow(0, "戊 / 己")


def test_a_name_is_not_cut_while_the_picture_has_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """The note column takes only what its notes need (none without notes): a long name keeps its room."""
    fitted: dict[str, str] = {}

    def recording(text: str, size: int, room: float) -> str:
        fitted[text] = fit(text, size, room)
        return fitted[text]

    monkeypatch.setattr(standings_picture, "fit", recording)
    name = "Alexander Hamilton / Margaret Thatcher"
    render_standings([StandingRow(1, name, 26, "", 4, 4)], lang="en")
    assert fitted[name] == name
    render_standings([StandingRow(1, name, 26, "冠军", 4, 4)], lang="zh")
    assert fitted[name] == name and width(name, theme.NAME_SIZE) > 500


def test_played_and_won_are_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = standings_picture.draw_text
    monkeypatch.setattr(standings_picture, "draw_text", lambda draw, xy, text, *rest, **options: (
        drawn.append(text), real(draw, xy, text, *rest, **options)))
    render_standings([StandingRow(1, "甲 / 乙", 26, "冠军", 7, 5)], lang="zh")
    assert {"场次", "胜", "积分", "7", "5", "26"} <= set(drawn)
