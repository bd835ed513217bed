"""Rule questions: ``/rule <question>`` (alias ``/rules``), and a question put to the bot in plain text.

Who gets an answer when the question is not about the rules: ``/rule``, a mention and a private message were meant
for the bot, so they hear that it is off-topic and which topics there are; a reply to the bot's message in a group
may just be "thanks" to the group, so it is answered only when it finds a rule. No question at all: the topics.
In a chat whose tournament has a notice (``/notice``), its articles answer first (``bot.rules.answers``).
When plain text is a question (mentions, replies, private chats) is read once for every platform
(``handlers.reading``); what is answered is decided here.
"""

from __future__ import annotations

from bot.presenters.rules import answer_text, topics_text
from bot.rules.answers import ask
from bot.services import Services
from bot.services.caller import Caller
from bot.services.chats import language_of
from bot.services.tournament.notice import rule_context
from handlers.invocation import Channel, Invocation


async def rule_command(call: Invocation) -> None:
    question = " ".join(call.args)
    if not question:
        await call.reply(topics_text(call.language))
        return
    context = await rule_context(call.services, call.caller.chat_id, call.caller.claim)
    await call.reply(answer_text(ask(question, call.language, context.variant, notice=context.notice,
                                     time_limit=context.minutes)))


async def answer_question(services: Services, caller: Caller, question: str, channel: Channel, *,
                          addressed: bool) -> None:
    """A question in plain text.

    ``addressed``: the bot was named or spoken to privately, so an off-topic question is still answered (with the
    topics)."""
    language = await language_of(services.storage, caller, services.settings.language)
    if not question:
        await channel.reply(topics_text(language))
        return
    context = await rule_context(services, caller.chat_id, caller.claim)
    found = ask(question, language, context.variant, notice=context.notice, time_limit=context.minutes)
    if found.off_topic and not addressed:
        return
    await channel.reply(answer_text(found))
