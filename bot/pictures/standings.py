"""The standings picture.

A ranked table of pairs with matches played and won and their points, medals for the first three places — the columns of
the text ``/standings`` shows, in type a phone shows legibly.

The name column takes what the other columns leave: every other column is as wide as its header or its widest cell
on the page (the note column disappears when no row has a note), so a name is shortened only when the picture has no
more room for it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.i18n import DEFAULT_LANGUAGE, Language, t
from bot.pictures import theme
from bot.pictures.picture import Picture, to_picture
from bot.pictures.stamp import draw_text
from bot.pictures.text import fit, width
from bot.sheets.standings import StandingRow

px = theme.px
ROWS_PER_PAGE = 40
ROW_HEIGHT = px(32)
WIDTH = 1200
HEADER_GAP = px(8)
"""Between the title bar and the column headers."""
PLACE_WIDTH = px(52)
COLUMN_GAP = px(16)
"""Before each of the played, won, points and note columns."""
MAX_NOTE_WIDTH = px(170)
MEDAL_RADIUS = px(13)


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


def _note_width(rows: Sequence[StandingRow], lang: Language) -> int:
    """As wide as the longest note (and its header), at most :data:`MAX_NOTE_WIDTH`; 0 without notes."""
    notes = [row.note for row in rows if row.note]
    if not notes:
        return 0
    header = width(t("render.column.note", lang), theme.LABEL_SIZE)
    return min(MAX_NOTE_WIDTH, round(max(header, *(width(note, theme.LABEL_SIZE) for note in notes))))


def _number_width(header: str, values: Sequence[int | None]) -> int:
    """A number column: as wide as its header or its widest number."""
    return round(max(width(header, theme.LABEL_SIZE),
                     *(width(str(value), theme.NAME_SIZE) for value in values if value is not None), 0))


def _draw_page(rows: Sequence[StandingRow], lang: Language, title: str, number: int, count: int) -> Picture:
    header_top = theme.TITLE_BAR_HEIGHT + HEADER_GAP
    rows_top = header_top + ROW_HEIGHT
    height = rows_top + max(1, len(rows)) * ROW_HEIGHT + theme.MARGIN
    image = Image.new("RGB", (WIDTH, height), theme.BACKGROUND)
    draw = ImageDraw.Draw(image)
    label = t("render.page", lang, number=number, count=count) if count > 1 else ""

    draw.rectangle((0, 0, WIDTH, theme.TITLE_BAR_HEIGHT), fill=theme.TITLE_BAR)
    middle = theme.TITLE_BAR_HEIGHT // 2
    draw_text(draw, (WIDTH - theme.MARGIN, middle), label, theme.SUBTITLE_SIZE, theme.SUBTITLE_TEXT, "rm")
    room = WIDTH - 2 * theme.MARGIN - (round(width(label, theme.SUBTITLE_SIZE)) + COLUMN_GAP if label else 0)
    draw_text(draw, (theme.MARGIN, middle), fit(title, theme.TITLE_SIZE, room), theme.TITLE_SIZE, theme.TITLE_TEXT,
              "lm", stroke=1)

    left, right = theme.MARGIN, WIDTH - theme.MARGIN
    note_width = _note_width(rows, lang)
    note_x = right - note_width
    points_right = note_x - (COLUMN_GAP if note_width else 0)
    titles = {column: t(f"render.column.{column}", lang) for column in ("played", "won", "points")}
    won_right = points_right - _number_width(titles["points"], [row.points for row in rows]) - COLUMN_GAP
    played_right = won_right - _number_width(titles["won"], [row.won for row in rows]) - COLUMN_GAP
    name_x = left + PLACE_WIDTH
    name_room = played_right - _number_width(titles["played"], [row.played for row in rows]) - COLUMN_GAP - name_x
    header_middle = header_top + ROW_HEIGHT // 2
    headers = [
        (t("render.column.place", lang), left + PLACE_WIDTH // 2, "mm"),
        (t("render.column.name", lang), name_x, "lm"),
        (titles["played"], played_right, "rm"),
        (titles["won"], won_right, "rm"),
        (titles["points"], points_right, "rm"),
    ]
    if note_width:
        headers.append((t("render.column.note", lang), note_x, "lm"))
    for text, x, anchor in headers:
        draw_text(draw, (x, header_middle), text, theme.LABEL_SIZE, theme.HEADER_TEXT, anchor)
    draw.line((left, rows_top - 1, right, rows_top - 1), fill=theme.BOX_BORDER, width=px(1))

    for index, row in enumerate(rows):
        top = rows_top + index * ROW_HEIGHT
        row_middle = top + ROW_HEIGHT // 2
        zebra = theme.ZEBRA if index % 2 == 0 else theme.ZEBRA_ALT
        draw.rectangle((left, top, right, top + ROW_HEIGHT - 1), fill=zebra)
        _place(draw, row.place, left + PLACE_WIDTH // 2, row_middle)
        draw_text(draw, (name_x, row_middle), fit(row.name, theme.NAME_SIZE, name_room), theme.NAME_SIZE, theme.TEXT,
                  "lm")
        for value, x in ((row.played, played_right), (row.won, won_right), (row.points, points_right)):
            if value is not None:
                draw_text(draw, (x, row_middle), str(value), theme.NAME_SIZE, theme.TEXT, "rm")
        if row.note:
            draw_text(draw, (note_x, row_middle), fit(row.note, theme.LABEL_SIZE, note_width), theme.LABEL_SIZE,
                      theme.LABEL_TEXT, "lm")
    return to_picture(image, label, theme.EXACT_COLOURS)


def _place(draw: ImageDraw.ImageDraw, place: int | None, x: int, y: int) -> None:
    if place is None:
        draw_text(draw, (x, y), "–", theme.NAME_SIZE, theme.MUTED_TEXT, "mm")
    elif place <= len(theme.MEDALS):
        radius = MEDAL_RADIUS
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=theme.MEDALS[place - 1])
        draw_text(draw, (x, y), str(place), theme.LABEL_SIZE, "#FFFFFF", "mm", stroke=0)
    else:
        draw_text(draw, (x, y), str(place), theme.NAME_SIZE, theme.LABEL_TEXT, "mm")
