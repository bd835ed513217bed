"""The one error handler, for what the front door could not answer.

The dispatcher (``handlers.dispatch``) answers every failure of a message or a press itself: a refusal with its
text, anything else with an apology. What reaches PTB's error handler is what it could not answer: a chat that moved
to a supergroup (its rows follow it), an answer Telegram refused (the apology would be refused too: logged), and
errors outside any update (a dropped long poll, a webhook set while polling). No later handler runs for the update.
"""

from __future__ import annotations

import logging

from telegram import Update
from telegram.error import BadRequest, ChatMigrated, Conflict, Forbidden, NetworkError, TelegramError
from telegram.ext import ApplicationHandlerStop

from bot.i18n import t
from bot.services.chats import move_chat
from handlers.telegram.context import BotContext

log = logging.getLogger(__name__)


async def on_error(update: object, context: BotContext) -> None:
    error = context.error
    update_id = update.update_id if isinstance(update, Update) else None
    if isinstance(error, ChatMigrated) and isinstance(update, Update) and update.effective_chat is not None:
        services = context.dispatcher.services
        await move_chat(services.storage, update.effective_chat.id, error.new_chat_id, services.clock())
        log.info("update %s: chat %s moved to %s", update_id, update.effective_chat.id, error.new_chat_id)
        raise ApplicationHandlerStop
    if not isinstance(update, Update):
        if isinstance(error, Conflict):
            # 409 to getUpdates: a webhook was set while polling (or another process polls with this token).
            log.warning(t("run.polling_conflict", context.services.settings.language, error=str(error)))
        elif isinstance(error, NetworkError) and not isinstance(error, BadRequest):
            # A dropped long poll or a network hiccup: PTB polls again by itself.
            log.warning("network error outside an update (polling goes on): %s", error)
        else:
            log.error("error outside an update", exc_info=error)
        return
    if isinstance(error, Forbidden):
        log.info("update %s: the bot may no longer write in this chat", update_id)
    elif isinstance(error, TelegramError):
        log.error("update %s: the answer failed", update_id, exc_info=error)
    else:
        log.error("update %s failed", update_id, exc_info=error)
    raise ApplicationHandlerStop
