"""Rule answers and the topic list as Telegram HTML: every catalog text escaped (rule texts hold ``>``), titles bold.

The plain-text twins for the terminal are :func:`bot.rulebook.render_answer` and :func:`bot.rulebook.render_topics`.
"""

from __future__ import annotations

import html

from bot.i18n import Language, t
from bot.rulebook import RuleAnswer, topics


def _escaped(text: str) -> str:
    return html.escape(text, quote=False)


def topics_html(lang: Language) -> str:
    """The topics one can ask about, with an example question."""
    lines = [f"<b>{_escaped(t('rules.topics_header', lang))}</b>"]
    lines.extend(_escaped(t("rules.topic_line", lang, title=topic.title)) for topic in topics(lang))
    lines.append(_escaped(t("rules.ask_example", lang)))
    return "\n".join(lines)


def answer_html(found: RuleAnswer) -> str:
    """The best section (title, text, this tournament's note if any) and the titles of the next best; for a
    question that is not about the rules, saying so and the topics."""
    if found.off_topic:
        return _escaped(t("rules.off_topic", found.lang)) + "\n\n" + topics_html(found.lang)
    best, *others = found.answers
    parts = [f"<b>{_escaped(best.title)}</b>", _escaped(best.text)]
    if best.note:
        parts.append(f"<i>{_escaped(best.note)}</i>")
    if others:
        titles = t("rules.title_separator", found.lang).join(other.title for other in others)
        parts.append(_escaped(t("rules.see_also", found.lang, titles=titles)))
    return "\n\n".join(parts)
