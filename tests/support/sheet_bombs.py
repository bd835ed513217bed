"""Spreadsheet bombs for ``/import``, built in memory: small files that unpack to millions of
cells. Generated on demand (a test fixture and ``benchmarks/bench_import_bombs.py``), never committed.

The three the issue measured, each a valid ``.xlsx`` an Excel or openpyxl would open (slowly):

- :func:`empty_cells` — about 10.5 M empty cells in 50-column rows (~42 KB): openpyxl took 31 s and 3.2 GB;
- :func:`shared_strings` — about 5.8 M shared strings (~253 KB): 39 s;
- :func:`one_long_row` — a single row of about 2.7 M cells (~300 KB): 44 s and 2.5 GB.

Each is written through ``zipfile`` streaming, so building one costs well under a second and little memory.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator

_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/sharedStrings.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
    "</Types>"
)
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'officeDocument" Target="xl/workbook.xml"/></Relationships>'
)
_WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
_WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
    'Target="worksheets/sheet1.xml"/>'
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'sharedStrings" Target="sharedStrings.xml"/></Relationships>'
)
_SHEET_OPEN = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
               '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')
_SHEET_CLOSE = "</sheetData></worksheet>"
_STRINGS_OPEN = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                 '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')
_HEADER_ROW = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>'  # 姓名, the shared string 0

Chunks = Callable[[], Iterator[str]]


def _workbook(sheet: Chunks, strings: Chunks) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", _CONTENT_TYPES)
        archive.writestr("_rels/.rels", _ROOT_RELS)
        archive.writestr("xl/workbook.xml", _WORKBOOK)
        archive.writestr("xl/_rels/workbook.xml.rels", _WORKBOOK_RELS)
        for name, chunks in (("xl/sharedStrings.xml", strings), ("xl/worksheets/sheet1.xml", sheet)):
            with archive.open(name, "w", force_zip64=True) as part:
                for chunk in chunks():
                    part.write(chunk.encode("utf-8"))
    return buffer.getvalue()


def _one_string() -> Iterator[str]:
    yield _STRINGS_OPEN + "<si><t>姓名</t></si></sst>"


def empty_cells(count: int = 10_500_000, columns: int = 50) -> bytes:
    """A header, then ``count`` empty cells (``<c/>``) in rows of ``columns``."""
    row = "<row>" + "<c/>" * columns + "</row>"

    def sheet() -> Iterator[str]:
        yield _SHEET_OPEN + _HEADER_ROW
        rows = count // columns
        block = row * 1000
        for _ in range(rows // 1000):
            yield block
        yield row * (rows % 1000)
        yield _SHEET_CLOSE

    return _workbook(sheet, _one_string)


def shared_strings(count: int = 5_800_000) -> bytes:
    """``count`` shared strings (``<si><t>x</t></si>``) behind a one-cell sheet."""

    def strings() -> Iterator[str]:
        yield _STRINGS_OPEN + "<si><t>姓名</t></si>"
        block = "<si><t>x</t></si>" * 1000
        for _ in range(count // 1000):
            yield block
        yield "</sst>"

    def sheet() -> Iterator[str]:
        yield _SHEET_OPEN + _HEADER_ROW + _SHEET_CLOSE

    return _workbook(sheet, strings)


def one_long_row(count: int = 2_700_000) -> bytes:
    """A header, then one row of ``count`` cells, each holding the number 1."""

    def sheet() -> Iterator[str]:
        yield _SHEET_OPEN + _HEADER_ROW + '<row r="2">'
        block = "<c><v>1</v></c>" * 1000
        for _ in range(count // 1000):
            yield block
        yield "</row>" + _SHEET_CLOSE

    return _workbook(sheet, _one_string)


BOMBS: dict[str, Callable[[], bytes]] = {
    "10.5 M empty cells": empty_cells,
    "5.8 M shared strings": shared_strings,
    "one row of 2.7 M cells": one_long_row,
}
