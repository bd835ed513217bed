"""Where in a rule document a fact stands, written the way people cite it.

``002 篇11 第八条``, ``004 第二十条``, ``000 第一篇 竞赛方法 3``, ``002 篇1 六、1``.

A reference is the document (a seed file's three-digit prefix), then the part of a compilation (篇11, 第一篇, 附件二)
and the numbered items down to the article (第八条, 六、, 3、, （2）). :func:`read_reference` reads one into numbers
by kind; :func:`reference_matches` says whether the article an answer cites is the one a reference names: the same
document and part, and the same item numbers — the article may also be the item holding the one named (a notice
numbered 六、1 cited as 六、) or an item inside it. Chapter numbers (第二章) are left out when only one side names them:
articles are numbered through a whole rule text (第二十条 is one article whatever its chapter).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_NUMERAL = "零〇一二两三四五六七八九十百"


def chinese_number(text: str) -> int | None:
    """二十一 → 21, 十 → 10, 12 → 12; ``None`` for anything else."""
    if text.isdigit():
        return int(text)
    if not text or any(char not in _NUMERAL for char in text):
        return None
    if "百" in text:
        hundreds, _, rest = text.partition("百")
        return (_DIGITS.get(hundreds, 1) if hundreds else 1) * 100 + (chinese_number(rest.lstrip("零〇")) or 0)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_DIGITS.get(tens, 1) if tens else 1) * 10 + (_DIGITS.get(ones, 0) if ones else 0)
    if len(text) == 1:
        return _DIGITS[text]
    return None


_NUMBER = rf"(\d+|[{_NUMERAL}]+)"
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("part", re.compile(rf"篇\s*{_NUMBER}|第{_NUMBER}篇")),
    ("annex", re.compile(rf"附件\s*{_NUMBER}")),
    ("chapter", re.compile(rf"第{_NUMBER}[章节]|chapter\s*(\d+)", re.IGNORECASE)),
    ("item", re.compile(rf"第{_NUMBER}条|article\s*(\d+)|[§#]\s*(\d+)", re.IGNORECASE)),
    ("item", re.compile(rf"(?<![\d{_NUMERAL}第篇件])([{_NUMERAL}]+)(?=[、.．\s]|$)")),
    ("sub", re.compile(rf"[（(]\s*{_NUMBER}\s*[）)]")),
    ("sub", re.compile(r"(?<![\d.])(\d+(?:\.\d+)*)(?=[、.．)）\s]|$)")),
)


_LEADING = re.compile(
    rf"^(?:第{_NUMBER}[章节条篇]|篇\d+|附件{_NUMBER}?|[{_NUMERAL}]+[、.．]|[（(]\s*{_NUMBER}\s*[）)]"
    r"|\d+(?:\.\d+)+(?=\s)|\d{1,2}(?:[、．]|\.(?!\d)|[)）](?!\d))|\d(?=\s+[\u4e00-\u9fff]))"
)


def leading_marker(line: str) -> str:
    """The numbering a line starts with (``六、``, ``第二条``, ``（3）``, ``2.1``, ``3`` before a heading); ``""``."""
    match = _LEADING.match(unicodedata.normalize("NFKC", line).strip())
    return match.group().strip() if match else ""


@dataclass(frozen=True, slots=True)
class Reference:
    document: str
    part: int | None
    annex: int | None
    chapter: int | None
    items: tuple[tuple[str, str], ...]
    """The numbered items from the outermost, as (kind, number): kind ``item`` for 第N条 and 一、, ``sub`` for 1、
    and （1）; numbers as text (``2.1`` for a paper's section)."""


def read_reference(text: str) -> Reference | None:
    """The reference in ``text`` (``002 篇11 第八条``); ``None`` when it does not start with a document number."""
    folded = unicodedata.normalize("NFKC", text).strip()
    head = re.match(r"(?:seed\s*)?(\d{3})(?!\d)", folded)
    if head is None:
        return None
    rest = folded[head.end() :]
    found: list[tuple[float, str, str]] = []
    taken = [False] * len(rest)
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(rest):
            if any(taken[match.start() : match.end()]):
                continue
            number = next(group for group in match.groups() if group)
            values = number.split(".") if "." in number else [str(chinese_number(number))]
            if "None" in values:
                continue
            taken[match.start() : match.end()] = [True] * (match.end() - match.start())
            found.extend((match.start() + step / 10, kind, value) for step, value in enumerate(values))
    found.sort()
    single = {kind: value for _, kind, value in found if kind in ("part", "annex", "chapter")}
    return Reference(
        head.group(1),
        int(single["part"]) if "part" in single else None,
        int(single["annex"]) if "annex" in single else None,
        int(single["chapter"]) if "chapter" in single else None,
        tuple((kind, value) for _, kind, value in found if kind in ("item", "sub")),
    )


def _same(one: int | None, other: int | None) -> bool:
    return one is None or other is None or one == other


def reference_matches(cited: str, named: str) -> bool:
    """Whether the article ``cited`` (a seed article's reference) is the one the reference ``named`` points to."""
    article, wanted = read_reference(cited), read_reference(named)
    if article is None or wanted is None or article.document != wanted.document:
        return False
    if wanted.part is not None and article.part != wanted.part:
        return False
    if not (_same(article.annex, wanted.annex) and _same(article.chapter, wanted.chapter)):
        return False
    if not wanted.items:
        return True  # the part as a whole (篇4, a report without numbered items)
    if not article.items:
        return False
    shorter = min(len(article.items), len(wanted.items))
    return article.items[:shorter] == wanted.items[:shorter] or article.items[-1:] == wanted.items[-1:] and (
        len(wanted.items) == 1 or len(article.items) == 1
    )
