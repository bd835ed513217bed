"""The picture font comes from PyPI and really has Chinese glyphs; without it, rendering still works."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import ImageFont

from bot.pictures import fonts
from bot.pictures.fonts import font, font_source, has_glyph
from bot.pictures.stamp import stamp
from bot.pictures.text import fit


def forget_loaded_fonts() -> None:
    for cached in (fonts.font_source, fonts.font, stamp, fit):
        cached.cache_clear()


@pytest.fixture
def no_cjk_font_installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(fonts, "FONT_PACKAGE", "no_such_font_package")
    monkeypatch.setattr(fonts, "SYSTEM_CANDIDATES", ())
    forget_loaded_fonts()
    yield
    forget_loaded_fonts()


def test_the_packaged_simplified_chinese_face_is_used() -> None:
    source = font_source()
    assert source is not None
    assert source.family == "Noto Sans CJK SC"
    assert Path(source.path).name == "NotoSansCJK-Regular.ttc"
    assert "noto_cjk_sans_otc" in str(source.path)


@pytest.mark.parametrize("character", list("掼蛋张三李四王五赵六冠军轮空桌号决赛") + ["A", "+", "…", "·", "："])
def test_the_picture_font_draws_every_character_we_need(character: str) -> None:
    assert has_glyph(font(16), character)


def test_the_glyph_check_can_tell_a_missing_glyph() -> None:
    assert not has_glyph(font(16), "\U0001f0cf")  # a playing-card emoji: not in Noto Sans CJK
    assert not has_glyph(ImageFont.load_default(16), "张")
    assert not has_glyph(font(16), " ")


def test_without_any_cjk_font_the_builtin_font_is_used(no_cjk_font_installed: None) -> None:
    from bot.pictures.bracket_picture import render_bracket
    from tests.support.sample_matches import sample_rows

    assert font_source() is None
    assert font(16).getlength("Round 1") > 0
    assert not has_glyph(font(16), "张")
    (picture,) = render_bracket(sample_rows(3), lang="en")
    assert picture.png.startswith(b"\x89PNG")
