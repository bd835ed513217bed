"""A command nobody registered, addressed to this bot: point to /help."""

from __future__ import annotations

from telegram import Update
from telegram.ext import MessageHandler, filters

from bot.i18n import t
from bot.richtext import escape
from bot.services.chats import language_of
from handlers.registry import command_name_in
from handlers.telegram.callers import caller_of
from handlers.telegram.context import BotContext
from handlers.telegram.replies import send_text


def addressed_to_bot(update: Update, bot_username: str) -> bool:
    """In a private chat every command is; in a group only ``/cmd@thisbot`` or a reply to the bot's message
    (another bot in the group may own a plain ``/cmd``)."""
    message = update.effective_message
    if message is None or message.text is None:
        return False
    if message.chat.type == message.chat.PRIVATE:
        return True
    command = message.text.split(maxsplit=1)[0]
    if "@" in command:
        return command.split("@", 1)[1].lower() == bot_username.lower()
    replied = message.reply_to_message
    return replied is not None and replied.from_user is not None and replied.from_user.username == bot_username


async def on_unknown_command(update: Update, context: BotContext, name: str | None = None) -> None:
    """``name``: the command written after a mention (already known to be addressed to the bot)."""
    caller = caller_of(update)
    message = update.effective_message
    if caller is None or message is None or (name is None and not addressed_to_bot(update, context.bot.username)):
        return
    services = context.services
    language = await language_of(services.storage, caller, services.settings.language)
    name = name if name is not None else command_name_in(message.text) or ""
    await send_text(update, t("registry.unknown", language, command=escape(name[:40])),
                    quote=caller.chat_kind.is_group)


def unknown_command_handler() -> MessageHandler[BotContext, None]:
    async def on_command(update: Update, context: BotContext) -> None:
        await on_unknown_command(update, context)

    return MessageHandler(filters.COMMAND & filters.UpdateType.MESSAGE, on_command)
