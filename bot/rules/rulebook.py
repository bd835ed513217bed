"""The rule texts and the index over them: the one place that reads the ``rulebook`` catalogs.

Every section has ``rulebook.<id>.title`` and ``rulebook.<id>.text`` in both languages. :func:`rule_index` is a
:class:`bot.ruleset.knowledge.RuleIndex` over the sections of both languages with the synonyms of
:mod:`bot.ruleset.glossary`, built on first use and kept for the process.
"""

from __future__ import annotations

import re
from functools import cache

from bot.i18n import Language, t
from bot.ruleset.glossary import CONCEPTS, CONFUSABLE, LOOSE_TERMS, SECTION_HINTS, WEAK_CONCEPTS
from bot.ruleset.knowledge import RuleIndex, SectionSource

RULE_SECTIONS: tuple[str, ...] = (
    "cards_and_deal", "card_order", "wild_card", "basic_plays", "sequences", "bombs", "comparisons",
    "ace_in_sequences", "level_up", "a_rule", "tribute", "anti_tribute", "who_leads", "turns", "jiefeng",
    "card_count", "finishing_names", "match_formats", "time_limit", "scoring", "forfeits", "penalties",
    # Added for issue 17, after the first 22 so that their order (the topic list, ``--json``) stays as it was.
    "pairs_and_seats", "shuffle_and_cut", "move_time", "signals", "appeals", "ranking",
    # Added in issue 17's second round, again at the end.
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


def _searchable(text: str) -> str:
    # A pointer to another section ("see “The A rule”") names that section's subject, not this one's; a source named
    # after the game (淮安掼蛋网) does not make a section about the game as a whole.
    return _SOURCE_NAMED_AFTER_THE_GAME.sub(" ", _REFERENCE.sub(" ", text))


@cache
def rule_index() -> RuleIndex:
    """The index over all sections in both languages, built on first use and kept for the process."""
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
