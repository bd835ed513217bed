"""``/result`` and ``/confirm``, and what the group sees after any result: the result, then (when it completed a
round) the next round's tables, or (after the final) the champion and the final standings."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.i18n import Language
from bot.presenters import tournament_tables as text
from bot.presenters.match_clock import deferred_posting_text
from bot.richtext import Keyboard
from bot.services import Services
from bot.services.match_clock.timetable import next_round_deferred
from bot.services.tournament.results import ResultRecorded, confirm_result, record_result
from bot.tournament.boards import DrawInKnockoutError
from bot.tournament.bracket import UnknownTableError
from handlers.arguments import MissingArgument, at_most
from handlers.invocation import Invocation
from handlers.tournament_arguments import NoSuchTableError, WinnerMissingError, parse_result, parse_table
from handlers.tournament_keyboards import report_buttons

Send = Callable[[str, Keyboard | None], Awaitable[None]]


async def announce_result(send: Send, recorded: ResultRecorded, lang: Language, services: Services) -> None:
    await send(text.result_text(recorded, lang), report_buttons(recorded, lang))
    state = recorded.state
    if recorded.repaired_round is not None:
        await send(text.repaired_text(state, recorded.repaired_round, lang), None)
    if recorded.started_round is not None and not recorded.finished_now:
        if state.event is not None and state.bracket is not None and recorded.started_round == state.event.rounds + 1:
            await send(text.knockout_drawn_text(state, lang), None)
        # A next round with a start time still ahead of its reminder gets its tables with that reminder.
        deferred = await next_round_deferred(services, state.tournament_id, recorded.started_round)
        posting = text.round_text(state, recorded.started_round, lang) if deferred is None \
            else deferred_posting_text(deferred, lang)
        await send(posting, None)
    if recorded.finished_now:
        await send(text.final_text(state, lang), None)


async def result_command(call: Invocation) -> None:
    if not call.args:
        raise MissingArgument()
    ref, outcome = parse_table(call.args[0]), parse_result(call.args[1:])
    try:
        recorded = await record_result(call.services, call.caller, ref, outcome)
    except UnknownTableError as error:
        raise NoSuchTableError(**error.params) from None
    except DrawInKnockoutError as error:
        raise WinnerMissingError(level=error.params["level"]) from None
    await announce_result(call.reply, recorded, call.language, call.services)


async def confirm_command(call: Invocation) -> None:
    args = at_most(call.args, 1)
    if not args:
        raise MissingArgument()
    try:
        recorded = await confirm_result(call.services, call.caller, parse_table(args[0]))
    except UnknownTableError as error:
        raise NoSuchTableError(**error.params) from None
    await announce_result(call.reply, recorded, call.language, call.services)
