"""Colours and sizes shared by the pictures (Telegram shows photos up to 2,560 px on a side).

Sizes are for a phone: a picture is at least :data:`MIN_WIDTH` (1,080) pixels wide and no text is smaller than
:data:`MIN_TEXT_SIZE` (28) pixels. Geometry that was drawn for the first, smaller pictures is scaled with :func:`px`.
"""

from __future__ import annotations

from typing import Final

BACKGROUND: Final = "#F6F7F9"
TITLE_BAR: Final = "#1F2D4D"
TITLE_TEXT: Final = "#FFFFFF"
SUBTITLE_TEXT: Final = "#C3CCDD"
HEADER_TEXT: Final = "#5B6474"
ACCENT: Final = "#3B5BDB"
ACCENT_TINT: Final = "#E9EEFC"
BOX_FILL: Final = "#FFFFFF"
BOX_BORDER: Final = "#CDD3DC"
PROJECTED_FILL: Final = "#F0F2F5"
PROJECTED_BORDER: Final = "#DADFE6"
DIVIDER: Final = "#EEF0F3"
TEXT: Final = "#1D232C"
MUTED_TEXT: Final = "#98A0AC"
LABEL_TEXT: Final = "#6B7482"
WINNER_FILL: Final = "#E8F6EC"
WINNER_MARK: Final = "#2F9E44"
WINNER_TEXT: Final = "#14532D"
LINK: Final = "#CBD2DC"
LINK_DECIDED: Final = "#8E9AAE"
GOLD_FILL: Final = "#FFF4C2"
GOLD_BORDER: Final = "#EDC041"
GOLD_STAR: Final = "#E0A100"
GOLD_TEXT: Final = "#5A4100"
ZEBRA: Final = "#FFFFFF"
ZEBRA_ALT: Final = "#F1F3F6"
MEDALS: Final = ("#E3B000", "#A7B0BA", "#C07A3E")

BADGE_COLOURS: Final = {
    "pending": ("#1C64D6", "#E3EDFF"),
    "reported": ("#9A5B00", "#FFF1D6"),
    "disputed": ("#C1272D", "#FFE3E3"),
    "forfeit": ("#4B5563", "#E9ECEF"),
    "walkover": ("#4B5563", "#E9ECEF"),
}

SCALE: Final = 1.75
"""Geometry relative to the first pictures, whose names were 16 px."""


def px(value: float) -> int:
    """A length of the first pictures at today's scale."""
    return round(value * SCALE)


MIN_TEXT_SIZE: Final = 28
TITLE_SIZE: Final = 44
SUBTITLE_SIZE: Final = 28
HEADER_SIZE: Final = 28
NAME_SIZE: Final = 30
LABEL_SIZE: Final = 28
BADGE_SIZE: Final = 28

EXACT_COLOURS: Final = (
    BACKGROUND, TITLE_BAR, TITLE_TEXT, SUBTITLE_TEXT, HEADER_TEXT, ACCENT, ACCENT_TINT, BOX_FILL, BOX_BORDER,
    PROJECTED_FILL, PROJECTED_BORDER, DIVIDER, TEXT, MUTED_TEXT, LABEL_TEXT, WINNER_FILL, WINNER_MARK, WINNER_TEXT,
    LINK, LINK_DECIDED, GOLD_FILL, GOLD_BORDER, GOLD_STAR, GOLD_TEXT, ZEBRA, ZEBRA_ALT, *MEDALS,
    *(colour for pair in BADGE_COLOURS.values() for colour in pair),
)
"""Flat colours a picture's palette keeps exactly (see :func:`bot.pictures.picture.to_picture`)."""

MARGIN: Final = 28
TITLE_BAR_HEIGHT: Final = px(64)
MIN_WIDTH: Final = 1080
