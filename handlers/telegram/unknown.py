"""A command nobody registered: "did you mean /result?" when it is one typo from a known command, else a pointer to
/help; and commands typed with a full-width slash (``／result 2 A+ 10``), which Telegram delivers as plain text."""

from __future__ import annotations

from telegram import Message, MessageEntity, Update
from telegram.ext import MessageHandler, filters

from bot.services.chats import language_of
from handlers.registry import command_name_in, typed_command, unknown_command_text
from handlers.telegram.callers import caller_of
from handlers.telegram.commands import run_command
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


def for_another_bot(text: str, bot_username: str) -> bool:
    """``/cmd@otherbot``: never ours to answer."""
    command = text.split(maxsplit=1)[0] if text.strip() else ""
    return "@" in command and command.split("@", 1)[1].lower() != bot_username.lower()


TYPO_REACH_UNADDRESSED = 1
"""In a group, a plain ``/cmd`` may be another bot's: only a one-edit typo of ours (``/reslut``) is answered."""


async def answer_unknown(update: Update, context: BotContext, name: str, *, addressed: bool) -> None:
    """Answer ``/name``: always when it was ``addressed`` to the bot; in a group otherwise only when it is one typo
    away from one of our commands (a plain ``/cmd`` nobody here knows may belong to another bot)."""
    caller = caller_of(update)
    if caller is None:
        return
    if not addressed and context.commands.closest(name, reach=TYPO_REACH_UNADDRESSED) is None:
        return
    services = context.services
    language = await language_of(services.storage, caller, services.settings.language)
    await send_text(update, unknown_command_text(context.commands, name, language), quote=caller.chat_kind.is_group)


def unknown_name(message: Message) -> str:
    """The command's name as Telegram marked it (``/reslut。`` → ``reslut``), else the first word's."""
    text = message.text or ""
    entity = message.entities[0] if message.entities else None
    if entity is not None and entity.type == MessageEntity.BOT_COMMAND and entity.offset == 0:
        return text[1:entity.length].split("@", 1)[0].lower()
    return command_name_in(text) or ""


async def on_unknown_command(update: Update, context: BotContext, name: str | None = None) -> None:
    """``name``: the command written after a mention (already known to be addressed to the bot)."""
    if name is not None:
        await answer_unknown(update, context, name, addressed=True)
        return
    message = update.effective_message
    if message is None or message.text is None or for_another_bot(message.text, context.bot.username):
        return
    addressed = addressed_to_bot(update, context.bot.username)
    await answer_unknown(update, context, unknown_name(message), addressed=addressed)


def unknown_command_handler() -> MessageHandler[BotContext, None]:
    async def on_command(update: Update, context: BotContext) -> None:
        await on_unknown_command(update, context)

    return MessageHandler(filters.COMMAND & filters.UpdateType.MESSAGE, on_command)


class _TypedCommand(filters.MessageFilter):
    """Text that is a command once cleaned (``／ｒｅｓｕｌｔ``) although Telegram did not mark it as one."""

    def filter(self, message: Message) -> bool:
        return typed_command(message.text) is not None


async def on_typed_command(update: Update, context: BotContext) -> None:
    message = update.effective_message
    typed = typed_command(message.text if message is not None else None)
    caller = caller_of(update, context.claim)
    if typed is None or caller is None:
        return
    bot_username = context.bot.username
    if typed.addressee and typed.addressee.lower() != bot_username.lower():
        return
    spec = context.commands.find(typed.name)
    if spec is None:
        # Nobody else reads a full-width command as theirs: it is answered like one addressed to the bot.
        await answer_unknown(update, context, typed.name, addressed=True)
        return
    await run_command(spec, update, context, typed.args)


def typed_command_handler() -> MessageHandler[BotContext, None]:
    """Before the rule questions: a private ``／help`` is a command, not a question."""
    return MessageHandler(filters.TEXT & ~filters.COMMAND & filters.UpdateType.MESSAGE & _TypedCommand(),
                          on_typed_command)
