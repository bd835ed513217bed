"""Rule questions: which language the answer speaks, then the rulebook's sections for the question.

The language policy (the one for the chat and the command line): the answer follows the question's language when
the question shows one — Chinese characters → zh, an English word (two or more Latin letters) without Chinese → en —
so that a Chinese player in an English-speaking group, or the reverse, can read it; a question that shows neither
(``A?``, ``2 3 4``) gets the asker's language (the chat's; English on the command line). Where the asker chose the
language outright (``python -m bot rules --lang``), :func:`answer` takes it as it is.

In a chat whose tournament has its own notice (竞赛规程, ``/notice``) the notice's articles are searched too; an
article that answers the question comes first, cited as this event's rule, and the rulebook's sections follow.

A message asking several things (``bot.ruleset.question_parts``) is answered part by part, in the order asked: each
piece is searched on its own, neighbouring pieces whose best source is the same are one question and searched
together, and a piece that finds nothing while another does is kept as a part without an answer, so the reply says
so instead of leaving it out. A message whose pieces all find the same source, or nothing, is one question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.i18n import Language
from bot.rules.notice import NoticeMatch, search_notice
from bot.rules.rulebook import MAX_QUESTION_CHARS, RULE_SECTIONS, rule_index, section_text, section_title
from bot.rules.variant_notes import note
from bot.ruleset.knowledge import has_cjk
from bot.ruleset.question_parts import question_parts
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
class PartAnswer:
    """What answers one question of a message: the event notice's articles and the rulebook's sections, best first."""

    question: str
    answers: tuple[SectionAnswer, ...]
    notice: tuple[NoticeMatch, ...] = ()

    @property
    def unanswered(self) -> bool:
        return not self.answers and not self.notice

    @property
    def sources(self) -> tuple[str, ...]:
        """The ids of what answers the part, in the order the reply shows them (``notice:<n>`` for an article of the
        event's notice, a section's id for the rulebook)."""
        return (*(f"notice:{match.article.number}" for match in self.notice),
                *(section.section_id for section in self.answers))


@dataclass(frozen=True, slots=True)
class RuleAnswer:
    """The sections found for a question (best first), in ``lang``; none when the question is not about the rules.
    ``notice``: the articles of the event's own notice that answer it (asked with one), best first. ``parts``: each
    question of the message with what answers it, in the order asked (empty: one question, ``answers`` and
    ``notice`` are its answer); ``answers`` and ``notice`` are then the first part's."""

    question: str
    lang: Language
    answers: tuple[SectionAnswer, ...]
    notice: tuple[NoticeMatch, ...] = ()
    parts: tuple[PartAnswer, ...] = ()

    @property
    def off_topic(self) -> bool:
        return all(part.unanswered for part in self.each_part)

    @property
    def each_part(self) -> tuple[PartAnswer, ...]:
        """The message's questions with their answers (one for a single question)."""
        return self.parts or (PartAnswer(self.question, self.answers, self.notice),)


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
    return answer(question, answer_language(question, chat_language), limit=limit, variant=variant, notice=notice)


def answer(
    question: str, lang: Language, *, limit: int = 3, variant: RuleVariant | None = None, notice: str | None = None,
) -> RuleAnswer:
    """The best rule sections (at most ``limit`` per question asked) for ``question``, in ``lang``, part by part."""
    searched = question[:MAX_QUESTION_CHARS]

    def part(piece: str) -> PartAnswer:
        return _part(piece, lang, limit, variant, notice)

    pieces = question_parts(searched)
    if len(pieces) > 1 and rule_index().about_another_game(searched):
        pieces = (searched,)  # 斗地主四带二算不算炸 能不能带俩单张: every part asks about that game
    found: list[PartAnswer] = []
    if len(pieces) > 1:
        for piece in pieces:
            current = part(piece)
            if found and _best(current) is not None and _best(current) == _best(found[-1]):
                found[-1] = part(f"{found[-1].question} {piece}")  # one question in two pieces
            else:
                found.append(current)
    if len(found) <= 1 or all(item.unanswered for item in found):
        whole = part(searched)
        return RuleAnswer(question, lang, whole.answers, whole.notice)
    return RuleAnswer(question, lang, found[0].answers, found[0].notice, tuple(found))


def _best(part: PartAnswer) -> str | None:
    return part.sources[0] if part.sources else None


def _part(
    question: str, lang: Language, limit: int, variant: RuleVariant | None, notice: str | None,
) -> PartAnswer:
    matches = rule_index().search(question, limit=limit)
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
    articles = search_notice(notice, question) if notice is not None else ()
    return PartAnswer(question, answers, articles)


def topics(lang: Language) -> tuple[Topic, ...]:
    """Every section one can ask about, in the order they are listed."""
    return tuple(Topic(section_id, section_title(section_id, lang)) for section_id in RULE_SECTIONS)
