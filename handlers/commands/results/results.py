"""``/result``, ``/confirm`` and ``/mytable``, and what the group sees after any result.

The result, then (when it completed a round) the next round's tables, or (after the final, or a correction that changed
its ranking) the champion and the final standings."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.errors import GuandanError, UsageError
from bot.i18n import Language
from bot.presenters import tournament_tables as text
from bot.presenters.match_clock import deferred_posting_text
from bot.presenters.result_lines import (
    LineAnswer,
    confirmed_lines_text,
    confirmed_summary,
    lines_summary,
    result_lines_text,
)
from bot.richtext import Keyboard
from bot.services import Services
from bot.services.caller import Caller
from bot.services.match_clock.timetable import next_round_deferred
from bot.services.tournament.results import (
    ResultKind,
    ResultLine,
    ResultRecorded,
    ResultsRecorded,
    TableRef,
    confirm_result,
    confirm_results,
    dispute_result,
    record_result,
    record_results,
)
from bot.services.tournament.state import TournamentState
from bot.services.tournament.views import my_table
from bot.tournament.bracket import UnknownTableError
from bot.tournament.points_stage import RoundPairings
from bot.tournament.stages import DrawInKnockoutError
from handlers.arguments import MissingArgument, at_most, clean_arguments, clean_text
from handlers.commands.keyboards import report_buttons
from handlers.commands.tournament_arguments import (
    NoSuchTableError,
    WinnerMissingError,
    parse_result,
    parse_table,
    parse_tournament_id,
)
from handlers.invocation import Invocation
from handlers.long_replies import fits, reply_or_file

Send = Callable[[str, Keyboard | None], Awaitable[None]]


async def announce_result(send: Send, recorded: ResultRecorded, lang: Language, services: Services) -> None:
    """Announce the result and what it started, in at most four messages.

    The result; then a re-paired Swiss round, the knockout drawn after the groups, the next round's tables, or
    the end — at most four messages: a round with more tables than one message holds is announced
    with where to see them (``/tables`` sends a file), a final ranking too long for one message with the podium and
    a pointer to ``/standings``."""
    await send(text.result_text(recorded, lang), report_buttons(recorded, lang))
    await announce_consequences(send, recorded.state, lang, services, started_round=recorded.started_round,
                                repaired_round=recorded.repaired_round, finished_now=recorded.finished_now,
                                ranking_corrected=recorded.kind is ResultKind.CORRECTED and recorded.podium_changed,
                                repaired_from=recorded.repaired_from)


async def announce_consequences(send: Send, state: TournamentState, lang: Language, services: Services, *,
                                started_round: int | None, repaired_round: int | None, finished_now: bool,
                                ranking_corrected: bool, completed_rounds: Sequence[int] = (),
                                repaired_from: RoundPairings | None = None) -> None:
    """What results led to, once however many tables they were.

    A re-paired Swiss round (only what changed, given its pairings before: ``repaired_from``), the knockout drawn after
    the groups, the next round's tables, the end or a changed final ranking. ``completed_rounds``: rounds the same
    message started and completed (many lines): each is shown with its results, in one message with the next round's
    tables as far as one message holds them, so the group hears every round once."""
    if repaired_round is not None:
        repaired = text.repaired_text(state, repaired_round, lang, repaired_from)
        await send(repaired if fits(repaired) else text.repaired_summary(state, repaired_round, lang), None)
    parts: list[str] = []
    for number in completed_rounds:
        if _knockout_drawn_at(state, number):
            parts.append(text.knockout_drawn_text(state, lang))
        done = text.completed_round_text(state, number, lang)
        parts.append(done if fits(done) else text.completed_round_summary(state, number, lang))
    if started_round is not None and not finished_now:
        if _knockout_drawn_at(state, started_round):
            parts.append(text.knockout_drawn_text(state, lang))
        # A next round with a start time still ahead of its reminder gets its tables with that reminder.
        deferred = await next_round_deferred(services, state.tournament_id, started_round)
        posting = text.round_text(state, started_round, lang) if deferred is None \
            else deferred_posting_text(deferred, lang)
        parts.append(posting if fits(posting) else text.round_summary(state, started_round, lang))
    # Rounds a message started and completed go out with what follows them in as few messages as hold them.
    for message in _coalesced(parts) if completed_rounds else parts:
        await send(message, None)
    if finished_now:
        finished = text.final_text(state, lang)
        await send(finished if fits(finished) else text.final_summary(state, lang), None)
    elif ranking_corrected:
        finished = text.final_text(state, lang, corrected=True)
        await send(finished if fits(finished) else text.final_summary(state, lang, corrected=True), None)


def _knockout_drawn_at(state: TournamentState, round_number: int) -> bool:
    """Whether ``round_number`` is the knockout's first round after the groups (its draw is announced with it)."""
    stage = state.points_stage
    return stage is not None and state.bracket is not None and round_number == stage.rounds + 1


def _coalesced(parts: Sequence[str]) -> list[str]:
    """``parts`` joined into as few messages as hold them, in order (each part fits one message on its own)."""
    messages: list[str] = []
    for part in parts:
        joined = f"{messages[-1]}\n\n{part}" if messages else part
        if messages and fits(joined):
            messages[-1] = joined
        else:
            messages.append(part)
    return messages


async def _announce_lines(call: Invocation, done: ResultsRecorded, reply: str, summary: str) -> None:
    """The one reply listing the lines (as a document if it is longer than a message), then what they led to."""
    await call.received()
    await reply_or_file(call, reply, reply, file_name="results.txt", summary=summary)
    await announce_consequences(call.reply, done.state, call.language, call.services,
                                started_round=done.started_round, repaired_round=done.repaired_round,
                                repaired_from=done.repaired_from, finished_now=done.finished_now,
                                ranking_corrected=done.podium_changed, completed_rounds=done.completed_rounds)


MAX_LINES = 200
"""Most lines one ``/result`` may carry (a big evening has about a hundred tables)."""


class TooManyLinesError(UsageError):
    key = "result_lines.too_many_lines"


def result_lines(written: str) -> list[str]:
    """The lines of a ``/result`` message.

    One per line, or separated by ``;`` (also the full-width ``；``) where every part reads as a table and a result (``3
    A+ 10; 4 K A+``); a Chinese keyboard's ``；`` between the words of one result (``2；A+；10``) stays a word
    separator."""
    lines: list[str] = []
    for line in clean_text(written).splitlines():
        parts = [part.strip() for part in line.split(";") if part.strip()]
        if len(parts) > 1 and all(len(part.split()) >= 2 for part in parts):
            lines.extend(parts)
        elif line.strip():
            lines.append(line.strip())
    return lines


async def result_command(call: Invocation) -> None:
    """``/result <table> …``: report, decide or correct one table's result.

    ``/result #<id> <round>-<table> …`` corrects a table of an earlier tournament of the group (``/tournaments`` lists
    their ids). Many lines (or ``;``) carry a result each: :func:`results_command`."""
    lines = result_lines(await call.channel.command_text())
    if len(lines) > 1:
        await results_command(call, lines)
        return
    args, chosen = call.args, None
    if args and args[0].startswith("#"):
        chosen = parse_tournament_id(args[0])
        args = args[1:]
    if not args:
        raise MissingArgument()
    ref = parse_table(args[0])
    told, confirmed = parse_result(args[1:])
    try:
        recorded = await record_result(call.services, call.caller, ref, told, confirmed=confirmed, chosen=chosen)
    except UnknownTableError as error:
        raise NoSuchTableError(**error.params) from None
    except DrawInKnockoutError as error:
        raise WinnerMissingError(level=error.params["level"]) from None
    await call.received()
    await announce_result(call.reply, recorded, call.language, call.services)


async def results_command(call: Invocation, lines: list[str]) -> None:
    """``/result 3 A+ 10; 4 K A+; 5 forfeit left``: many results in one message.

    Each line read and recorded on its own; a line that cannot be read or is refused changes nothing and the others go
    on, all in one transaction, one reply."""
    if len(lines) > MAX_LINES:
        raise TooManyLinesError(limit=MAX_LINES, count=len(lines))
    answers: list[LineAnswer | None] = []
    asked: list[ResultLine] = []
    for line in lines:
        try:
            words = clean_arguments([line], call.spec.max_argument_length, separate=True)
            if not words:
                raise MissingArgument()
            told, confirmed = parse_result(words[1:])
            asked.append(ResultLine(parse_table(words[0]), told, confirmed))
            answers.append(None)
        except GuandanError as error:
            answers.append((line, error))
    done = await record_results(call.services, call.caller, asked)
    results = iter(done.lines)
    shown: list[LineAnswer] = []
    for line, answer in zip(lines, answers, strict=True):
        if answer is not None:
            shown.append(answer)
            continue
        line_done = next(results)
        shown.append((line, line_done.recorded if line_done.recorded is not None else _as_typed(line_done.refused)))
    await _announce_lines(call, done, result_lines_text(shown, call.language),
                          lines_summary(shown, call.language))


def _as_typed(refused: GuandanError | None) -> GuandanError:
    """A line's refusal as the one-line ``/result`` words it."""
    assert refused is not None
    if isinstance(refused, UnknownTableError):
        return NoSuchTableError(**refused.params)
    if isinstance(refused, DrawInKnockoutError):
        return WinnerMissingError(level=refused.params["level"])
    return refused


_ALL_WORDS = frozenset({"all", "全部", "所有", "全部确认"})


async def confirm_command(call: Invocation) -> None:
    """``/confirm 3``: confirm the result the other pair reported.

    ``/confirm 5 6 8`` (several tables at once); ``/confirm all`` (officials: every table of the round waiting for a
    confirmation)."""
    if len(call.args) == 1 and call.args[0].casefold() in _ALL_WORDS:
        done = await confirm_results(call.services, call.caller, None)
        await _announce_lines(call, done, confirmed_lines_text(done, call.language, everything=True),
                              confirmed_summary(done, call.language))
        return
    if len(call.args) > 1:
        refs = [parse_table(arg) for arg in at_most(call.args, MAX_LINES)]
        done = await confirm_results(call.services, call.caller, refs)
        await _announce_lines(call, done, confirmed_lines_text(done, call.language, everything=False),
                              confirmed_summary(done, call.language))
        return
    await _one_table(call, confirm_result)


async def dispute_command(call: Invocation) -> None:
    """``/dispute 3`` (有异议 3): the other pair rejects the report standing at table 3.

    As the Dispute button does; the referees decide."""
    await _one_table(call, dispute_result)


Decision = Callable[[Services, Caller, TableRef], Awaitable[ResultRecorded]]
"""A service deciding one table's standing report: :func:`confirm_result` or :func:`dispute_result`."""


async def _one_table(call: Invocation, decide: Decision) -> None:
    """``/confirm 3`` or ``/dispute 3``: one table's standing report decided, acknowledged, then announced."""
    args = at_most(call.args, 1)
    if not args:
        raise MissingArgument()
    try:
        recorded = await decide(call.services, call.caller, parse_table(args[0]))
    except UnknownTableError as error:
        raise NoSuchTableError(**error.params) from None
    await call.received()
    await announce_result(call.reply, recorded, call.language, call.services)


async def mytable_command(call: Invocation) -> None:
    at_most(call.args, 0)
    await call.reply(text.my_table_text(await my_table(call.services, call.caller), call.language))
