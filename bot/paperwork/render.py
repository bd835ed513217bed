"""A :class:`~bot.paperwork.document.Document` as a PDF: Jinja2 templates laid out by WeasyPrint.

Why WeasyPrint: the pages are ordinary HTML and CSS (tables that break across pages with their headings repeated,
page footers with "page / pages", named pages for landscape certificates), text is shaped by Pango — Chinese and
Latin in one line, the font embedded and subset — and a change to a page is a change to a template. Its price is
the import (about 0.5 s warm, several seconds on a cold, busy machine) and system libraries (Pango, HarfBuzz,
fontconfig), which is why nothing imports this module until a document is made (``/print``, ``python -m bot
print``): ``tests/paperwork/test_lazy_import.py`` holds the command table to that.

The font is Noto Sans CJK from the ``noto-cjk-sans-otc`` wheel (``bot.pictures.fonts``), declared with
``@font-face`` so the PDF never depends on the fonts of the machine it was made on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from bot.i18n import t
from bot.paperwork.document import Document, Paper
from bot.paperwork.qr import qr_data_uri
from bot.pictures.fonts import font_source

if TYPE_CHECKING:
    from jinja2 import Environment
    from weasyprint.text.fonts import FontConfiguration

PAPER_CSS = {Paper.A4: "A4", Paper.LETTER: "letter"}


def css_string(text: str) -> str:
    """``text`` inside a CSS double-quoted string (the page footer): quotes, backslashes, control characters and
    ``<>&`` (the style sits in an HTML ``<style>``) as CSS escapes."""
    return "".join(f"\\{ord(char):x} " if char in '"\\<>&' or ord(char) < 0x20 else char for char in text)


@cache
def _environment() -> Environment:
    import jinja2  # imported when the first document is made

    templates = resources.files("bot.paperwork").joinpath("templates")
    environment = jinja2.Environment(
        loader=jinja2.FunctionLoader(lambda name: templates.joinpath(name).read_text(encoding="utf-8")),
        autoescape=jinja2.select_autoescape(enabled_extensions=("html.j2",), default=False),
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    environment.filters["css_string"] = css_string
    return environment


def _font_url() -> str:
    source = font_source()
    if source is None:
        return "local('Noto Sans CJK SC')"
    return source.path.resolve().as_uri()


def document_html(document: Document) -> str:
    """The document as one HTML page, its style included."""
    environment = _environment()
    lang = document.language

    def text(key: str, **params: Any) -> str:
        return t(key, lang, **params)

    style = environment.get_template("style.css.j2").render(
        font_url=_font_url(), paper=PAPER_CSS[document.paper], footer=css_string(document.tournament))
    return environment.get_template("document.html.j2").render(
        doc=document, lang=lang.value, t=text, qr=qr_data_uri, style=style)


@cache
def _font_configuration() -> FontConfiguration:
    """One font configuration per process: the CJK font is read and indexed once, not per document."""
    from weasyprint.text.fonts import FontConfiguration

    return FontConfiguration()


@dataclass(frozen=True, slots=True)
class Pdf:
    data: bytes
    pages: int


def document_pdf(document: Document) -> Pdf:
    """The document as PDF bytes (fonts embedded and subset) and its number of pages."""
    from weasyprint import HTML

    rendered = HTML(string=document_html(document)).render(font_config=_font_configuration())
    data = rendered.write_pdf()
    assert data is not None  # no target given: the bytes are returned
    return Pdf(bytes(data), len(rendered.pages))
