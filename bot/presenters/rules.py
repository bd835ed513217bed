"""Rule answers and the topic list: the one renderer, in the neutral markup of :mod:`bot.richtext`.

The chat sends the markup; ``python -m bot rules`` prints it as plain text (:func:`bot.richtext.to_plain`), or, with
``--json``, the values of :func:`answer_json` / :func:`topics_json`. Every catalog text is escaped (rule texts hold
``>``); titles are bold, this tournament's note italic. An answer from the event's own notice (``/notice``) comes
first, cited as such, with the rulebook's section after it. A message asking several things gets one reply with a
numbered block per question, in the order asked; a question nothing answers says so in its block.
"""

from __future__ import annotations

from bot.i18n import Language, t
from bot.richtext import escape
from bot.rules.answers import PartAnswer, RuleAnswer, topics


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


def _part_text(found: PartAnswer, lang: Language) -> str:
    """One question's answer: the notice's articles, then the best section with its note and the next best titles."""
    parts = _notice_parts(found, lang)
    if not found.answers:
        return "\n\n".join(parts) if parts else escape(t("rule_parts.part_unanswered", lang))
    best, *others = found.answers
    title = f"<b>{escape(best.title)}</b>"
    if parts:
        title = f"<i>{escape(t('rules.rulebook_header', lang))}</i>\n{title}"
    parts += [title, escape(best.text)]
    if best.note:
        parts.append(f"<i>{escape(best.note)}</i>")
    if others:
        titles = t("rules.title_separator", lang).join(other.title for other in others)
        parts.append(escape(t("rules.see_also", lang, titles=titles)))
    return "\n\n".join(parts)


def answer_text(found: RuleAnswer) -> str:
    """The best section (title, text, this tournament's note if any) and the titles of the next best, after the
    event notice's articles when they answer; for a question that is not about the rules, saying so and the
    topics. A message of several questions: a numbered block for each, in the order asked."""
    if found.off_topic:
        return escape(t("rules.off_topic", found.lang)) + "\n\n" + topics_text(found.lang)
    if not found.parts:
        return _part_text(found.each_part[0], found.lang)
    blocks = []
    for number, part in enumerate(found.parts, start=1):
        header = escape(t("rule_parts.part_header", found.lang, number=number, question=part.question))
        blocks.append(f"<b>{header}</b>\n\n{_part_text(part, found.lang)}")
    return "\n\n".join(blocks)


def topics_json(lang: Language) -> list[dict[str, str]]:
    """The topics as ``{"id", "title"}``, in the order they are listed."""
    return [{"id": topic.section_id, "title": topic.title} for topic in topics(lang)]


def answer_json(found: RuleAnswer) -> dict[str, object]:
    """``{"answers": [{"id", "title", "text", "score"}, ...]}`` best first; for a question that is not about the
    rules, an empty list and the topics."""
    payload: dict[str, object] = {
        "answers": [
            {"id": item.section_id, "title": item.title, "text": item.text, "score": item.score}
            for item in found.answers
        ]
    }
    if found.off_topic:
        payload["topics"] = topics_json(found.lang)
    return payload
