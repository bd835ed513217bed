"""Quiet in the group: gathered acknowledgements and pointers instead of repeats.

Telegram takes about 20 messages a minute in a group, edits included; gathered acknowledgements
(:class:`AckGatherer`), pointers instead of repeats (:class:`RepeatMemory`) and a reaction before a slow answer
(:func:`react`) keep a busy evening under that. How each works and where it is on: docs/design.md, "Quiet in a
Telegram group".
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from telegram import Bot, ReactionTypeEmoji, ReplyParameters
from telegram.constants import ReactionEmoji
from telegram.error import TelegramError

from bot.i18n import Language, t
from bot.pictures.picture import Picture
from bot.richtext import Keyboard
from handlers.dispatch import Acknowledgement, Attachment, Channel
from handlers.telegram.replies import telegram_html

log = logging.getLogger(__name__)

ACK_REACTION = ReactionEmoji.OK_HAND_SIGN


@dataclass(slots=True)
class QuietSettings:
    quiet_period: float = 2.0
    """Seconds without a new acknowledgement before the gathered message goes."""
    longest_hold: float = 6.0
    """The longest an acknowledgement waits for others (seconds)."""
    live_for: float = 180.0
    """Seconds a gathered message is edited rather than followed by a new one."""
    most_items: int = 40
    """Names one gathered message lists at most; the next start a new message."""
    repeat_window: float = 60.0
    """Seconds within which an unchanged read-only answer becomes a pointer."""
    now: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep


@dataclass(slots=True)
class _Batch:
    language: Language
    waiting: list[str] = field(default_factory=list)
    summary: str = ""
    first_at: float = 0.0
    last_at: float = 0.0
    flushing: asyncio.Task[None] | None = None
    sleeping: bool = False
    """The flushing task waits for a quiet moment (it may be cancelled then, nothing taken yet)."""
    bot: Bot | None = None
    live_message_id: int | None = None
    live_items: list[str] = field(default_factory=list)
    live_since: float = 0.0


def gathered_text(batch: str, items: Sequence[str], summary: str, language: Language) -> str:
    """The gathered acknowledgement: its items in one line, the latest summary under it (markup)."""
    names = t("tournament.list_separator", language).join(items)
    return t(f"quiet.batch.{batch}", language, items=names) + ("\n" + summary if summary else "")


class AckGatherer:
    """Gathered acknowledgements per chat and batch (see the module). One per application, one event loop."""

    def __init__(self, settings: QuietSettings) -> None:
        self.settings = settings
        self._batches: dict[tuple[int, str], _Batch] = {}
        self._hurrying = False
        """Stopping: no more waiting for quiet moments."""
        self.sent = 0
        self.edited = 0

    async def add(self, bot: Bot, chat_id: int, acknowledgement: Acknowledgement, language: Language) -> None:
        now = self.settings.now()
        batch = self._batches.setdefault((chat_id, acknowledgement.batch), _Batch(language))
        if not batch.waiting:
            batch.first_at = now
        batch.waiting.append(acknowledgement.item)
        batch.summary = acknowledgement.summary
        batch.language = language
        batch.last_at = now
        batch.bot = bot
        if batch.flushing is None or batch.flushing.done():
            batch.flushing = asyncio.create_task(self._flush_when_quiet(bot, chat_id, acknowledgement.batch, batch))

    async def drain(self) -> None:
        """Wait for every gathered message that is due (tests, shutdown)."""
        tasks = [batch.flushing for batch in self._batches.values() if batch.flushing is not None]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def flush_now(self) -> None:
        """Post every waiting acknowledgement at once (shutdown: the bot is about to stop)."""
        self._hurrying = True
        for (chat_id, name), batch in list(self._batches.items()):
            task = batch.flushing
            if task is not None and not task.done():
                if batch.sleeping:
                    task.cancel()
                await asyncio.gather(task, return_exceptions=True)
            if batch.waiting and batch.bot is not None:
                items, batch.waiting = batch.waiting, []
                try:
                    await self._say(batch.bot, chat_id, name, batch, items)
                except TelegramError as error:
                    log.warning("chat %s: the gathered %s acknowledgement failed: %s", chat_id, name, error)

    async def _flush_when_quiet(self, bot: Bot, chat_id: int, name: str, batch: _Batch) -> None:
        settings = self.settings
        while not self._hurrying:
            due = min(batch.last_at + settings.quiet_period, batch.first_at + settings.longest_hold)
            delay = due - settings.now()
            if delay <= 0:
                break
            batch.sleeping = True
            try:
                await settings.sleep(delay)
            finally:
                batch.sleeping = False
        items, batch.waiting = batch.waiting, []
        try:
            await self._say(bot, chat_id, name, batch, items)
        except TelegramError as error:
            log.warning("chat %s: the gathered %s acknowledgement failed: %s", chat_id, name, error)
        if batch.waiting:  # more came while it was being sent
            batch.flushing = asyncio.create_task(self._flush_when_quiet(bot, chat_id, name, batch))

    async def _say(self, bot: Bot, chat_id: int, name: str, batch: _Batch, items: list[str]) -> None:
        now = self.settings.now()
        live = (batch.live_message_id is not None and now - batch.live_since < self.settings.live_for
                and len(batch.live_items) + len(items) <= self.settings.most_items)
        if live and batch.live_message_id is not None:
            batch.live_items += items
            text = telegram_html(gathered_text(name, batch.live_items, batch.summary, batch.language))
            await bot.edit_message_text(text, chat_id=chat_id, message_id=batch.live_message_id)
            self.edited += 1
            return
        text = telegram_html(gathered_text(name, items, batch.summary, batch.language))
        message = await bot.send_message(chat_id, text)
        self.sent += 1
        batch.live_message_id, batch.live_items, batch.live_since = message.message_id, list(items), now


@dataclass(frozen=True, slots=True)
class _Answered:
    digest: str
    message_id: int
    at: float


class RepeatMemory:
    """The last answer of each read-only command in each chat (see the module)."""

    def __init__(self, settings: QuietSettings) -> None:
        self.settings = settings
        self._last: dict[tuple[int, str, tuple[str, ...]], _Answered] = {}

    def earlier(self, key: tuple[int, str, tuple[str, ...]], digest: str) -> int | None:
        """The message id of the same answer given within the window, if there is one."""
        answered = self._last.get(key)
        if answered is None or answered.digest != digest:
            return None
        if self.settings.now() - answered.at > self.settings.repeat_window:
            return None
        return answered.message_id

    def remember(self, key: tuple[int, str, tuple[str, ...]], digest: str, message_id: int) -> None:
        now = self.settings.now()
        self._last = {k: v for k, v in self._last.items() if now - v.at <= self.settings.repeat_window}
        self._last[key] = _Answered(digest, message_id, now)


class CapturingChannel:
    """A channel that records a command's answers instead of sending them.

    So that they can be compared with the last ones and then sent (:meth:`replay`) or replaced by a pointer."""

    def __init__(self, inner: Channel) -> None:
        self.inner = inner
        self._answers: list[tuple[str, tuple[Any, ...]]] = []

    async def reply(self, text: str, buttons: Keyboard | None = None) -> None:
        self._answers.append(("reply", (text, buttons)))

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        self._answers.append(("file", (content, file_name, caption)))

    async def send_pictures(self, pictures: Sequence[Picture], caption: str, stem: str, language: Language) -> None:
        self._answers.append(("pictures", (tuple(pictures), caption, stem, language)))

    @property
    def bundles_pictures(self) -> bool:
        return bool(getattr(self.inner, "bundles_pictures", False))

    async def attachment(self) -> Attachment | None:
        return await self.inner.attachment()

    async def command_text(self) -> str:
        return await self.inner.command_text()

    @property
    def empty(self) -> bool:
        return not self._answers

    def digest(self) -> str:
        """What the answers say, as one hash: texts, buttons, file and picture bytes."""
        hashed = hashlib.sha256()
        for kind, parts in self._answers:
            hashed.update(kind.encode())
            for part in parts:
                if isinstance(part, bytes):
                    hashed.update(part)
                elif isinstance(part, tuple) and part and isinstance(part[0], Picture):
                    for picture in part:
                        hashed.update(picture.png)
                else:
                    hashed.update(repr(part).encode())
                hashed.update(b"\x00")
        return hashed.hexdigest()

    async def replay(self) -> None:
        for kind, parts in self._answers:
            if kind == "reply":
                await self.inner.reply(*parts)
            elif kind == "file":
                await self.inner.send_file(*parts)
            else:
                pictures, caption, stem, language = parts
                await self.inner.send_pictures(list(pictures), caption, stem, language)


@dataclass(slots=True)
class QuietGroup:
    """The application's quiet habits (``AppState.quiet``): gathered acknowledgements and repeat pointers."""

    settings: QuietSettings = field(default_factory=QuietSettings)
    gatherer: AckGatherer = field(init=False)
    repeats: RepeatMemory = field(init=False)

    def __post_init__(self) -> None:
        self.gatherer = AckGatherer(self.settings)
        self.repeats = RepeatMemory(self.settings)


async def react(bot: Bot, chat_id: int, message_id: int) -> bool:
    """Put the acknowledgement reaction on a message; ``False`` when Telegram refused (reactions switched off)."""
    try:
        await bot.set_message_reaction(chat_id, message_id, ReactionTypeEmoji(ACK_REACTION))
    except TelegramError as error:
        log.info("chat %s: no reaction on message %s (%s)", chat_id, message_id, error)
        return False
    return True


def pointer_text(language: Language) -> str:
    return telegram_html(t("quiet.same_as_above", language))


async def point_to(bot: Bot, chat_id: int, message_id: int, language: Language) -> None:
    await bot.send_message(chat_id, pointer_text(language), reply_parameters=ReplyParameters(
        message_id, allow_sending_without_reply=True))
