"""The one error handler.

A :class:`GuandanError` is the user's mistake or a refusal: reply its catalog text in the chat's language (for a
usage error followed by the command's usage line). Anything else is our fault: log it with the update id and
reply a short apology without internals. Either way no later handler runs for that update.
"""

from __future__ import annotations

import logging

from telegram import Update
from telegram.error import BadRequest, ChatMigrated, Conflict, Forbidden, NetworkError, TelegramError
from telegram.ext import ApplicationHandlerStop

from bot.errors import GuandanError, StorageError, UpdateAlreadyApplied
from bot.i18n import Language, t
from bot.services.chats import language_of, move_chat
from bot.services.intake import settle_update, update_applied
from handlers.registry import error_text
from handlers.telegram.callers import caller_of
from handlers.telegram.commands import spec_for_update
from handlers.telegram.context import BotContext
from handlers.telegram.intake import claim_after_failure
from handlers.telegram.replies import send_text

log = logging.getLogger(__name__)


async def _language(update: Update, context: BotContext) -> Language:
    services = context.services
    caller = caller_of(update)
    if caller is None:
        return services.settings.language
    try:
        return await language_of(services.storage, caller, services.settings.language)
    except Exception:  # the database may be what failed: still answer, in the default language
        return services.settings.language


async def on_error(update: object, context: BotContext) -> None:
    error = context.error
    update_id = update.update_id if isinstance(update, Update) else None
    if isinstance(error, ChatMigrated) and isinstance(update, Update) and update.effective_chat is not None:
        await move_chat(context.services.storage, update.effective_chat.id, error.new_chat_id,
                        context.services.clock())
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
    if isinstance(error, UpdateAlreadyApplied):
        log.info("update %s was applied meanwhile; this handling was rolled back", update_id)
        raise ApplicationHandlerStop
    # The update is recorded with its change: if it is recorded already, the change was committed before the
    # failure, and the apology must not say that nothing took effect.
    applied = not isinstance(error, StorageError) and await update_applied(context.services.storage, update.update_id)
    # Recorded before the answer, like a change: a re-delivery after a crash is not answered twice. Not when the
    # database refused the change: nothing was applied, and a re-delivery may apply it.
    if not isinstance(error, StorageError):
        await settle_update(context.services.storage, claim_after_failure(update, context))
    language = await _language(update, context)
    if isinstance(error, GuandanError):
        spec = spec_for_update(context.commands, update, context.bot.username)
        text = error_text(error, language, spec.usage_key if spec else None)
    else:
        log.error("update %s failed", update_id, exc_info=error)
        text = t("registry.apology_after_change" if applied else "registry.apology", language)
    try:
        chat = update.effective_chat
        await send_text(update, text, quote=chat is not None and chat.type != chat.PRIVATE)
    except Forbidden:
        log.info("update %s: the bot may no longer write in this chat", update_id)
    except TelegramError:
        log.exception("update %s: the error reply failed too", update_id)
    raise ApplicationHandlerStop
