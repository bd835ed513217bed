"""Pictures of a Swiss tournament or a group stage, drawn like the bracket pictures (same colours, fonts, sizes):

* a round's tables as a list (:func:`render_round_tables`): table number in a badge, the left pair on one line and
  the right pair on the next, how the table stands (or its result) and its marks (a flaw of the pairing, the group)
  at the right;
* standings with the tie-break columns (:func:`render_points_standings`): rank (medals for the first three),
  pair, points, opponents' points, level difference, levels reached (when given), won–drawn–lost and a note (a
  walkover, a withdrawal), with notes under the table saying in plain words the order the ranks follow (the
  tie-break chain, :func:`bot.sheets.standings_order.standings_order_text`) and what the columns mean; a group
  stage draws one table per group.

Every picture is at least 1,080 px wide with no text under 28 px. The layout is worked out first as text boxes
(:func:`round_tables_layout`, :func:`points_standings_layout`), which the tests check for overlaps and clipping,
then drawn: what is drawn is exactly what was checked. Rows are plain values (:class:`TableLine`,
:class:`PointsLine`) so the pictures are pure functions of them and can be cached by content.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import DEFAULT_LANGUAGE, Language, t
from bot.pictures import theme
from bot.pictures.layout import Rect, TextBox, draw_boxes, text_box
from bot.pictures.picture import Picture, to_picture
from bot.pictures.text import fit, width, wrap

WIDTH = theme.MIN_WIDTH
TITLE_BAR_HEIGHT = 116
"""Two lines: what the picture shows (large), then the tournament's name and the page."""
HEADING_MIDDLE = 40
NAME_MIDDLE = 90
TITLE_SPLIT = 70
TABLE_ROW_HEIGHT = 100
"""Two lines of names."""
TABLE_ROWS_PER_PAGE = 22
STANDING_ROW_HEIGHT = 56
ROWS_PER_PAGE = 32
"""Standings rows in one picture; with the title, header and notes a page stays under 2,560 px (Telegram)."""
GAP = 24
BADGE_INSET = 10
MEDAL_RADIUS = 22
NOTE_LINE_HEIGHT = 42
MAX_STATUS_SHARE = 0.4
"""The status column takes at most this share of the row: names keep the rest."""
MAX_NOTE_WIDTH = 260


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table of a round.

    Its number, the pairs, and a short status or result (``mark``: a flaw warning or the group). A bye has no table and
    no right pair."""

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
    note: str = ""
    """A short mark after the record (a walkover counted, a withdrawal)."""
    levels_reached: int | None = None
    """累积小分 (``None``: the column is not drawn)."""


@dataclass(frozen=True, slots=True)
class Band:
    """A filled rectangle drawn under the text (a zebra row, a badge)."""

    box: Rect
    fill: str
    rounded: bool = False


@dataclass(frozen=True, slots=True)
class PageLayout:
    width: int
    height: int
    label: str
    bands: tuple[Band, ...]
    medals: tuple[tuple[int, float, float], ...]
    texts: tuple[TextBox, ...]


def _pages(rows: Sequence[object], per_page: int) -> list[Sequence[object]]:
    return [rows[start : start + per_page] for start in range(0, len(rows), per_page)] or [rows[:0]]


def _title(heading: str, name: str, label: str) -> list[TextBox]:
    """The title bar's texts: the heading on the first line, the tournament's name and the page label on the second."""
    right = WIDTH - theme.MARGIN
    texts = []
    heading_cell = (theme.MARGIN - 2, 0, right + 2, TITLE_SPLIT)  # the title's stroke reaches a pixel out
    texts.append(text_box(fit(heading, theme.TITLE_SIZE, right - theme.MARGIN), theme.TITLE_SIZE, theme.TITLE_TEXT,
                          (theme.MARGIN, HEADING_MIDDLE), "lm", heading_cell, stroke=1))
    second_cell = (theme.MARGIN, TITLE_SPLIT, right, TITLE_BAR_HEIGHT)
    label_width = width(label, theme.SUBTITLE_SIZE) + GAP if label else 0
    if label:
        texts.append(text_box(label, theme.SUBTITLE_SIZE, theme.SUBTITLE_TEXT, (right, NAME_MIDDLE), "rm",
                              second_cell))
    texts.append(text_box(fit(name, theme.SUBTITLE_SIZE, right - theme.MARGIN - label_width), theme.SUBTITLE_SIZE,
                          theme.SUBTITLE_TEXT, (theme.MARGIN, NAME_MIDDLE), "lm", second_cell))
    return texts


def _page_label(lang: Language, number: int, count: int) -> str:
    return t("render.page", lang, number=number, count=count) if count > 1 else ""


# The round's tables --------------------------------------------------------------------------------------------


def round_tables_layout(lines: Sequence[TableLine], *, lang: Language | str = DEFAULT_LANGUAGE, title: str = "",
                        name: str = "", rows_per_page: int = TABLE_ROWS_PER_PAGE) -> tuple[PageLayout, ...]:
    """The pages of a round's tables, ``rows_per_page`` tables each."""
    language = Language(lang)
    pages = _pages(lines, rows_per_page)
    return tuple(_tables_page([line for line in page if isinstance(line, TableLine)], language, title, name,
                              _page_label(language, number, len(pages)))
                 for number, page in enumerate(pages, start=1))


def _tables_page(lines: Sequence[TableLine], lang: Language, title: str, name: str, label: str) -> PageLayout:
    top = TITLE_BAR_HEIGHT + 14
    height = top + max(1, len(lines)) * TABLE_ROW_HEIGHT + theme.MARGIN
    left, right = theme.MARGIN, WIDTH - theme.MARGIN
    texts = _title(title, name, label)
    bands: list[Band] = []
    numbers = [str(line.table) for line in lines if line.table is not None] or ["0"]
    badge_width = max(width(number, theme.NAME_SIZE) for number in numbers) + 2 * BADGE_INSET + 12
    name_x = left + BADGE_INSET + badge_width + GAP
    side_texts = [text for line in lines for text in (line.status, line.mark) if text]
    status_width = min((right - left) * MAX_STATUS_SHARE,
                       max([width(text, theme.LABEL_SIZE) for text in side_texts] or [0.0]))
    status_left = right - BADGE_INSET - status_width
    name_room = status_left - GAP - name_x
    for index, line in enumerate(lines):
        row_top = top + index * TABLE_ROW_HEIGHT
        row_bottom = row_top + TABLE_ROW_HEIGHT - 2
        middle = row_top + TABLE_ROW_HEIGHT / 2
        bands.append(Band((left, row_top, right, row_bottom), theme.ZEBRA if index % 2 == 0 else theme.ZEBRA_ALT))
        badge = (left + BADGE_INSET, row_top + BADGE_INSET, left + BADGE_INSET + badge_width, row_bottom - BADGE_INSET)
        bands.append(Band(badge, theme.ACCENT_TINT, rounded=True))
        texts.append(text_box("–" if line.table is None else str(line.table), theme.NAME_SIZE, theme.ACCENT,
                              ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2), "mm", badge))
        first_line = (name_x, row_top, name_x + name_room, middle)
        second_line = (name_x, middle, name_x + name_room, row_bottom)
        first_middle, second_middle = row_top + TABLE_ROW_HEIGHT / 4 + 2, row_top + 3 * TABLE_ROW_HEIGHT / 4 - 2
        texts.append(text_box(fit(line.left, theme.NAME_SIZE, name_room), theme.NAME_SIZE, theme.TEXT,
                              (name_x, first_middle), "lm", first_line))
        if line.table is None:
            right_text, right_colour = t("render.bye", lang), theme.MUTED_TEXT
        else:
            right_text, right_colour = line.right, theme.TEXT
        texts.append(text_box(fit(right_text, theme.NAME_SIZE, name_room), theme.NAME_SIZE, right_colour,
                              (name_x, second_middle), "lm", second_line))
        status_cells = ((status_left, row_top, right - BADGE_INSET, middle),
                        (status_left, middle, right - BADGE_INSET, row_bottom))
        for text, colour, cell, y in ((line.status, theme.LABEL_TEXT, status_cells[0], first_middle),
                                      (line.mark, theme.BADGE_COLOURS["disputed"][0] if line.mark.startswith("!")
                                       else theme.ACCENT, status_cells[1], second_middle)):
            if text:
                texts.append(text_box(fit(text, theme.LABEL_SIZE, status_width), theme.LABEL_SIZE, colour,
                                      (right - BADGE_INSET, y), "rm", cell))
    return PageLayout(WIDTH, height, label, tuple(bands), (), tuple(texts))


def render_round_tables(lines: Sequence[TableLine], *, lang: Language | str = DEFAULT_LANGUAGE, title: str = "",
                        name: str = "", rows_per_page: int = TABLE_ROWS_PER_PAGE) -> tuple[Picture, ...]:
    """A round's tables as pictures of ``rows_per_page`` tables (see :func:`round_tables_layout`)."""
    return tuple(_draw(page) for page in round_tables_layout(lines, lang=lang, title=title, name=name,
                                                            rows_per_page=rows_per_page))


# Standings -------------------------------------------------------------------------------------------------------


def default_notes(lang: Language | str, *, levels: bool = False) -> tuple[str, ...]:
    """What the tie-break columns mean, in plain words (``levels``: the levels-reached column too)."""
    legends = (t("points.picture.legend_opponents", lang), t("points.picture.legend_level", lang))
    return (*legends, t("points.picture.legend_levels", lang)) if levels else legends


def points_standings_layout(rows: Sequence[PointsLine], *, lang: Language | str = DEFAULT_LANGUAGE,
                            title: str = "", name: str = "", notes: Sequence[str] | None = None,
                            rows_per_page: int = ROWS_PER_PAGE) -> tuple[PageLayout, ...]:
    """The pages of a standings table, ``rows_per_page`` rows each, every page ending with ``notes``."""
    language = Language(lang)
    legend = tuple(default_notes(language) if notes is None else notes)
    pages = _pages(rows, rows_per_page)
    return tuple(_standings_page([row for row in page if isinstance(row, PointsLine)], language, title, name, legend,
                                 _page_label(language, number, len(pages)))
                 for number, page in enumerate(pages, start=1))


def _standings_page(rows: Sequence[PointsLine], lang: Language, title: str, name: str, notes: Sequence[str],
                    label: str) -> PageLayout:
    left, right = theme.MARGIN, WIDTH - theme.MARGIN
    texts = _title(title, name, label)
    header_top = TITLE_BAR_HEIGHT + 10
    rows_top = header_top + STANDING_ROW_HEIGHT
    headers = {
        "points": t("render.column.points", lang),
        "opponents": t("points.picture.opponents", lang),
        "level": t("points.picture.level_difference", lang),
        "levels": t("points.picture.levels_reached", lang),
        "record": t("points.picture.record", lang),
        "note": t("render.column.note", lang),
    }
    cells = {
        "points": [str(row.points) for row in rows],
        "opponents": [str(row.opponent_points) for row in rows],
        "level": [f"{row.level_difference:+d}" for row in rows],
        "levels": ["" if row.levels_reached is None else str(row.levels_reached) for row in rows],
        "record": [f"{row.won}-{row.drawn}-{row.lost}" for row in rows],
        "note": [row.note for row in rows],
    }
    columns = ["points", "opponents", "level", *(["levels"] if any(cells["levels"]) else []), "record",
               *(["note"] if any(cells["note"]) else [])]
    column_left: dict[str, float] = {}
    column_right: dict[str, float] = {}
    edge: float = right - 8
    for column in reversed(columns):
        widest = max([width(headers[column], theme.LABEL_SIZE),
                      *(width(cell, theme.NAME_SIZE if column != "note" else theme.LABEL_SIZE)
                        for cell in cells[column])])
        if column == "note":
            widest = min(widest, MAX_NOTE_WIDTH)
        column_right[column], column_left[column] = edge, edge - widest
        edge -= widest + GAP
    place_width = max(2 * MEDAL_RADIUS + 8, width(t("render.column.place", lang), theme.LABEL_SIZE),
                      width(str(max([row.rank for row in rows] or [1])), theme.NAME_SIZE) + 8)
    place_x = left + 8 + place_width / 2
    name_x = left + 8 + place_width + GAP
    name_room = edge - name_x
    header_middle = header_top + STANDING_ROW_HEIGHT / 2
    texts.append(text_box(t("render.column.place", lang), theme.LABEL_SIZE, theme.HEADER_TEXT,
                          (place_x, header_middle), "mm", (left, header_top, name_x - GAP / 2, rows_top)))
    texts.append(text_box(fit(t("render.column.name", lang), theme.LABEL_SIZE, name_room), theme.LABEL_SIZE,
                          theme.HEADER_TEXT, (name_x, header_middle), "lm",
                          (name_x, header_top, name_x + name_room, rows_top)))
    for column in columns:
        anchor, x = ("lm", column_left[column]) if column == "note" else ("rm", column_right[column])
        texts.append(text_box(fit(headers[column], theme.LABEL_SIZE, column_right[column] - column_left[column]),
                              theme.LABEL_SIZE, theme.HEADER_TEXT, (x, header_middle), anchor,
                              (column_left[column], header_top, column_right[column], rows_top)))
    bands = [Band((left, rows_top - 2, right, rows_top), theme.BOX_BORDER)]
    medals: list[tuple[int, float, float]] = []
    for index, row in enumerate(rows):
        top = rows_top + index * STANDING_ROW_HEIGHT
        bottom = top + STANDING_ROW_HEIGHT - 1
        middle = top + STANDING_ROW_HEIGHT / 2
        bands.append(Band((left, top, right, bottom), theme.ZEBRA if index % 2 == 0 else theme.ZEBRA_ALT))
        place_cell = (left, top, name_x - GAP / 2, bottom)
        if 1 <= row.rank <= len(theme.MEDALS):
            medals.append((row.rank, place_x, middle))
            texts.append(text_box(str(row.rank), theme.LABEL_SIZE, "#FFFFFF", (place_x, middle), "mm", place_cell))
        else:
            texts.append(text_box(str(row.rank), theme.NAME_SIZE, theme.LABEL_TEXT, (place_x, middle), "mm",
                                  place_cell))
        texts.append(text_box(fit(row.name, theme.NAME_SIZE, name_room), theme.NAME_SIZE, theme.TEXT,
                              (name_x, middle), "lm", (name_x, top, name_x + name_room, bottom)))
        for column in columns:
            cell = (column_left[column], top, column_right[column], bottom)
            value = cells[column][index]
            if column == "note":
                texts.append(text_box(fit(value, theme.LABEL_SIZE, MAX_NOTE_WIDTH), theme.LABEL_SIZE,
                                      theme.LABEL_TEXT, (column_left[column], middle), "lm", cell))
            else:
                texts.append(text_box(value, theme.NAME_SIZE, theme.TEXT, (column_right[column], middle), "rm",
                                      cell))
    line_top = rows_top + max(1, len(rows)) * STANDING_ROW_HEIGHT + 12
    for note in notes:
        for line in wrap(note, theme.LABEL_SIZE, right - left):
            cell = (left, line_top, right, line_top + NOTE_LINE_HEIGHT)
            texts.append(text_box(line, theme.LABEL_SIZE, theme.LABEL_TEXT, (left, line_top + NOTE_LINE_HEIGHT / 2),
                                  "lm", cell))
            line_top += NOTE_LINE_HEIGHT
    height = round(line_top + theme.MARGIN)
    return PageLayout(WIDTH, height, label, tuple(bands), tuple(medals), tuple(texts))


def render_points_standings(rows: Sequence[PointsLine], *, lang: Language | str = DEFAULT_LANGUAGE,
                            title: str = "", name: str = "", notes: Sequence[str] | None = None,
                            rows_per_page: int = ROWS_PER_PAGE) -> tuple[Picture, ...]:
    """Standings with the tie-break columns and notes explaining them (see :func:`points_standings_layout`)."""
    return tuple(_draw(page) for page in points_standings_layout(rows, lang=lang, title=title, name=name,
                                                                notes=notes, rows_per_page=rows_per_page))


def _draw(page: PageLayout) -> Picture:
    image = Image.new("RGB", (page.width, page.height), theme.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, page.width, TITLE_BAR_HEIGHT), fill=theme.TITLE_BAR)
    for band in page.bands:
        if band.rounded:
            draw.rounded_rectangle(band.box, radius=8, fill=band.fill)
        else:
            draw.rectangle(band.box, fill=band.fill)
    for rank, x, y in page.medals:
        draw.ellipse((x - MEDAL_RADIUS, y - MEDAL_RADIUS, x + MEDAL_RADIUS, y + MEDAL_RADIUS),
                     fill=theme.MEDALS[rank - 1])
    draw_boxes(draw, page.texts)
    return to_picture(image, page.label, theme.EXACT_COLOURS)
