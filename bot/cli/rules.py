"""``python -m bot rules [question] [--lang zh|en] [--json]``: answer a rule question, or list the topics.

Plain output is the best section's title and text in the question's language (``--lang`` overrides); ``--json``
prints ``{"answers": [{"id", "title", "text", "score"}, ...]}`` best first (an empty list for a question that is not
about the rules, with the topics added); without a question, the topics.
"""

from __future__ import annotations

import argparse
import json

from bot.cli import Subcommand, fail
from bot.i18n import DEFAULT_LANGUAGE, Language


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("question", nargs="*", help="the question, in Chinese, English or both (quotes optional)")
    parser.add_argument("--lang", help="answer language: zh or en (default: the question's language)")
    parser.add_argument("--json", action="store_true", help="print JSON: answers best first, with scores")
    parser.add_argument("--limit", type=int, default=3, help="at most this many sections (default 3)")


def _topics_json(lang: Language) -> list[dict[str, str]]:
    from bot.rulebook import topics

    return [{"id": topic.section_id, "title": topic.title} for topic in topics(lang)]


def _run(args: argparse.Namespace) -> int:
    # Imported here so that other subcommands do not pay for building the rule index.
    from bot.rulebook import answer, render_answer, render_topics

    lang: Language | None = None
    if args.lang is not None:
        try:
            lang = Language.parse(args.lang)
        except ValueError:
            return fail(f"--lang must be zh or en, not {args.lang!r}")
    if args.limit < 1:
        return fail("--limit must be at least 1")
    question = " ".join(args.question).strip()
    if not question:
        shown = lang or DEFAULT_LANGUAGE
        if args.json:
            print(json.dumps({"topics": _topics_json(shown)}, ensure_ascii=False))
        else:
            print(render_topics(shown))
        return 0
    found = answer(question, lang, limit=args.limit)
    if args.json:
        payload: dict[str, object] = {
            "answers": [
                {"id": item.section_id, "title": item.title, "text": item.text, "score": item.score}
                for item in found.answers
            ]
        }
        if found.off_topic:
            payload["topics"] = _topics_json(found.lang)
        print(json.dumps(payload, ensure_ascii=False))
    else:
        print(render_answer(found))
    return 0


COMMAND = Subcommand(
    name="rules",
    help="answer a question about the rules of Guandan (no question: list the topics)",
    configure=_configure,
    run=_run,
)
