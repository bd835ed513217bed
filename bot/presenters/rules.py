"""Rule answers and the topic list: the one renderer, in the neutral markup of :mod:`bot.richtext`.

The chat sends the markup; ``python -m bot rules`` prints it as plain text (:func:`bot.richtext.to_plain`), or, with
``--json``, the values of :func:`answer_json` / :func:`topics_json`. Every catalog text is escaped (rule texts hold
``>``); titles are bold, this tournament's note italic. An answer from the event's own notice (``/notice``) comes
first, cited as such, with the rulebook's section after it.
"""

from __future__ import annotations

from bot.i18n import Language, t
from bot.richtext import escape
from bot.rules.answers import RuleAnswer, topics


def topics_text(lang: Language) -> str:
    """The topics one can ask about, with an example question."""
    lines = [f"<b>{escape(t('rules.topics_header', lang))}</b>"]
    lines.extend(escape(t("rules.topic_line", lang, title=topic.title)) for topic in topics(lang))
    lines.append(escape(t("rules.ask_example", lang)))
    return "\n".join(lines)


def _notice_parts(found: RuleAnswer) -> list[str]:
    parts = []
    for match in found.notice:
        article = match.article
        where = " › ".join(article.headings)
        header = t("rules.notice_header", found.lang)
        parts.append(f"<b>{escape(header)}</b>{escape(where)}\n{escape(article.text)}")
    return parts


def answer_text(found: RuleAnswer) -> str:
    """The best section (title, text, this tournament's note if any) and the titles of the next best, after the
    event notice's articles when they answer; for a question that is not about the rules, saying so and the
    topics."""
    if found.off_topic:
        return escape(t("rules.off_topic", found.lang)) + "\n\n" + topics_text(found.lang)
    parts = _notice_parts(found)
    if not found.answers:
        return "\n\n".join(parts)
    best, *others = found.answers
    title = f"<b>{escape(best.title)}</b>"
    if parts:
        title = f"<i>{escape(t('rules.rulebook_header', found.lang))}</i>\n{title}"
    parts += [title, escape(best.text)]
    if best.note:
        parts.append(f"<i>{escape(best.note)}</i>")
    if others:
        titles = t("rules.title_separator", found.lang).join(other.title for other in others)
        parts.append(escape(t("rules.see_also", found.lang, titles=titles)))
    return "\n\n".join(parts)


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
