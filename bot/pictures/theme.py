"""Colours and sizes shared by the pictures (pixels at 1×; Telegram shows photos up to 2,560 px on a side)."""

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

TITLE_SIZE: Final = 26
SUBTITLE_SIZE: Final = 15
HEADER_SIZE: Final = 15
NAME_SIZE: Final = 16
LABEL_SIZE: Final = 13
BADGE_SIZE: Final = 12

EXACT_COLOURS: Final = (
    BACKGROUND, TITLE_BAR, TITLE_TEXT, SUBTITLE_TEXT, HEADER_TEXT, ACCENT, ACCENT_TINT, BOX_FILL, BOX_BORDER,
    PROJECTED_FILL, PROJECTED_BORDER, DIVIDER, TEXT, MUTED_TEXT, LABEL_TEXT, WINNER_FILL, WINNER_MARK, WINNER_TEXT,
    LINK, LINK_DECIDED, GOLD_FILL, GOLD_BORDER, GOLD_STAR, GOLD_TEXT, ZEBRA, ZEBRA_ALT, *MEDALS,
    *(colour for pair in BADGE_COLOURS.values() for colour in pair),
)
"""Flat colours a picture's palette keeps exactly (see :func:`bot.pictures.picture.to_picture`)."""

MARGIN: Final = 28
TITLE_BAR_HEIGHT: Final = 70
MIN_WIDTH: Final = 640
