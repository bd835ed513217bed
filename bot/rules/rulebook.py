"""The rule texts and the index over them: the one place that reads the ``rulebook`` catalogs.

Every section has ``rulebook.<id>.title`` and ``rulebook.<id>.text`` in both languages. :func:`rule_index` is a
:class:`bot.ruleset.knowledge.RuleIndex` over the sections of both languages with the synonyms of
:mod:`bot.ruleset.glossary`, built on first use and kept for the process.

:func:`document_index` is the index over the articles of the seed documents (``bot.rules.seed_documents``), kept
the same way.

Building the rulebook's index takes 150–250 ms and the documents' 1.3–3 s, most of a one-shot ``python -m bot rules``
(the first answer is wanted within 0.5 s of the process start), so each built index is also kept in the user's cache
folder (``$XDG_CACHE_HOME/guandan-bot``, else ``~/.cache/guandan-bot``; loading them takes a few tens of ms). A file's
name carries a digest of everything the indexes are made of — the sources of ``bot.ruleset`` and ``bot.rules``, both
``rulebook`` catalogs, the seed documents and their catalog, the Python version — so a changed rule text, glossary,
document or index code never meets an old file. The folder
is the user's own (made private); a cache that cannot be read or written is skipped: the index is built, as without
one.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import re
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import bot.ruleset
from bot.i18n import Language, t
from bot.ruleset.glossary import CONCEPTS, CONFUSABLE, LOOSE_TERMS, SECTION_HINTS, WEAK_CONCEPTS
from bot.ruleset.knowledge import RuleIndex, SectionSource

if TYPE_CHECKING:
    from bot.rules.seed_documents import DocumentIndex

RULE_SECTIONS: tuple[str, ...] = (
    "cards_and_deal", "card_order", "wild_card", "basic_plays", "sequences", "bombs", "comparisons",
    "ace_in_sequences", "level_up", "a_rule", "tribute", "anti_tribute", "who_leads", "turns", "jiefeng",
    "card_count", "finishing_names", "match_formats", "time_limit", "scoring", "forfeits", "penalties",
    # Added later, after the first 22 so that their order (the topic list, ``--json``) stays as it was.
    "pairs_and_seats", "shuffle_and_cut", "move_time", "signals", "appeals", "ranking",
    # Added after those, again at the end.
    "entry", "pairings",
)  # fmt: skip
"""Every rule section, in the order topics are listed; each has ``rulebook.<id>.title`` and ``.text``."""

EVIDENCE_THRESHOLD = 0.12
"""The confidence enough for a question that names a Guandan or event word (not only everyday ones, see
``WEAK_CONCEPTS``): such a question is about the rules even in many other words; others need the index's default."""

MAX_QUESTION_CHARS = 300
"""Longer questions are cut: rule questions are short, and the search time grows with the length."""


def section_title(section_id: str, lang: Language) -> str:
    return t(f"rulebook.{section_id}.title", lang)


def section_text(section_id: str, lang: Language) -> str:
    return t(f"rulebook.{section_id}.text", lang)


_REFERENCE = re.compile(r"（见「[^」]*」）|\(see \"[^\"]*\"\)|见「[^」]*」|see \"[^\"]*\"")
_SOURCE_NAMED_AFTER_THE_GAME = re.compile(r"淮安掼蛋网|Huai'an Guandan-net")
_SOURCES_NAMED_BY_WHAT_THEY_ARE = re.compile(
    r"扑克牌规则|掼蛋大赛补充规则|公司年终赛细则|《掼蛋比赛规则》通行本|加拿大江苏联谊会比赛"
    r"|the playing-card rules|[Tt]he tournament's supplementary rules|the company year-end contest"
    r"|the common rules text|the Canadian Jiangsu association's tournament"
)
"""Sources named by what they are (the playing-card rules, the tournament's supplementary rules): their words (card,
rules, tournament) say nothing about a section's subject."""


def _searchable(text: str) -> str:
    # A pointer to another section ("see “The A rule”") names that section's subject, not this one's; a source named
    # after the game (淮安掼蛋网) does not make a section about the game as a whole, nor one named by what it is.
    text = _SOURCES_NAMED_BY_WHAT_THEY_ARE.sub(" ", _REFERENCE.sub(" ", text))
    return _SOURCE_NAMED_AFTER_THE_GAME.sub(" ", text)


_Index = TypeVar("_Index")


def _cached(prefix: str, kind: type[_Index], build: Callable[[], _Index]) -> _Index:
    """The index from the cache folder when it holds this version's (see the module), else built and kept there."""
    stored = _cache_file(prefix)
    if stored is not None:
        index = _load(stored, kind)
        if index is not None:
            return index
    index = build()
    if stored is not None:
        _store(stored, index, prefix)
    return index


@cache
def rule_index() -> RuleIndex:
    """The index over all sections in both languages.

    From the cache folder or built (see the module); kept for the process."""
    return _cached(_CACHE_PREFIX, RuleIndex, build_rule_index)


@cache
def document_index() -> DocumentIndex:
    """The index over the seed documents' articles.

    From the cache folder or built (see the module); kept for the process."""
    from bot.rules.seed_documents import DocumentIndex, build_document_index

    return _cached(_DOCUMENTS_CACHE_PREFIX, DocumentIndex, build_document_index)


def build_rule_index() -> RuleIndex:
    """The index over all sections in both languages, built from the catalogs and the glossary."""
    sources = [
        SectionSource(
            section_id,
            titles=tuple(section_title(section_id, lang) for lang in Language),
            texts=tuple(_searchable(section_text(section_id, lang)) for lang in Language),
            hints=SECTION_HINTS.get(section_id, ()),
        )
        for section_id in RULE_SECTIONS
    ]
    return RuleIndex(
        sources, CONCEPTS, CONFUSABLE, evidence_threshold=EVIDENCE_THRESHOLD, weak_concepts=WEAK_CONCEPTS,
        overview=RULE_SECTIONS[0], loose_terms=LOOSE_TERMS,
    )


log = logging.getLogger(__name__)

_CACHE_PREFIX = "rule-index-"
_DOCUMENTS_CACHE_PREFIX = "document-index-"


def index_digest() -> str:
    """A digest of everything the index is made of (see the module)."""
    digest = hashlib.sha256(sys.version.encode())
    ruleset = Path(bot.ruleset.__file__).parent
    rules = Path(__file__).parent
    for path in [*sorted(ruleset.glob("*.py")), *sorted(rules.glob("*.py")), *sorted((rules / "documents").iterdir())]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    for lang in Language:
        digest.update(resources.files("locales").joinpath(lang.value, "rulebook.toml").read_bytes())
    return digest.hexdigest()[:32]


def cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "guandan-bot"


@cache
def _digest() -> str:
    return index_digest()


def _cache_file(prefix: str) -> Path | None:
    try:
        return cache_folder() / f"{prefix}{_digest()}.pickle"
    except OSError as error:  # a source unreadable (an odd install): no cache
        log.debug("rule index cache unavailable: %s", error)
        return None


def _load(path: Path, kind: type[_Index]) -> _Index | None:
    try:
        with path.open("rb") as stored:
            index = pickle.load(stored)
    except FileNotFoundError:
        return None
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError) as error:
        log.debug("rule index cache %s unreadable (%s); building the index", path, error)
        return None
    return index if isinstance(index, kind) else None


def _store(path: Path, index: object, prefix: str) -> None:
    """Write the cache file whole (a temporary file renamed over it) and drop older versions' files."""
    temporary: Path | None = None
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=path.parent, prefix=".tmp-", delete=False) as written:
            temporary = Path(written.name)
            pickle.dump(index, written, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
        temporary = None
        for old in path.parent.glob(f"{prefix}*.pickle"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError as error:  # read-only or full disk, no home: the index is there for this process all the same
        log.debug("rule index cache %s not written: %s", path, error)
        if temporary is not None:
            temporary.unlink(missing_ok=True)
