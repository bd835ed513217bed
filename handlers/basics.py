"""``/start`` and ``/help``: what the bot does and the commands the caller may use here."""

from __future__ import annotations

from bot.services.roles import Role
from handlers.arguments import at_most
from handlers.invocation import Invocation
from handlers.registry import Audience, CommandSpec


def _line(call: Invocation, spec: CommandSpec) -> str:
    names = " ".join(f"/{name}" for name in spec.names)
    return f"{names} — {call.text(spec.description_key)}"


async def help_text(call: Invocation) -> str:
    table = call.commands
    kind = call.caller.chat_kind
    organiser = await call.services.roles.has(call.caller, Role.ORGANISER)
    lines = [call.text("help.title"), call.text("help.intro"), ""]
    if call.caller.is_private:
        lines += [call.text("help.private_hint"), "", call.text("help.commands")]
        lines += [_line(call, spec) for spec in table.visible(kind, organiser=True)]
        return "\n".join(lines)
    lines.append(call.text("help.commands"))
    lines += [_line(call, spec) for spec in table.visible(kind, organiser=False)]
    extra = [spec for spec in table.visible(kind, organiser=organiser) if spec.audience is Audience.ORGANISER]
    if extra:
        lines += ["", call.text("help.organiser_commands")]
        lines += [_line(call, spec) for spec in extra]
    return "\n".join(lines)


async def start_command(call: Invocation) -> None:
    # A deep link may carry one payload word (t.me/bot?start=xyz); it is accepted and not used yet.
    at_most(call.args, 1)
    await call.reply(call.text("help.greeting") + "\n\n" + await help_text(call))


async def help_command(call: Invocation) -> None:
    at_most(call.args, 0)
    await call.reply(await help_text(call))
