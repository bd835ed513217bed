"""Inline buttons: short callback data, checked on every press, always answered.

Callback data is ``<area>:<id>:<action>[:<arg>…]`` (at most 64 bytes), e.g. ``t:12:su`` — sign up for tournament 12.
A :class:`ButtonSpec` names an action and the callback that runs it; :class:`ButtonTable` builds the one
``CallbackQueryHandler`` that reads every press, works out who pressed it in which chat and language, and runs
the action. Whatever happens the press is answered (``answerCallbackQuery``): with the action's short note, with
the localized refusal of a :class:`GuandanError` (a forged, stale or not-allowed press, which changes nothing), or
with an apology when something broke.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from telegram import InlineKeyboardMarkup, Update
from telegram.error import BadRequest, TelegramError
from telegram.ext import CallbackQueryHandler

from bot.errors import GuandanError, UsageError
from bot.i18n import Language, t
from bot.services import Services
from bot.services.caller import Caller
from bot.services.chats import language_of
from handlers.registry import send_text
from handlers.telegram.callers import caller_of
from handlers.telegram.context import BotContext
from handlers.telegram.replies import escape_params

log = logging.getLogger(__name__)

CALLBACK_DATA_LIMIT = 64
ANSWER_LIMIT = 200
_TAG = re.compile(r"<[^>]+>")


class ForgedButtonError(UsageError):
    """Callback data that no button of this bot carries."""

    key = "buttons.forged"


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 18


@dataclass(frozen=True, slots=True)
class ButtonData:
    area: str
    target: int
    action: str
    args: tuple[str, ...] = ()

    def encode(self) -> str:
        text = ":".join((self.area, str(self.target), self.action, *self.args))
        if len(text.encode()) > CALLBACK_DATA_LIMIT:
            raise ValueError(f"callback data longer than {CALLBACK_DATA_LIMIT} bytes: {text!r}")
        return text

    @classmethod
    def decode(cls, data: str | None) -> ButtonData:
        """Read callback data; anything malformed is :class:`ForgedButtonError`."""
        parts = (data or "").split(":")
        if len(parts) < 3 or len((data or "").encode()) > CALLBACK_DATA_LIMIT or not _is_number(parts[1]):
            raise ForgedButtonError()
        return cls(parts[0], int(parts[1]), parts[2], tuple(parts[3:]))

    def number(self, index: int) -> int:
        """Argument ``index`` as a positive number; :class:`ForgedButtonError` if it is none."""
        if index >= len(self.args) or not _is_number(self.args[index]):
            raise ForgedButtonError()
        return int(self.args[index])


@dataclass(frozen=True, slots=True)
class Press:
    """One press of a button: who, in which chat and language, with which data."""

    update: Update
    context: BotContext
    caller: Caller
    language: Language
    data: ButtonData

    @property
    def services(self) -> Services:
        return self.context.services

    def text(self, key: str, **params: Any) -> str:
        return t(key, self.language, **escape_params(params))

    async def post(self, text: str, buttons: InlineKeyboardMarkup | None = None) -> None:
        """A new message in the chat of the pressed button."""
        await send_text(self.update, text, buttons=buttons)

    async def edit(self, text: str, buttons: InlineKeyboardMarkup | None = None) -> None:
        """Replace the pressed message's text (and buttons); an unchanged text is not an error."""
        query = self.update.callback_query
        if query is None:
            return
        try:
            await query.edit_message_text(text, reply_markup=buttons)
        except BadRequest as error:
            if "not modified" not in str(error).lower():
                raise

    async def drop_buttons(self) -> None:
        """Remove the pressed message's buttons (its question is answered)."""
        query = self.update.callback_query
        if query is None:
            return
        try:
            await query.edit_message_reply_markup(None)
        except BadRequest as error:
            if "not modified" not in str(error).lower():
                raise


ButtonCallback = Callable[[Press], Awaitable[str | None]]
"""Runs the action; returns the short note the presser sees (or None)."""


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    area: str
    action: str
    callback: ButtonCallback


def plain(text: str, limit: int = ANSWER_LIMIT) -> str:
    """A callback answer is plain text of at most 200 characters: tags dropped, entities decoded."""
    flat = html.unescape(_TAG.sub("", text))
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class ButtonTable:
    def __init__(self, specs: Iterable[ButtonSpec]) -> None:
        self._specs: dict[tuple[str, str], ButtonSpec] = {}
        for spec in specs:
            if (spec.area, spec.action) in self._specs:
                raise ValueError(f"button {spec.area}:{spec.action} is registered twice")
            self._specs[(spec.area, spec.action)] = spec

    def handler(self) -> CallbackQueryHandler[BotContext, None]:
        return CallbackQueryHandler(self._run)

    async def _run(self, update: Update, context: BotContext) -> None:
        query = update.callback_query
        caller = caller_of(update, context.claim)
        if query is None:
            return
        services = context.services
        language = services.settings.language
        note: str | None = None
        alert = False
        try:
            if caller is None:
                raise ForgedButtonError()
            language = await language_of(services.storage, caller, services.settings.language)
            data = ButtonData.decode(query.data)
            spec = self._specs.get((data.area, data.action))
            if spec is None:
                raise ForgedButtonError()
            note = await spec.callback(Press(update, context, caller, language, data))
        except GuandanError as error:
            note, alert = plain(t(error.key, language, **escape_params(error.params))), True
        except Exception:
            log.exception("update %s: a button press failed", update.update_id)
            note, alert = plain(t("registry.apology", language)), True
        try:
            await query.answer(plain(note) if note else None, show_alert=alert)
        except TelegramError:
            log.info("update %s: the press could not be answered (too old?)", update.update_id)
