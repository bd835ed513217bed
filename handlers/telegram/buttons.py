"""The pressed message on Telegram: the :class:`TelegramPressChannel` a press is answered on.

The press itself goes through the front door (``handlers.telegram.updates.on_press``); its note is answered with
``answerCallbackQuery``. Editing the pressed message tolerates Telegram's "message is not modified".
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import InputFile, Update
from telegram.error import BadRequest

from bot.richtext import Keyboard
from handlers.telegram.commands import inline_keyboard
from handlers.telegram.replies import send_text, telegram_html

log = logging.getLogger(__name__)


def _unchanged(error: BadRequest) -> bool:
    return "not modified" in str(error).lower()


class TelegramPressChannel:
    """The message whose button was pressed, and its chat.

    ``quiet`` (a group with the quiet habits on, ``handlers.telegram.quiet``): the press is answered first and
    its messages go after (:meth:`finish`), so the person's acknowledgement — the answer to the press, which
    Telegram does not limit — never waits for the group's message budget; and a press that takes the buttons off
    the pressed message and then posts (a confirmed report, an accepted invitation) shows the post in the pressed
    message instead: one edit rather than an edit and a message (an edit counts like a message:
    ``handlers.telegram.pacing``)."""

    def __init__(self, update: Update, *, quiet: bool = False) -> None:
        self.update = update
        self.quiet = quiet
        self._deferred: list[tuple[str, tuple[Any, ...]]] = []

    async def post(self, text: str, buttons: Keyboard | None = None) -> None:
        if self.quiet:
            if self._deferred and self._deferred[-1][0] == "drop":
                self._deferred[-1] = ("edit", (text, buttons))
            else:
                self._deferred.append(("post", (text, buttons)))
            return
        await send_text(self.update, text, buttons=inline_keyboard(buttons))

    async def edit(self, text: str, buttons: Keyboard | None = None) -> None:
        if self.quiet:
            self._deferred.append(("edit", (text, buttons)))
            return
        await self._edit_now(text, buttons)

    async def drop_buttons(self) -> None:
        if self.quiet:
            self._deferred.append(("drop", ()))
            return
        await self._drop_buttons_now()

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        if self.quiet:
            self._deferred.append(("file", (content, file_name, caption)))
            return
        await self._send_file_now(content, file_name, caption)

    async def finish(self) -> None:
        """Send what a quiet press left for after its answer, in order."""
        deferred, self._deferred = self._deferred, []
        for kind, parts in deferred:
            if kind == "post":
                await send_text(self.update, parts[0], buttons=inline_keyboard(parts[1]))
            elif kind == "edit":
                await self._edit_now(*parts)
            elif kind == "drop":
                await self._drop_buttons_now()
            else:
                await self._send_file_now(*parts)

    async def _edit_now(self, text: str, buttons: Keyboard | None = None) -> None:
        query = self.update.callback_query
        if query is None:
            return
        try:
            await query.edit_message_text(telegram_html(text), reply_markup=inline_keyboard(buttons))
        except BadRequest as error:
            if not _unchanged(error):
                raise

    async def _drop_buttons_now(self) -> None:
        query = self.update.callback_query
        if query is None:
            return
        try:
            await query.edit_message_reply_markup(None)
        except BadRequest as error:
            if not _unchanged(error):
                raise

    async def _send_file_now(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        chat = self.update.effective_chat
        if chat is not None:
            await chat.send_document(InputFile(content, filename=file_name),
                                     caption=None if caption is None else telegram_html(caption))
