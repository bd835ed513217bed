"""Read an uploaded roster file into rows of text cells: ``.xlsx`` streamed from its zip archive, or CSV text.

The content decides, not the file name: Telegram documents often arrive renamed. A CSV may be UTF-8 (with or
without BOM) or GB18030 (what a Chinese Excel saves); its separator — comma, tab, semicolon or full-width comma —
is the one its header line shows (a file whose header has none is one column, never split at a ``;`` inside a
name). Anything else is refused with a specific error before any row is looked at.

Hostile files (42 KB that unpack to 10 million cells) meet hard limits, checked while the file
is read, never after: at most :data:`MAX_CELLS` cells, :data:`MAX_CELLS_PER_ROW` cells in a row,
:data:`MAX_SHARED_STRINGS` shared strings holding :data:`MAX_TEXT_CHARS` characters, :data:`MAX_CELL_CHARS`
characters in a cell, :data:`MAX_XML_ELEMENTS` XML elements and :data:`MAX_SHEETS` sheets; no DTD. The first limit
reached stops the reading with an error that names it (and the row and column where there is one). The workbook
is read by ``xml.parsers.expat`` straight from the compressed stream, so memory follows what is kept (the first
:data:`MAX_COLUMNS` columns of :data:`MAX_SCANNED_ROWS` rows), never the file's claims. ``/import`` runs this in a
separate process with a time budget (``bot.sheets.roster_process``).
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO
from xml.parsers import expat

from bot.errors import UsageError
from bot.sheets.csv_cells import restore

MAX_FILE_BYTES = 1024 * 1024
"""1 MB: a roster of 5,000 rows is a fraction of that; ``/import`` refuses larger documents before downloading."""
MAX_UNPACKED_BYTES = 100 * 1024 * 1024
"""An .xlsx is a zip archive: refuse archives that say they unpack to more than this (zip bombs)."""
MAX_SCANNED_ROWS = 50_000
"""Rows of a sheet looked at (a roster has at most 5,000); the rest of the sheet is not read."""
MAX_COLUMNS = 50
"""Columns kept of each row (a roster's columns come first); cells further right are counted, not kept."""
MAX_CELLS = 250_000
"""Cells in the whole file (5,000 rows of 50 columns): empty ones count, they cost as much to read."""
MAX_CELLS_PER_ROW = 1_000
MAX_SHARED_STRINGS = 100_000
MAX_TEXT_CHARS = 5_000_000
"""Characters in all the workbook's shared strings together."""
MAX_CELL_CHARS = 1_000
"""Characters in one cell: a name is at most 64, a unit or a note far less than this."""
MAX_SHARED_STRING_CHARS = 32_767
"""Excel's own limit for the text of a cell: a longer shared string is no Excel file."""
MAX_XML_ELEMENTS = 1_000_000
"""XML elements read in the whole workbook (rows, cells, their values, anything else)."""
MAX_SHEETS = 100

_XLSX_MAGIC = b"PK\x03\x04"
_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # .xls, .doc: the pre-2007 Office format
_OTHER_BINARY_MAGIC = (b"%PDF", b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"RIFF", b"\x1f\x8b", b"Rar!", b"7z\xbc\xaf")
_CHUNK = 64 * 1024


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


class TooManyCellsError(RosterFileError):
    key = "sheets.limit.cells"


class RowTooWideError(RosterFileError):
    key = "sheets.limit.row_cells"


class TooManySharedStringsError(RosterFileError):
    key = "sheets.limit.shared_strings"


class TooMuchTextError(RosterFileError):
    key = "sheets.limit.text"


class CellTooLongError(RosterFileError):
    key = "sheets.limit.cell_chars"


class TooComplexError(RosterFileError):
    """More than :data:`MAX_XML_ELEMENTS` XML elements, or more than :data:`MAX_SHEETS` sheets."""

    key = "sheets.limit.elements"


class ReadTooSlowError(RosterFileError):
    """The separate process reading the file ran out of its time budget (``bot.sheets.roster_process``)."""

    key = "sheets.limit.time"


def error_for_key(key: str) -> type[RosterFileError]:
    """The error class of ``key`` (a result that crossed a process boundary); the generic one if unknown."""
    found: list[type[RosterFileError]] = [RosterFileError]
    index = 0
    while index < len(found):
        found.extend(found[index].__subclasses__())
        index += 1
    return next((kind for kind in found if kind.key == key), RosterFileError)


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


HeaderCell = Callable[[str], bool]
"""Whether a cell is a known column header (``bot.sheets.roster``): a CSV's header line decides its separator."""


def read_tables(data: bytes, header_cell: HeaderCell | None = None) -> tuple[SheetTable, ...]:
    """Every worksheet of an .xlsx (in order; empty rows left out), or the single table of a CSV file."""
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
    return (SheetTable("csv", tuple(_csv_rows(_decode(data), header_cell))),)


# XLSX ----------------------------------------------------------------------------------------------------------

_RELATIONSHIP_TYPES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CELL_REFERENCE = re.compile(r"^([A-Z]{1,3})(\d{1,7})$")


class _Budget:
    """What the whole workbook may still spend: cells and XML elements."""

    def __init__(self) -> None:
        self.cells = MAX_CELLS
        self.elements = MAX_XML_ELEMENTS

    def element(self) -> None:
        self.elements -= 1
        if self.elements < 0:
            raise TooComplexError()

    def cell(self) -> None:
        self.cells -= 1
        if self.cells < 0:
            raise TooManyCellsError(limit=MAX_CELLS)


class _StopSheet(Exception):  # noqa: N818 - a signal: the rows looked at are read
    pass


def _local(name: str) -> str:
    """An element or attribute name without its namespace (``uri local`` from expat, or ``prefix:local``)."""
    return name.rpartition(" ")[2].rpartition(":")[2]


def _parser(budget: _Budget) -> expat.XMLParserType:
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def no_doctype(*args: object) -> None:
        raise NotASpreadsheetError()

    parser.StartDoctypeDeclHandler = no_doctype
    parser.EntityDeclHandler = no_doctype
    return parser


def _feed(parser: expat.XMLParserType, stream: IO[bytes]) -> None:
    try:
        while chunk := stream.read(_CHUNK):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except expat.ExpatError:
        raise NotASpreadsheetError() from None


def _attributes(attributes: dict[str, str]) -> dict[str, str]:
    return {_local(name): value for name, value in attributes.items()}


def _workbook_sheets(archive: zipfile.ZipFile, budget: _Budget) -> tuple[list[tuple[str, str]], str | None]:
    """The worksheets' names and part paths in workbook order, and the shared strings' part (if any)."""
    sheets: list[tuple[str, str]] = []
    targets: dict[str, str] = {}
    shared: str | None = None

    parser = _parser(budget)

    def sheet_start(name: str, attributes: dict[str, str]) -> None:
        budget.element()
        if _local(name) == "sheet":
            found = _attributes(attributes)
            sheets.append((found.get("name", ""), found.get("id", "")))
            if len(sheets) > MAX_SHEETS:
                raise TooComplexError()

    parser.StartElementHandler = sheet_start
    with archive.open("xl/workbook.xml") as stream:
        _feed(parser, stream)

    if "xl/_rels/workbook.xml.rels" in archive.namelist():
        parser = _parser(budget)

        def relation_start(name: str, attributes: dict[str, str]) -> None:
            nonlocal shared
            budget.element()
            if _local(name) != "Relationship":
                return
            found = _attributes(attributes)
            target = found.get("Target", "")
            path = target.lstrip("/") if target.startswith("/") else "xl/" + target
            targets[found.get("Id", "")] = path
            if found.get("Type", "").endswith("/sharedStrings"):
                shared = path

        parser.StartElementHandler = relation_start
        with archive.open("xl/_rels/workbook.xml.rels") as stream:
            _feed(parser, stream)
    names = set(archive.namelist())
    parts = []
    for index, (title, relation) in enumerate(sheets, start=1):
        path = targets.get(relation, f"xl/worksheets/sheet{index}.xml")
        if path in names:
            parts.append((title, path))
    if shared is None and "xl/sharedStrings.xml" in names:
        shared = "xl/sharedStrings.xml"
    return parts, shared if shared in names else None


def _shared_strings(archive: zipfile.ZipFile, part: str, budget: _Budget) -> list[str]:
    """The shared strings, in order: each the text of its ``<t>`` elements (phonetic runs left out)."""
    strings: list[str] = []
    text: list[str] = []
    depth_in_t = 0
    phonetic = 0
    characters = 0
    length = 0

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal depth_in_t, phonetic, length
        budget.element()
        local = _local(name)
        if local == "si":
            text.clear()
            length = 0
            if len(strings) >= MAX_SHARED_STRINGS:
                raise TooManySharedStringsError(limit=MAX_SHARED_STRINGS)
        elif local == "t":
            depth_in_t += 1
        elif local == "rPh":
            phonetic += 1

    def end(name: str) -> None:
        nonlocal depth_in_t, phonetic
        local = _local(name)
        if local == "si":
            strings.append("".join(text))
        elif local == "t":
            depth_in_t -= 1
        elif local == "rPh":
            phonetic -= 1

    def data(chunk: str) -> None:
        nonlocal characters, length
        if depth_in_t and not phonetic:
            characters += len(chunk)
            length += len(chunk)
            if characters > MAX_TEXT_CHARS or length > MAX_SHARED_STRING_CHARS:
                raise TooMuchTextError(limit=MAX_TEXT_CHARS)
            text.append(chunk)

    parser = _parser(budget)
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    with archive.open(part) as stream:
        _feed(parser, stream)
    return strings


def column_letters(index: int) -> str:
    """``0`` → ``A``, ``26`` → ``AA``: how a spreadsheet names column ``index``."""
    letters = ""
    number = index + 1
    while number:
        number, remainder = divmod(number - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def _column_index(letters: str) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


@dataclass
class _Cell:
    column: int
    kind: str
    text: list[str] = field(default_factory=list)
    size: int = 0


class _SheetReader:
    """One worksheet's rows, read by expat callbacks under the limits."""

    def __init__(self, shared: list[str], budget: _Budget) -> None:
        self.shared = shared
        self.budget = budget
        self.rows: list[SheetRow] = []
        self.row_number = 0
        self.row_cells: dict[int, str] = {}
        self.row_count = 0
        self.next_column = 0
        self.cell: _Cell | None = None
        self.collecting = False  # inside <v> or an inline string's <t>
        self.in_row = False

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.budget.element()
        local = _local(name)
        if local == "row":
            found = _attributes(attributes)
            number = found.get("r", "")
            self.row_number = int(number) if number.isdecimal() and len(number) <= 7 else self.row_number + 1
            if self.row_number > MAX_SCANNED_ROWS:
                raise _StopSheet()
            self.row_cells, self.row_count, self.next_column, self.in_row = {}, 0, 0, True
        elif local == "c" and self.in_row:
            self.budget.cell()
            self.row_count += 1
            if self.row_count > MAX_CELLS_PER_ROW:
                raise RowTooWideError(row=self.row_number, limit=MAX_CELLS_PER_ROW)
            found = _attributes(attributes)
            reference = _CELL_REFERENCE.match(found.get("r", ""))
            column = _column_index(reference[1]) if reference else self.next_column
            self.next_column = column + 1
            self.cell = _Cell(column, found.get("t", "n"))
        elif local in ("v", "t") and self.cell is not None:
            self.collecting = True

    def end(self, name: str) -> None:
        local = _local(name)
        if local in ("v", "t"):
            self.collecting = False
        elif local == "c" and self.cell is not None:
            cell, self.cell = self.cell, None
            if cell.column < MAX_COLUMNS:
                value = self._value(cell)
                if value:
                    self.row_cells[cell.column] = value
        elif local == "row" and self.in_row:
            self.in_row = False
            if self.row_cells:
                width = max(self.row_cells) + 1
                self.rows.append(SheetRow(self.row_number, tuple(self.row_cells.get(index, "")
                                                                 for index in range(width))))

    def data(self, chunk: str) -> None:
        cell = self.cell
        if cell is None or not self.collecting:
            return
        cell.size += len(chunk)
        if cell.size > MAX_CELL_CHARS:
            raise CellTooLongError(row=self.row_number, column=column_letters(cell.column), limit=MAX_CELL_CHARS)
        cell.text.append(chunk)

    def _value(self, cell: _Cell) -> str:
        raw = "".join(cell.text)
        if cell.kind == "s":
            if not raw.strip().isdecimal() or int(raw) >= len(self.shared):
                raise NotASpreadsheetError()
            text = self.shared[int(raw)]
            if len(text) > MAX_CELL_CHARS:
                raise CellTooLongError(row=self.row_number, column=column_letters(cell.column), limit=MAX_CELL_CHARS)
            return text.strip()
        if cell.kind == "b":
            return {"1": "True", "0": "False"}.get(raw.strip(), raw.strip())
        if cell.kind in ("n", "") and raw.strip():
            return _number_text(raw.strip())
        return raw.strip()


def _number_text(raw: str) -> str:
    """A number cell as the organiser typed it: ``3`` not ``3.0``."""
    try:
        value = float(raw)
    except ValueError:
        return raw
    if value.is_integer() and abs(value) < 1e16:
        return str(int(value))
    return raw if "e" in raw.lower() else str(value)


def _read_xlsx(data: bytes) -> tuple[SheetTable, ...]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            if "xl/workbook.xml" not in names:
                raise NotASpreadsheetError()  # a .docx, .pptx or plain zip
            if sum(info.file_size for info in archive.infolist()) > MAX_UNPACKED_BYTES:
                raise FileTooLargeError(limit_mb=MAX_FILE_BYTES // (1024 * 1024))
            budget = _Budget()
            parts, shared_part = _workbook_sheets(archive, budget)
            shared = _shared_strings(archive, shared_part, budget) if shared_part else []
            return tuple(_read_sheet(archive, title, part, shared, budget) for title, part in parts)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError, RuntimeError,
            zlib.error):  # damaged, encrypted or exotic archives all mean the same to the organiser
        raise NotASpreadsheetError() from None


def _read_sheet(archive: zipfile.ZipFile, title: str, part: str, shared: list[str], budget: _Budget) -> SheetTable:
    reader = _SheetReader(shared, budget)
    parser = _parser(budget)
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.data
    try:
        with archive.open(part) as stream:
            _feed(parser, stream)
    except _StopSheet:
        pass
    return SheetTable(title, tuple(reader.rows))


# CSV -----------------------------------------------------------------------------------------------------------


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise NotASpreadsheetError()


_DELIMITERS = (",", "\t", ";", "，")
_HEADER_SEARCH_LINES = 10
_ONE_COLUMN = "\x00"
"""The "separator" of a one-column file: NUL, which a text file (checked above) does not contain."""


def _split(line: str, delimiter: str) -> list[str]:
    return next(csv.reader([line], delimiter=delimiter), [])


def _delimiter(text: str, header_cell: HeaderCell | None) -> str:
    """The separator the header line shows.

    Among the first non-blank lines, the first that holds a known column header under some separator is the header line;
    of the separators it contains, the one that makes the most known headers of it. A header line without any (one
    column), or no header line at all: one column."""
    lines = [line for line in text.splitlines()[:100] if line.strip()][:_HEADER_SEARCH_LINES]
    if header_cell is None:  # no idea of headers: the separator on most lines, as a spreadsheet would guess
        counts = {candidate: sum(candidate in line for line in lines) for candidate in _DELIMITERS}
        best = max(_DELIMITERS, key=lambda candidate: counts[candidate])
        return best if counts[best] else _ONE_COLUMN
    for line in lines:
        scores = {candidate: sum(1 for cell in _split(line, candidate) if header_cell(cell.strip()))
                  for candidate in _DELIMITERS if candidate in line}
        chosen = max(scores, key=lambda candidate: scores[candidate]) if scores else None
        if chosen is not None and scores[chosen] > 0:
            return chosen
        if header_cell(line.strip()):  # the header is one column, separators only inside it ("姓名（必填，…）")
            return _ONE_COLUMN
    return _ONE_COLUMN


def _csv_rows(text: str, header_cell: HeaderCell | None) -> Iterator[SheetRow]:
    # Rows are numbered by record, as Excel numbers them when it opens the CSV. A field can be as long as the file
    # (csv's own limit of 131,072 characters would end the import with an error instead of a message), and is
    # refused past MAX_CELL_CHARS, naming it.
    if csv.field_size_limit() < MAX_FILE_BYTES:
        csv.field_size_limit(MAX_FILE_BYTES)
    reader = csv.reader(io.StringIO(text), delimiter=_delimiter(text, header_cell))
    cells_left = MAX_CELLS
    try:
        for number, cells in enumerate(reader, start=1):
            if number > MAX_SCANNED_ROWS:
                break
            if len(cells) > MAX_CELLS_PER_ROW:
                raise RowTooWideError(row=number, limit=MAX_CELLS_PER_ROW)
            cells_left -= len(cells)
            if cells_left < 0:
                raise TooManyCellsError(limit=MAX_CELLS)
            for index, cell in enumerate(cells):
                if len(cell) > MAX_CELL_CHARS:
                    raise CellTooLongError(row=number, column=column_letters(index), limit=MAX_CELL_CHARS)
            # A cell the bot's own CSV export neutralised (a leading ', bot.sheets.csv_cells) reads as it was.
            yield SheetRow(number, tuple(restore(cell.strip()) for cell in cells[:MAX_COLUMNS]))
    except csv.Error:
        raise NotASpreadsheetError() from None
