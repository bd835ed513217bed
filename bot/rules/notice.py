"""A tournament's own rules (竞赛规程, the notice organisers attach with ``/notice``).

Split into articles, searched like the rulebook.

A notice is plain text as the organisers wrote it. :func:`split_articles` cuts it where its own numbering starts a
new item — 第X章, 第X条, 一、, （一）, 1、, 1., Article 3 — keeping the short headings above an item (七、竞赛规则,
第十章 申诉) as that item's heading, since they often say what a terse article is about. Text without numbering is
cut into paragraphs. :func:`search_notice` ranks the articles for a question with the same machinery as the
rulebook (:class:`bot.ruleset.knowledge.RuleIndex` with the glossary's synonyms), so 抗供 in a notice answers a
question about 抗贡; the index of a notice is built once per text and kept for the process (a few notices at most).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from bot.ruleset.glossary import CONCEPTS, CONFUSABLE
from bot.ruleset.knowledge import RuleIndex, SectionSource

MAX_NOTICE_CHARS = 100_000
"""A notice longer than this is refused: real notices are a few thousand characters, and the index grows with it."""
NOTICE_THRESHOLD = 0.4
"""The confidence an article needs to answer before the rulebook does (the rulebook's own threshold is lower)."""
ARTICLE_WEIGHT = 3.0
"""An article's own words weigh more than a rulebook section's body: the article is short and is the answer."""
MAX_ARTICLE_CHARS = 1200
HEADING_CHARS = 18
"""A numbered line this short without a sentence end is a heading (七、竞赛规则) rather than an article."""

_NUMERAL = "一二三四五六七八九十百零〇两"
_MARKERS: tuple[tuple[int, re.Pattern[str]], ...] = (
    (1, re.compile(rf"^第[{_NUMERAL}\d]+[章篇部节]")),
    (1, re.compile(r"^(?:篇\d+|附件[一二三四五六七八九十\d]*)[：:]?")),
    (1, re.compile(r"^(?:chapter|part)\s+\w+", re.IGNORECASE)),
    (2, re.compile(rf"^[{_NUMERAL}]+[、.．]")),
    (3, re.compile(rf"^第[{_NUMERAL}\d]+条")),
    (3, re.compile(r"^(?:article|section|rule)\s+\d+", re.IGNORECASE)),
    (3, re.compile(r"^\d{1,2}(?:[、．]|\.(?!\d)|[)）](?!\d))")),
    (4, re.compile(rf"^[（(][{_NUMERAL}\d]{{1,3}}[）)]")),
)
# Numbering that starts an item inside a line (…作弃权处理。4、因事…; …（1）单牌…（2）对牌…).
_INLINE_BREAK = re.compile(
    rf"(?<=[。；;！!？?])\s*(?=第[{_NUMERAL}\d]+条|[（(][{_NUMERAL}\d]{{1,3}}[）)]|\d{{1,2}}、)"
    rf"|\s+(?=[（(][{_NUMERAL}\d]{{1,3}}[）)]|第[{_NUMERAL}\d]+条)"
)
_CJK_GAP = re.compile(r"(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])")
"""Spaces between Chinese characters are layout (第十章　申　诉), not word breaks."""
_SENTENCE_END = re.compile(r"(?<=[。；;！!？?])")
_BULLETS = "•·●○◆■□-–—*"


@dataclass(frozen=True, slots=True)
class Article:
    """One numbered item of a notice (or one paragraph of an unnumbered one)."""

    number: int
    """1 for the first article, in the notice's order."""
    headings: tuple[str, ...]
    """The short headings the article sits under, outermost first (第十章 申诉)."""
    text: str
    """The article as written, its lines joined by line breaks."""

    @property
    def title(self) -> str:
        """What ``/notice show`` lists: its headings and the start of its text."""
        first = self.text.split("\n", 1)[0]
        start = first if len(first) <= 40 else first[:39] + "…"
        return " › ".join((*self.headings, start))


def _level(line: str) -> int | None:
    folded = unicodedata.normalize("NFKC", line)
    for level, pattern in _MARKERS:
        if pattern.match(folded):
            return level
    return None


def _is_heading(line: str) -> bool:
    return len(line) <= HEADING_CHARS and not line.endswith(("。", ".", "；", ";", "！", "？"))


def _heading(line: str) -> str:
    return _CJK_GAP.sub("", line).rstrip("：:")


def _lines(text: str) -> list[str]:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x0b", "\n").replace("\f", "\n")
    lines = []
    for raw in text.split("\n"):
        for piece in _INLINE_BREAK.split(raw):
            line = " ".join(piece.split()).lstrip(_BULLETS).strip()
            lines.append(line)
    return lines


def _chunks(text: str) -> list[str]:
    """A long text cut at sentence ends into pieces of at most :data:`MAX_ARTICLE_CHARS`."""
    if len(text) <= MAX_ARTICLE_CHARS:
        return [text]
    pieces, current = [], ""
    for sentence in _SENTENCE_END.split(text):
        if current and len(current) + len(sentence) > MAX_ARTICLE_CHARS:
            pieces.append(current)
            current = ""
        while len(sentence) > MAX_ARTICLE_CHARS:
            pieces.append(sentence[:MAX_ARTICLE_CHARS])
            sentence = sentence[MAX_ARTICLE_CHARS:]
        current += sentence
    if current:
        pieces.append(current)
    return pieces


def _paragraphs(lines: list[str]) -> list[str]:
    blocks, current = [], []
    for line in lines:
        if line:
            current.append(line)
        elif current:
            blocks.append("\n".join(current))
            current = []
    if current:
        blocks.append("\n".join(current))
    if len(blocks) == 1 and len(blocks[0]) > MAX_ARTICLE_CHARS:
        blocks = blocks[0].split("\n")
    return [chunk for block in blocks for chunk in _chunks(block)]


def split_articles(text: str) -> tuple[Article, ...]:
    """The notice's articles in order (rules in the module docstring); empty for a text without words."""
    lines = _lines(text)
    levels = [_level(line) if line else None for line in lines]
    if sum(level is not None for level in levels) < 2:
        return tuple(Article(number, (), block) for number, block in enumerate(_paragraphs(lines), start=1))
    found: list[tuple[tuple[str, ...], list[str]]] = []
    stack: list[tuple[int, str]] = []
    current: tuple[tuple[str, ...], list[str]] | None = None
    for line, level in zip(lines, levels, strict=True):
        if not line:
            continue
        if level is None:
            if current is None:
                current = ((), [])
                found.append(current)
            current[1].append(line)
            continue
        while stack and stack[-1][0] >= level:
            stack.pop()
        current = (tuple(heading for _, heading in stack), [line])
        found.append(current)
        if _is_heading(line):
            stack.append((level, _heading(line)))
    articles: list[Article] = []
    for index, (headings, body) in enumerate(found):
        text_of = "\n".join(body)
        following = found[index + 1] if index + 1 < len(found) else None
        # A heading with no text of its own is kept only as the heading of the items under it.
        if len(body) == 1 and _is_heading(body[0]) and following is not None and _heading(body[0]) in following[0]:
            continue
        for chunk in _chunks(text_of):
            articles.append(Article(len(articles) + 1, headings, chunk))
    return tuple(articles)


@dataclass(frozen=True, slots=True)
class NoticeMatch:
    article: Article
    score: float
    """Confidence in 0..1, as for a rulebook section."""


class NoticeIndex:
    """A notice's articles and the search over them; build with :func:`notice_index`."""

    def __init__(self, text: str) -> None:
        self.articles = split_articles(text)
        sources = [
            SectionSource(str(article.number), titles=(" ".join(article.headings),),
                          texts=(_CJK_GAP.sub("", article.text),))
            for article in self.articles
        ]
        self._index = RuleIndex(sources, CONCEPTS, CONFUSABLE, body_weight=ARTICLE_WEIGHT) if sources else None

    def search(self, question: str, limit: int = 2) -> tuple[NoticeMatch, ...]:
        """The articles answering ``question`` with at least :data:`NOTICE_THRESHOLD` confidence, best first."""
        if self._index is None:
            return ()
        return tuple(
            NoticeMatch(self.articles[int(match.section_id) - 1], match.score)
            for match in self._index.search(question, limit=limit)
            if match.score >= NOTICE_THRESHOLD
        )


@lru_cache(maxsize=8)
def notice_index(text: str) -> NoticeIndex:
    """The index of a notice's text, built on first use and kept (the few notices of open tournaments)."""
    return NoticeIndex(text)


def search_notice(text: str, question: str, limit: int = 2) -> tuple[NoticeMatch, ...]:
    """The notice's articles that answer ``question`` (see :class:`NoticeIndex`)."""
    return notice_index(text).search(question, limit=limit)
