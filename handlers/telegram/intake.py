"""The first and the last step of every update: admit it once (group -1), record it when done (group 1)."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ApplicationHandlerStop, TypeHandler

from bot.services.intake import admit_update, settle_update
from handlers.telegram.callers import caller_of, people_of
from handlers.telegram.context import BotContext
from handlers.telegram.delivery import LedgerUpdateProcessor

INTAKE_GROUP = -1
SETTLE_GROUP = 1


async def admit(update: Update, context: BotContext) -> None:
    """Stop a re-delivered update here; otherwise remember its people and let the handlers run."""
    services = context.services
    # Once the update is recorded, polling may confirm it even while its reply is still being retried.
    processor = context.application.update_processor
    on_recorded = processor.ledger.handled if isinstance(processor, LedgerUpdateProcessor) else None
    admitted = await admit_update(
        services.storage, update.update_id, caller_of(update), people_of(update), services.clock(), on_recorded,
        services.acquaintances,
    )
    if not admitted:
        raise ApplicationHandlerStop


async def settle(update: Update, context: BotContext) -> None:
    """Record an update that changed nothing (a change recorded it already); the error handler does the same."""
    await settle_update(context.services.storage)


def intake_handler() -> TypeHandler[Update, BotContext, None]:
    return TypeHandler(Update, admit)


def settle_handler() -> TypeHandler[Update, BotContext, None]:
    return TypeHandler(Update, settle)
