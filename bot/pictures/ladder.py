"""The season's ladder as a phone picture.

Rank (medals for the first three), name with its tier, points, events, best place and rating — 1,080 px wide, no text
under 28 px.

The layout is worked out first as boxes (:func:`ladder_layout`), which the tests check for overlaps and clipping,
then drawn: what is drawn is exactly what was checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import Language, t
from bot.pictures import theme
from bot.pictures.picture import Picture, to_picture
from bot.pictures.stamp import draw_text
from bot.pictures.text import fit, width

WIDTH = theme.MIN_WIDTH
ROWS_PER_PAGE = 30
ROW_HEIGHT = 64
HEADER_GAP = 12
COLUMN_GAP = 24
RANK_WIDTH = 64
MEDAL_RADIUS = 24
TIER_GAP = 12
COLUMNS = ("points", "events", "best", "rating")


@dataclass(frozen=True, slots=True)
class LadderLine:
    rank: int
    name: str
    tier: str
    points: int
    events: int
    best_place: int
    rating: str


@dataclass(frozen=True, slots=True)
class TextBox:
    """One text as drawn: its string, size, colour, anchor point and the box it covers."""

    text: str
    size: int
    colour: str
    x: float
    y: float
    anchor: str
    box: tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class PageLayout:
    width: int
    height: int
    label: str
    texts: tuple[TextBox, ...]
    medals: tuple[tuple[int, float, float], ...]
    """(rank, x, y) of each medal disc."""
    rows: int


def _box(text: str, size: int, colour: str, x: float, y: float, anchor: str) -> TextBox:
    """A text anchored left-middle (``lm``), right-middle (``rm``) or middle (``mm``) at ``(x, y)``."""
    length = width(text, size)
    left = x if anchor[0] == "l" else x - length if anchor[0] == "r" else x - length / 2
    return TextBox(text, size, colour, x, y, anchor, (left, y - size * 0.6, left + length, y + size * 0.6))


def ladder_layout(lines: Sequence[LadderLine], *, lang: Language, title: str,
                  rows_per_page: int = ROWS_PER_PAGE) -> tuple[PageLayout, ...]:
    """Pages of at most ``rows_per_page`` rows."""
    pages = [lines[start : start + rows_per_page] for start in range(0, len(lines), rows_per_page)] or [lines[:0]]
    return tuple(_page(page, lang, title, number, len(pages)) for number, page in enumerate(pages, start=1))


def _page(lines: Sequence[LadderLine], lang: Language, title: str, number: int, count: int) -> PageLayout:
    header_top = theme.TITLE_BAR_HEIGHT + HEADER_GAP
    rows_top = header_top + ROW_HEIGHT
    height = rows_top + max(1, len(lines)) * ROW_HEIGHT + theme.MARGIN
    label = t("render.page", lang, number=number, count=count) if count > 1 else ""
    texts: list[TextBox] = []
    middle = theme.TITLE_BAR_HEIGHT // 2
    if label:
        texts.append(_box(label, theme.SUBTITLE_SIZE, theme.SUBTITLE_TEXT, WIDTH - theme.MARGIN, middle, "rm"))
    room = WIDTH - 2 * theme.MARGIN - (round(width(label, theme.SUBTITLE_SIZE)) + COLUMN_GAP if label else 0)
    texts.append(_box(fit(title, theme.TITLE_SIZE, room), theme.TITLE_SIZE, theme.TITLE_TEXT, theme.MARGIN, middle,
                      "lm"))

    headers = {column: t(f"club.column_{column}", lang) for column in ("rank", "name", *COLUMNS)}
    cells = {
        "points": [str(line.points) for line in lines],
        "events": [str(line.events) for line in lines],
        "best": [str(line.best_place) for line in lines],
        "rating": [line.rating for line in lines],
    }
    right: float = WIDTH - theme.MARGIN
    column_right: dict[str, float] = {}
    for column in reversed(COLUMNS):
        column_right[column] = right
        widest = max([width(headers[column], theme.LABEL_SIZE),
                      *(width(cell, theme.NAME_SIZE) for cell in cells[column])])
        right -= widest + COLUMN_GAP
    name_x = theme.MARGIN + RANK_WIDTH + COLUMN_GAP // 2
    name_room = right - name_x
    header_middle = header_top + ROW_HEIGHT // 2
    texts.append(_box(headers["rank"], theme.LABEL_SIZE, theme.HEADER_TEXT, theme.MARGIN + RANK_WIDTH / 2,
                      header_middle, "mm"))
    texts.append(_box(fit(headers["name"], theme.LABEL_SIZE, name_room), theme.LABEL_SIZE, theme.HEADER_TEXT, name_x,
                      header_middle, "lm"))
    for column in COLUMNS:
        texts.append(_box(headers[column], theme.LABEL_SIZE, theme.HEADER_TEXT, column_right[column], header_middle,
                          "rm"))
    medals: list[tuple[int, float, float]] = []
    for index, line in enumerate(lines):
        row_middle = rows_top + index * ROW_HEIGHT + ROW_HEIGHT / 2
        rank_x = theme.MARGIN + RANK_WIDTH / 2
        if line.rank <= len(theme.MEDALS):
            medals.append((line.rank, rank_x, row_middle))
            texts.append(_box(str(line.rank), theme.LABEL_SIZE, "#FFFFFF", rank_x, row_middle, "mm"))
        else:
            texts.append(_box(str(line.rank), theme.NAME_SIZE, theme.LABEL_TEXT, rank_x, row_middle, "mm"))
        tier_width = width(line.tier, theme.LABEL_SIZE) if line.tier else 0.0
        name_width = name_room - (tier_width + TIER_GAP if line.tier else 0)
        name = fit(line.name, theme.NAME_SIZE, name_width)
        texts.append(_box(name, theme.NAME_SIZE, theme.TEXT, name_x, row_middle, "lm"))
        if line.tier:
            texts.append(_box(line.tier, theme.LABEL_SIZE, theme.ACCENT,
                              name_x + width(name, theme.NAME_SIZE) + TIER_GAP, row_middle, "lm"))
        for column in COLUMNS:
            texts.append(_box(cells[column][index], theme.NAME_SIZE, theme.TEXT, column_right[column], row_middle,
                              "rm"))
    return PageLayout(WIDTH, height, label, tuple(texts), tuple(medals), len(lines))


def render_ladder(lines: Sequence[LadderLine], *, lang: Language, title: str,
                  rows_per_page: int = ROWS_PER_PAGE) -> tuple[Picture, ...]:
    """PNG pictures of the ladder (one per page)."""
    return tuple(_draw(page) for page in ladder_layout(lines, lang=lang, title=title, rows_per_page=rows_per_page))


def _draw(page: PageLayout) -> Picture:
    image = Image.new("RGB", (page.width, page.height), theme.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, page.width, theme.TITLE_BAR_HEIGHT), fill=theme.TITLE_BAR)
    rows_top = theme.TITLE_BAR_HEIGHT + HEADER_GAP + ROW_HEIGHT
    left, right = theme.MARGIN, page.width - theme.MARGIN
    draw.line((left, rows_top - 1, right, rows_top - 1), fill=theme.BOX_BORDER, width=2)
    for index in range(page.rows):
        top = rows_top + index * ROW_HEIGHT
        zebra = theme.ZEBRA if index % 2 == 0 else theme.ZEBRA_ALT
        draw.rectangle((left, top, right, top + ROW_HEIGHT - 1), fill=zebra)
    for rank, x, y in page.medals:
        draw.ellipse((x - MEDAL_RADIUS, y - MEDAL_RADIUS, x + MEDAL_RADIUS, y + MEDAL_RADIUS),
                     fill=theme.MEDALS[rank - 1])
    for text in page.texts:
        draw_text(draw, (text.x, text.y), text.text, text.size, text.colour, text.anchor,
                  stroke=1 if text.size == theme.TITLE_SIZE else 0)
    return to_picture(image, page.label, theme.EXACT_COLOURS)
