"""Read an uploaded roster file into rows of text cells: ``.xlsx`` through openpyxl, or CSV text.

The content decides, not the file name: Telegram documents often arrive renamed. A CSV may be UTF-8 (with or
without BOM) or GB18030 (what a Chinese Excel saves), separated by commas, tabs, semicolons or full-width commas.
Anything else is refused with a specific error before any row is looked at.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass

from openpyxl import load_workbook

from bot.errors import UsageError

MAX_FILE_BYTES = 1024 * 1024
"""1 MB: a roster of 5,000 rows is a fraction of that; ``/import`` refuses larger documents before downloading."""
MAX_UNPACKED_BYTES = 100 * 1024 * 1024
"""An .xlsx is a zip archive: refuse archives that would unpack to more than this (zip bombs)."""
MAX_SCANNED_ROWS = 50_000
MAX_COLUMNS = 50

_XLSX_MAGIC = b"PK\x03\x04"
_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # .xls, .doc: the pre-2007 Office format
_OTHER_BINARY_MAGIC = (b"%PDF", b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"RIFF", b"\x1f\x8b", b"Rar!", b"7z\xbc\xaf")


class RosterFileError(UsageError):
    key = "sheets.bad_file"


class EmptyFileError(RosterFileError):
    key = "sheets.empty_file"


class FileTooLargeError(RosterFileError):
    key = "sheets.file_too_large"


class NotASpreadsheetError(RosterFileError):
    key = "sheets.not_a_spreadsheet"


class OldExcelError(RosterFileError):
    key = "sheets.old_excel"


@dataclass(frozen=True, slots=True)
class SheetRow:
    """A row as the organiser sees it: its number in the spreadsheet (1 = first line) and its cells as text."""

    number: int
    cells: tuple[str, ...]

    @property
    def is_empty(self) -> bool:
        return not any(self.cells)


@dataclass(frozen=True, slots=True)
class SheetTable:
    name: str
    rows: tuple[SheetRow, ...]


def read_tables(data: bytes) -> tuple[SheetTable, ...]:
    """Every worksheet of an .xlsx (in order), or the single table of a CSV file."""
    if not data.strip():
        raise EmptyFileError()
    if len(data) > MAX_FILE_BYTES:
        raise FileTooLargeError(limit_mb=MAX_FILE_BYTES // (1024 * 1024))
    if data.startswith(_XLSX_MAGIC):
        return _read_xlsx(data)
    if data.startswith(_OLE2_MAGIC):
        raise OldExcelError()
    if data.startswith(_OTHER_BINARY_MAGIC) or b"\x00" in data[:4096]:
        raise NotASpreadsheetError()
    return (SheetTable("csv", tuple(_csv_rows(_decode(data)))),)


def _read_xlsx(data: bytes) -> tuple[SheetTable, ...]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            unpacked = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile:
        raise NotASpreadsheetError() from None
    if "xl/workbook.xml" not in names:
        raise NotASpreadsheetError()  # a .docx, .pptx or plain zip
    if unpacked > MAX_UNPACKED_BYTES:
        raise FileTooLargeError(limit_mb=MAX_FILE_BYTES // (1024 * 1024))
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds on a damaged workbook; all mean the same to the organiser
        raise NotASpreadsheetError() from None
    try:
        tables = []
        for sheet in workbook.worksheets:
            rows = []
            for number, values in enumerate(
                sheet.iter_rows(max_row=MAX_SCANNED_ROWS, max_col=MAX_COLUMNS, values_only=True), start=1
            ):
                rows.append(SheetRow(number, tuple(_cell_text(value) for value in values)))
            tables.append(SheetTable(sheet.title, tuple(rows)))
        return tuple(tables)
    except Exception:
        raise NotASpreadsheetError() from None
    finally:
        workbook.close()


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise NotASpreadsheetError()


_DELIMITERS = (",", "\t", ";", "，")


def _delimiter(text: str) -> str:
    """The candidate found on most of the first lines (a title line may have none); a comma when in doubt."""
    lines = [line for line in text.splitlines()[:40] if line.strip()][:20]
    counts = {candidate: sum(candidate in line for line in lines) for candidate in _DELIMITERS}
    best = max(_DELIMITERS, key=lambda candidate: counts[candidate])
    return best if counts[best] else ","


def _csv_rows(text: str) -> Iterator[SheetRow]:
    # Rows are numbered by record, as Excel numbers them when it opens the CSV.
    reader = csv.reader(io.StringIO(text), delimiter=_delimiter(text))
    for number, cells in enumerate(reader, start=1):
        if number > MAX_SCANNED_ROWS:
            break
        yield SheetRow(number, tuple(cell.strip() for cell in cells[:MAX_COLUMNS]))
