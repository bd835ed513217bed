"""``/result``, ``/confirm`` and ``/mytable``, and what the group sees after any result: the result, then (when it
completed a round) the next round's tables, or (after the final, or a correction that changed its ranking) the
champion and the final standings."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.i18n import Language
from bot.presenters import tournament_tables as text
from bot.presenters.match_clock import deferred_posting_text
from bot.richtext import Keyboard
from bot.services import Services
from bot.services.match_clock.timetable import next_round_deferred
from bot.services.tournament.results import ResultKind, ResultRecorded, confirm_result, record_result
from bot.services.tournament.views import my_table
from bot.tournament.bracket import UnknownTableError
from bot.tournament.stages import DrawInKnockoutError
from handlers.arguments import MissingArgument, at_most
from handlers.commands.keyboards import report_buttons
from handlers.commands.tournament_arguments import (
    NoSuchTableError,
    WinnerMissingError,
    parse_result,
    parse_table,
    parse_tournament_id,
)
from handlers.invocation import Invocation
from handlers.long_replies import fits

Send = Callable[[str, Keyboard | None], Awaitable[None]]


async def announce_result(send: Send, recorded: ResultRecorded, lang: Language, services: Services) -> None:
    """The result; then a re-paired Swiss round, the knockout drawn after the groups, the next round's tables, or
    the end — at most four messages: a round with more tables than one message holds is announced
    with where to see them (``/tables`` sends a file), a final ranking too long for one message with the podium and
    a pointer to ``/standings``."""
    await send(text.result_text(recorded, lang), report_buttons(recorded, lang))
    state = recorded.state
    if recorded.repaired_round is not None:
        repaired = text.repaired_text(state, recorded.repaired_round, lang)
        await send(repaired if fits(repaired) else text.repaired_summary(state, recorded.repaired_round, lang), None)
    if recorded.started_round is not None and not recorded.finished_now:
        if state.event is not None and state.bracket is not None and recorded.started_round == state.event.rounds + 1:
            await send(text.knockout_drawn_text(state, lang), None)
        # A next round with a start time still ahead of its reminder gets its tables with that reminder.
        deferred = await next_round_deferred(services, state.tournament_id, recorded.started_round)
        posting = text.round_text(state, recorded.started_round, lang) if deferred is None \
            else deferred_posting_text(deferred, lang)
        await send(posting if fits(posting) else text.round_summary(state, recorded.started_round, lang), None)
    if recorded.finished_now:
        finished = text.final_text(state, lang)
        await send(finished if fits(finished) else text.final_summary(state, lang), None)
    elif recorded.kind is ResultKind.CORRECTED and recorded.podium_changed:
        finished = text.final_text(state, lang, corrected=True)
        await send(finished if fits(finished) else text.final_summary(state, lang, corrected=True), None)


async def result_command(call: Invocation) -> None:
    """``/result <table> …``; ``/result #<id> <round>-<table> …`` corrects a table of an earlier tournament of the
    group (``/tournaments`` lists their ids)."""
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


async def confirm_command(call: Invocation) -> None:
    args = at_most(call.args, 1)
    if not args:
        raise MissingArgument()
    try:
        recorded = await confirm_result(call.services, call.caller, parse_table(args[0]))
    except UnknownTableError as error:
        raise NoSuchTableError(**error.params) from None
    await call.received()
    await announce_result(call.reply, recorded, call.language, call.services)


async def mytable_command(call: Invocation) -> None:
    at_most(call.args, 0)
    await call.reply(text.my_table_text(await my_table(call.services, call.caller), call.language))
