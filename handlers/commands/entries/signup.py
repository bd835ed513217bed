"""``/signup``, ``/accept``, ``/withdraw``, ``/entries``: sign-up before the draw."""

from __future__ import annotations

from bot.errors import UsageError
from bot.i18n import command_text
from bot.presenters import tournaments as text
from bot.presenters.pair_changes import late_entry_text, pair_changed_text
from bot.richtext import escape
from bot.services.roles import Role
from bot.services.tournament.pair_changes import (
    SwissOnlyError,
    reinstate_after_draw,
    swap,
    withdraw_after_draw,
)
from bot.services.tournament.signup import Accepted, Invited, SignedUp, accept, sign_up, withdraw
from bot.services.tournament.views import entries_view
from bot.tournament.registration import AlreadyDrawnError
from handlers.arguments import MissingArgument, at_most
from handlers.commands.keyboards import accept_buttons
from handlers.commands.results.results import announce_result
from handlers.commands.tournament_arguments import is_confirmation, parse_signup, username_of
from handlers.invocation import Acknowledgement, Invocation
from handlers.long_replies import reply_or_file


class NamesForOrganisersError(UsageError):
    key = "signup.names_for_organisers"


async def signup_command(call: Invocation) -> None:
    request = parse_signup(call.args, call.mentioned)
    gender = request.gender
    if len(request.names) == 1 and gender is not None and not await call.services.roles.has(call.caller,
                                                                                          Role.ORGANISER):
        # Most likely the person's own name (/signup 女 刘奶奶): show how to sign oneself up.
        raise NamesForOrganisersError(refusal=call.text("roles.not_organiser"),
                                      example=command_text("/signup " + call.text(f"entries.gender.{gender.value}"),
                                                           call.language))
    result = await sign_up(call.services, call.caller, request)
    if isinstance(result, SignedUp) and result.late_from_round is not None:
        await call.reply(late_entry_text(result, call.language))
        return
    if isinstance(result, Invited):
        await call.reply(text.invited(result, call.language), accept_buttons(result, call.language))
    else:
        await acknowledge_signup(call, result)


async def acknowledge_signup(call: Invocation, result: SignedUp | Accepted) -> None:
    """The sign-up's answer.

    One that only says "you are in" may be gathered with the chat's other sign-ups (``Invocation.acknowledge``). A place
    on the waiting list is news for the person: always said on its own."""
    answer = text.signed_up(result, call.language)
    if result.waiting_position is not None:
        await call.reply(answer)
        return
    await call.acknowledge(Acknowledgement(answer, "signup", escape(result.entry.name),
                                           text.counts(result.state, call.language)))


async def accept_command(call: Invocation) -> None:
    args = at_most(call.args, 1)
    inviter = username_of(args[0]) if args else None
    accepted = await accept(call.services, call.caller, inviter_username=inviter)
    await acknowledge_signup(call, accepted)


async def withdraw_command(call: Invocation) -> None:
    """Before the draw: an entry withdraws.

    After the draw of a Swiss tournament: a pair leaves (退赛) and its open table is a walkover for the opponents."""
    name = " ".join(call.args) or None
    try:
        withdrawn = await withdraw(call.services, call.caller, name)
    except AlreadyDrawnError as drawn:
        try:
            changed = await withdraw_after_draw(call.services, call.caller, name)
        except SwissOnlyError as refused:
            if refused.params.get("format") == "knockout":  # a knockout's entries: the refusal it always gave
                raise drawn from None
            raise
        await call.reply(pair_changed_text(changed, call.language))
        if changed.walkover is not None:
            await announce_result(call.reply, changed.walkover, call.language, call.services)
        return
    await call.reply(text.withdrawn(withdrawn, call.language))


async def reinstate_command(call: Invocation) -> None:
    """``/reinstate <name or number>``: a withdrawn pair plays again from the next round paired."""
    if not call.args:
        raise MissingArgument()
    changed = await reinstate_after_draw(call.services, call.caller, " ".join(call.args))
    await call.reply(pair_changed_text(changed, call.language))


async def swap_command(call: Invocation) -> None:
    """``/swap <pair> <pair> [confirm]``: two pairs exchange their places in the current round."""
    args = call.args
    confirmed = bool(args) and is_confirmation(args[-1])
    if confirmed:
        args = args[:-1]
    if len(args) < 2:
        raise MissingArgument()
    at_most(args, 2)
    changed = await swap(call.services, call.caller, args[0], args[1], confirmed=confirmed)
    await call.reply(pair_changed_text(changed, call.language))


async def entries_command(call: Invocation) -> None:
    at_most(call.args, 0)
    state = (await entries_view(call.services, call.caller)).state
    await reply_or_file(call, text.entries_text(state, call.language), text.entries_text(state, call.language, None),
                        file_name="entries.txt", summary=text.entries_summary(state, call.language))
