"""Score the rule answers on a batch of questions: top-1, top-3, per language, off-topic declined, and the misses.

Run (from the repository root)::

    PYTHONPATH=$PWD .venv/bin/python -m tests.rules.blind_score tests/rules/blind_batch_a.toml
    PYTHONPATH=$PWD .venv/bin/python -m tests.rules.blind_score --sections     # the section ids, for labelling

A batch is a TOML file of ``[[question]]`` tables with ``id``, ``lang`` (zh/en), ``text`` and ``off_topic``; any
other keys (``expected``, ``source``) are ignored. Before a batch can be scored each on-topic question needs
``accept``: the rulebook sections whose text answers it (a list, or one string ``"a|b"``), chosen from the questions
and the section texts *before* running the bot on them. An off-topic question is right when no section is found.
``also_accept`` (optional) names sections written *after* the batch was labelled and scored that answer the question
as well; the labels stay as they were, and the report gives the top-1 figure counting these apart.

What counts: top-1, the first section found is accepted; top-3, one of the (at most three) sections found is.
The figures are over the on-topic questions, per language and together; off-topic questions are counted apart
(declined or not), and "all" counts every question, an off-topic one being right when declined.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from bot.i18n import Language
from bot.rules.answers import ask
from bot.rules.rulebook import RULE_SECTIONS, section_title


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    lang: Language
    text: str
    off_topic: bool
    accept: tuple[str, ...]
    also: tuple[str, ...] = ()
    """Sections added after the batch was labelled that answer it too (``also_accept``)."""


@dataclass(frozen=True, slots=True)
class Scored:
    question: Question
    found: tuple[str, ...]

    @property
    def top1(self) -> bool:
        if self.question.off_topic:
            return not self.found
        return bool(self.found) and self.found[0] in self.question.accept

    @property
    def top1_also(self) -> bool:
        """Top-1 right when the sections added after labelling count as well."""
        if self.question.off_topic:
            return not self.found
        return bool(self.found) and self.found[0] in self.question.accept + self.question.also

    @property
    def top3(self) -> bool:
        if self.question.off_topic:
            return not self.found
        return any(section in self.question.accept for section in self.found[:3])


class UnlabelledError(ValueError):
    """On-topic questions without ``accept``."""


def _accepted(raw: object) -> tuple[str, ...]:
    if isinstance(raw, str):
        return tuple(part.strip() for part in raw.split("|") if part.strip())
    if isinstance(raw, list):
        return tuple(str(part).strip() for part in raw if str(part).strip())
    return ()


def load_batch(path: Path) -> list[Question]:
    """The questions of a batch file; raise :class:`UnlabelledError` naming on-topic questions without ``accept``."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    questions = [
        Question(
            str(item["id"]),
            Language.parse(str(item.get("lang", "en"))),
            str(item["text"]),
            bool(item.get("off_topic", False)),
            _accepted(item.get("accept")),
            _accepted(item.get("also_accept")),
        )
        for item in data.get("question", [])
    ]
    unlabelled = [question.id for question in questions if not question.off_topic and not question.accept]
    if unlabelled:
        raise UnlabelledError(", ".join(unlabelled))
    return questions


def score(questions: list[Question]) -> list[Scored]:
    """Each question asked the way the chat asks it (answer language from the question, the chat's as fallback)."""
    return [
        Scored(question, tuple(item.section_id for item in ask(question.text, question.lang, limit=3).answers))
        for question in questions
    ]


def _rate(right: int, total: int) -> str:
    return f"{right}/{total} {right / total:.1%}" if total else "0/0"


def report(scored: list[Scored]) -> list[str]:
    """The figures and the misses, as printed lines."""
    on_topic = [item for item in scored if not item.question.off_topic]
    off_topic = [item for item in scored if item.question.off_topic]
    lines = [
        f"questions: {len(scored)} (on-topic {len(on_topic)}, off-topic {len(off_topic)})",
        f"on-topic top-1: {_rate(sum(item.top1 for item in on_topic), len(on_topic))}   "
        f"top-3: {_rate(sum(item.top3 for item in on_topic), len(on_topic))}",
    ]
    for lang in Language:
        group = [item for item in on_topic if item.question.lang is lang]
        lines.append(f"  {lang.value}: top-1 {_rate(sum(item.top1 for item in group), len(group))}   "
                     f"top-3 {_rate(sum(item.top3 for item in group), len(group))}")
    if any(item.question.also for item in on_topic):
        lines.append(f"  top-1 also accepting sections added after labelling (also_accept): "
                     f"{_rate(sum(item.top1_also for item in on_topic), len(on_topic))}")
    declined = sum(not item.found for item in off_topic)
    lines.append(f"off-topic declined: {_rate(declined, len(off_topic))}")
    lines.append(f"on-topic wrongly declined: {sum(not item.found for item in on_topic)}")
    lines.append(f"all questions right at top-1 (off-topic right when declined): "
                 f"{_rate(sum(item.top1 for item in scored), len(scored))}")
    misses = [item for item in scored if not item.top1]
    if misses:
        lines.append("misses (top-1):")
    for item in misses:
        question = item.question
        wanted = "declined" if question.off_topic else "|".join(question.accept)
        got = ", ".join(item.found) if item.found else "declined"
        mark = " (in top-3)" if item.top3 and not question.off_topic else ""
        if item.top1_also and not question.off_topic:
            mark = " (right by also_accept)"
        lines.append(f"  {question.id} [{question.lang.value}] {question.text} → {got}; accept {wanted}{mark}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("batch", nargs="?", type=Path, help="a batch file (TOML, [[question]] tables)")
    parser.add_argument("--sections", action="store_true", help="list the section ids and titles, for labelling")
    args = parser.parse_args(argv)
    if args.sections:
        for section_id in RULE_SECTIONS:
            print(f"{section_id}: {section_title(section_id, Language.ZH)} / {section_title(section_id, Language.EN)}")
        return 0
    if args.batch is None:
        parser.error("a batch file is needed (or --sections)")
    try:
        questions = load_batch(args.batch)
    except UnlabelledError as error:
        print(f"on-topic questions without `accept` (label them first; --sections lists the ids): {error}",
              file=sys.stderr)
        return 2
    unknown = sorted({section for question in questions for section in question.accept} - set(RULE_SECTIONS))
    if unknown:
        print(f"note: accepted ids the rulebook does not have (never matched): {', '.join(unknown)}")
    print(f"batch: {args.batch}")
    print("\n".join(report(score(questions))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
