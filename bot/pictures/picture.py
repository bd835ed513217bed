"""A finished picture: PNG bytes ready to send, with its size and a caption-sized label.

Pictures are stored with a 256-colour palette: the drawing uses a few flat colours plus the anti-aliased edges of
text, which a palette holds without visible loss, and a palette PNG is both three times smaller and encodes several
times faster than true colour (PNG's per-row filter search is the slowest step of a large bracket).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageColor

PNG_COMPRESS_LEVEL = 3
"""zlib level 3: files a few percent larger than level 6, a third faster."""
_PALETTE_SAMPLE_REDUCTION = 3


@dataclass(frozen=True, slots=True)
class Picture:
    png: bytes
    width: int
    height: int
    label: str
    """What the picture shows when the whole does not fit one picture (``"Part 1 of 4"``); empty otherwise."""


def to_picture(image: Image.Image, label: str = "", exact_colours: Iterable[str] = ()) -> Picture:
    """Encode ``image`` as a palette PNG; ``exact_colours`` (the theme's flat colours) are always in the palette.

    Pixels map to the palette through Pillow's colour cache, so a flat area may come out a unit or two off its
    theme colour, never visibly so.
    """
    buffer = io.BytesIO()
    _to_palette(image, tuple(exact_colours)).save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return Picture(buffer.getvalue(), image.width, image.height, label)


def _to_palette(image: Image.Image, exact: tuple[str, ...]) -> Image.Image:
    exact_rgb = list(dict.fromkeys(ImageColor.getrgb(colour)[:3] for colour in exact))
    # The palette is chosen on a reduced copy (cheap), then the full image is mapped onto it without dithering.
    sample = image.reduce(_PALETTE_SAMPLE_REDUCTION) if min(image.size) >= 3 * _PALETTE_SAMPLE_REDUCTION else image
    chosen = sample.quantize(colors=256 - len(exact_rgb), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    found = list(chosen.getpalette() or [])[: 3 * (256 - len(exact_rgb))]
    # Pillow maps a pixel through a cache slot a few units off the pixel's colour; a found colour that close to a
    # theme colour could win the slot and shift a flat area slightly, so such near-duplicates give way.
    candidates = [tuple(found[index : index + 3]) for index in range(0, len(found), 3)]
    palette = [channel for colour in candidates if not _near(colour, exact_rgb) for channel in colour]
    flat = [channel for colour in exact_rgb for channel in colour] + palette
    holder = Image.new("P", (1, 1))
    holder.putpalette(flat + [0] * (768 - len(flat)))
    return image.quantize(palette=holder, dither=Image.Dither.NONE)


def _near(colour: tuple[int, ...], others: Sequence[tuple[int, ...]], reach: int = 10) -> bool:
    red, green, blue = colour[:3]
    for other_red, other_green, other_blue in others:
        if abs(red - other_red) <= reach and abs(green - other_green) <= reach and abs(blue - other_blue) <= reach:
            return True
    return False


def pictures_pdf(pictures: Sequence[Picture], dpi: float = 144.0) -> bytes:
    """``pictures`` as one PDF, a page each at its own size (``dpi`` sets the page's size in print only).

    A set of pictures sent as ONE document, which a phone opens and pages through."""
    pages = [Image.open(io.BytesIO(picture.png)).convert("RGB") for picture in pictures]
    if not pages:
        raise ValueError("a PDF needs at least one picture")
    buffer = io.BytesIO()
    pages[0].save(buffer, "PDF", save_all=True, append_images=pages[1:], resolution=dpi)
    return buffer.getvalue()
