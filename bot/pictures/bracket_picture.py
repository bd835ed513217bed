"""Draw the bracket: rounds as columns, one box per match, connectors from each match to the one its winner plays.

A box shows its table (or that it is a bye), both pairs with their final levels (one cell per game in a best of
three), the winner on a green row, and the state of an open match (in play, awaiting confirmation, disputed,
forfeit). The current round's column is tinted. Large brackets come as several pictures (see
:mod:`bot.pictures.bracket_layout`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.i18n import DEFAULT_LANGUAGE, Language, t
from bot.pictures import theme
from bot.pictures.bracket import Bracket, BracketMatch, build_bracket
from bot.pictures.bracket_layout import SLOTS_PER_PANEL, PanelKind, PanelPlan, plan_panels
from bot.pictures.fonts import font
from bot.pictures.layout import Rect, TextBox, text_box
from bot.pictures.picture import Picture, to_picture
from bot.pictures.stamp import draw_text
from bot.pictures.text import fit
from bot.ruleset.scoring import Side
from bot.sheets.matches import MatchRow, MatchStatus

px = theme.px
BOX_WIDTH = px(240)
ROW_HEIGHT = px(26)
BOX_HEIGHT = 2 * ROW_HEIGHT
LABEL_HEIGHT = px(20)
SLOT_PITCH = px(80)
COLUMN_GAP = px(41)
COLUMN_HEADER_HEIGHT = px(48)
CELL_WIDTH = px(36)
BANNER_HEIGHT = px(34)
SECTION_GAP = px(30)
RADIUS = px(6)
PADDING = px(7)
"""Between a box's edge and its text."""


def render_bracket(
    rows: Sequence[MatchRow],
    *,
    lang: Language | str = DEFAULT_LANGUAGE,
    title: str | None = None,
    current_round: int | None = None,
    slots_per_panel: int = SLOTS_PER_PANEL,
) -> tuple[Picture, ...]:
    """PNG pictures of the bracket in ``rows``: one, or one per region followed by the finals.

    ``current_round`` overrides the highlighted round (default: the first round with an open match).
    Raises :class:`~bot.pictures.bracket.NothingToDrawError` when ``rows`` hold no main-stage match.
    """
    return tuple(panel.picture() for panel in _panels(rows, lang, title, current_round, slots_per_panel))


@dataclass(frozen=True, slots=True)
class BracketPage:
    """One bracket picture's size and the text boxes drawn on it (for the layout checks)."""

    width: int
    height: int
    texts: tuple[TextBox, ...]


def bracket_layouts(
    rows: Sequence[MatchRow],
    *,
    lang: Language | str = DEFAULT_LANGUAGE,
    title: str | None = None,
    current_round: int | None = None,
    slots_per_panel: int = SLOTS_PER_PANEL,
) -> tuple[BracketPage, ...]:
    """The text boxes of each picture :func:`render_bracket` draws for the same arguments."""
    return tuple(BracketPage(panel.width, panel.height, tuple(panel.texts))
                 for panel in _panels(rows, lang, title, current_round, slots_per_panel))


def _panels(rows: Sequence[MatchRow], lang: Language | str, title: str | None, current_round: int | None,
            slots_per_panel: int) -> list[_Panel]:
    language = Language(lang)
    bracket = build_bracket(rows)
    highlight = current_round if current_round is not None else bracket.current_round
    heading = title if title else t("render.default_title", language)
    panels = [_Panel(bracket, plan, language, heading, highlight) for plan in plan_panels(bracket, slots_per_panel)]
    for panel in panels:
        panel.draw()
    return panels


def round_name(bracket: Bracket, round_number: int, lang: Language) -> str:
    """``Final``, ``Semi-finals``, ``Quarter-finals`` for the last three rounds, ``Round n`` before."""
    remaining = bracket.last_round - round_number
    if remaining == 0:
        return t("render.final", lang)
    if remaining == 1 and len(bracket.in_round(round_number)) == 2:
        return t("render.semifinal", lang)
    if remaining == 2 and len(bracket.in_round(round_number)) == 4:
        return t("render.quarterfinal", lang)
    return t("render.round", lang, number=round_number)


@dataclass(frozen=True, slots=True)
class _Box:
    x: int
    center: int

    @property
    def top(self) -> int:
        return self.center - ROW_HEIGHT

    @property
    def bottom(self) -> int:
        return self.center + ROW_HEIGHT

    @property
    def right(self) -> int:
        return self.x + BOX_WIDTH


class _Panel:
    """One picture: computes the geometry of a :class:`PanelPlan`, then paints it."""

    def __init__(self, bracket: Bracket, plan: PanelPlan, lang: Language, title: str, highlight: int | None) -> None:
        self.bracket, self.plan, self.lang, self.title, self.highlight = bracket, plan, lang, title, highlight
        columns = len(plan.rounds)
        content_width = columns * BOX_WIDTH + (columns - 1) * COLUMN_GAP
        self.width = max(theme.MIN_WIDTH, content_width + 2 * theme.MARGIN)
        self.left = (self.width - content_width) // 2
        self.slots_top = theme.TITLE_BAR_HEIGHT + COLUMN_HEADER_HEIGHT + px(8)
        self.boxes = {
            placement.match_id: _Box(
                self.column_x(placement.column),
                round(self.slots_top + placement.center * SLOT_PITCH + LABEL_HEIGHT / 2),
            )
            for placement in plan.placements
        }
        bottom = self.slots_top + plan.slot_count * SLOT_PITCH
        final = bracket.final
        self.banner_top: int | None = None
        self.third_box: _Box | None = None
        if final is not None and final.match_id in self.boxes:
            below = self.boxes[final.match_id].bottom + px(12)
            if bracket.champion is not None:
                self.banner_top = below
                below += BANNER_HEIGHT
            if plan.with_third_place:
                self.third_box = _Box(self.column_x(columns - 1), below + SECTION_GAP + LABEL_HEIGHT + ROW_HEIGHT)
                below = self.third_box.bottom
            bottom = max(bottom, below + px(8))
        self.height = bottom + theme.MARGIN
        self.image = Image.new("RGB", (self.width, self.height), theme.BACKGROUND)
        self.draw_on = ImageDraw.Draw(self.image)
        self.texts: list[TextBox] = []

    def _text(self, xy: tuple[float, float], text: str, size: int, colour: str, anchor: str, cell: Rect,
              stroke: int = 0) -> None:
        """Draw ``text`` and keep its box, which must stay inside ``cell``."""
        if not text:
            return
        self.texts.append(text_box(text, size, colour, xy, anchor, cell, stroke))
        draw_text(self.draw_on, xy, text, size, colour, anchor, stroke=stroke)

    def column_x(self, column: int) -> int:
        return self.left + column * (BOX_WIDTH + COLUMN_GAP)

    def picture(self) -> Picture:
        return to_picture(self.image, self._label(), theme.EXACT_COLOURS)

    def draw(self) -> None:
        self._highlight_column()
        self._title_bar()
        self._column_headers()
        self._links()
        for match_id, box in self.boxes.items():
            self._match(self.bracket.match(match_id), box)
        self._champion()
        if self.third_box is not None and self.bracket.third_place is not None:
            self._match(self.bracket.third_place, self.third_box, third_place=True)

    # -- frame ---------------------------------------------------------------------------------------------------

    def _label(self) -> str:
        if self.plan.kind is PanelKind.REGION:
            return t("render.region", self.lang, number=self.plan.number, count=self.plan.region_count)
        if self.plan.kind is PanelKind.FINALS:
            return t("render.finals_panel", self.lang)
        return ""

    def _subtitle(self) -> str:
        pairs = self.bracket.pair_count
        if self.bracket.champion is not None and self.highlight is None:
            status = t("render.subtitle_finished", self.lang, pairs=pairs)
        elif self.highlight is not None:
            status = t("render.subtitle_playing", self.lang, pairs=pairs, round=self.highlight,
                       rounds=self.bracket.last_round)
        else:
            status = t("render.subtitle_pairs", self.lang, pairs=pairs)
        label = self._label()
        return f"{label} · {status}" if label else status

    def _title_bar(self) -> None:
        draw = self.draw_on
        draw.rectangle((0, 0, self.width, theme.TITLE_BAR_HEIGHT), fill=theme.TITLE_BAR)
        middle = theme.TITLE_BAR_HEIGHT // 2
        subtitle = fit(self._subtitle(), theme.SUBTITLE_SIZE, self.width / 2)
        subtitle_width = font(theme.SUBTITLE_SIZE).getlength(subtitle)
        bar_right = self.width - theme.MARGIN
        self._text((bar_right, middle), subtitle, theme.SUBTITLE_SIZE, theme.SUBTITLE_TEXT, "rm",
                   (bar_right - subtitle_width, 0, bar_right, theme.TITLE_BAR_HEIGHT))
        room = self.width - 2 * theme.MARGIN - subtitle_width - px(24)
        # The title's stroke reaches a pixel beyond its letters.
        self._text((theme.MARGIN, middle), fit(self.title, theme.TITLE_SIZE, room), theme.TITLE_SIZE,
                   theme.TITLE_TEXT, "lm", (theme.MARGIN - 2, 0, theme.MARGIN + room + 2, theme.TITLE_BAR_HEIGHT),
                   stroke=1)

    def _highlight_column(self) -> None:
        if self.highlight not in self.plan.rounds:
            return
        column = self.plan.rounds.index(self.highlight)
        x = self.column_x(column)
        self.draw_on.rectangle(
            (x - COLUMN_GAP // 3, theme.TITLE_BAR_HEIGHT, x + BOX_WIDTH + COLUMN_GAP // 3, self.height),
            fill=theme.ACCENT_TINT,
        )

    def _column_headers(self) -> None:
        draw = self.draw_on
        face = font(theme.HEADER_SIZE)
        middle = theme.TITLE_BAR_HEIGHT + COLUMN_HEADER_HEIGHT // 2 + px(2)
        pill = theme.HEADER_SIZE // 2 + px(6)
        for column, round_number in enumerate(self.plan.rounds):
            x = self.column_x(column) + BOX_WIDTH // 2
            text = fit(round_name(self.bracket, round_number, self.lang), theme.HEADER_SIZE, BOX_WIDTH - px(24))
            cell = (self.column_x(column), theme.TITLE_BAR_HEIGHT, self.column_x(column) + BOX_WIDTH, self.slots_top)
            if round_number == self.highlight:
                half = face.getlength(text) / 2 + pill
                draw.rounded_rectangle((x - half, middle - pill, x + half, middle + pill), radius=pill,
                                       fill=theme.ACCENT)
                self._text((x, middle), text, theme.HEADER_SIZE, "#FFFFFF", "mm", cell)
            else:
                self._text((x, middle), text, theme.HEADER_SIZE, theme.HEADER_TEXT, "mm", cell)

    # -- connectors ----------------------------------------------------------------------------------------------

    def _links(self) -> None:
        for feeder_id, match_id in self.plan.links:
            feeder, target = self.boxes[feeder_id], self.boxes[match_id]
            decided = self.bracket.match(feeder_id).winner is not None
            middle = feeder.right + COLUMN_GAP // 2
            self.draw_on.line(
                [(feeder.right, feeder.center), (middle, feeder.center), (middle, target.center),
                 (target.x, target.center)],
                fill=theme.LINK_DECIDED if decided else theme.LINK,
                width=px(2),
                joint="curve",
            )

    # -- boxes ---------------------------------------------------------------------------------------------------

    def _match(self, match: BracketMatch, box: _Box, third_place: bool = False) -> None:
        draw = self.draw_on
        current = match.round == self.highlight and not match.is_decided and not match.is_projected
        fill = theme.PROJECTED_FILL if match.is_projected else theme.BOX_FILL
        border = theme.ACCENT if current else (theme.PROJECTED_BORDER if match.is_projected else theme.BOX_BORDER)
        draw.rounded_rectangle((box.x, box.top, box.right, box.bottom), radius=RADIUS, fill=fill, outline=border,
                               width=px(2) if current else px(1))
        cells = max(1, len(match.games))
        self._label_line(match, box, cells, third_place)
        winner = match.winner
        for index, side in enumerate(Side):
            row_top = box.top + index * ROW_HEIGHT
            row_middle = row_top + ROW_HEIGHT // 2
            if winner is side and not match.is_bye:
                self._winner_row(box, index)
            name = match.name(side)
            if match.is_bye and side is Side.RIGHT:
                text, colour = t("render.bye", self.lang), theme.MUTED_TEXT
            elif name is None:
                text, colour = t("render.to_be_decided", self.lang), theme.MUTED_TEXT
            elif not name:  # a walkover: the opponent's feeder ended in a double forfeit
                text, colour = t("render.no_opponent", self.lang), theme.MUTED_TEXT
            else:
                text = name
                colour = theme.WINNER_TEXT if winner is side else (
                    theme.MUTED_TEXT if winner is side.other or match.is_projected else theme.TEXT)
            # The level cells take room only in a row that shows a level: a name is not cut while space is free.
            shown = 0 if match.is_bye or match.is_projected else _levels_shown(match, side)
            room = BOX_WIDTH - 2 * PADDING - (cells * CELL_WIDTH if shown else 0)
            self._text((box.x + PADDING, row_middle), fit(text, theme.NAME_SIZE, room), theme.NAME_SIZE, colour,
                       "lm", (box.x + PADDING, row_top, box.x + PADDING + room, row_top + ROW_HEIGHT))
            if not match.is_bye:
                self._level_cells(match, box, side, row_middle, cells)
        draw.line((box.x + 1, box.center, box.right - 1, box.center), fill=theme.DIVIDER, width=px(1))

    def _winner_row(self, box: _Box, index: int) -> None:
        top = box.top + index * ROW_HEIGHT
        corners = (True, True, False, False) if index == 0 else (False, False, True, True)
        self.draw_on.rounded_rectangle((box.x + 1, top + 1, box.right - 1, top + ROW_HEIGHT - 1), radius=RADIUS - 1,
                                       fill=theme.WINNER_FILL, corners=corners)
        self.draw_on.rectangle((box.x + 1, top + px(4), box.x + px(4), top + ROW_HEIGHT - px(4)),
                               fill=theme.WINNER_MARK)

    def _level_cells(self, match: BracketMatch, box: _Box, side: Side, middle: int, cells: int) -> None:
        first_cell = box.right - PADDING - cells * CELL_WIDTH
        for index, game in enumerate(match.games):
            level = game.left_level if side is Side.LEFT else game.right_level
            if level is None:
                continue
            won = game.winner is side and game.status.is_final
            colour = theme.WINNER_MARK if won else (theme.MUTED_TEXT if game.winner is side.other else theme.TEXT)
            x = first_cell + index * CELL_WIDTH + CELL_WIDTH // 2
            self._text((x, middle), str(level), theme.NAME_SIZE, colour, "mm",
                       (x - CELL_WIDTH / 2, middle - ROW_HEIGHT / 2, x + CELL_WIDTH / 2, middle + ROW_HEIGHT / 2))

    def _label_line(self, match: BracketMatch, box: _Box, cells: int, third_place: bool) -> None:
        parts = []
        if third_place:
            parts.append(t("render.third_place", self.lang))
        if match.table is not None:
            parts.append(t("render.table", self.lang, table=match.table))
        if match.best_of_three:
            parts.append(t("render.best_of_three", self.lang))
        baseline = box.top - px(5)
        badge = self._badge_text(match)
        badge_left = box.right
        if badge is not None:
            badge_left = self._badge(badge, box.right, baseline)
        if parts:
            room = badge_left - box.x - px(10)
            self._text((box.x + px(2), baseline), fit(" · ".join(parts), theme.LABEL_SIZE, room), theme.LABEL_SIZE,
                       theme.LABEL_TEXT, "ls", (box.x, box.top - LABEL_HEIGHT - px(8), box.x + px(2) + room, box.top))

    def _badge_text(self, match: BracketMatch) -> tuple[str, str] | None:
        status = match.status
        if status is None or status in {MatchStatus.BYE, MatchStatus.CONFIRMED}:
            return None
        if status is MatchStatus.PENDING and match.round != self.highlight:
            return None
        return status.value, t(f"render.status.{status.value}", self.lang)

    def _badge(self, badge: tuple[str, str], right: int, baseline: int) -> int:
        key, text = badge
        ink, paper = theme.BADGE_COLOURS[key]
        face = font(theme.BADGE_SIZE)
        text = fit(text, theme.BADGE_SIZE, BOX_WIDTH / 2)
        left = right - face.getlength(text) - px(14)
        top, bottom = baseline - theme.BADGE_SIZE - px(2), baseline + px(3)
        self.draw_on.rounded_rectangle((left, top, right, bottom), radius=(bottom - top) // 2, fill=paper)
        self._text(((left + right) / 2, (top + bottom) / 2), text, theme.BADGE_SIZE, ink, "mm",
                   (left, top, right, bottom))
        return int(left)

    def _champion(self) -> None:
        champion, final = self.bracket.champion, self.bracket.final
        if self.banner_top is None or champion is None or final is None:
            return
        box = self.boxes[final.match_id]
        top, bottom = self.banner_top, self.banner_top + BANNER_HEIGHT
        self.draw_on.rounded_rectangle((box.x, top, box.right, bottom), radius=BANNER_HEIGHT // 2,
                                       fill=theme.GOLD_FILL, outline=theme.GOLD_BORDER)
        _star(self.draw_on, box.x + px(20), (top + bottom) / 2, px(9))
        text = fit(t("render.champion", self.lang, name=champion), theme.NAME_SIZE, BOX_WIDTH - px(44))
        self._text((box.x + px(36), (top + bottom) / 2), text, theme.NAME_SIZE, theme.GOLD_TEXT, "lm",
                   (box.x + px(36), top, box.right, bottom))


def _levels_shown(match: BracketMatch, side: Side) -> bool:
    """Whether a level stands in ``side``'s row (a played or reported game)."""
    return any((game.left_level if side is Side.LEFT else game.right_level) is not None for game in match.games)


def _star(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float) -> None:
    """A five-pointed star drawn as a polygon, so no font needs a star glyph."""
    points = []
    for index in range(10):
        angle = -math.pi / 2 + index * math.pi / 5
        reach = radius if index % 2 == 0 else radius * 0.45
        points.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    draw.polygon(points, fill=theme.GOLD_STAR)
