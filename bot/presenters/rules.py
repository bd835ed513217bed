"""Rule answers and the topic list: the one renderer, in the neutral markup of :mod:`bot.richtext`.

The chat sends the markup; ``python -m bot rules`` prints it as plain text (:func:`bot.richtext.to_plain`), or, with
``--json``, the values of :func:`answer_json` / :func:`topics_json`. Every catalog text is escaped (rule texts hold
``>``); titles are bold, this tournament's note italic. An answer from the tournament's own notice (``/notice``) comes
first, cited as such, with the rulebook's section after it under "elsewhere"; in a tournament whose settings decide
the question (its A rule, tribute, scoring, walkover, time limit, equal levels) the line saying what applies in this
tournament comes first and the rulebook's section after it, again under "elsewhere" (其他比赛的做法). An article of
a seed document that answers first is quoted under its source's name, after this tournament's setting on the question
when the question names no event. A setting the organiser chose, shown beside the tournament's notice, is labelled as
the organiser's setting, by which results are scored. A message asking several things gets one
reply with a numbered block per question, in the order asked; a question nothing answers says so in its block.
"""

from __future__ import annotations

from bot.i18n import Language, t
from bot.richtext import escape
from bot.rules.answers import SOURCES_SHOWN, DocumentAnswer, PartAnswer, RuleAnswer, topics


def topics_text(lang: Language) -> str:
    """The topics one can ask about, with an example question."""
    lines = [f"<b>{escape(t('rules.topics_header', lang))}</b>"]
    lines.extend(escape(t("rules.topic_line", lang, title=topic.title)) for topic in topics(lang))
    lines.append(escape(t("rules.ask_example", lang)))
    return "\n".join(lines)


def _notice_parts(found: PartAnswer, lang: Language) -> list[str]:
    parts = []
    for match in found.notice:
        article = match.article
        where = " › ".join(article.headings)
        header = t("rules.notice_header", lang)
        parts.append(f"<b>{escape(header)}</b>{escape(where)}\n{escape(article.text)}")
    return parts


def _setting_line(note: str, lang: Language, *, beside_notice: bool) -> str:
    """This tournament's setting on the question, in italics.

    Beside the tournament's notice it says it is the organiser's setting (results are scored by it), so that a notice
    saying otherwise is not silently contradicted."""
    line = f"<i>{escape(note)}</i>"
    return f"{escape(t('rule_parts.setting_beside_notice', lang))}\n{line}" if beside_notice else line


def _document_part(document: DocumentAnswer, lang: Language) -> str:
    header = t("rule_parts.document_header", lang, source=document.source)
    return f"<b>{escape(header)}</b>\n{escape(document.text)}"


def _part_text(found: PartAnswer, lang: Language) -> str:
    """One question's answer.

    The notice's articles, then the best source in full (a rulebook section with its note, or a seed document's article
    quoted under its name) and the names of the next best."""
    parts = _notice_parts(found, lang)
    if found.unanswered:
        return escape(t("rule_parts.part_unanswered", lang))
    if not found.answers and not found.documents:
        return "\n\n".join(parts)
    others: list[str] = []
    if found.documents_first or not found.answers:
        best_document, *more = found.documents
        # Another event's article answers: what this tournament set on the question comes first (never a default
        # under the event's notice), and the article follows as what other events play.
        setting = None if found.names_event or not found.answers else found.answers[0]  # the best section's topic
        if setting is not None and setting.note and (setting.chosen or not parts):
            parts.append(_setting_line(setting.note, lang, beside_notice=bool(parts)))
            parts.append(f"<i>{escape(t('rule_parts.elsewhere_header', lang))}</i>")
        parts.append(_document_part(best_document, lang))
        others += [section.title for section in found.answers]
        others += [document.source for document in more]
    else:
        best, *rest = found.answers
        title = f"<b>{escape(best.title)}</b>"
        elsewhere = f"<i>{escape(t('rules.rulebook_header', lang))}</i>"
        if parts:
            # The tournament's notice answered: the rulebook follows as what other tournaments play, and no line of this
            # tournament's built-in choices is added (the notice is its rule; a default could contradict it) —
            # except a rule the organiser set (/set equal_levels), the setting in force.
            if best.note and best.chosen:
                parts.append(_setting_line(best.note, lang, beside_notice=True))
            parts += [f"{elsewhere}\n{title}", escape(best.text)]
        elif best.note:
            parts += [title, f"<i>{escape(best.note)}</i>", elsewhere, escape(best.text)]
        else:
            parts += [title, escape(best.text)]
        others += [section.title for section in rest]
        others += [document.source for document in found.documents]
    others = others[: SOURCES_SHOWN - 1]
    if others:
        titles = t("rules.title_separator", lang).join(others)
        parts.append(escape(t("rules.see_also", lang, titles=titles)))
    return "\n\n".join(parts)


def _best_title(found: PartAnswer) -> str:
    if found.documents_first or not found.answers:
        return found.documents[0].source
    return found.answers[0].title


def answer_text(found: RuleAnswer) -> str:
    """The answer to a rule question: the best sections, or what the bot can answer.

    The best section (title, text, this tournament's note if any) and the titles of the next best, after the
    notice's articles when they answer; for a question that is not about the rules, saying so and the
    topics. A message of several questions: a numbered block for each, in the order asked (a question answered by
    the same source as an earlier one points to it rather than repeating it)."""
    if found.off_topic:
        return escape(t("rules.off_topic", found.lang)) + "\n\n" + topics_text(found.lang)
    if len(found.each_part) == 1:
        return _part_text(found.each_part[0], found.lang)
    blocks = []
    shown: dict[str, int] = {}
    for number, part in enumerate(found.each_part, start=1):
        header = escape(t("rule_parts.part_header", found.lang, number=number, question=part.question))
        best = part.sources[0] if part.sources and not part.notice else None
        if best is not None and best in shown:
            same = t("rule_parts.part_same", found.lang, number=shown[best], title=_best_title(part))
            blocks.append(f"<b>{header}</b>\n\n{escape(same)}")
            continue
        if best is not None:
            shown[best] = number
        blocks.append(f"<b>{header}</b>\n\n{_part_text(part, found.lang)}")
    return "\n\n".join(blocks)


def _part_json(part: PartAnswer) -> dict[str, object]:
    """One question of the message.

    Its words and its sources in the order the reply shows them (a seed document's article with ``"source"``, its
    document's name and numbering)."""
    sections = {item.section_id: item for item in part.answers}
    documents = {item.source_id: item for item in part.documents}
    sources: list[dict[str, object]] = []
    for source_id in part.sources:
        if source_id in sections:
            section = sections[source_id]
            sources.append({"id": source_id, "title": section.title, "text": section.text, "score": section.score})
        elif source_id in documents:
            document = documents[source_id]
            sources.append({"id": source_id, "source": document.source, "text": document.text,
                            "score": document.score})
    return {"question": part.question, "sources": sources}


def topics_json(lang: Language) -> list[dict[str, str]]:
    """The topics as ``{"id", "title"}``, in the order they are listed."""
    return [{"id": topic.section_id, "title": topic.title} for topic in topics(lang)]


def answer_json(found: RuleAnswer) -> dict[str, object]:
    """``{"answers": [{"id", "title", "text", "score"}, ...], "parts": [{"question", "sources": [...]}, ...]}``:
    the first question's sections best first, and each question of the message with its sources (sections and seed
    documents' articles) in the order the reply shows them; for a question that is not about the rules, empty lists
    and the topics."""
    payload: dict[str, object] = {
        "answers": [
            {"id": item.section_id, "title": item.title, "text": item.text, "score": item.score}
            for item in found.answers
        ],
        "parts": [_part_json(part) for part in found.each_part] if not found.off_topic else [],
    }
    if found.off_topic:
        payload["topics"] = topics_json(found.lang)
    return payload
