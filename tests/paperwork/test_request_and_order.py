"""``/print``'s arguments, the by-name order, and that nothing but ``/print`` pays for the PDF library."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.paperwork.document import What
from bot.paperwork.order import heading_of, name_key
from bot.paperwork.render import css_string
from bot.paperwork.request import BadCertificateCount, PrintRequest, UnknownPrintWhat, parse_request


@pytest.mark.parametrize(("args", "expected"), [
    ((), PrintRequest(None)),
    (("3",), PrintRequest(None, round=3)),
    (("cards",), PrintRequest(What.CARDS)),
    (("Tables", "2"), PrintRequest(What.TABLES, round=2)),
    (("桌卡",), PrintRequest(What.CARDS)),
    (("秩序册",), PrintRequest(What.BOOKLET)),
    (("certificates",), PrintRequest(What.CERTIFICATES, certificates=3)),
    (("certificates", "8"), PrintRequest(What.CERTIFICATES, certificates=8)),
])
def test_print_arguments(args: tuple[str, ...], expected: PrintRequest) -> None:
    assert parse_request(args) == expected


@pytest.mark.parametrize("args", [("menu",), ("cards", "two"), ("tables", "1", "2"), ("-1",), ("cards", "１")])
def test_other_arguments_are_refused(args: tuple[str, ...]) -> None:
    with pytest.raises(UnknownPrintWhat):
        parse_request(args)


@pytest.mark.parametrize("count", ["0", "65", "many"])
def test_a_certificate_count_is_1_to_64(count: str) -> None:
    with pytest.raises(BadCertificateCount):
        parse_request(("certificates", count))


def test_names_go_in_pinyin_order_with_latin_names_among_them() -> None:
    names = ["张三", "Zoë Lin", "王五", "李四", "Ann Lee", "陈红", "Émile Roux", "阿明", "bob"]
    assert sorted(names, key=name_key) == ["阿明", "Ann Lee", "bob", "陈红", "Émile Roux", "李四", "王五", "张三",
                                           "Zoë Lin"]
    assert [heading_of(name) for name in ("张三", "Émile", "阿明", "123")] == ["Z", "E", "A", "#"]


def test_a_name_cannot_break_out_of_the_footer() -> None:
    assert css_string('a"b\\c</style>') == 'a\\22 b\\5c c\\3c /style\\3e '


@pytest.mark.slow  # starts a Python process
def test_the_command_table_does_not_import_the_pdf_library() -> None:
    """``/print`` may take a second; starting the bot, and every other command, must not pay for it."""
    code = ("import sys, handlers.commands, bot.cli.default; "
            "print(sorted(m for m in ('weasyprint', 'jinja2', 'segno', 'pypinyin', 'pydyf') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.strip() == "[]"
