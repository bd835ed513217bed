"""Real notice documents for tests: a .docx built the way Word stores one, and a PDF with a text layer."""

from __future__ import annotations

import io
import zipfile
import zlib
from collections.abc import Sequence
from xml.sax.saxutils import escape

_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def docx(paragraphs: Sequence[str], table: Sequence[Sequence[str]] = ()) -> bytes:
    """A minimal Word document: one ``w:p`` per paragraph (runs split in two, as Word often does) and a table."""
    body = []
    for paragraph in paragraphs:
        half = len(paragraph) // 2
        body.append(f'<w:p><w:r><w:t xml:space="preserve">{escape(paragraph[:half])}</w:t></w:r>'
                    f"<w:r><w:t>{escape(paragraph[half:])}</w:t></w:r></w:p>")
    if table:
        rows = "".join(
            "<w:tr>" + "".join(f"<w:tc><w:p><w:r><w:t>{escape(cell)}</w:t></w:r></w:p></w:tc>" for cell in row)
            + "</w:tr>" for row in table)
        body.append(f"<w:tbl>{rows}</w:tbl>")
    document = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="{_W}"><w:body>'
                + "".join(body) + "</w:body></w:document>")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        archive.writestr("word/document.xml", document)
    return buffer.getvalue()


def pdf(lines: Sequence[str]) -> bytes:
    """A one-page PDF whose text layer holds ``lines`` (ASCII, in the standard Helvetica font)."""
    content = "BT /F1 12 Tf 14 TL 20 180 Td " + " ".join(
        f"({line.replace('(', '[').replace(')', ']')}) Tj T*" for line in lines) + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R"
        " /Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(content)} >>\nstream\n{content}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1"))
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


def pdf_bomb(pages: int, content_bytes: int, *, in_a_form: bool = False) -> bytes:
    """A small PDF whose ``pages`` pages all draw one compressed stream of ``content_bytes`` decoded bytes (the
    probe's: 46 KB, 200 pages, 5 MB); ``in_a_form``: each page's own content only calls that stream as a form."""
    unit = b"BT /F1 12 Tf 20 180 Td (x) Tj ET\n"
    content = (unit * (content_bytes // len(unit) + 1))[:content_bytes]
    packed = zlib.compress(content, 9)
    font = 4 + pages
    form = b" /Type /XObject /Subtype /Form /BBox [0 0 400 200] /Resources << /Font << /F1 %d 0 R >> >>" % font
    shared = b"<< /Length %d /Filter /FlateDecode%s >>\nstream\n" % (len(packed), form if in_a_form else b"") + packed
    page_content = b"/X Do"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % (4 + index)
                                                                       for index in range(pages)), pages),
               shared + b"\nendstream"]
    contents = b"%d 0 R" % (font + 1) if in_a_form else b"3 0 R"
    forms = b" /XObject << /X 3 0 R >>" if in_a_form else b""
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents %s"
                b" /Resources << /Font << /F1 %d 0 R >>%s >> >>" % (contents, font, forms)] * pages
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    if in_a_form:
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(page_content), page_content))
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n%s\nendobj\n" % (number, body))
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()
