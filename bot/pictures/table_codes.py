"""The QR codes of one table's result links (``/web tables``).

The table's title and, side by side, each pair's name above the QR code of its own link — the picture an organiser
prints or shows at the table."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.pictures.fonts import font
from bot.pictures.picture import Picture, to_picture
from bot.pictures.text import fit

WIDTH = 1200
MARGIN = 40
TITLE_SIZE = 48
LABEL_SIZE = 34
CODE = 520
"""Pixels across each QR code (a phone reads it from an arm's length on paper or on a screen)."""


def qr_image(address: str, size: int) -> Image.Image:
    """The QR code of ``address``, ``size`` pixels square (black on white, a quiet zone of 4 modules)."""
    import segno  # here: nothing loads the QR library before a picture is drawn

    code = segno.make(address, error="m")
    modules = int(code.symbol_size(scale=1, border=4)[0])
    scale = max(1, size // modules)
    image = Image.new("L", (modules * scale, modules * scale), 255)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(code.matrix_iter(scale=1, border=4)):
        for column, dark in enumerate(line):
            if dark:
                draw.rectangle((column * scale, row * scale, (column + 1) * scale - 1, (row + 1) * scale - 1), 0)
    return image.resize((size, size), Image.Resampling.NEAREST)


def table_codes_picture(title: str, seats: Sequence[tuple[str, str]]) -> Picture:
    """``title`` on top, then for each seat (its label — side and pair — and its link) the label and QR code."""
    column = (WIDTH - MARGIN * (len(seats) + 1)) // max(1, len(seats))
    height = MARGIN + TITLE_SIZE + 24 + LABEL_SIZE + 16 + min(CODE, column) + MARGIN
    image = Image.new("RGB", (WIDTH, height), "white")
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN), fit(title, TITLE_SIZE, WIDTH - 2 * MARGIN), fill="#1d1b16", font=font(TITLE_SIZE))
    top = MARGIN + TITLE_SIZE + 24
    size = min(CODE, column)
    for index, (label, address) in enumerate(seats):
        left = MARGIN + index * (column + MARGIN)
        draw.text((left, top), fit(label, LABEL_SIZE, column), fill="#1d1b16", font=font(LABEL_SIZE))
        image.paste(qr_image(address, size).convert("RGB"), (left + (column - size) // 2, top + LABEL_SIZE + 16))
    return to_picture(image, exact_colours=("#ffffff", "#000000", "#1d1b16"))


__all__ = ["qr_image", "table_codes_picture"]
