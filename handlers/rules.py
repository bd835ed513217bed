"""Rule questions: ``/rule <question>`` (alias ``/rules``), a group message mentioning the bot, a reply to one of
the bot's messages, and plain text in a private chat.

Who gets an answer when the question is not about the rules: ``/rule``, a mention and a private message were meant
for the bot, so they hear that it is off-topic and which topics there are; a reply to the bot's message in a group
may just be "thanks" to the group, so it is answered only when it finds a rule. No question at all: the topics.
"""

from __future__ import annotations

import re

from telegram import Chat, Message, MessageEntity, Update
from telegram.ext import MessageHandler, filters

from bot.i18n import Language
from bot.presenters.rules import answer_text, topics_text
from bot.rules.answers import ask
from bot.services.chats import language_of
from bot.services.tournament.views import chat_rule_variant
from handlers.arguments import clean_text
from handlers.registry import Invocation, send_text
from handlers.telegram.callers import caller_of
from handlers.telegram.context import BotContext


async def rule_command(call: Invocation) -> None:
    question = " ".join(call.args)
    if not question:
        await call.reply(topics_text(call.language))
        return
    variant = await chat_rule_variant(call.services, call.caller.chat_id)
    await call.reply(answer_text(ask(question, call.language, variant)))


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
    """Private text, or group text that mentions the bot or replies to it (what privacy mode lets a bot see)."""

    def filter(self, message: Message) -> bool:
        if message.chat.type == Chat.PRIVATE:
            return True
        bot = message.get_bot()
        return mentions(message, bot.username, bot.id) or replies_to(message, bot.id)


def question_in(message: Message, username: str) -> str:
    without_mention = re.sub(rf"@{re.escape(username)}(?![A-Za-z0-9_])", " ", message.text or "", flags=re.I)
    return " ".join(clean_text(without_mention).split())


async def on_rule_question(update: Update, context: BotContext) -> None:
    caller, message = caller_of(update), update.effective_message
    if caller is None or message is None:
        return
    services, bot = context.services, context.bot
    language: Language = await language_of(services.storage, caller, services.settings.language)
    question = question_in(message, bot.username)
    if not question:
        await send_text(update, topics_text(language), quote=caller.chat_kind.is_group)
        return
    found = ask(question, language, await chat_rule_variant(services, caller.chat_id))
    if found.off_topic and caller.chat_kind.is_group and not mentions(message, bot.username, bot.id):
        return
    await send_text(update, answer_text(found), quote=caller.chat_kind.is_group)


def rule_question_handler() -> MessageHandler[BotContext, None]:
    return MessageHandler(
        filters.TEXT & ~filters.COMMAND & filters.UpdateType.MESSAGE & _AddressedToBot(), on_rule_question
    )
