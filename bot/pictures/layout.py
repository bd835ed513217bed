"""Text boxes as a picture lays them out, and the checks every picture must pass.

At least 1,080 px wide, no text under 28 px, no two texts overlapping, no text leaving its cell or the picture.

A renderer first places each text as a :class:`TextBox` (its string, size, anchor point, the box its glyphs cover
and the cell it must stay in), then draws exactly those boxes; the tests run :func:`layout_faults` on the same
boxes, so what is checked is what is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.pictures import theme
from bot.pictures.fonts import font
from bot.pictures.stamp import draw_text
from bot.pictures.text import width

Rect = tuple[float, float, float, float]
LINE_REACH = 0.6
"""Half a line's height, in ems: a line of text covers its anchor's middle ± this much even without ascenders."""


@dataclass(frozen=True, slots=True)
class TextBox:
    """One text as drawn: string, size, colour, anchor point, the box it covers and the cell it must stay in."""

    text: str
    size: int
    colour: str
    x: float
    y: float
    anchor: str
    box: Rect
    cell: Rect
    stroke: int = 0


def text_box(text: str, size: int, colour: str, xy: tuple[float, float], anchor: str, cell: Rect,
             stroke: int = 0) -> TextBox:
    """Place ``text`` with its anchor at ``xy``: the box is the union of its glyphs' ink and the line's height."""
    x, y = xy
    length = width(text, size)
    horizontal, vertical = anchor[0], anchor[1]
    left = x if horizontal == "l" else x - length if horizontal == "r" else x - length / 2
    if vertical == "m":
        top, bottom = y - size * LINE_REACH, y + size * LINE_REACH
    elif vertical == "s":
        top, bottom = y - size * (2 * LINE_REACH - 0.2), y + size * 0.2
    else:
        top, bottom = y, y + 2 * size * LINE_REACH
    if text:
        ink = font(size).getbbox(text, anchor=anchor, stroke_width=stroke)
        left, top = min(left, x + ink[0]), min(top, y + ink[1])
        right, bottom = max(left + length, x + ink[2]), max(bottom, y + ink[3])
    else:
        right = left
    return TextBox(text, size, colour, x, y, anchor, (left, top, right, bottom), cell, stroke)


def draw_boxes(draw: ImageDraw.ImageDraw, texts: Sequence[TextBox]) -> None:
    for text in texts:
        draw_text(draw, (text.x, text.y), text.text, text.size, text.colour, text.anchor, stroke=text.stroke)


def _overlap(first: Rect, second: Rect) -> bool:
    return first[0] < second[2] and second[0] < first[2] and first[1] < second[3] and second[1] < first[3]


def _inside(inner: Rect, outer: Rect, slack: float = 0.5) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and inner[2] <= outer[2] + slack
            and inner[3] <= outer[3] + slack)


def layout_faults(picture_width: int, picture_height: int, texts: Sequence[TextBox]) -> list[str]:
    """Everything wrong with a page's layout, in words (empty when the page is right)."""
    faults = []
    if picture_width < theme.MIN_WIDTH:
        faults.append(f"picture {picture_width} px wide, under {theme.MIN_WIDTH}")
    whole = (0.0, 0.0, float(picture_width), float(picture_height))
    shown = [text for text in texts if text.text]
    for text in shown:
        if text.size < theme.MIN_TEXT_SIZE:
            faults.append(f"{text.text!r} at {text.size} px")
        if not _inside(text.box, text.cell):
            faults.append(f"{text.text!r} {tuple(round(v) for v in text.box)} leaves its cell "
                          f"{tuple(round(v) for v in text.cell)}")
        if not _inside(text.box, whole):
            faults.append(f"{text.text!r} leaves the picture")
    ordered = sorted(shown, key=lambda text: text.box[1])
    for index, text in enumerate(ordered):
        for other in ordered[index + 1:]:
            if other.box[1] >= text.box[3]:
                break
            if _overlap(text.box, other.box):
                faults.append(f"{text.text!r} overlaps {other.text!r}")
    return faults
