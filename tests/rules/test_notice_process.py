"""``python -m bot.rules.notice_process``: the notice text, or the refusal, as one JSON object on stdout."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.rules.notice_file import PdfTooComplexError
from bot.rules.notice_process import decode_result
from tests.rules.notice_files import pdf, pdf_bomb

pytestmark = pytest.mark.slow  # starts the reader's process: make quick leaves it out


def read(data: bytes) -> str:
    done = subprocess.run([sys.executable, "-m", "bot.rules.notice_process"], input=data, capture_output=True,
                          timeout=60, check=True)
    return decode_result(done.stdout.decode("ascii"))


def test_a_pdf_notice_comes_back_as_text() -> None:
    assert "Appeals within 10 minutes." in read(pdf(["1. Matches last 50 minutes.", "2. Appeals within 10 minutes."]))


def test_a_refusal_comes_back_as_its_error_with_its_params() -> None:
    with pytest.raises(PdfTooComplexError) as refused:
        read(pdf_bomb(200, 5 * 1024 * 1024))
    assert refused.value.params == {"limit_mb": 3}
