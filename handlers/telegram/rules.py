"""Rule questions in plain text on Telegram: a group message mentioning the bot, a reply to one of the bot's
messages, and any text in a private chat (what privacy mode lets a bot see). What is answered:
``handlers.rules.answer_question``. In a private chat or after a mention, a Chinese verb or a ``/command`` runs the
command instead (``handlers.verbs``)."""

from __future__ import annotations

from telegram import Chat, Message, MessageEntity, Update
from telegram.ext import MessageHandler, filters

from handlers.arguments import clean_text
from handlers.rules import answer_question
from handlers.telegram.callers import caller_of
from handlers.telegram.commands import TelegramChannel, run_command, without_mention
from handlers.telegram.context import BotContext
from handlers.telegram.unknown import on_unknown_command
from handlers.verbs import written_command


def mentions(message: Message, username: str, bot_id: int) -> bool:
    found = message.parse_entities([MessageEntity.MENTION, MessageEntity.TEXT_MENTION])
    return any(
        (entity.type == MessageEntity.MENTION and text.casefold() == f"@{username}".casefold())
        or (entity.user is not None and entity.user.id == bot_id)
        for entity, text in found.items()
    )


def replies_to(message: Message, bot_id: int) -> bool:
    replied = message.reply_to_message
    return replied is not None and replied.from_user is not None and replied.from_user.id == bot_id


class _AddressedToBot(filters.MessageFilter):
    """Private text, or group text that mentions the bot or replies to it."""

    def filter(self, message: Message) -> bool:
        if message.chat.type == Chat.PRIVATE:
            return True
        bot = message.get_bot()
        return mentions(message, bot.username, bot.id) or replies_to(message, bot.id)


def question_in(message: Message, username: str) -> str:
    return " ".join(clean_text(without_mention(message.text or "", username)).split())


async def on_rule_question(update: Update, context: BotContext) -> None:
    """A verb or ``/command`` after a mention (or in a private chat) runs that command (``handlers.verbs``); any
    other text is a rule question."""
    caller, message = caller_of(update), update.effective_message
    if caller is None or message is None:
        return
    bot = context.bot
    group = caller.chat_kind.is_group
    addressed = not group or mentions(message, bot.username, bot.id)
    question = question_in(message, bot.username)
    written = written_command(question) if addressed else None
    if written is not None:
        spec = context.commands.find(written.name)
        if spec is None:
            await on_unknown_command(update, context, written.name)
        else:
            await run_command(spec, update, context, written.args)
        return
    await answer_question(context.services, caller, question, TelegramChannel(update, context, quote=group),
                          addressed=addressed)


def rule_question_handler() -> MessageHandler[BotContext, None]:
    return MessageHandler(
        filters.TEXT & ~filters.COMMAND & filters.UpdateType.MESSAGE & _AddressedToBot(), on_rule_question
    )
