"""The first step of every update (handler group -1): admit it once, remembering who sent it."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ApplicationHandlerStop, TypeHandler

from bot.services.intake import admit_update
from handlers.callers import caller_of, people_of
from handlers.context import BotContext

INTAKE_GROUP = -1


async def admit(update: Update, context: BotContext) -> None:
    """Stop a re-delivered update here; otherwise record its id and its people, then let the handlers run."""
    services = context.services
    admitted = await admit_update(
        services.storage, update.update_id, caller_of(update), people_of(update), services.clock()
    )
    if not admitted:
        raise ApplicationHandlerStop


def intake_handler() -> TypeHandler[Update, BotContext, None]:
    return TypeHandler(Update, admit)
