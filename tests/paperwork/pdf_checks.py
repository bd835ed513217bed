"""Reading a PDF back as a person would: its text (poppler's ``pdftotext``), where each word sits on its page
(``pdftotext -bbox``), its fonts (``pdffonts``) and its QR codes (pages drawn by ``pdftoppm``, read by zbar's
``zbarimg``). ``.ci/run`` installs poppler-utils and zbar-tools."""

from __future__ import annotations

import io
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

MM = 72 / 25.4
"""PDF points in a millimetre."""


def _with_file(data: bytes, *command: str, to_stdout: bool = True) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "document.pdf"
        path.write_bytes(data)
        done = subprocess.run([*command, str(path), *(["-"] if to_stdout else [])], capture_output=True, check=True,
                              timeout=120)
    return done.stdout.decode("utf-8")


def pdf_text(data: bytes) -> str:
    """The text in reading order, pages separated by form feeds."""
    return _with_file(data, "pdftotext", "-enc", "UTF-8")


def page_texts(data: bytes) -> list[str]:
    return pdf_text(data).split("\f")[:-1]


@dataclass(frozen=True, slots=True)
class Word:
    page: int
    text: str
    x_min: float
    y_min: float
    x_max: float
    y_max: float


@dataclass(frozen=True, slots=True)
class PageBox:
    number: int
    width: float
    height: float
    words: tuple[Word, ...]


def page_boxes(data: bytes) -> list[PageBox]:
    """Every page's size and the box of every word on it (points, origin top left)."""
    xhtml = _with_file(data, "pdftotext", "-bbox", "-enc", "UTF-8")
    xhtml = re.sub(r"<!DOCTYPE[^>]*>", "", xhtml)
    root = ElementTree.fromstring(xhtml)
    pages = []
    for number, page in enumerate(root.iter("{http://www.w3.org/1999/xhtml}page"), start=1):
        words = tuple(Word(number, word.text or "", float(word.get("xMin", 0)), float(word.get("yMin", 0)),
                           float(word.get("xMax", 0)), float(word.get("yMax", 0)))
                      for word in page.iter("{http://www.w3.org/1999/xhtml}word"))
        pages.append(PageBox(number, float(page.get("width", 0)), float(page.get("height", 0)), words))
    return pages


def words_off_the_page(data: bytes, margin_mm: float = 4) -> list[Word]:
    """Words reaching closer than ``margin_mm`` to a page's edge, or beyond it (nothing should: a printer cannot
    print there)."""
    margin = margin_mm * MM
    return [word for page in page_boxes(data) for word in page.words
            if word.x_min < margin or word.y_min < margin or word.x_max > page.width - margin
            or word.y_max > page.height - margin]


def fonts(data: bytes) -> list[tuple[str, bool]]:
    """(font name, embedded) of every font the PDF uses."""
    listing = _with_file(data, "pdffonts", to_stdout=False).splitlines()[2:]
    found = []
    for line in listing:
        parts = line.split()
        # name, type words…, encoding, emb, sub, uni, object, generation
        found.append((parts[0], parts[-5] == "yes"))
    return found


def qr_codes(data: bytes, first: int = 1, last: int | None = None, dpi: int = 150) -> list[str]:
    """The QR codes zbar reads on pages ``first``–``last``, page by page, top to bottom."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "document.pdf"
        path.write_bytes(data)
        command = ["pdftoppm", "-png", "-r", str(dpi), "-f", str(first)]
        if last is not None:
            command += ["-l", str(last)]
        subprocess.run([*command, str(path), str(Path(folder) / "page")], check=True, timeout=300)
        found: list[str] = []
        for image in sorted(Path(folder).glob("page-*.png")):
            done = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)],
                                  capture_output=True, timeout=120)
            found += [line for line in done.stdout.decode("utf-8").splitlines() if line]
    return found


def outlines_of(data: bytes, character: str) -> list[list[tuple[str, tuple[object, ...]]]]:
    """The outline drawn for ``character`` by every font embedded in the PDF that has it (pen operations, as
    fontTools records them): what the printer prints, to compare with a face's own outline."""
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont
    from pypdf import PdfReader

    found = []
    seen: set[bytes] = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            for descendant in font.get_object().get("/DescendantFonts", []):
                descriptor = descendant.get_object()["/FontDescriptor"].get_object()
                for key in ("/FontFile3", "/FontFile2"):
                    if key not in descriptor:
                        continue
                    program = descriptor[key].get_object().get_data()
                    if program in seen:
                        continue
                    seen.add(program)
                    embedded = TTFont(io.BytesIO(program))
                    name = (embedded.getBestCmap() or {}).get(ord(character)) if "cmap" in embedded else None
                    if name is None:
                        continue
                    pen = RecordingPen()
                    embedded.getGlyphSet()[name].draw(pen)
                    found.append(pen.value)
    return found
