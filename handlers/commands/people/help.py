"""``/start`` and ``/help``: what the bot does and the commands the caller may use.

What the bot does and the commands the caller may use here; ``/help <command>`` (or ``帮助 成绩``: a Chinese verb names
its command) explains one command with examples."""

from __future__ import annotations

from bot.i18n import command_text, has, t
from bot.richtext import escape
from bot.services.platform_ids import Platform, platform_of_chat
from bot.services.roles import Role
from handlers.arguments import at_most
from handlers.invocation import Invocation
from handlers.registry import Audience, CommandSpec, unknown_command_text
from handlers.verbs import VERBS


def _line(call: Invocation, spec: CommandSpec) -> str:
    if _on_wecom(call):
        # WeCom people type the Chinese verb after the bot's @-mention in a group (alone in a private chat:
        # ``bot.i18n.CommandWords``); slash commands and pinyin aliases are Telegram's menu, shown only for a
        # command without a verb.
        return f"{escape(command_text('/' + spec.name, call.language))} — {call.text(spec.description_key)}"
    names = " ".join(f"/{name}" for name in spec.names)
    return f"{names} — {call.text(spec.description_key)}"


def _on_wecom(call: Invocation) -> bool:
    return platform_of_chat(call.caller.chat_id) is Platform.WECOM


async def help_text(call: Invocation) -> str:
    table = call.commands
    kind = call.caller.chat_kind
    organiser = await call.services.roles.has(call.caller, Role.ORGANISER)
    lines = [call.text("help.title"), call.text("help.intro"), ""]
    if _on_wecom(call):
        lines += [call.text("help.wecom_private" if call.caller.is_private else "help.wecom_group"), ""]
    if call.caller.is_private:
        lines += [call.text("help.private_hint"), "", call.text("help.commands")]
        lines += [_line(call, spec) for spec in table.visible(kind, organiser=True)]
        return "\n".join([*lines, "", call.text("help.one_command_wecom" if _on_wecom(call) else "help.one_command")])
    lines.append(call.text("help.commands"))
    lines += [_line(call, spec) for spec in table.visible(kind, organiser=False)]
    extra = [spec for spec in table.visible(kind, organiser=organiser) if spec.audience is Audience.ORGANISER]
    if extra:
        lines += ["", call.text("help.organiser_commands")]
        lines += [_line(call, spec) for spec in extra]
    return "\n".join([*lines, "", call.text("help.one_command_wecom" if _on_wecom(call) else "help.one_command")])


async def start_command(call: Invocation) -> None:
    # A deep link may carry one payload word (t.me/bot?start=xyz); it is accepted and not used yet.
    at_most(call.args, 1)
    await call.reply(call.text("help.greeting") + "\n" + call.text("help.switch_language") + "\n\n"
                     + await help_text(call))


def command_help(call: Invocation, spec: CommandSpec) -> str:
    """One command: its names and what it does, its usage, and examples where the catalog has them."""
    # WeCom people type the verb (or the command after the mention): Telegram's pinyin aliases are not shown there.
    aliases = "" if _on_wecom(call) else " ".join(f"/{name}" for name in spec.aliases)
    lines = [call.text("help.command.title", name=command_text("/" + spec.name, call.language),
                       description=t(spec.description_key, call.language),
                       aliases=call.text("help.command.aliases", names=aliases) if aliases else "")]
    if has(spec.usage_key, call.language):
        lines.append(t(spec.usage_key, call.language))
    examples = f"commands.examples.{spec.name}"
    if has(examples, call.language):
        lines += ["", call.text("help.command.examples"), t(examples, call.language)]
    return "\n".join(lines)


async def help_command(call: Invocation) -> None:
    args = at_most(call.args, 1)
    if not args:
        await call.reply(await help_text(call))
        return
    name = args[0].removeprefix("/").split("@", 1)[0]
    spec = call.commands.find(VERBS.get(name, name))  # 帮助 成绩: a verb names its command
    if spec is None or not spec.listed:
        await call.reply(unknown_command_text(call.commands, name, call.language))
        return
    await call.reply(command_help(call, spec))
