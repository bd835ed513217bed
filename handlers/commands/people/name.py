"""``/name <name>`` (alias 改名): the name the bot shows for the caller, on any platform (``bot.services.names``)."""

from __future__ import annotations

from bot.services.names import NameForWhomError, choose_name
from handlers.invocation import Invocation


async def name_command(call: Invocation) -> None:
    if not call.args:
        person = call.caller.person
        if person is None:
            raise NameForWhomError()
        await call.reply(call.text("names.current", name=person.display_name) + "\n" + call.text(call.spec.usage_key))
        return
    name = await choose_name(call.services, call.caller, " ".join(call.args))
    await call.reply(call.text("names.chosen", name=name))
