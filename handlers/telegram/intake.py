"""The first and the last step of every update: admit it once (group -1), record it when done (group 1).

The update's claim (``storage.updates``) is kept on its ``BotContext``, which PTB hands to the handlers of every
group; the command and button handlers put it on their ``Caller`` (``caller_of(update, context.claim)``) and the
services open their one changing transaction with it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Update
from telegram.ext import ApplicationHandlerStop, TypeHandler

from bot.claims import UpdateClaim
from bot.services.intake import admit_update, settle_update
from handlers.telegram.callers import caller_of, people_of
from handlers.telegram.context import BotContext
from handlers.telegram.delivery import LedgerUpdateProcessor
from handlers.telegram.forged import forgery

log = logging.getLogger(__name__)

INTAKE_GROUP = -1
SETTLE_GROUP = 1


def _ledger_callback(context: BotContext) -> Callable[[int], None] | None:
    # Once the update is recorded, polling may confirm it even while its reply is still being retried.
    processor = context.application.update_processor
    return processor.ledger.handled if isinstance(processor, LedgerUpdateProcessor) else None


async def admit(update: Update, context: BotContext) -> None:
    """Stop a forged or re-delivered update here; otherwise remember its people, open its claim and let the
    handlers run. A forged update (``handlers.telegram.forged``) gets no answer and leaves nothing stored."""
    services = context.services
    reason = forgery(update, context.bot.id)
    if reason is not None:
        log.info("update %s refused: %s", update.update_id, reason)
        raise ApplicationHandlerStop
    claim = await admit_update(
        services.storage, update.update_id, caller_of(update), people_of(update), services.clock(),
        _ledger_callback(context), services.acquaintances,
    )
    if claim is None:
        raise ApplicationHandlerStop
    context.claim = claim


async def settle(update: Update, context: BotContext) -> None:
    """Record an update that changed nothing (a change recorded it already); the error handler does the same."""
    await settle_update(context.services.storage, context.claim)


def claim_after_failure(update: Update, context: BotContext) -> UpdateClaim:
    """For the error handler, whose context is not the handlers' one: a claim on the failed update, to record it
    (recording an id twice is harmless: ``processed_updates`` ignores the second)."""
    chat = update.effective_chat
    return UpdateClaim(update.update_id, None if chat is None else chat.id, context.services.clock(),
                       _ledger_callback(context))


def intake_handler() -> TypeHandler[Update, BotContext, None]:
    return TypeHandler(Update, admit)


def settle_handler() -> TypeHandler[Update, BotContext, None]:
    return TypeHandler(Update, settle)
