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

QUESTION_FALLBACK = Language.EN
"""The command line's language for a question that shows none of its own (``A?``): English, like its help."""


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("question", nargs="*", help="the question, in Chinese, English or both (quotes optional)")
    parser.add_argument("--lang", help="answer language: zh or en (default: the question's language)")
    parser.add_argument("--json", action="store_true", help="print JSON: answers best first, with scores")
    parser.add_argument("--limit", type=int, default=3, help="at most this many sections (default 3)")


def _run(args: argparse.Namespace) -> int:
    # Imported here so that other subcommands do not pay for building the rule index.
    from bot.presenters.rules import answer_json, answer_text, topics_json, topics_text
    from bot.richtext import to_plain
    from bot.rules.answers import answer, ask

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
            print(json.dumps({"topics": topics_json(shown)}, ensure_ascii=False))
        else:
            print(to_plain(topics_text(shown)))
        return 0
    if lang is not None:
        found = answer(question, lang, limit=args.limit)
    else:
        found = ask(question, QUESTION_FALLBACK, limit=args.limit)
    print(json.dumps(answer_json(found), ensure_ascii=False) if args.json else to_plain(answer_text(found)))
    return 0


COMMAND = Subcommand(
    name="rules",
    help="answer a question about the rules of Guandan (no question: list the topics)",
    configure=_configure,
    run=_run,
)
