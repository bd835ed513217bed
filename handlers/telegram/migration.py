"""A group upgraded to a supergroup gets a new chat id: its settings and rows follow it."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import MessageHandler, filters

from bot.services.chats import move_chat
from handlers.telegram.context import BotContext

log = logging.getLogger(__name__)


async def on_migration(update: Update, context: BotContext) -> None:
    """Telegram posts the move in both chats (``migrate_to_chat_id`` in the old one, ``migrate_from_chat_id`` in
    the new one); whichever arrives first moves the rows, the other finds nothing left to do."""
    message = update.effective_message
    if message is None:
        return
    if message.migrate_to_chat_id:
        old, new = message.chat.id, message.migrate_to_chat_id
    elif message.migrate_from_chat_id:
        old, new = message.migrate_from_chat_id, message.chat.id
    else:
        return
    services = context.services
    if await move_chat(services.storage, old, new, services.clock(), claim=context.claim):
        log.info("chat %s moved to %s", old, new)
    services.roles.forget_chat(old)


def migration_handler() -> MessageHandler[BotContext, None]:
    return MessageHandler(filters.StatusUpdate.MIGRATE, on_migration)
