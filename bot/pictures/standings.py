"""The standings picture: a ranked table of pairs with their points, medals for the first three places."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.i18n import DEFAULT_LANGUAGE, Language, t
from bot.pictures import theme
from bot.pictures.picture import Picture, to_picture
from bot.pictures.stamp import draw_text
from bot.pictures.text import fit
from bot.sheets.standings import StandingRow

ROWS_PER_PAGE = 40
ROW_HEIGHT = 40
WIDTH = 760
PLACE_WIDTH = 76
POINTS_WIDTH = 96
NOTE_WIDTH = 190


def render_standings(
    rows: Sequence[StandingRow], *, lang: Language | str = DEFAULT_LANGUAGE, title: str | None = None,
    rows_per_page: int = ROWS_PER_PAGE,
) -> tuple[Picture, ...]:
    """PNG pictures of the standings, ``rows_per_page`` rows each (one picture for up to 40 pairs)."""
    language = Language(lang)
    heading = title if title else t("render.standings_title", language)
    pages = [rows[start : start + rows_per_page] for start in range(0, len(rows), rows_per_page)] or [rows[:0]]
    return tuple(
        _draw_page(page, language, heading, number, len(pages)) for number, page in enumerate(pages, start=1)
    )


def _draw_page(rows: Sequence[StandingRow], lang: Language, title: str, number: int, count: int) -> Picture:
    header_top = theme.TITLE_BAR_HEIGHT + 14
    rows_top = header_top + ROW_HEIGHT
    height = rows_top + max(1, len(rows)) * ROW_HEIGHT + theme.MARGIN
    image = Image.new("RGB", (WIDTH, height), theme.BACKGROUND)
    draw = ImageDraw.Draw(image)
    label = t("render.page", lang, number=number, count=count) if count > 1 else ""

    draw.rectangle((0, 0, WIDTH, theme.TITLE_BAR_HEIGHT), fill=theme.TITLE_BAR)
    middle = theme.TITLE_BAR_HEIGHT // 2
    draw_text(draw, (WIDTH - theme.MARGIN, middle), label, theme.SUBTITLE_SIZE, theme.SUBTITLE_TEXT, "rm")
    room = WIDTH - 2 * theme.MARGIN - (140 if label else 0)
    draw_text(draw, (theme.MARGIN, middle), fit(title, theme.TITLE_SIZE, room), theme.TITLE_SIZE, theme.TITLE_TEXT,
              "lm", stroke=1)

    left, right = theme.MARGIN, WIDTH - theme.MARGIN
    name_x = left + PLACE_WIDTH
    points_right = right - NOTE_WIDTH - 16
    note_x = right - NOTE_WIDTH
    header_middle = header_top + ROW_HEIGHT // 2
    for text, x, anchor in (
        (t("render.column.place", lang), left + PLACE_WIDTH // 2, "mm"),
        (t("render.column.name", lang), name_x, "lm"),
        (t("render.column.points", lang), points_right, "rm"),
        (t("render.column.note", lang), note_x, "lm"),
    ):
        draw_text(draw, (x, header_middle), text, theme.LABEL_SIZE, theme.HEADER_TEXT, anchor)
    draw.line((left, rows_top - 1, right, rows_top - 1), fill=theme.BOX_BORDER, width=1)

    name_room = points_right - POINTS_WIDTH - name_x
    for index, row in enumerate(rows):
        top = rows_top + index * ROW_HEIGHT
        row_middle = top + ROW_HEIGHT // 2
        zebra = theme.ZEBRA if index % 2 == 0 else theme.ZEBRA_ALT
        draw.rectangle((left, top, right, top + ROW_HEIGHT - 1), fill=zebra)
        _place(draw, row.place, left + PLACE_WIDTH // 2, row_middle)
        draw_text(draw, (name_x, row_middle), fit(row.name, theme.NAME_SIZE, name_room), theme.NAME_SIZE, theme.TEXT,
                  "lm")
        if row.points is not None:
            draw_text(draw, (points_right, row_middle), str(row.points), theme.NAME_SIZE, theme.TEXT, "rm")
        if row.note:
            draw_text(draw, (note_x, row_middle), fit(row.note, theme.LABEL_SIZE, NOTE_WIDTH), theme.LABEL_SIZE,
                      theme.LABEL_TEXT, "lm")
    return to_picture(image, label, theme.EXACT_COLOURS)


def _place(draw: ImageDraw.ImageDraw, place: int | None, x: int, y: int) -> None:
    if place is None:
        draw_text(draw, (x, y), "–", theme.NAME_SIZE, theme.MUTED_TEXT, "mm")
    elif place <= len(theme.MEDALS):
        radius = 13
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=theme.MEDALS[place - 1])
        draw_text(draw, (x, y), str(place), theme.LABEL_SIZE, "#FFFFFF", "mm", stroke=0)
    else:
        draw_text(draw, (x, y), str(place), theme.NAME_SIZE, theme.LABEL_TEXT, "mm")
