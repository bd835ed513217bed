"""A :class:`~bot.paperwork.document.Document` as a PDF: Jinja2 templates laid out by WeasyPrint.

Why WeasyPrint: the pages are ordinary HTML and CSS (tables that break across pages with their headings repeated,
page footers with "page / pages", named pages for landscape certificates), text is shaped by Pango — Chinese and
Latin in one line, the font embedded and subset — and a change to a page is a change to a template. Its price is
the import (about 0.5 s warm, several seconds on a cold, busy machine) and system libraries (Pango, HarfBuzz,
fontconfig), which is why nothing imports this module until a document is made (``/print``, ``python -m bot
print``): ``tests/paperwork/test_lazy_import.py`` holds the command table to that.

The font is Noto Sans CJK SC from the ``noto-cjk-sans-otc`` wheel (``bot.pictures.fonts``), declared with
``@font-face`` so the PDF never depends on the fonts of the machine it was made on. The wheel's file is a collection
of five faces (JP, KR, SC, TC, HK) and WeasyPrint, given a collection, lays text out with its first face: Japanese
glyph shapes for Chinese names (直, 骨, 角 drawn the Japanese way). So the page's font URL is not the file but
``guandan-font:sc``, which the pages' URL fetcher answers with the simplified Chinese face alone, cut out of the
collection with fontTools (WeasyPrint's own dependency; 0.4 s, once per process: WeasyPrint keeps a font it has
fetched). The same fetcher refuses every other URL but ``data:`` (the QR codes): a page never reads a file or the
network.
"""

from __future__ import annotations

import io
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
    from weasyprint.urls import URLFetcher, URLFetcherResponse

PAPER_CSS = {Paper.A4: "A4", Paper.LETTER: "letter"}


def css_string(text: str) -> str:
    """``text`` inside a CSS double-quoted string (the page footer).

    Quotes, backslashes, control characters and ``<>&`` (the style sits in an HTML ``<style>``) as CSS escapes."""
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


FONT_URL = "guandan-font:sc"
"""The pages' font (see the module): the simplified Chinese face of the packaged collection."""


def font_face_bytes() -> bytes | None:
    """The font file of the pictures' face alone (cut out of a collection); ``None`` without a CJK font."""
    source = font_source()
    if source is None:
        return None
    data = source.path.read_bytes()
    if data[:4] != b"ttcf":
        return data
    # WeasyPrint's dependency (untyped), imported only when a page needs the font
    from fontTools.ttLib import TTCollection  # type: ignore[import-untyped]

    face = TTCollection(io.BytesIO(data), lazy=True).fonts[source.index]
    written = io.BytesIO()
    face.save(written)
    return written.getvalue()


def _page_fetcher() -> URLFetcher:
    """What a page may load: its font (:data:`FONT_URL`) and ``data:`` URIs (the QR codes); nothing else.

    One per document: a fetcher keeps state while it fetches, so threads do not share one."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class PageFetcher(URLFetcher):  # type: ignore[misc]  # WeasyPrint has no type hints
        def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
            if url == FONT_URL:
                font = font_face_bytes()
                if font is None:
                    raise ValueError("no CJK font installed")
                return URLFetcherResponse(url, font, {"Content-Type": "font/otf"})
            return super().fetch(url, headers)  # refused unless data: (allowed_protocols)

    return PageFetcher(allowed_protocols=("data",))


def document_html(document: Document) -> str:
    """The document as one HTML page, its style included."""
    environment = _environment()
    lang = document.language

    def text(key: str, **params: Any) -> str:
        return t(key, lang, **params)

    style = environment.get_template("style.css.j2").render(
        font_url=FONT_URL, paper=PAPER_CSS[document.paper], footer=css_string(document.tournament))
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

    page = HTML(string=document_html(document), url_fetcher=_page_fetcher())
    rendered = page.render(font_config=_font_configuration())
    data = rendered.write_pdf()
    assert data is not None  # no target given: the bytes are returned
    return Pdf(bytes(data), len(rendered.pages))
