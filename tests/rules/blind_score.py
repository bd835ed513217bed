"""Score the rule answers on a batch of questions: per part, per language, per kind, top-1/top-3, off-topic declined.

Run (from the repository root)::

    PYTHONPATH=$PWD .venv/bin/python -m tests.rules.blind_score tests/rules/blind_batch_a.toml
    PYTHONPATH=$PWD .venv/bin/python -m tests.rules.blind_score --sections     # the section ids, for labelling

A batch is a TOML file of ``[[question]]`` tables with ``id``, ``lang`` (zh/en), ``text`` and ``off_topic``; other
keys (``expected``, ``source``) are ignored. Two label formats are read:

* **Parts** (the format of batch G's SCHEMA.md): ``kind`` (single, two_part, one_notice, reasoning) and one
  ``[[question.part]]`` per question asked, in the order asked, each with ``accept`` (rulebook sections whose text
  answers it; may be empty) and optionally ``notice``: the seed document, its part and the article holding the fact,
  as ``"002 篇11 第八条"`` (``<seed file's 3-digit prefix> <篇N or the part's name> <article or item>``). A part with
  neither expects the reply to say that nothing answers it; a question needs at least one labelled part.
* **Flat** (batches A–F and the developer batches): ``accept`` on the question (a list, or one string ``"a|b"``) —
  one part. ``also_accept`` (optional) names sections written *after* the batch was labelled and scored that answer
  the question as well; the labels stay as they were, and the report gives the top-1 figure counting these apart.

What counts: the reply answers the message part by part (``RuleAnswer.each_part``), each part with its sources best
first (rulebook sections, and articles of the seed documents cited by name). The labelled parts are matched to the
reply's parts in the order asked (each labelled part to a different reply part, later parts to later ones, the
matching that gets most parts right; a reply that cut one question in two is not punished for it, one that merged
two questions leaves a part without its own answer). A labelled part is right at top-1 when the first source of its
reply part is accepted — a listed section, or a seed article whose document, part and article match ``notice`` — and
at top-3 when one of the part's (at most three) sources is. A question is right when every labelled part is. An
off-topic question is right when the reply declines it. The figures are over the on-topic questions (per language,
per kind, per part), off-topic questions apart, and "all" counts every question, an off-topic one right when
declined.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.i18n import Language
from bot.rules.answers import RuleAnswer, ask
from bot.rules.references import reference_matches
from bot.rules.rulebook import RULE_SECTIONS, section_title


@dataclass(frozen=True, slots=True)
class Part:
    """One question of a message as labelled: the sections that answer it, and the seed article holding the fact."""

    accept: tuple[str, ...]
    notice: str | None = None
    also: tuple[str, ...] = ()
    """Sections added after the batch was labelled that answer it too (``also_accept``, flat format only)."""

    @property
    def expects_no_answer(self) -> bool:
        """Labelled with neither sections nor a notice: nothing answers this part, and the reply should say so."""
        return not self.accept and not self.notice

    def accepts(self, source: str, *, also: bool = False) -> bool:
        if source in self.accept or (also and source in self.also):
            return True
        return self.notice is not None and source.startswith("seed:") and reference_matches(source[5:], self.notice)


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    lang: Language
    text: str
    off_topic: bool
    parts: tuple[Part, ...]
    kind: str = "single"

    @property
    def accept(self) -> tuple[str, ...]:
        """The sections accepted for the first part (the flat format's ``accept``)."""
        return self.parts[0].accept if self.parts else ()

    @property
    def also(self) -> tuple[str, ...]:
        return self.parts[0].also if self.parts else ()


def _aligned(labelled: Sequence[Part], given: Sequence[tuple[str, ...]], right: Callable[[Part, tuple[str, ...]], bool],
             ) -> list[bool]:
    """For each labelled part, whether it is right under the in-order matching of labelled to given parts that gets
    most of them right (each labelled part to a different given part, order kept)."""
    count, size = len(labelled), len(given)
    # best[i][j]: most right among labelled[i:] matched into given[j:]; a labelled part may also stay unmatched.
    best = [[0] * (size + 1) for _ in range(count + 1)]
    for i in range(count - 1, -1, -1):
        for j in range(size - 1, -1, -1):
            best[i][j] = max(best[i + 1][j], best[i][j + 1], right(labelled[i], given[j]) + best[i + 1][j + 1])
    result, i, j = [], 0, 0
    while i < count:
        if j < size and right(labelled[i], given[j]) and best[i][j] == 1 + best[i + 1][j + 1]:
            result.append(True)
            i, j = i + 1, j + 1
        elif j < size and best[i][j] == best[i][j + 1]:
            j += 1
        else:
            result.append(False)
            i += 1
    return result


@dataclass(frozen=True, slots=True)
class Scored:
    question: Question
    given: tuple[tuple[str, ...], ...]
    """The sources of each part of the reply, in the order shown; empty when the reply declines."""

    @property
    def found(self) -> tuple[str, ...]:
        """The first reply part's sources (what the flat format was scored on)."""
        return self.given[0] if self.given else ()

    @property
    def declined(self) -> bool:
        return not self.given

    def parts_right(self, *, top: int = 1, also: bool = False) -> list[bool]:
        def right(part: Part, sources: tuple[str, ...]) -> bool:
            if part.expects_no_answer:
                return not sources
            return any(part.accepts(source, also=also) for source in sources[:top])

        return _aligned(self.question.parts, self.given, right)

    @property
    def top1(self) -> bool:
        if self.question.off_topic:
            return self.declined
        return all(self.parts_right())

    @property
    def top1_also(self) -> bool:
        """Top-1 right when the sections added after labelling count as well."""
        if self.question.off_topic:
            return self.declined
        return all(self.parts_right(also=True))

    @property
    def top3(self) -> bool:
        if self.question.off_topic:
            return self.declined
        return all(self.parts_right(top=3))


class UnlabelledError(ValueError):
    """On-topic questions (or parts) without ``accept`` or ``notice``."""


def _accepted(raw: object) -> tuple[str, ...]:
    if isinstance(raw, str):
        return tuple(part.strip() for part in raw.split("|") if part.strip())
    if isinstance(raw, list):
        return tuple(str(part).strip() for part in raw if str(part).strip())
    return ()


def _parts(item: dict[str, object]) -> tuple[Part, ...]:
    raw = item.get("part")
    if isinstance(raw, list):
        return tuple(
            Part(_accepted(part.get("accept")), str(part["notice"]).strip() if part.get("notice") else None)
            for part in raw
            if isinstance(part, dict)
        )
    accept = _accepted(item.get("accept"))
    return (Part(accept, None, _accepted(item.get("also_accept"))),) if accept else ()


def load_batch(path: Path) -> list[Question]:
    """The questions of a batch file; raise :class:`UnlabelledError` naming on-topic questions without labels."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    questions = [
        Question(
            str(item["id"]),
            Language.parse(str(item.get("lang", "en"))),
            str(item["text"]),
            bool(item.get("off_topic", False)),
            _parts(item),
            str(item.get("kind", "single")),
        )
        for item in data.get("question", [])
    ]
    # A part labelled with neither sections nor a notice expects the reply to say nothing answers it (part format);
    # an on-topic question without any label is unlabelled.
    unlabelled = [
        question.id
        for question in questions
        if not question.off_topic and all(part.expects_no_answer for part in question.parts)
    ]
    if unlabelled:
        raise UnlabelledError(", ".join(unlabelled))
    return questions


def reply_sources(found: RuleAnswer) -> tuple[tuple[str, ...], ...]:
    """The sources of each part of a reply (empty when it declines)."""
    if found.off_topic:
        return ()
    return tuple(part.sources for part in found.each_part)


def score(questions: list[Question]) -> list[Scored]:
    """Each question asked the way the chat asks it (answer language from the question, the chat's as fallback)."""
    return [Scored(question, reply_sources(ask(question.text, question.lang, limit=3))) for question in questions]


def _rate(right: int, total: int) -> str:
    return f"{right}/{total} {right / total:.1%}" if total else "0/0"


def _line(label: str, group: list[Scored]) -> str:
    return (f"{label}: top-1 {_rate(sum(item.top1 for item in group), len(group))}   "
            f"top-3 {_rate(sum(item.top3 for item in group), len(group))}")


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
        lines.append(_line(f"  {lang.value}", [item for item in on_topic if item.question.lang is lang]))
    kinds = sorted({item.question.kind for item in on_topic})
    if kinds != ["single"]:
        for kind in kinds:
            lines.append(_line(f"  kind {kind}", [item for item in on_topic if item.question.kind == kind]))
    if any(len(item.question.parts) > 1 for item in on_topic):
        parts1 = [right for item in on_topic for right in item.parts_right()]
        parts3 = [right for item in on_topic for right in item.parts_right(top=3)]
        lines.append(f"  parts: top-1 {_rate(sum(parts1), len(parts1))}   top-3 {_rate(sum(parts3), len(parts3))}")
        several = [item for item in on_topic if len(item.question.parts) > 1]
        answered_apart = sum(len(item.given) >= len(item.question.parts) for item in several)
        lines.append(f"  questions of several parts answered in as many parts or more: "
                     f"{_rate(answered_apart, len(several))}")
    if any(item.question.also for item in on_topic):
        lines.append(f"  top-1 also accepting sections added after labelling (also_accept): "
                     f"{_rate(sum(item.top1_also for item in on_topic), len(on_topic))}")
    lines.append(f"off-topic declined: {_rate(sum(item.declined for item in off_topic), len(off_topic))}")
    lines.append(f"on-topic wrongly declined: {sum(item.declined for item in on_topic)}")
    lines.append(f"all questions right at top-1 (off-topic right when declined): "
                 f"{_rate(sum(item.top1 for item in scored), len(scored))}")
    misses = [item for item in scored if not item.top1]
    if misses:
        lines.append("misses (top-1):")
    for item in misses:
        question = item.question
        wanted = "declined" if question.off_topic else " ; ".join(
            "|".join((*part.accept, *((f"notice {part.notice}",) if part.notice else ()))) for part in question.parts
        )
        got = " ; ".join(", ".join(sources) for sources in item.given) if item.given else "declined"
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
    accepted = {section for question in questions for part in question.parts for section in part.accept}
    unknown = sorted(accepted - set(RULE_SECTIONS))
    if unknown:
        print(f"note: accepted ids the rulebook does not have (never matched): {', '.join(unknown)}")
    print(f"batch: {args.batch}")
    print("\n".join(report(score(questions))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

