"""Rule questions: which language the answer speaks, then the rulebook's sections for the question.

The language policy (the one for the chat and the command line): the answer follows the question's language when
the question shows one — Chinese characters → zh, an English word (two or more Latin letters) without Chinese → en —
so that a Chinese player in an English-speaking group, or the reverse, can read it; a question that shows neither
(``A?``, ``2 3 4``) gets the asker's language (the chat's; English on the command line). Where the asker chose the
language outright (``python -m bot rules --lang``), :func:`answer` takes it as it is.

In a chat whose tournament has its own notice (竞赛规程, ``/notice``) the notice's articles are searched too; an
article that answers the question comes first, cited as this tournament's rule, and the rulebook's sections follow.

Besides the rulebook, the articles of the seed documents (``bot.rules.seed_documents``: the notices of other events,
the rule texts, the paper) are searched for each question. The rulebook answers first where it covers the question;
an article comes first where only it does: when no section answers, or when the question names an event or document
(安庆, the paper) whose article answers while the best section does not speak of that event. A question asking for
one event's facts (its prizes, budget, venue, date) is answered from documents only when it names the event — another
event's prizes are not this one's.

A message asking several things (``bot.ruleset.question_parts``) is answered part by part, in the order asked: each
piece is searched on its own (an event the message names anywhere stays the subject for its facts); a piece that
finds nothing is read with the one before it, and when that changes the answer they were one question; otherwise it
is kept as a part without an answer, so the reply says so instead of leaving it out — unless it names its subject
only as "it" (接风是什么 它什么时候用): then it asks about the subject of the piece before and is read with it. A
message whose pieces all find nothing is one question (off-topic, or answered as a whole).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from bot.i18n import Language
from bot.rules.notice import NoticeMatch, search_notice
from bot.rules.rulebook import (
    MAX_QUESTION_CHARS,
    RULE_SECTIONS,
    document_index,
    rule_index,
    section_text,
    section_title,
)
from bot.rules.seed_documents import SeedArticle, document_aliases, named_documents, without_names
from bot.rules.variant_notes import chosen_note, note
from bot.ruleset.knowledge import Match, has_cjk
from bot.ruleset.question_parts import asked, bare_fact, follows_on, leans_on_earlier, question_parts
from bot.ruleset.variants import RuleVariant


@dataclass(frozen=True, slots=True)
class SectionAnswer:
    section_id: str
    title: str
    text: str
    score: float
    note: str | None = None
    """This tournament's choice for the section (only when the caller passed its ``RuleVariant``)."""
    chosen: bool = False
    """The note restates a rule the organiser set (``/set equal_levels`` other than ``draw``): it is the setting in
    force, so it is shown after the tournament's notice too, where a built-in default would be left out."""


@dataclass(frozen=True, slots=True)
class DocumentAnswer:
    """An article of a seed document answering a question, cited by its document's name and its own numbering."""

    source_id: str
    """``seed:002 篇1 六、`` (see :class:`bot.rules.seed_documents.SeedArticle`)."""
    source: str
    """``安庆师范学院工会 2015 掼蛋游戏比赛规程 六、``, in the answer's language."""
    text: str
    score: float


@dataclass(frozen=True, slots=True)
class PartAnswer:
    """What answers one question of a message.

    The notice's articles, the rulebook's sections and the seed documents' articles, best first;
    ``documents_first``: an article answers before the rulebook (see the module)."""

    question: str
    answers: tuple[SectionAnswer, ...]
    notice: tuple[NoticeMatch, ...] = ()
    documents: tuple[DocumentAnswer, ...] = ()
    documents_first: bool = False
    names_event: bool = False
    """The question (or the message it is part of) names an event of the seed documents: it asks about that event,
    not about this tournament, so this tournament's settings do not answer it."""

    @property
    def unanswered(self) -> bool:
        return not self.answers and not self.notice and not self.documents

    @property
    def sources(self) -> tuple[str, ...]:
        """The ids of what answers the part, in the order the reply shows them.

        ``notice:<n>`` for an article of the tournament's notice, a section's id for the rulebook, ``seed:…`` for a seed
        document's article. At most :data:`SOURCES_SHOWN` of the rulebook and the documents."""
        sections = tuple(section.section_id for section in self.answers)
        documents = tuple(document.source_id for document in self.documents)
        ranked = documents + sections if self.documents_first else sections + documents
        return (*(f"notice:{match.article.number}" for match in self.notice), *ranked[:SOURCES_SHOWN])


@dataclass(frozen=True, slots=True)
class RuleAnswer:
    """The sections found for a question (best first), in ``lang``; none when the question is not about the rules.
    ``notice``: the articles of the tournament's own notice that answer it (asked with one), best first. ``parts``: each
    question of the message with what answers it, in the order asked (one for a single question; empty when built
    by hand: ``answers`` and ``notice`` are then the one question's answer); ``answers`` and ``notice`` are the first
    part's."""

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


SOURCES_SHOWN = 3
"""A reply shows the best source in full and names at most this many in all (the rest as "see also")."""
DOCUMENT_ALONE = 0.45
"""The confidence a document's article needs to answer a question no rulebook section answers."""

RULEBOOK_SURE = 0.6
"""A section this sure, for a question naming no event, is answer enough: the documents are not searched."""
WEAK_SECTION = 0.5
STRONG_ARTICLE = 0.8
"""For a question naming an event: a section under ``WEAK_SECTION`` confidence yields to that event's article at
``STRONG_ARTICLE`` or more even when the section speaks of the event (it covers another of its rules)."""

NAMED_FACT_ALONE = 0.35
"""The confidence the named event's own article needs to answer alone a question asking one of its facts."""
SECTION_COVERS = 0.9
"""A section this sure that speaks of the event a question names covers it (the rulebook gathers what the notices
say): it answers before that event's own article."""

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
    notice: str | None = None, time_limit: int | None = None,
) -> RuleAnswer:
    """The rule sections answering ``question``, in the language the policy picks.

    None when it is not about the rules; the language is the policy's above, with ``chat_language`` as the asker's. With
    ``variant`` (a tournament's rule choices) each section notes what that tournament plays (``time_limit``: its minutes
    per match, ``UNTIMED`` when it has none); with ``notice`` (the tournament's own rules) its answering articles come
    first."""
    return answer(question, answer_language(question, chat_language), limit=limit, variant=variant, notice=notice,
                  time_limit=time_limit)


def answer(
    question: str, lang: Language, *, limit: int = 3, variant: RuleVariant | None = None, notice: str | None = None,
    time_limit: int | None = None,
) -> RuleAnswer:
    """The best rule sections (at most ``limit`` per question asked) for ``question``, in ``lang``, part by part."""
    searched = question[:MAX_QUESTION_CHARS]
    context = named_documents(searched)  # an event named once is the subject of every part

    def part(piece: str) -> PartAnswer:
        return _part(piece, lang, limit, variant, notice, context, time_limit)

    pieces = question_parts(searched)
    if len(pieces) > 1 and rule_index().about_another_game(searched):
        pieces = (searched,)  # 斗地主四带二算不算炸 能不能带俩单张: every part asks about that game
    found: list[PartAnswer] = []
    for piece in pieces if len(pieces) > 1 else ():
        words = asked(piece)  # searched without the word joining it to the question before ("还有": "有" everywhere)
        current = part(piece) if words == piece else replace(part(words), question=piece)
        fact = bare_fact(piece)
        if found and (fact is not None and context or follows_on(piece)):
            # "when was the Tianxing contest, and where?" asks the event's venue; "… if my partner finishes third?
            # what if he finishes last" asks the earlier question of another case: read with what they go on from.
            searched_with = fact if fact is not None else f"{found[-1].question} {piece}"
            carried = part(searched_with)
            if not carried.unanswered:
                current = replace(carried, question=piece)
        if current.unanswered and found and not found[-1].unanswered:
            # A piece that finds nothing alone may be the rest of the question before it ("… 1 pt?? even if we lose
            # we get a point?"): read together, they are one question when that changes the answer.
            joined = part(f"{found[-1].question} {piece}")
            if joined.sources[:1] != found[-1].sources[:1] and not joined.unanswered:
                found[-1] = joined
                continue
            if not joined.unanswered and leans_on_earlier(piece):
                # "what is jiefeng and when does it happen": "it" is the earlier question's subject, answered there.
                current = replace(joined, question=piece)
        elif found and not found[-1].unanswered and leans_on_earlier(piece) and _unsure(current):
            # 抗贡是什么 它什么时候用: a piece naming its subject only as "it", weakly answered alone, asks about the
            # earlier question's subject.
            carried = part(f"{found[-1].question} {piece}")
            if not carried.unanswered:
                current = replace(carried, question=piece)
        found.append(current)
    if len(found) <= 1 or all(item.unanswered for item in found):
        whole = part(searched)
        return RuleAnswer(question, lang, whole.answers, whole.notice, (whole,))
    return RuleAnswer(question, lang, found[0].answers, found[0].notice, tuple(found))


def _unsure(found: PartAnswer) -> bool:
    """Whether a part is answered only weakly (its best section under :data:`WEAK_SECTION`, no article first)."""
    weak = not found.answers or found.answers[0].score < WEAK_SECTION
    return weak and not found.documents_first and not found.notice


def _part(
    question: str, lang: Language, limit: int, variant: RuleVariant | None, notice: str | None,
    context: tuple[str, ...], time_limit: int | None = None,
) -> PartAnswer:
    matches = rule_index().search(question, limit=limit)
    named = named_documents(question)
    if matches and named:
        # An event's name alone (瓦坊中学校长是谁: a section that mentions 瓦坊) is no rule question: what is asked
        # of the event must find the section without it.
        asked_of = without_names(question, named)
        if not asked_of.strip() or not rule_index().search(asked_of, limit=1):
            matches = ()
    answers = tuple(
        SectionAnswer(
            match.section_id,
            section_title(match.section_id, lang),
            section_text(match.section_id, lang),
            match.score,
            note(match.section_id, variant, lang, time_limit=time_limit) if variant is not None else None,
            variant is not None and chosen_note(match.section_id, variant),
        )
        for match in matches
    )
    articles = search_notice(notice, question) if notice is not None else ()
    documents, first = _documents(question, lang, answers, context)
    return PartAnswer(question, answers, articles, documents, first, bool(context or named))


def _documents(
    question: str, lang: Language, answers: tuple[SectionAnswer, ...], context: tuple[str, ...],
) -> tuple[tuple[DocumentAnswer, ...], bool]:
    """The seed documents' articles for a question, and whether the best of them answers first.

    ``context``: the documents the whole message names."""
    if answers and answers[0].score >= RULEBOOK_SURE and not context and not named_documents(question):
        return (), False  # the rulebook answers well and no event is named: the documents would only follow it
    index = document_index()
    reading = index.read(question)
    named = reading.named or context
    if reading.event_facts and not named:
        return (), False  # another event's prizes or venue are not this one's
    searched = question
    if context and not reading.named:
        # A later part of a message naming the event ("who organised the Anqing tournament and when was it?").
        searched = f"{question} {' '.join(document_aliases(key)[0] for key in context if document_aliases(key))}"
    found = index.search(searched, limit=SOURCES_SHOWN)
    own: tuple[tuple[SeedArticle, Match], ...] = ()
    if named:
        # The documents the question names come first (安庆那个比赛: 安庆's articles before similar ones elsewhere),
        # found by what the question asks of them: their names are in every article's title and would make any of
        # their articles look like an answer (天星公司生产什么产品 finds 天星's venue by 天星 and 公司 alone).
        content = without_names(question, named)
        own = index.search(content, limit=SOURCES_SHOWN, documents=named) if content.strip() else ()
        if reading.named and not own and not reading.rule_word:
            return (), False  # nothing of the event named answers, and another event's article is not about it
        others = () if reading.named and reading.event_facts else found
        found = (*own, *(item for item in others if item[0].document.key not in named))[:SOURCES_SHOWN]
    documents = tuple(
        DocumentAnswer(article.source_id, article.source(lang), article.text, match.score) for article, match in found
    )
    if not documents:
        return (), False
    best_article = found[0][0]
    if not answers:
        # Alone, an article answers a question about the game or an event, not any chat its words happen to share.
        if named:
            about = reading.event or reading.rule_word or reading.event_facts or bool(reading.named)
        else:
            about = reading.rule_word
        # The event named, asked one of its facts its own article states (河失那次比赛几等奖各几组: its prizes):
        # found by what is asked, that article needs less.
        needed = NAMED_FACT_ALONE if reading.named and reading.event_facts and own else DOCUMENT_ALONE
        alone = found[0][1].score >= needed and about
        return (documents, True) if alone else ((), False)
    section = answers[0]
    # Asked of the event named (or named by an earlier part: "天星那次每场限时几分钟 到时怎么判"), its own article found
    # by what is asked (not by the name) answers better than a section not sure of it: the event's own word first.
    own_answers = bool(own) and own[0][1].score > max(section.score, DOCUMENT_ALONE) and (
        section.score < SECTION_COVERS)
    strong_own = bool(own) and own[0][1].score >= STRONG_ARTICLE
    if best_article.document.key in reading.named or (
            best_article.document.key in context and (reading.event_facts or own_answers or strong_own)):
        # The event the question names (an earlier part's event only for its facts, "… and when was it?", or where
        # its own article answers better): its own article, unless the rulebook's section speaks of that event (the
        # rulebook gathers what the notices say on the game's rules), answers fairly well, and the question is not
        # about the event's own facts (its prizes, its venue).
        words = _section_words(section.section_id)
        speaks_of_it = any(alias.lower() in words for alias in best_article.document.aliases)
        weak_section = section.score < WEAK_SECTION and found[0][1].score >= STRONG_ARTICLE
        if not speaks_of_it or reading.event_facts or weak_section or own_answers:
            return documents, True
    # After the rulebook, only articles that answer well (a weak one would be noise under "see also").
    return tuple(document for document in documents if document.score >= DOCUMENT_ALONE), False


@cache
def _section_words(section_id: str) -> str:
    """A section's title and text in both languages, lower-cased: what it speaks of."""
    return " ".join(f"{section_title(section_id, lang)} {section_text(section_id, lang)}" for lang in Language).lower()


def topics(lang: Language) -> tuple[Topic, ...]:
    """Every section one can ask about, in the order they are listed."""
    return tuple(Topic(section_id, section_title(section_id, lang)) for section_id in RULE_SECTIONS)
