"""Read a notice sent as a document: ``.txt``, ``.docx`` or ``.pdf``, at most 1 MB, into plain text.

The content decides, not the name (documents arrive renamed): a zip archive holding ``word/document.xml`` is a
Word document, ``%PDF`` starts a PDF, anything else must decode as text — UTF-8 (with or without BOM), UTF-16 with
a BOM, or GB18030 (what Chinese Windows saves). A ``.docx`` is read with the standard library (zipfile and
ElementTree over ``word/document.xml``): paragraphs become lines, a table row one line of its cells. A PDF needs
pypdf; its text layer is read page by page (a scanned PDF without one is refused as empty), and only while the
pages' content (their drawing instructions, decoded, forms included) adds up to at most
:data:`MAX_PDF_CONTENT_BYTES`: a 46 KB PDF whose 200 pages all point at one 5 MB compressed stream kept pypdf busy
for 25 minutes. Old binary formats (``.doc``) and pictures are refused with a message saying what to send instead.

The bot never calls :func:`read_notice_file` in its own process: ``python -m bot.rules.notice_process`` does, in a
confined, time-limited process (``bot.services.tournament.notice``).
"""

from __future__ import annotations

import io
import zipfile
from typing import Any
from xml.etree import ElementTree

from bot.errors import UsageError

MAX_NOTICE_FILE_BYTES = 1024 * 1024
"""1 MB: a notice of a dozen pages is a fraction of that; larger documents are refused before downloading."""
MAX_UNPACKED_BYTES = 20 * 1024 * 1024
"""A .docx is a zip archive: refuse a document part that would unpack to more than this (zip bombs)."""
MAX_PDF_PAGES = 200
MAX_PDF_CONTENT_BYTES = 3 * 1024 * 1024
"""3 MB of decoded page content over all pages (pages x bytes): a long text-only notice needs a few hundred KB;
pypdf reads about 1 MB of content a second."""

_ZIP_MAGIC = b"PK\x03\x04"
_PDF_MAGIC = b"%PDF"
_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # .doc, .xls: the pre-2007 Office format
_PICTURE_MAGIC = (b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"RIFF")
_WORD = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


class NoticeFileError(UsageError):
    key = "notice.bad_file"


class NoticeFileTooLargeError(NoticeFileError):
    key = "notice.file_too_large"


class OldWordError(NoticeFileError):
    key = "notice.old_word"


class PdfUnsupportedError(NoticeFileError):
    """A PDF arrived but pypdf is not installed."""

    key = "notice.pdf_unsupported"


class PdfTooComplexError(NoticeFileError):
    """The pages' decoded content adds up to more than :data:`MAX_PDF_CONTENT_BYTES`."""

    key = "notice.pdf_too_complex"


class NoticeReadTooSlowError(NoticeFileError):
    """The process reading the file ran out of its time budget (``bot.rules.notice_process``)."""

    key = "notice.read_too_slow"


class UnreadableNoticeError(NoticeFileError):
    """Not text, not a Word document, not a PDF we can read."""

    key = "notice.unreadable"


def _docx_text(data: bytes) -> str:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        info = archive.getinfo("word/document.xml")
    except (zipfile.BadZipFile, KeyError) as error:
        raise UnreadableNoticeError() from error
    if info.file_size > MAX_UNPACKED_BYTES:
        raise UnreadableNoticeError()
    try:
        root = ElementTree.fromstring(archive.read(info))
    except (ElementTree.ParseError, zipfile.BadZipFile, OSError) as error:
        raise UnreadableNoticeError() from error
    body = root.find(f"{_WORD}body")
    lines: list[str] = []
    for block in body if body is not None else ():
        if block.tag == f"{_WORD}p":
            lines.append(_paragraph_text(block))
        elif block.tag == f"{_WORD}tbl":
            for row in block.iter(f"{_WORD}tr"):
                cells = [" ".join(_paragraph_text(paragraph) for paragraph in cell.iter(f"{_WORD}p"))
                         for cell in row.iter(f"{_WORD}tc")]
                lines.append(" ".join(cell for cell in cells if cell))
    return "\n".join(lines)


def _paragraph_text(paragraph: ElementTree.Element) -> str:
    parts = []
    for node in paragraph.iter():
        if node.tag == f"{_WORD}t" and node.text:
            parts.append(node.text)
        elif node.tag == f"{_WORD}tab":
            parts.append("\t")
        elif node.tag in (f"{_WORD}br", f"{_WORD}cr"):
            parts.append("\n")
    return "".join(parts)


def _content_bytes(page: Any) -> int:
    """Decoded bytes of a page's content and of the form XObjects its resources hold (what text extraction parses)."""
    contents = page.get_contents()
    total = 0 if contents is None else len(contents.get_data())
    resources = page.get("/Resources")
    xobjects = resources.get_object().get("/XObject") if resources is not None else None
    for reference in (xobjects.get_object().values() if xobjects is not None else ()):
        xobject = reference.get_object()
        if xobject.get("/Subtype") == "/Form":
            total += len(xobject.get_data())
    return total


def _pdf_text(data: bytes) -> str:
    try:
        from pypdf import PdfReader
        from pypdf.errors import PdfReadError, PdfStreamError
    except ImportError as error:  # an installation without the optional reader
        raise PdfUnsupportedError() from error
    try:
        reader = PdfReader(io.BytesIO(data))
        pages = reader.pages[:MAX_PDF_PAGES]
        content = 0
        for page in pages:  # all of it measured before any of it is parsed
            content += _content_bytes(page)
            if content > MAX_PDF_CONTENT_BYTES:
                raise PdfTooComplexError(limit_mb=MAX_PDF_CONTENT_BYTES // (1024 * 1024))
        return "\n".join(page.extract_text() or "" for page in pages)
    except (PdfReadError, PdfStreamError, ValueError, KeyError, TypeError, AttributeError, OSError) as error:
        raise UnreadableNoticeError() from error


def _plain_text(data: bytes) -> str:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings: tuple[str, ...] = ("utf-16",)
    else:
        encodings = ("utf-8-sig", "gb18030")
    for encoding in encodings:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if "\x00" not in text:
            return text
    raise UnreadableNoticeError()


def error_for_key(key: str) -> type[NoticeFileError]:
    """The refusal whose key is ``key`` (an answer that crossed a process boundary); the generic one if unknown."""
    found: list[type[NoticeFileError]] = [NoticeFileError]
    index = 0
    while index < len(found):
        found.extend(found[index].__subclasses__())
        index += 1
    return next((kind for kind in found if kind.key == key), NoticeFileError)


def check_notice_size(size: int) -> None:
    """Refuse a document over :data:`MAX_NOTICE_FILE_BYTES` (also before downloading, from its announced size)."""
    if size > MAX_NOTICE_FILE_BYTES:
        raise NoticeFileTooLargeError(limit_mb=MAX_NOTICE_FILE_BYTES // (1024 * 1024))


def read_notice_file(data: bytes) -> str:
    """The text of a notice document (see the module docstring); raise a :class:`NoticeFileError` leaf."""
    check_notice_size(len(data))
    if data.startswith(_OLE2_MAGIC):
        raise OldWordError()
    if data.startswith(_PICTURE_MAGIC):
        raise UnreadableNoticeError()
    if data.startswith(_ZIP_MAGIC):
        return _docx_text(data)
    if data.lstrip()[:4] == _PDF_MAGIC:
        return _pdf_text(data)
    return _plain_text(data)
