"""Many results in one message as localized chat text.

``/result`` with a line per table, ``/confirm all`` and ``/confirm 5 6 8`` — one reply that lists every line, recorded
or refused with its reason."""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import GuandanError
from bot.i18n import Language, t
from bot.presenters.tournament_tables import result_text
from bot.presenters.tournaments import listed, say
from bot.richtext import escape, escape_params
from bot.services.tournament.results import ResultRecorded, ResultsRecorded

LineAnswer = tuple[str, ResultRecorded | GuandanError]
"""A line as it was written, and what became of it."""


def refusal_text(error: GuandanError, lang: Language) -> str:
    return t(error.key, lang, **escape_params(error.params))


def result_lines_text(answers: Sequence[LineAnswer], lang: Language) -> str:
    """``/result`` with many lines: how many were recorded, then each line with its answer."""
    lines = [lines_summary(answers, lang)]
    for number, (written, answer) in enumerate(answers, start=1):
        shown = result_text(answer, lang) if isinstance(answer, ResultRecorded) else \
            t("result_lines.refused", lang, reason=refusal_text(answer, lang))
        lines.append(say("result_lines.line", lang, number=number, raw={"written": escape(written), "answer": shown}))
    return "\n".join(lines)


def confirmed_lines_text(done: ResultsRecorded, lang: Language, *, everything: bool) -> str:
    """``/confirm all`` (``everything``) or ``/confirm 5 6 8``.

    The tables confirmed, those refused and why, and the tables whose two reports differ (a decision settles them)."""
    confirmed = [answer for answer in done.lines if answer.recorded is not None]
    key = "result_lines.confirmed_all" if everything else "result_lines.confirmed_some"
    lines = [say(key, lang, count=len(confirmed), asked=len(done.lines))]
    for answer in done.lines:
        if answer.recorded is not None:
            lines.append(result_text(answer.recorded, lang))
        elif answer.refused is not None:
            lines.append(say("result_lines.table_refused", lang, table=answer.line.ref.table,
                             raw={"reason": refusal_text(answer.refused, lang)}))
    if done.skipped_disputed:
        tables = listed((str(match.table or 0) for match in done.skipped_disputed), lang)
        lines.append(say("result_lines.disputed_left", lang, tables=tables))
    return "\n".join(lines)



def lines_summary(answers: Sequence[LineAnswer], lang: Language) -> str:
    """How many lines were recorded: the caption of the reply when it goes as a document."""
    recorded = sum(1 for _, answer in answers if isinstance(answer, ResultRecorded))
    return say("result_lines.title", lang, count=len(answers), recorded=recorded, refused=len(answers) - recorded)


def confirmed_summary(done: ResultsRecorded, lang: Language) -> str:
    return say("result_lines.confirmed_some", lang, count=len(done.recorded), asked=len(done.lines))
