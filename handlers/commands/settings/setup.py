"""``/new``, ``/mode``, ``/set``, ``/settings``, ``/referee``, ``/cancel``: setting a tournament up."""

from __future__ import annotations

from bot.presenters import tournaments as text
from bot.services.roles import Role
from bot.services.tournament.roles import add_referee, list_referees, resolve_referee
from bot.services.tournament.setup import (
    cancel_tournament,
    change_mode,
    change_setting,
    create_tournament,
    settings_view,
)
from bot.tournament.settings import setting_key
from handlers.arguments import MissingArgument, at_most
from handlers.commands.keyboards import signup_buttons
from handlers.commands.tournament_arguments import parse_mode
from handlers.invocation import Invocation


async def new_command(call: Invocation) -> None:
    if not call.args:
        raise MissingArgument()
    created = await create_tournament(call.services, call.caller, " ".join(call.args))
    await call.reply(text.announcement(created.state, call.language), signup_buttons(created.state, call.language))


async def mode_command(call: Invocation) -> None:
    args = at_most(call.args, 1)
    if not args:
        raise MissingArgument()
    changed = await change_mode(call.services, call.caller, parse_mode(args[0]))
    await call.reply(text.mode_changed(changed.state, call.language), signup_buttons(changed.state, call.language))


async def set_command(call: Invocation) -> None:
    args = call.args
    if len(args) < 2:
        raise MissingArgument()
    if len(args) > 2 and not setting_key(args[0]).words:
        at_most(args, 2)
    changed = await change_setting(call.services, call.caller, args[0], " ".join(args[1:]))
    call.timers.apply(changed.jobs)  # the timers of a re-plan, once committed
    await call.reply(text.setting_changed(changed.state, changed.key, changed.value, call.language))


async def settings_command(call: Invocation) -> None:
    at_most(call.args, 0)
    await call.reply(text.settings_text(await settings_view(call.services, call.caller), call.language))


async def referee_command(call: Invocation) -> None:
    args = at_most(call.args, 1)
    mentioned = call.mentioned
    if not args and mentioned is None:
        name, referees = await list_referees(call.services, call.caller)
        await call.reply(text.referees_text(name, referees, call.language))
        return
    await call.services.roles.require(call.caller, Role.ORGANISER)
    replied = mentioned.user if mentioned is not None else None
    target = await resolve_referee(call.services, replied, args[0] if args else None)
    added = await add_referee(call.services, call.caller, target)
    key = "tournament.referee.added" if added.added else "tournament.referee.already"
    await call.reply(call.text(key, name=target.display_name, tournament=added.tournament_name))


async def cancel_command(call: Invocation) -> None:
    cancelled = await cancel_tournament(call.services, call.caller, " ".join(call.args))
    call.timers.apply(cancelled.jobs)
    await call.reply(call.text("tournament.cancelled", name=cancelled.record.name))
