"""QR codes for the pages (segno: pure Python, no image library needed).

A code is drawn one pixel per module as a tiny PNG and scaled up on the page with ``image-rendering: pixelated``
(the PDF keeps it sharp: no interpolation); WeasyPrint places a 41×41 bitmap far faster than the SVG of the same
code. The mask is fixed rather than chosen by trying all eight (a quarter of the time per code; any mask decodes).
"""

from __future__ import annotations

MASK = 2
"""Any of the eight masks is valid QR; a fixed one saves evaluating them all (0.15 s instead of 0.65 s for 130)."""


def qr_data_uri(text: str) -> str:
    """A ``data:`` URI of a PNG QR code of ``text``.

    One pixel per module with the 4-module quiet zone (error correction M: a card may be creased or stained)."""
    import segno  # imported when a card is printed, not with the command table

    code = segno.make(text, error="m", micro=False, mask=MASK, boost_error=False)
    return str(code.png_data_uri(scale=1, border=4))
