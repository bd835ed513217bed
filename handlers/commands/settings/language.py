"""``/lang zh|en``: the chat's language (organisers in groups, anyone in a private chat)."""

from __future__ import annotations

from bot.errors import UsageError
from bot.i18n import Language, t
from bot.services.chats import choose_language
from handlers.arguments import at_most
from handlers.invocation import Invocation


class UnknownLanguage(UsageError):
    key = "lang.unknown"


async def lang_command(call: Invocation) -> None:
    args = at_most(call.args, 1)
    if not args:
        current = call.text(f"lang.name.{call.language.value}")
        await call.reply(call.text("lang.current", language=current) + "\n" + call.text(call.spec.usage_key))
        return
    try:
        language = Language.parse(args[0])
    except ValueError:
        raise UnknownLanguage(value=args[0]) from None
    await choose_language(call.services, call.caller, language)
    # Answered in the language just chosen, so the group sees the change at once.
    await call.reply(t("lang.changed", language, language=t(f"lang.name.{language.value}", language)))
