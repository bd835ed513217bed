"""Buttons under the bot's messages: short action data, checked on every press, always answered.

Action data is ``<area>:<id>:<action>[:<arg>…]`` (at most 64 bytes, Telegram's limit for callback data), e.g.
``t:12:su`` — sign up for tournament 12. A :class:`ButtonSpec` names an action and the callback that runs it;
:meth:`ButtonTable.press` decodes a press, runs the action for the presser in the chat's language and returns the
short note to show (with the localized refusal of a :class:`GuandanError` — a forged, stale or not-allowed press,
which changes nothing — or an apology when something broke). The platform reads the press into a
:class:`~bot.services.caller.Caller` and a :class:`PressChannel` and shows the note (``handlers.telegram.buttons``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.errors import GuandanError, UsageError
from bot.i18n import Language, t
from bot.richtext import Keyboard, escape_params, to_plain
from bot.services import Services
from bot.services.caller import Caller
from bot.services.chats import language_of
from handlers.registry import failure_text

log = logging.getLogger(__name__)

CALLBACK_DATA_LIMIT = 64
ANSWER_LIMIT = 200


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


class PressChannel(Protocol):
    """The message whose button was pressed, and its chat, on one platform."""

    async def post(self, text: str, buttons: Keyboard | None = None) -> None:
        """A new message in the chat (markup)."""

    async def edit(self, text: str, buttons: Keyboard | None = None) -> None:
        """Replace the pressed message's text (and buttons); an unchanged text is not an error."""

    async def drop_buttons(self) -> None:
        """Remove the pressed message's buttons (its question is answered)."""

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        """A document in the chat (the draw file of a draw confirmed with a button); ``caption`` in markup."""


@dataclass(frozen=True, slots=True)
class Press:
    """One press of a button: who, in which chat and language, with which data, answered where."""

    services: Services
    caller: Caller
    language: Language
    data: ButtonData
    channel: PressChannel

    def text(self, key: str, **params: Any) -> str:
        return t(key, self.language, **escape_params(params))

    async def post(self, text: str, buttons: Keyboard | None = None) -> None:
        await self.channel.post(text, buttons)

    async def edit(self, text: str, buttons: Keyboard | None = None) -> None:
        await self.channel.edit(text, buttons)

    async def drop_buttons(self) -> None:
        await self.channel.drop_buttons()

    async def send_document(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        await self.channel.send_file(content, file_name, caption)


ButtonCallback = Callable[[Press], Awaitable[str | None]]
"""Runs the action; returns the short note the presser sees (or None)."""


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    area: str
    action: str
    callback: ButtonCallback


def plain(text: str, limit: int = ANSWER_LIMIT) -> str:
    """A press's note is plain text of at most 200 characters (Telegram's limit for a callback answer)."""
    flat = to_plain(text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class Note:
    """What the presser is told: the action's short note, or a refusal or apology (``alert``)."""

    text: str | None
    alert: bool = False


class ButtonTable:
    def __init__(self, specs: Iterable[ButtonSpec]) -> None:
        self._specs: dict[tuple[str, str], ButtonSpec] = {}
        for spec in specs:
            if (spec.area, spec.action) in self._specs:
                raise ValueError(f"button {spec.area}:{spec.action} is registered twice")
            self._specs[(spec.area, spec.action)] = spec

    async def press(self, services: Services, caller: Caller | None, data: str | None,
                    channel: PressChannel) -> Note:
        """Run the action of the pressed button for ``caller``; the note to show, whatever happened."""
        language = services.settings.language
        try:
            if caller is None:
                raise ForgedButtonError()
            await services.names.refresh(services.storage, caller.claim)
            caller = services.names.caller(caller)
            language = await language_of(services.storage, caller, services.settings.language)
            decoded = ButtonData.decode(data)
            spec = self._specs.get((decoded.area, decoded.action))
            if spec is None:
                raise ForgedButtonError()
            note = await spec.callback(Press(services, caller, language, decoded, channel))
        except Exception as error:
            if not isinstance(error, GuandanError):
                log.exception("a button press (%s) failed", data)
            committed = caller is not None and caller.claim is not None and caller.claim.recorded
            return Note(plain(failure_text(error, language, committed=committed)), alert=True)
        return Note(plain(note) if note else None)
