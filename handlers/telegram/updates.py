"""Telegram's updates handed to the front door (``handlers.dispatch``).

One ``MessageHandler`` for every new message, one ``CallbackQueryHandler`` for every press, the chat-migration notice,
and a last handler for every other update.

Each reads the update into the dispatcher's neutral values — an :class:`~handlers.dispatch.Arrival` (the update id,
its sender and chat, the people it shows) and, for a message, an :class:`~handlers.dispatch.Incoming` (the text or a
file's caption, the command Telegram marked, whether it names or replies to the bot, whom it points at) — and
sends what the dispatcher gives its channel. A forged update (``handlers.telegram.forged``) gets no answer and
leaves nothing stored. Everything else — admitting once, reading, running, failing, recording — is the
dispatcher's, the same as on WeCom and in the console.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Chat, Message, MessageEntity, Update
from telegram.error import TelegramError
from telegram.ext import BaseHandler, CallbackQueryHandler, MessageHandler, TypeHandler, filters

from bot.services.chats import move_chat
from handlers.dispatch import Addressing, Admitted, Arrival, Incoming
from handlers.telegram.buttons import TelegramPressChannel
from handlers.telegram.callers import caller_of, people_of
from handlers.telegram.commands import TelegramChannel, mentioned_in
from handlers.telegram.context import BotContext
from handlers.telegram.delivery import LedgerUpdateProcessor
from handlers.telegram.forged import forgery

log = logging.getLogger(__name__)


def _ledger_callback(context: BotContext) -> Callable[[int], None] | None:
    # Once the update is recorded, polling may confirm it even while its reply is still being retried.
    processor = context.application.update_processor
    return processor.ledger.handled if isinstance(processor, LedgerUpdateProcessor) else None


def arrival_of(update: Update, context: BotContext) -> Arrival | None:
    """The update as the dispatcher admits it; ``None`` for a forged one."""
    reason = forgery(update, context.bot.id)
    if reason is not None:
        log.info("update %s refused: %s", update.update_id, reason)
        return None
    return Arrival(caller_of(update), update.update_id, people_of(update), _ledger_callback(context))


def mentions(message: Message, username: str, bot_id: int) -> bool:
    """The message names the bot: ``@username``, or a mention of the bot's account."""
    found = message.parse_entities([MessageEntity.MENTION, MessageEntity.TEXT_MENTION])
    return any(
        (entity.type == MessageEntity.MENTION and text.casefold() == f"@{username}".casefold())
        or (entity.user is not None and entity.user.id == bot_id)
        for entity, text in found.items()
    )


def replies_to(message: Message, username: str, bot_id: int) -> bool:
    replied = message.reply_to_message
    author = None if replied is None else replied.from_user
    return author is not None and (author.id == bot_id or author.username == username)


def marked_length(message: Message) -> int | None:
    """The length of the ``bot_command`` Telegram marked at the start of the text, if any."""
    entities = message.entities
    if message.text is None or not entities or entities[0].type != MessageEntity.BOT_COMMAND \
            or entities[0].offset != 0:
        return None
    return entities[0].length


def incoming_of(update: Update, context: BotContext, arrival: Arrival, message: Message) -> Incoming | None:
    """A new message with text, or with a file and its caption.

    ``None`` for one without either (a photo, a sticker, a member joining: admitted and recorded, not read)."""
    if message.text is None and message.document is None:
        return None
    bot = context.bot
    text = message.text if message.text is not None else message.caption or ""
    addressing = Addressing(
        private=message.chat.type == Chat.PRIVATE, names_bot=mentions(message, bot.username, bot.id),
        replies_to_bot=replies_to(message, bot.username, bot.id), bot_username=bot.username, other_bots=True,
        marks_commands=True)
    sender = None if arrival.caller is None else arrival.caller.user_id
    return Incoming(arrival, text, addressing, mentioned_in(update, sender), with_file=message.text is None,
                    marked_length=marked_length(message))


async def on_message(update: Update, context: BotContext) -> None:
    arrival = arrival_of(update, context)
    message = update.effective_message
    if arrival is None or message is None:
        return
    incoming = incoming_of(update, context, arrival, message)
    if incoming is None or arrival.caller is None:
        await context.dispatcher.other(arrival)
        return
    channel = TelegramChannel(update, context, quote=arrival.caller.chat_kind.is_group)
    await context.dispatcher.message(incoming, channel)


async def on_press(update: Update, context: BotContext) -> None:
    arrival = arrival_of(update, context)
    query = update.callback_query
    if arrival is None or query is None:
        return
    chat = update.effective_chat
    quiet = context.bot_data.quiet is not None and chat is not None and chat.type in (chat.GROUP, chat.SUPERGROUP)
    channel = TelegramPressChannel(update, quiet=quiet)
    note = await context.dispatcher.press(arrival, query.data, channel)
    if note is None:
        return
    try:
        await query.answer(note.text, show_alert=note.alert)
    except TelegramError:
        log.info("update %s: the press could not be answered (too old?)", update.update_id)
    await channel.finish()


async def on_migration(update: Update, context: BotContext) -> None:
    """A group upgraded to a supergroup gets a new chat id: its settings and rows follow it.

    Telegram posts the move in both chats (``migrate_to_chat_id`` in the old one, ``migrate_from_chat_id`` in the new
    one); whichever arrives first moves the rows, the other finds nothing left to do."""
    arrival = arrival_of(update, context)
    message = update.effective_message
    if arrival is None or message is None:
        return
    if message.migrate_to_chat_id:
        old, new = message.chat.id, message.migrate_to_chat_id
    elif message.migrate_from_chat_id:
        old, new = message.migrate_from_chat_id, message.chat.id
    else:
        return
    services = context.dispatcher.services

    async def move(admitted: Admitted) -> None:
        if await move_chat(services.storage, old, new, services.clock(), claim=admitted.claim):
            log.info("chat %s moved to %s", old, new)
        services.roles.forget_chat(old)

    await context.dispatcher.other(arrival, move)


async def on_other(update: Update, context: BotContext) -> None:
    """Any other update (an edit, a member update, a channel post).

    Admitted (its chat and people remembered) and recorded, nothing answered."""
    arrival = arrival_of(update, context)
    if arrival is not None:
        await context.dispatcher.other(arrival)


def update_handlers() -> list[BaseHandler[Update, BotContext, None]]:
    """In the order PTB tries them (the first that matches handles the update)."""
    return [
        MessageHandler(filters.StatusUpdate.MIGRATE, on_migration),
        MessageHandler(filters.UpdateType.MESSAGE, on_message),
        CallbackQueryHandler(on_press),
        TypeHandler(Update, on_other),
    ]
