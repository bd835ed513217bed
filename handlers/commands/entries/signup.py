"""``/signup``, ``/accept``, ``/withdraw``, ``/entries``: sign-up before the draw."""

from __future__ import annotations

from bot.errors import UsageError
from bot.presenters import tournaments as text
from bot.richtext import escape
from bot.services.roles import Role
from bot.services.tournament.signup import Accepted, Invited, SignedUp, accept, sign_up, withdraw
from bot.services.tournament.views import entries_view
from handlers.arguments import at_most
from handlers.commands.keyboards import accept_buttons
from handlers.commands.tournament_arguments import parse_signup, username_of
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
                                      example="/signup " + call.text(f"entries.gender.{gender.value}"))
    result = await sign_up(call.services, call.caller, request)
    if isinstance(result, Invited):
        await call.reply(text.invited(result, call.language), accept_buttons(result, call.language))
    else:
        await acknowledge_signup(call, result)


async def acknowledge_signup(call: Invocation, result: SignedUp | Accepted) -> None:
    """The sign-up's answer; one that only says "you are in" may be gathered with the chat's other sign-ups
    (``Invocation.acknowledge``). A place on the waiting list is news for the person: always said on its own."""
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
    name = " ".join(call.args) or None
    await call.reply(text.withdrawn(await withdraw(call.services, call.caller, name), call.language))


async def entries_command(call: Invocation) -> None:
    at_most(call.args, 0)
    state = (await entries_view(call.services, call.caller)).state
    await reply_or_file(call, text.entries_text(state, call.language), text.entries_text(state, call.language, None),
                        file_name="entries.txt", summary=text.entries_summary(state, call.language))
