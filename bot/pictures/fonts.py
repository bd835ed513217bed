"""The typeface of every picture: Noto Sans CJK SC from the ``noto-cjk-sans-otc`` wheel (SIL OFL 1.1).

A fresh machine has no Chinese fonts and CI installs only from PyPI, so the font comes as a Python dependency and is
found through ``importlib.resources``. Should the package be missing, a system CJK font is used if one of the usual
files exists, and as a last resort Pillow's built-in font (Latin only: Chinese would show as boxes, and a warning is
logged once).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from PIL import ImageFont

log = logging.getLogger(__name__)

FONT_PACKAGE = "noto_cjk_sans_otc"
FONT_FILE = "NotoSansCJK-Regular.ttc"
PREFERRED_FACE = "Noto Sans CJK SC"
"""The collection holds JP, KR, SC, TC and HK faces; simplified Chinese glyph shapes suit the players."""

SYSTEM_CANDIDATES: tuple[str, ...] = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "C:/Windows/Fonts/msyh.ttc",
)

_PROBE = "汉"
_MISSING_GLYPH_PROBE = "\ue000"  # a private-use code point no font here defines: it draws the "missing" box


@dataclass(frozen=True, slots=True)
class FontSource:
    """A font file and the index of the face to use inside a collection (``.ttc``)."""

    path: Path
    index: int
    family: str


def _packaged_font_path() -> Path | None:
    try:
        candidate = resources.files(FONT_PACKAGE).joinpath(FONT_FILE)
    except ModuleNotFoundError:
        return None
    path = Path(str(candidate))
    return path if path.is_file() else None


def _face_index(path: Path) -> tuple[int, str]:
    """The index of the simplified Chinese face in a collection (0 for a single font)."""
    first_family = ""
    for index in range(16):
        try:
            family = ImageFont.truetype(str(path), 12, index=index).getname()[0] or ""
        except OSError:
            break
        if index == 0:
            first_family = family
        if family == PREFERRED_FACE:
            return index, family
    return 0, first_family


@cache
def font_source() -> FontSource | None:
    """The CJK-capable font to draw with, or ``None`` when only Pillow's built-in font is left."""
    packaged = _packaged_font_path()
    candidates = [packaged] if packaged is not None else []
    candidates += [Path(name) for name in SYSTEM_CANDIDATES]
    for path in candidates:
        if not path.is_file():
            continue
        try:
            index, family = _face_index(path)
            if has_glyph(ImageFont.truetype(str(path), 24, index=index), _PROBE):
                return FontSource(path, index, family)
        except OSError:
            log.warning("cannot read font %s", path)
    log.warning("no CJK font found (install %s); Chinese text will not render", FONT_PACKAGE.replace("_", "-"))
    return None


AnyFont = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: int) -> AnyFont:
    """The picture font at ``size`` pixels (cached: loading a face costs about a millisecond)."""
    source = font_source()
    if source is None:
        return ImageFont.load_default(size)
    # Basic layout: the face has no scripts that need shaping, and it is faster than Raqm for short strings.
    return ImageFont.truetype(str(source.path), size, index=source.index, layout_engine=ImageFont.Layout.BASIC)


def has_glyph(face: AnyFont, character: str) -> bool:
    """Whether ``face`` draws ``character`` itself rather than an empty or "missing glyph" box."""
    drawn = face.getmask(character)
    if drawn.size[0] == 0 or drawn.size[1] == 0 or not any(bytes(drawn)):
        return False
    missing = face.getmask(_MISSING_GLYPH_PROBE)
    return drawn.size != missing.size or bytes(drawn) != bytes(missing)
