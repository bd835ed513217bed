"""Rule answers for the chat and the command line: the one place that reads the rule texts and keeps the index.

``answer(question, lang)`` is all a caller needs (the chat's ``/rule`` handler, ``python -m bot rules``): it finds
the sections with :class:`bot.ruleset.knowledge.RuleIndex`, built once per process from the ``rulebook`` catalogs of
both languages and the synonyms of :mod:`bot.ruleset.glossary`, and returns the texts in the question's language
(Chinese when the question has Chinese characters) unless ``lang`` says otherwise. Given the tournament's
``RuleVariant``, each answer also says what this tournament chose where the rule documents differ.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.i18n import Language, t
from bot.ruleset.glossary import CONCEPTS, CONFUSABLE, SECTION_HINTS
from bot.ruleset.knowledge import RuleIndex, SectionSource, has_cjk
from bot.ruleset.variants import RuleVariant
from bot.variant_notes import note

RULE_SECTIONS: tuple[str, ...] = (
    "cards_and_deal", "card_order", "wild_card", "basic_plays", "sequences", "bombs", "comparisons",
    "ace_in_sequences", "level_up", "a_rule", "tribute", "anti_tribute", "who_leads", "turns", "jiefeng",
    "card_count", "finishing_names", "match_formats", "time_limit", "scoring", "forfeits", "penalties",
)  # fmt: skip
"""Every rule section, in the order topics are listed; each has ``rulebook.<id>.title`` and ``.text``."""

MAX_QUESTION_CHARS = 300
"""Longer questions are cut: rule questions are short, and the search time grows with the length."""


@dataclass(frozen=True, slots=True)
class SectionAnswer:
    section_id: str
    title: str
    text: str
    score: float
    note: str | None = None
    """This tournament's choice for the section (only when the caller passed its ``RuleVariant``)."""


@dataclass(frozen=True, slots=True)
class RuleAnswer:
    """The sections found for a question (best first), in ``lang``; none when the question is not about the rules."""

    question: str
    lang: Language
    answers: tuple[SectionAnswer, ...]

    @property
    def off_topic(self) -> bool:
        return not self.answers


@dataclass(frozen=True, slots=True)
class Topic:
    section_id: str
    title: str


def question_language(question: str) -> Language:
    """Chinese characters anywhere → zh, otherwise en."""
    return Language.ZH if has_cjk(question) else Language.EN


_REFERENCE = re.compile(r"（见「[^」]*」）|\(see \"[^\"]*\"\)|见「[^」]*」|see \"[^\"]*\"")


def _searchable(text: str) -> str:
    # A pointer to another section ("see “The A rule”") names that section's subject, not this one's.
    return _REFERENCE.sub(" ", text)


@cache
def rule_index() -> RuleIndex:
    """The index over all sections in both languages, built on first use and kept for the process."""
    sources = [
        SectionSource(
            section_id,
            titles=tuple(t(f"rulebook.{section_id}.title", lang) for lang in Language),
            texts=tuple(_searchable(t(f"rulebook.{section_id}.text", lang)) for lang in Language),
            hints=SECTION_HINTS.get(section_id, ()),
        )
        for section_id in RULE_SECTIONS
    ]
    return RuleIndex(sources, CONCEPTS, CONFUSABLE)


def answer(
    question: str, lang: Language | None = None, *, limit: int = 3, variant: RuleVariant | None = None
) -> RuleAnswer:
    """The best rule sections for ``question`` in ``lang`` (default: the question's language).

    With ``variant`` (the tournament's rule choices) each section carries a note on what this tournament plays.
    """
    language = lang or question_language(question)
    matches = rule_index().search(question[:MAX_QUESTION_CHARS], limit=limit)
    answers = tuple(
        SectionAnswer(
            match.section_id,
            t(f"rulebook.{match.section_id}.title", language),
            t(f"rulebook.{match.section_id}.text", language),
            match.score,
            note(match.section_id, variant, language) if variant is not None else None,
        )
        for match in matches
    )
    return RuleAnswer(question, language, answers)


def topics(lang: Language) -> tuple[Topic, ...]:
    return tuple(Topic(section_id, t(f"rulebook.{section_id}.title", lang)) for section_id in RULE_SECTIONS)


def render_topics(lang: Language) -> str:
    lines = [t("rules.topics_header", lang)]
    lines.extend(t("rules.topic_line", lang, title=topic.title) for topic in topics(lang))
    lines.append(t("rules.ask_example", lang))
    return "\n".join(lines)


def render_answer(found: RuleAnswer) -> str:
    """Plain text: the best section's title and text, then the other sections' titles; or the topics."""
    if found.off_topic:
        return t("rules.off_topic", found.lang) + "\n\n" + render_topics(found.lang)
    best, *others = found.answers
    text = f"{best.title}\n\n{best.text}"
    if best.note:
        text += f"\n\n{best.note}"
    if others:
        titles = t("rules.title_separator", found.lang).join(other.title for other in others)
        text += "\n\n" + t("rules.see_also", found.lang, titles=titles)
    return text
