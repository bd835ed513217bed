"""Pictures of a Swiss event or a group stage, drawn like the bracket pictures (same title bar, colours, fonts):

* a round's tables as a phone-width list (:func:`render_round_tables`): table number, the two pairs, and how the
  table stands or its result; flaws of a Swiss pairing are marked;
* standings with the tie-break columns (:func:`render_points_standings`): rank (medals for the first three),
  pair, points, opponents' points, level difference, won–drawn–lost, with a legend saying in plain words what the
  columns mean; a group stage draws one such table per group (the title names the group).

Rows are plain values (:class:`TableLine`, :class:`PointsLine`) so the pictures are pure functions of them and can
be cached by content.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import DEFAULT_LANGUAGE, Language, t
from bot.pictures import theme
from bot.pictures.picture import Picture, to_picture
from bot.pictures.stamp import draw_text
from bot.pictures.text import fit

PHONE_WIDTH = 720
"""A phone shows a photo this wide without zooming out of legibility."""
ROW_HEIGHT = 56
STANDING_HEIGHT = 40
ROWS_PER_PAGE = 40
LEGEND_HEIGHT = 64


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table of a round: its number, the pairs, and a short status or result (``mark``: a flaw warning)."""

    table: int | None
    left: str
    right: str
    status: str = ""
    mark: str = ""


@dataclass(frozen=True, slots=True)
class PointsLine:
    rank: int
    name: str
    points: int
    opponent_points: int
    level_difference: int
    won: int
    drawn: int
    lost: int


def _title_bar(draw: ImageDraw.ImageDraw, width: int, title: str, label: str) -> None:
    draw.rectangle((0, 0, width, theme.TITLE_BAR_HEIGHT), fill=theme.TITLE_BAR)
    middle = theme.TITLE_BAR_HEIGHT // 2
    draw_text(draw, (width - theme.MARGIN, middle), label, theme.SUBTITLE_SIZE, theme.SUBTITLE_TEXT, "rm")
    room = width - 2 * theme.MARGIN - (140 if label else 0)
    draw_text(draw, (theme.MARGIN, middle), fit(title, theme.TITLE_SIZE, room), theme.TITLE_SIZE, theme.TITLE_TEXT,
              "lm", stroke=1)


def _pages(rows: Sequence[object], per_page: int) -> list[Sequence[object]]:
    return [rows[start : start + per_page] for start in range(0, len(rows), per_page)] or [rows[:0]]


def render_round_tables(lines: Sequence[TableLine], *, lang: Language | str = DEFAULT_LANGUAGE,
                        title: str = "", rows_per_page: int = ROWS_PER_PAGE) -> tuple[Picture, ...]:
    """A round's tables, ``rows_per_page`` a picture, phone width: the table number in a badge, the left pair
    over the right pair, the status at the right."""
    language = Language(lang)
    pages = _pages(lines, rows_per_page)
    pictures = []
    for number, page in enumerate(pages, start=1):
        label = t("render.page", language, number=number, count=len(pages)) if len(pages) > 1 else ""
        top = theme.TITLE_BAR_HEIGHT + 14
        height = top + max(1, len(page)) * ROW_HEIGHT + theme.MARGIN
        image = Image.new("RGB", (PHONE_WIDTH, height), theme.BACKGROUND)
        draw = ImageDraw.Draw(image)
        _title_bar(draw, PHONE_WIDTH, title, label)
        left, right = theme.MARGIN, PHONE_WIDTH - theme.MARGIN
        status_width = 170
        name_x = left + 64
        name_room = right - status_width - 12 - name_x
        for index, line in enumerate(page):
            assert isinstance(line, TableLine)
            row_top = top + index * ROW_HEIGHT
            fill = theme.ZEBRA if index % 2 == 0 else theme.ZEBRA_ALT
            draw.rectangle((left, row_top, right, row_top + ROW_HEIGHT - 2), fill=fill, outline=theme.DIVIDER)
            badge = (left + 8, row_top + 12, left + 52, row_top + ROW_HEIGHT - 14)
            draw.rounded_rectangle(badge, radius=6, fill=theme.ACCENT_TINT)
            draw_text(draw, ((badge[0] + badge[2]) // 2, (badge[1] + badge[3]) // 2),
                      "–" if line.table is None else str(line.table), theme.NAME_SIZE, theme.ACCENT, "mm")
            draw_text(draw, (name_x, row_top + 17), fit(line.left, theme.NAME_SIZE, name_room), theme.NAME_SIZE,
                      theme.TEXT, "lm")
            draw_text(draw, (name_x, row_top + 39), fit(line.right, theme.NAME_SIZE, name_room), theme.NAME_SIZE,
                      theme.TEXT, "lm")
            status = line.status + (("  " + line.mark) if line.mark else "")
            draw_text(draw, (right - 8, row_top + ROW_HEIGHT // 2), fit(status, theme.LABEL_SIZE, status_width),
                      theme.LABEL_SIZE, theme.LABEL_TEXT, "rm")
        pictures.append(to_picture(image, label, theme.EXACT_COLOURS))
    return tuple(pictures)


def render_points_standings(rows: Sequence[PointsLine], *, lang: Language | str = DEFAULT_LANGUAGE,
                            title: str = "", rows_per_page: int = ROWS_PER_PAGE) -> tuple[Picture, ...]:
    """Standings with the tie-break columns and a legend explaining them, ``rows_per_page`` a picture."""
    language = Language(lang)
    pages = _pages(rows, rows_per_page)
    pictures = []
    columns = ((t("render.column.points", language), 430), (t("points.picture.opponents", language), 520),
               (t("points.picture.level_difference", language), 600), (t("points.picture.record", language), 692))
    for number, page in enumerate(pages, start=1):
        label = t("render.page", language, number=number, count=len(pages)) if len(pages) > 1 else ""
        header_top = theme.TITLE_BAR_HEIGHT + 14
        rows_top = header_top + STANDING_HEIGHT
        height = rows_top + max(1, len(page)) * STANDING_HEIGHT + LEGEND_HEIGHT + theme.MARGIN
        image = Image.new("RGB", (PHONE_WIDTH, height), theme.BACKGROUND)
        draw = ImageDraw.Draw(image)
        _title_bar(draw, PHONE_WIDTH, title, label)
        left, right = theme.MARGIN, PHONE_WIDTH - theme.MARGIN
        name_x = left + 56
        header_middle = header_top + STANDING_HEIGHT // 2
        draw_text(draw, (left + 24, header_middle), t("render.column.place", language), theme.LABEL_SIZE,
                  theme.HEADER_TEXT, "mm")
        draw_text(draw, (name_x, header_middle), t("render.column.name", language), theme.LABEL_SIZE,
                  theme.HEADER_TEXT, "lm")
        for text, x in columns:
            draw_text(draw, (x - theme.MARGIN + 28, header_middle), text, theme.LABEL_SIZE, theme.HEADER_TEXT, "rm")
        draw.line((left, rows_top - 1, right, rows_top - 1), fill=theme.BOX_BORDER, width=1)
        for index, row in enumerate(page):
            assert isinstance(row, PointsLine)
            top = rows_top + index * STANDING_HEIGHT
            middle = top + STANDING_HEIGHT // 2
            draw.rectangle((left, top, right, top + STANDING_HEIGHT - 1),
                           fill=theme.ZEBRA if index % 2 == 0 else theme.ZEBRA_ALT)
            _rank(draw, row.rank, left + 24, middle)
            draw_text(draw, (name_x, middle), fit(row.name, theme.NAME_SIZE, 330 - name_x + left), theme.NAME_SIZE,
                      theme.TEXT, "lm")
            values = (str(row.points), str(row.opponent_points), f"{row.level_difference:+d}",
                      f"{row.won}-{row.drawn}-{row.lost}")
            for (_, x), value in zip(columns, values, strict=True):
                draw_text(draw, (x - theme.MARGIN + 28, middle), value, theme.NAME_SIZE, theme.TEXT, "rm")
        legend_top = rows_top + max(1, len(page)) * STANDING_HEIGHT + 10
        for offset, key in enumerate(("points.picture.legend_opponents", "points.picture.legend_level")):
            draw_text(draw, (left, legend_top + 12 + offset * 22), fit(t(key, language), theme.LABEL_SIZE,
                                                                        right - left),
                      theme.LABEL_SIZE, theme.LABEL_TEXT, "lm")
        pictures.append(to_picture(image, label, theme.EXACT_COLOURS))
    return tuple(pictures)


def _rank(draw: ImageDraw.ImageDraw, rank: int, x: int, y: int) -> None:
    if rank <= len(theme.MEDALS):
        radius = 13
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=theme.MEDALS[rank - 1])
        draw_text(draw, (x, y), str(rank), theme.LABEL_SIZE, "#FFFFFF", "mm", stroke=0)
    else:
        draw_text(draw, (x, y), str(rank), theme.NAME_SIZE, theme.LABEL_TEXT, "mm")
