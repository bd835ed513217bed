"""The rule documents behind the rulebook, cited article by article: every notice and rule text of the seeds.

The seed files (``bot/rules/documents/seed_<prefix>.txt``, copied unchanged from ``shared/seeds``) are compilations:
14 notices in one file (篇1 … 篇14), five texts in another (第一篇 … 第五篇), and two rule texts standing alone (001,
合肥电大). ``documents/catalog.toml`` names each part the way a player knows it ("安庆师范学院工会 2015 掼蛋游戏比赛
规程", "合肥电大掼蛋竞赛规则") and gives English words for what its articles say, so that an English question finds
a Chinese article. Each part is split into articles by :func:`bot.rules.notice.split_articles`, the machinery of an
tournament's own notice (``/notice``), and searched by one :class:`bot.ruleset.knowledge.RuleIndex` over all of them.

An article is cited by its document's name and its own numbering (``六、``, ``第二条``, ``竞赛规则 1、``), never by
the compilation's internal numbering; :attr:`SeedArticle.reference` (``002 篇1 六、``) is the machine form of the same
place, read by :mod:`bot.rules.references`.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.i18n import Language, t
from bot.rules.notice import ARTICLE_WEIGHT, split_articles
from bot.rules.references import chinese_number, leading_marker, read_reference
from bot.ruleset.glossary import CONFUSABLE, DOCUMENT_CONCEPTS, EVENT_FACTS, WEAK_CONCEPTS
from bot.ruleset.knowledge import Match, RuleIndex, SectionSource, has_cjk

DOCUMENTS = Path(__file__).parent / "documents"
"""The seed files and their catalog (package data)."""
DOCUMENT_THRESHOLD = 0.3
"""The confidence an article needs to be cited at all."""
_COMMA_NUMBERING = re.compile(r"^([一二三四五六七八九十]{1,3})，", re.MULTILINE)
"""A list item numbered with a comma (八，本规则由群主解释): the same numbering as 八、."""
_DECIMAL = re.compile(r"\d+(?:\.\d+)+")
"""A paper's section number as its label holds it (3.1, 3.3.4)."""
_PART_LINE = re.compile(r"^(第[一二三四五六七八九十]+篇|篇\d+)[：:]", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class SeedDocument:
    """One document of the seeds: a notice, a rule text or the paper, as the catalog names it."""

    key: str
    """``002 篇1``, ``004``: the seed file's prefix and the part."""
    seed: str
    part: str | None
    names: Mapping[Language, str]
    aliases: tuple[str, ...]
    english: Mapping[str, str]
    text: str


@dataclass(frozen=True, slots=True)
class SeedArticle:
    """One article of a seed document: its place, its text as written, and English words for what it says."""

    document: SeedDocument
    number: int
    """1 for the document's first article."""
    label: str
    """Where the article stands in its document, as numbered there (``六、``, ``竞赛规则 1、``, ``第二条``)."""
    text: str

    @property
    def source_id(self) -> str:
        """``seed:`` and the reference (what the batch scorer and the JSON output name it by)."""
        return f"seed:{self.reference}"

    @property
    def reference(self) -> str:
        """``002 篇1 六、``: the seed file, the part and the article's numbering."""
        return " ".join(piece for piece in (self.document.key, self.label) if piece)

    def source(self, lang: Language) -> str:
        """The article cited by name: ``安庆师范学院工会 2015 掼蛋游戏比赛规程 六、``.

        In English its numbering is read out (``… tournament rules, section 6 (六、)``, ``…, Chapter 1, Article 2
        (第一章 第二条)``)."""
        spoken = _spoken_label(self.label, lang)
        joint = ", " if lang is Language.EN and spoken != self.label else " "
        return f"{self.document.names[lang]}{joint}{spoken}".strip()


_PARAGRAPH = re.compile(r"¶(\d+)")
_MARKS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^第(\S+)条$"), "rule_parts.label_article"),
    (re.compile(r"^第(\S+)章$"), "rule_parts.label_chapter"),
    (re.compile(r"^附件(\S*)$"), "rule_parts.label_annex"),
    (re.compile(r"^([一二三四五六七八九十]+)、$"), "rule_parts.label_section"),
    (re.compile(r"^(\d+)[、.．]$"), "rule_parts.label_item"),
    (re.compile(r"^[（(](\S+)[）)]$"), "rule_parts.label_bracketed"),
    (re.compile(r"^(\d+(?:\.\d+)+)$"), "rule_parts.label_section"),
)
"""A Chinese numbering mark and the locale text that reads it out (in English; Chinese keeps the marks)."""


def _spoken_label(label: str, lang: Language) -> str:
    """An article's numbering as a reader of ``lang`` says it.

    A paragraph is 第2段 or paragraph 2; in English the Chinese marks are read out (六、 → section 6, 第二条 →
    Article 2, 附件二 → Annex 2), the original after them."""
    def paragraph(match: re.Match[str]) -> str:
        return t("rule_parts.label_paragraph", lang, n=match.group(1))

    if lang is Language.ZH:
        return _PARAGRAPH.sub(paragraph, label)
    spoken = []
    for piece in label.split(" "):
        whole = _PARAGRAPH.fullmatch(piece)
        if whole:
            spoken.append(paragraph(whole))
            continue
        for pattern, key in _MARKS:
            match = pattern.fullmatch(piece)
            if match:
                number = chinese_number(match.group(1)) if match.group(1) else None
                value = match.group(1) if number is None else str(number)
                spoken.append(t(key, lang, n=value).strip())
                break
        else:
            spoken.append(piece)
    said = ", ".join(spoken)
    if said == label:
        return label
    # The document's own marks after the words when they are Chinese (a reader may look the article up by them).
    return f"{said} ({label})" if has_cjk(label) else said


def _catalog() -> list[dict[str, object]]:
    data = tomllib.loads((DOCUMENTS / "catalog.toml").read_text(encoding="utf-8"))
    return list(data["document"])


def _parts(text: str) -> dict[str | None, str]:
    """A seed file cut at its part headings (第一篇：, 篇11：); the whole file under ``None`` when it has none."""
    starts = list(_PART_LINE.finditer(text))
    if not starts:
        return {None: text}
    parts: dict[str | None, str] = {}
    for index, start in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        body = text[start.end() : end]
        parts[start.group(1)] = body.split("\n", 1)[1] if "\n" in body else ""  # the part's own title line left out
    return parts


@cache
def seed_documents() -> tuple[SeedDocument, ...]:
    """Every cited document of the catalog, in its order."""
    texts: dict[str, dict[str | None, str]] = {}
    documents = []
    for entry in _catalog():
        if entry.get("cited", True) is False:
            continue
        seed = str(entry["seed"])
        part = str(entry["part"]) if entry.get("part") else None
        if seed not in texts:
            text = (DOCUMENTS / f"seed_{seed}.txt").read_text(encoding="utf-8")
            texts[seed] = _parts(_COMMA_NUMBERING.sub(r"\1、", text))
        english = entry.get("english", {})
        documents.append(SeedDocument(
            key=f"{seed} {part}" if part else seed,
            seed=seed,
            part=part,
            names={Language.ZH: str(entry["name_zh"]), Language.EN: str(entry["name_en"])},
            aliases=tuple(str(alias) for alias in entry.get("aliases", ())),  # type: ignore[attr-defined]
            english={str(key): str(value) for key, value in english.items()},  # type: ignore[attr-defined]
            text=texts[seed][part],
        ))
    return tuple(documents)


def _place(heading: str) -> str:
    """A heading as it places an article: its number (七、竞赛规则 → 七、), or its words when it has none."""
    return leading_marker(heading) or heading


MIN_ARTICLE_CHARS = 20
"""Under a title, fewer characters than this are no article (a pointer to a figure)."""
SHARED_HEADING = 0.8
"""A heading over this share of a document's articles is the document's own title, not a place in it."""
PARAGRAPH_CHARS = 240
"""Paragraphs of a text without numbering are cited in pieces of about this many characters."""
BARE_HEADING_CHARS = 8
"""An unnumbered line this short, without punctuation, names the items after it (竞赛方法, 违规的判罚)."""
_SENTENCE = re.compile(r"[。；;，,：:！!？?、]")


_BULLET = re.compile(r"^[•·●○◆■□*-]")


def _bare_headings(text: str) -> frozenset[str]:
    """The document's unnumbered headings.

    Short lines without punctuation after which, at once or after one line of introduction, a numbering starts again at
    1 or a bulleted list starts (竞赛方法 / 1、…; 违规的判罚 / 所有违规行为… / 1.弃权). A short line before the
    document's first numbered item is its title, not a heading."""
    lines = [" ".join(line.split()) for line in text.split("\n")]
    lines = [line for line in lines if line]
    headings = set()
    numbered_before = False
    for index, line in enumerate(lines):
        if leading_marker(line):
            numbered_before = numbered_before or bool(_items(line))  # an item, not 附件2 or a chapter
            continue
        if (not numbered_before or not (0 < len(line) <= BARE_HEADING_CHARS) or _SENTENCE.search(line)
                or line.startswith("第")):  # 第三名: a place in a list, not a heading
            continue
        after = lines[index + 1 : index + 3]
        if after and (_starts_list(after[0]) or (len(after) > 1 and not leading_marker(after[0])
                                                 and _starts_list(after[1]))):
            headings.add(line)
    return frozenset(headings)


def _items(line: str) -> tuple[tuple[str, str], ...]:
    marker = leading_marker(line)
    reference = read_reference(f"000 {marker}") if marker else None
    return reference.items if reference is not None else ()


def _starts_list(line: str) -> bool:
    return bool(_BULLET.match(line)) or _items(line)[:1] in ((("item", "1"),), (("sub", "1"),))


def _numbered_heading(line: str) -> bool:
    """A paper's section title (3.1 比赛流程设计): a number, then a few words."""
    return bool(leading_marker(line)) and len(line) <= 3 * BARE_HEADING_CHARS and not _SENTENCE.search(line)


def _articles(document: SeedDocument) -> list[SeedArticle]:
    """The document's articles, each with its place (see :class:`SeedArticle`).

    Beside the splitter's numbered headings, an unnumbered short line names the items after it (竞赛规则 1、 is not
    竞赛方法 1、), and a text in paragraphs keeps each paragraph under the numbered title before it (a paper's 3.1
    比赛流程设计)."""
    found = split_articles(document.text)
    bare = _bare_headings(document.text)
    # Headings over (nearly) every article (附件2, the notice's own title) place none of them.
    counts = Counter(heading for article in found for heading in set(article.headings))
    shared = {heading for heading, count in counts.items() if count >= SHARED_HEADING * len(found)}
    placed: list[tuple[str, list[str]]] = []
    name = ""
    title = ""
    for article in found:
        lines = article.text.split("\n")
        if lines[0] in bare:
            name, title = lines[0], ""
            if len(lines) == 1:
                continue
            lines = lines[1:]
        cut = next((index for index, line in enumerate(lines) if index and line in bare), None)
        following = lines[cut:] if cut is not None else []
        lines = lines[:cut] if cut is not None else lines
        marker = leading_marker(lines[0])
        if not article.headings and _numbered_heading(lines[0]) and len(lines) == 1:
            # A title (3.1 比赛流程设计): the paragraphs after it are its article; a title alone says nothing.
            title = marker
            placed.append((title, list(lines)))
            continue
        if marker or article.headings:
            title = ""
        places = [_place(heading) for heading in article.headings if heading not in shared]
        label = " ".join(piece for piece in (name, title, *places, marker) if piece)
        if placed and not marker and not article.headings and title and placed[-1][0] == label:
            placed[-1][1].extend(lines)  # a paragraph under the same title as the one before
        else:
            placed.append((label, lines))
        if following:
            name, title = following[0], ""
            if len(following) > 1:
                placed.append((name, following[1:]))  # the introduction under a heading (所有违规行为必须报裁判员…)
    if len(placed) == 1 and not placed[0][0] and len(placed[0][1]) > 1:
        placed = [("", [line]) for line in placed[0][1]]  # a report in paragraphs (篇4): cited piece by piece too
    if len(placed) > 1 and not any(label for label, _ in placed):
        # A text of one-line paragraphs (a rule list without numbers): paragraphs joined into readable pieces.
        pieces: list[list[str]] = []
        for _, lines in placed:
            if pieces and sum(map(len, pieces[-1])) + sum(map(len, lines)) <= PARAGRAPH_CHARS:
                pieces[-1].extend(lines)
            else:
                pieces.append(list(lines))
        placed = [(f"¶{number}", lines) for number, lines in enumerate(pieces, start=1)]
    # A title alone, or with a line pointing at a figure ("系统总体功能设计如下图所示。"), says nothing to cite.
    placed = [
        (label, lines) for label, lines in placed
        if not (_numbered_heading(lines[0]) and sum(map(len, lines[1:])) < MIN_ARTICLE_CHARS)
    ]
    return [
        SeedArticle(document, number, label, "\n".join(lines))
        for number, (label, lines) in enumerate(placed, start=1)
    ]


def _english(article: SeedArticle) -> tuple[str, ...]:
    """The catalog's English words for the article: the whole document's, and those of its numbers."""
    words = [article.document.english.get("*", "")]
    pieces = article.label.split(" ")
    if pieces[0] and not leading_marker(pieces[0]) and not _DECIMAL.fullmatch(pieces[0]) and len(pieces) > 1:
        # Under a heading of words (竞赛方法 1、), an item is not the document's own 1、: only keys naming the heading.
        heading = pieces[0]
        words.extend(value for key, value in article.document.english.items()
                     if key == heading or (key.startswith(f"{heading} ") and article.label.startswith(key)))
        return tuple(word for word in words if word)
    markers = [piece if _DECIMAL.fullmatch(piece) else leading_marker(piece) for piece in article.label.split(" ")]
    # A paper's decimal numbering nests: the words for "3" speak of 3.1 and 3.3.4 too (their chapter), then their own.
    nested = [".".join(marker.split(".")[:depth]) for marker in markers if _DECIMAL.fullmatch(marker)
              for depth in range(1, marker.count(".") + 1)]
    words.extend(article.document.english.get(marker, "") for marker in (*nested, *markers) if marker)
    if article.label not in markers:
        words.append(article.document.english.get(article.label, ""))  # an item of its own ("七、 8、 (1)", "¶2")
    return tuple(word for word in words if word)


class DocumentIndex:
    """Every article of the seed documents and the search over them; build once with :func:`build_document_index`."""

    def __init__(self, documents: tuple[SeedDocument, ...]) -> None:
        self.articles = [article for document in documents for article in _articles(document)]
        # An article's title is its place only: its document's name and aliases are in every article of the document
        # (分组系统, 判分系统: every part of the paper would read as about pairing), and a question naming the document
        # searches its articles by what it asks (``without_names``).
        sources = [
            SectionSource(
                str(index),
                titles=(article.label,),
                texts=(article.text,),
                hints=_english(article),
            )
            for index, article in enumerate(self.articles)
        ]
        # The facts of an event (a prize, a date) and the word "event" itself make no rule question on their own.
        self._index = RuleIndex(sources, DOCUMENT_CONCEPTS, CONFUSABLE, body_weight=ARTICLE_WEIGHT,
                                weak_concepts=WEAK_CONCEPTS | set(EVENT_FACTS))

    def search(
        self, question: str, limit: int = 3, documents: Collection[str] | None = None,
    ) -> tuple[tuple[SeedArticle, Match], ...]:
        """The articles answering ``question`` with at least :data:`DOCUMENT_THRESHOLD` confidence, best first.

        ``documents``: only the articles of these documents (by key)."""
        among = None
        if documents is not None:
            among = [str(index) for index, article in enumerate(self.articles) if article.document.key in documents]
        return tuple(
            (self.articles[int(match.section_id)], match)
            for match in self._index.search(question, limit=limit, among=among)
            if match.score >= DOCUMENT_THRESHOLD
        )

    def read(self, question: str) -> DocumentQuestion:
        """What the question names.

        The documents, and whether it speaks of an event, names a Guandan word, or asks for one event's facts (prizes,
        budget, venue, date, organiser, roles)."""
        concepts = self._index.concepts(question)
        facts = set(EVENT_FACTS) - {EVENT}
        return DocumentQuestion(
            named=named_documents(question),
            rule_word=any(self._index.is_rule_word(concept) for concept in concepts),
            event=EVENT in concepts,
            event_facts=any(concept in facts for concept in concepts),
        )


EVENT = "event"
"""The concept of an event itself (比赛, tournament): with a document named, the question is about that event."""


@dataclass(frozen=True, slots=True)
class DocumentQuestion:
    """What a question names, for deciding whether the seed documents answer it (``bot.rules.answers``)."""

    named: tuple[str, ...]
    """The keys of the documents it names (see :func:`named_documents`)."""
    rule_word: bool
    """A Guandan or event word (not everyday talk)."""
    event: bool
    """The word for an event (比赛, tournament, contest)."""
    event_facts: bool
    """A fact of one event (its prizes, budget, venue, date, organiser; the roles of the paper's software)."""


@cache
def _aliases() -> tuple[re.Pattern[str], dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """From the catalog alone (no seed text, no index).

    One pattern finding every alias, the documents each alias names, and each document's aliases."""
    owners: dict[str, list[str]] = {}
    by_document: dict[str, tuple[str, ...]] = {}
    for entry in _catalog():
        if entry.get("cited", True) is False:
            continue
        key = f"{entry['seed']} {entry['part']}" if entry.get("part") else str(entry["seed"])
        aliases = tuple(str(alias) for alias in entry.get("aliases", ()))  # type: ignore[attr-defined]
        by_document[key] = aliases
        for alias in aliases:
            owners.setdefault(alias.lower(), []).append(key)
    return _aliases_pattern(list(owners)), {alias: tuple(keys) for alias, keys in owners.items()}, by_document


def named_documents(question: str) -> tuple[str, ...]:
    """The keys of the documents a question names by one of their aliases (安庆, the paper, Canada), in catalog order.

    Read from the catalog only, so that a question naming none never loads the documents' index."""
    pattern, owners, by_document = _aliases()
    found = {key for match in pattern.finditer(question) for key in owners[match.group().lower()]}
    return tuple(key for key in by_document if key in found)


def document_aliases(key: str) -> tuple[str, ...]:
    return _aliases()[2].get(key, ())


def _aliases_pattern(aliases: list[str]) -> re.Pattern[str]:
    """One pattern finding every alias in a question: Chinese anywhere, English as whole words, in any case."""
    pieces = [
        rf"(?<![A-Za-z]){re.escape(alias)}(?![A-Za-z])" if re.search(r"[A-Za-z]", alias) else re.escape(alias)
        for alias in sorted(aliases, key=len, reverse=True)
    ]
    return re.compile("|".join(pieces), re.IGNORECASE)


def build_document_index() -> DocumentIndex:
    return DocumentIndex(seed_documents())


_NAMING_WORDS = re.compile(
    r"师范学院|初级中学|有限公司|联谊会|户外群|卫生院|公司|学院|中学|学校|社区|工会|"
    r"(?<![A-Za-z])(?:company|school|college|union|association|club|hiking club|outdoor club|institute)(?![A-Za-z])",
    re.IGNORECASE,
)
"""Words that, beside a document's alias, only name its organiser (天星公司, 安庆师范学院, the Lingji company): a
question's words about the event are what is left without them."""


def without_names(question: str, keys: Collection[str]) -> str:
    """The question without the aliases of the documents ``keys`` and the organisation words beside them.

    What it asks about the event (天星公司生产什么产品 → 生产什么产品), so that an article is found by that and not by
    the name every article of its document carries."""
    pattern, owners, _ = _aliases()
    kept = pattern.sub(lambda match: " " if set(owners[match.group().lower()]) & set(keys) else match.group(), question)
    if kept == question:
        return question
    kept = re.sub(r"^\s*['’]s\b|(?<=\s)['’]s\b", " ", kept)  # the paper's system → "system", not "'s system"
    return " ".join(_NAMING_WORDS.sub(" ", kept).split())
