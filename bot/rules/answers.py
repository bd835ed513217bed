"""Rule questions: which language the answer speaks, then the rulebook's sections for the question.

The language policy (the one for the chat and the command line): the answer follows the question's language when
the question shows one — Chinese characters → zh, an English word (two or more Latin letters) without Chinese → en —
so that a Chinese player in an English-speaking group, or the reverse, can read it; a question that shows neither
(``A?``, ``2 3 4``) gets the asker's language (the chat's; English on the command line). Where the asker chose the
language outright (``python -m bot rules --lang``), :func:`answer` takes it as it is.

In a chat whose tournament has its own notice (竞赛规程, ``/notice``) the notice's articles are searched too; an
article that answers the question comes first, cited as this event's rule, and the rulebook's sections follow.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.i18n import Language
from bot.rules.notice import NoticeMatch, search_notice
from bot.rules.rulebook import MAX_QUESTION_CHARS, RULE_SECTIONS, rule_index, section_text, section_title
from bot.rules.variant_notes import note
from bot.ruleset.knowledge import has_cjk
from bot.ruleset.variants import RuleVariant


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
    """The sections found for a question (best first), in ``lang``; none when the question is not about the rules.
    ``notice``: the articles of the event's own notice that answer it (asked with one), best first."""

    question: str
    lang: Language
    answers: tuple[SectionAnswer, ...]
    notice: tuple[NoticeMatch, ...] = ()

    @property
    def off_topic(self) -> bool:
        return not self.answers and not self.notice


@dataclass(frozen=True, slots=True)
class Topic:
    section_id: str
    title: str


_ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def answer_language(question: str, fallback: Language) -> Language:
    """The question's language when it shows one, else ``fallback`` (the asker's language)."""
    if has_cjk(question):
        return Language.ZH
    if _ENGLISH_WORD.search(question):
        return Language.EN
    return fallback


def ask(
    question: str, chat_language: Language, variant: RuleVariant | None = None, *, limit: int = 3,
    notice: str | None = None,
) -> RuleAnswer:
    """The rule sections answering ``question`` (none when it is not about the rules), in the language of the
    policy above with ``chat_language`` as the asker's; with ``variant`` (a tournament's rule choices) each section
    notes what that tournament plays; with ``notice`` (the event's own rules) its answering articles come first."""
    found = answer(question, answer_language(question, chat_language), limit=limit, variant=variant)
    if notice is None:
        return found
    return RuleAnswer(found.question, found.lang, found.answers, search_notice(notice, question[:MAX_QUESTION_CHARS]))


def answer(question: str, lang: Language, *, limit: int = 3, variant: RuleVariant | None = None) -> RuleAnswer:
    """The best rule sections (at most ``limit``) for ``question``, in ``lang``."""
    matches = rule_index().search(question[:MAX_QUESTION_CHARS], limit=limit)
    answers = tuple(
        SectionAnswer(
            match.section_id,
            section_title(match.section_id, lang),
            section_text(match.section_id, lang),
            match.score,
            note(match.section_id, variant, lang) if variant is not None else None,
        )
        for match in matches
    )
    return RuleAnswer(question, lang, answers)


def topics(lang: Language) -> tuple[Topic, ...]:
    """Every section one can ask about, in the order they are listed."""
    return tuple(Topic(section_id, section_title(section_id, lang)) for section_id in RULE_SECTIONS)
