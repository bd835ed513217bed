"""Text drawn through a cache of rendered masks: a bracket repeats names, levels and labels many times.

Rendering a string with FreeType costs about 25 µs a glyph; pasting a cached mask costs almost nothing. Positions are
rounded to whole pixels, which is how the text would look anyway at these sizes.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.pictures.fonts import font

Ink = str | tuple[int, int, int]


@lru_cache(maxsize=4096)
def stamp(text: str, size: int, anchor: str = "la", stroke: int = 0) -> tuple[Image.Image, int, int]:
    """The coverage mask of ``text`` and its offset from the anchor point."""
    face = font(size)
    left, top, right, bottom = (int(value) for value in face.getbbox(text, anchor=anchor, stroke_width=stroke))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor, stroke_width=stroke,
                              stroke_fill=255)
    return mask, left, top


def draw_text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: Ink, anchor: str = "la",
    stroke: int = 0,
) -> None:
    if not text:
        return
    mask, left, top = stamp(text, size, anchor, stroke)
    draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)
