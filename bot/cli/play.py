"""``python -m bot play``: classify a play, or say whether it beats another (a public contract).

::

    python -m bot play --level 10 "S3 D3 C3 S4 D4"                  # human verdict (--lang zh|en, default zh)
    python -m bot play --level 10 "S3 D3 C3 S4 D4" --json           # {"valid": true, "readings": [...]}
    python -m bot play --level 10 "<cards A>" --beats "<cards B>" --json   # ... "beats": true|false
    python -m bot play --jsonl < plays.jsonl                       # {"level": "10", "cards": "...", "beats": "..."}

Exit status 0 with a verdict (also "not a play" and "does not beat"), 2 for unreadable cards or level. In
``--jsonl`` mode a bad line never stops the batch: its output line is ``{"error": "<message>"}``.

The level is read as the chat reads it (``--level 打10``, ``10级``, ``level=10``), the cards too (``33344``; ``BJ``,
``SJ`` and ``RJ`` read across both sets of cards, the human verdict saying how).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from bot.cli import Subcommand, fail
from bot.errors import GuandanError
from bot.i18n import DEFAULT_LANGUAGE, Language, t
from bot.presenters.plays import abbreviations_text, describe, error_text, verdict_json
from bot.ruleset.judge import judge
from bot.ruleset.play_request import read_level, written_out

DEFAULT_LEVEL = "2"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="*", help='the cards, e.g. "S3 D3 C3 S4 D4" (or 红桃Q, 10S, 大王 ...)')
    parser.add_argument("--level", default=DEFAULT_LEVEL,
                        help="the level being played: 2-10, J, Q, K, A, also as in chat: 打10, 10级 (default 2)")
    parser.add_argument("--beats", metavar="CARDS", help="also say whether the cards beat these cards")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--jsonl", action="store_true",
        help='read {"level": "10", "cards": "...", "beats": "..."} per stdin line, write one JSON result per line',
    )
    parser.add_argument("--lang", choices=[lang.value for lang in Language], default=DEFAULT_LANGUAGE.value,
                        help="language of the verdict and messages (default zh)")


def run(args: argparse.Namespace) -> int:
    lang = Language(args.lang)
    if args.jsonl:
        run_batch(sys.stdin, sys.stdout, args.level, lang)
        return 0
    try:
        cards, beats, readings = written_out(" ".join(args.cards), args.beats)
        verdict = judge(cards, read_level(args.level), beats)
    except GuandanError as error:
        return fail(error_text(error, lang))
    if args.json:
        print(json.dumps(verdict_json(verdict, lang), ensure_ascii=False))
    else:
        read = abbreviations_text(readings, lang)
        print(describe(verdict, lang) + ("\n" + read if read else ""))
    return 0


def judge_line(line: str, default_level: str, lang: Language) -> dict[str, Any]:
    """One ``--jsonl`` request → its JSON result (an ``error`` object for a line that cannot be judged)."""
    try:
        request = json.loads(line)
    except ValueError:
        return {"error": t("plays.batch.bad_json", lang)}
    if not isinstance(request, dict):
        return {"error": t("plays.batch.bad_json", lang)}
    level, cards, against = request.get("level", default_level), request.get("cards"), request.get("beats")
    if not isinstance(cards, str) or not isinstance(level, str | int) or not isinstance(against, str | None):
        return {"error": t("plays.batch.bad_fields", lang)}
    try:
        cards, against, _ = written_out(cards, against)
        return verdict_json(judge(cards, read_level(str(level)), against), lang)
    except GuandanError as error:
        return {"error": error_text(error, lang)}


def run_batch(source: TextIO, sink: TextIO, default_level: str, lang: Language) -> None:
    for line in source:
        if line.strip():
            sink.write(json.dumps(judge_line(line, default_level, lang), ensure_ascii=False) + "\n")
            sink.flush()


COMMAND = Subcommand(
    name="play",
    help="classify a Guandan play at a level, or say whether it beats another",
    configure=configure,
    run=run,
)
