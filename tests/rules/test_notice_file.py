"""Reading a notice sent as a document: text in its encodings, .docx, .pdf, and the refusals."""

import pytest

from bot.rules.notice import split_articles
from bot.rules.notice_file import (
    MAX_NOTICE_FILE_BYTES,
    MAX_PDF_CONTENT_BYTES,
    NoticeFileError,
    NoticeFileTooLargeError,
    OldWordError,
    PdfTooComplexError,
    UnreadableNoticeError,
    check_notice_size,
    error_for_key,
    read_notice_file,
)
from tests.rules.notice_files import docx, pdf, pdf_bomb

NOTICE = "一、比赛时间\n每局限时50分钟。\n二、申诉\n本桌比赛结束后10分钟内提出。"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030", "utf-16"])
def test_text_in_the_usual_encodings(encoding: str) -> None:
    assert read_notice_file(NOTICE.encode(encoding)) == NOTICE


def test_a_word_document_keeps_its_paragraphs_and_table_cells() -> None:
    data = docx(["一、比赛时间", "每局限时50分钟。", "二、申诉", "本桌比赛结束后10分钟内提出。"],
                table=[["名次", "奖金"], ["第一名", "800元"]])
    text = read_notice_file(data)
    assert text.split("\n")[:4] == ["一、比赛时间", "每局限时50分钟。", "二、申诉", "本桌比赛结束后10分钟内提出。"]
    assert text.split("\n")[4:] == ["名次 奖金", "第一名 800元"]
    assert [article.text.split("\n")[0] for article in split_articles(text)] == ["一、比赛时间", "二、申诉"]


def test_a_pdf_with_a_text_layer() -> None:
    text = read_notice_file(pdf(["1. Each match lasts 50 minutes.", "2. Appeals within 10 minutes."]))
    assert "Each match lasts 50 minutes." in text and "Appeals within 10 minutes." in text
    assert len(split_articles(text)) == 2


@pytest.mark.parametrize(
    ("data", "error"),
    [
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 64, OldWordError),  # .doc
        (b"\x89PNG\r\n\x1a\n" + b"\x00" * 64, UnreadableNoticeError),
        (b"PK\x03\x04 not really a zip", UnreadableNoticeError),
        (b"%PDF-1.4 broken", UnreadableNoticeError),
        (bytes(range(256)) * 4, UnreadableNoticeError),  # binary that is no text in any encoding
    ],
)
def test_files_that_are_no_readable_notice(data: bytes, error: type[Exception]) -> None:
    with pytest.raises(error):
        read_notice_file(data)


def test_the_size_limit() -> None:
    check_notice_size(MAX_NOTICE_FILE_BYTES)
    with pytest.raises(NoticeFileTooLargeError) as refused:
        check_notice_size(MAX_NOTICE_FILE_BYTES + 1)
    assert refused.value.params == {"limit_mb": 1}
    with pytest.raises(NoticeFileTooLargeError):
        read_notice_file(b"a" * (MAX_NOTICE_FILE_BYTES + 1))


@pytest.mark.parametrize("in_a_form", [False, True])
@pytest.mark.parametrize("pages", [1, 200])
def test_a_pdf_with_more_page_content_than_a_notice_needs_is_refused_unparsed(pages: int, in_a_form: bool) -> None:
    """The probe's PDF (46 KB, 200 pages all drawing one 5 MB stream) kept pypdf busy for 25 minutes: the pages'
    decoded content is measured first and refused over the limit, before any of it is parsed."""
    data = pdf_bomb(pages, 5 * 1024 * 1024, in_a_form=in_a_form)
    assert len(data) < 60_000
    with pytest.raises(PdfTooComplexError) as refused:
        read_notice_file(data)
    assert refused.value.params == {"limit_mb": MAX_PDF_CONTENT_BYTES // (1024 * 1024)}


def test_page_content_under_the_limit_is_read() -> None:
    text = read_notice_file(pdf_bomb(2, 16 * 1024, in_a_form=True))
    assert text.count("x") > 100


def test_every_refusal_crosses_the_process_boundary_by_its_key() -> None:
    for kind in (PdfTooComplexError, UnreadableNoticeError, NoticeFileTooLargeError, OldWordError):
        assert error_for_key(kind.key) is kind
    assert error_for_key("no.such.key") is NoticeFileError
