"""Commands driven through the dispatcher itself, without a chat platform: people write, the answers are recorded.

The command behaviour tests' level (``handlers.dispatch``): real services on a real SQLite file, the product's
command and button tables, and a :class:`RecordingChannel` in place of a platform's channel, so no PTB, no fake Bot
API and no WeCom socket. A platform's own translation is tested in ``tests/handlers/<platform>/``::

    async with DispatchedBot.running(settings) as bot:
        bot.set_admins(group, admin)
        answers = await bot.say(group, admin, "/new 周五杯")
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from bot.clock import Clock, system_clock
from bot.config import Settings
from bot.i18n import Language
from bot.pictures.picture import Picture
from bot.richtext import Keyboard, to_plain
from bot.services import Services
from bot.services.assembly import start_services, stop_services
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.match_clock.board import TournamentBoard
from bot.services.platform_ids import Platform
from handlers.announcer import AnnouncementScheduler
from handlers.bootstrap import ProcessOptions, assemble
from handlers.buttons import ButtonSpec, Note
from handlers.commands import COMMANDS
from handlers.commands.buttons import BUTTONS
from handlers.dispatch import Addressing, Arrival, Dispatcher, Incoming, text_after_command
from handlers.invocation import Attachment, Mentioned
from handlers.registry import CommandSpec
from storage import updates

BOT_USERNAME = "guandan_test_bot"


@dataclass(frozen=True, slots=True)
class Chat:
    """A chat the people write in."""

    chat_id: int
    kind: ChatKind
    title: str | None = None

    @classmethod
    def group(cls, chat_id: int, title: str) -> Chat:
        return cls(chat_id, ChatKind.SUPERGROUP, title)

    @classmethod
    def private(cls, person: ChatUser) -> Chat:
        return cls(person.user_id, ChatKind.PRIVATE)


@dataclass(frozen=True, slots=True)
class Answer:
    """One thing the bot said: a message (neutral markup), a file or pictures."""

    text: str
    """Markup as the command wrote it; for a file its caption, for pictures theirs."""
    buttons: Keyboard | None = None
    file_name: str | None = None
    content: bytes = b""
    pictures: tuple[Picture, ...] = ()
    edited: bool = False
    """The text replaced that of the message whose button was pressed (Telegram's ``editMessageText``)."""

    @property
    def plain(self) -> str:
        return to_plain(self.text)

    @property
    def kind(self) -> str:
        """``message``, ``file`` or ``pictures``."""
        return "pictures" if self.pictures else ("file" if self.file_name is not None else "message")

    def rows(self) -> list[list[tuple[str, str]]]:
        """The (label, action) of each button under the message, row by row."""
        return [[(button.label, button.action) for button in row] for row in self.buttons or ()]


@dataclass
class RecordingChannel:
    """A channel (and a pressed message's channel) that keeps what it is given."""

    said: str = ""
    """The message's text, for :meth:`command_text`."""
    file: Attachment | None = None
    answers: list[Answer] = field(default_factory=list)
    buttons_dropped: bool = False
    """The pressed message lost its buttons (Telegram's ``editMessageReplyMarkup`` without a markup)."""

    async def reply(self, text: str, buttons: Keyboard | None = None) -> None:
        self.answers.append(Answer(text, buttons))

    async def send_file(self, content: bytes, file_name: str, caption: str | None = None) -> None:
        self.answers.append(Answer(caption or "", file_name=file_name, content=content))

    async def send_pictures(self, pictures: Sequence[Picture], caption: str, stem: str, language: Language) -> None:
        self.answers.append(Answer(caption, file_name=f"{stem}.png", pictures=tuple(pictures)))

    async def attachment(self) -> Attachment | None:
        return self.file

    async def command_text(self) -> str:
        return text_after_command(self.said)

    async def post(self, text: str, buttons: Keyboard | None = None) -> None:
        self.answers.append(Answer(text, buttons))

    async def edit(self, text: str, buttons: Keyboard | None = None) -> None:
        self.answers.append(Answer(text, buttons, edited=True))

    async def drop_buttons(self) -> None:
        self.buttons_dropped = True


@dataclass
class RecordingCourier:
    """The announcements a platform was given, one piece each (``chat_id``, markup)."""

    sent: list[tuple[int, str]] = field(default_factory=list)

    def split(self, text: str) -> Sequence[str]:
        return [text]

    async def send(self, chat_id: int, piece: str) -> None:
        self.sent.append((chat_id, piece))


def attached(name: str, content: bytes) -> Attachment:
    """The file ``name`` sent with a message (whose text is its caption)."""
    async def download() -> bytes:
        return content

    return Attachment(name, len(content), download)


def settings_on(target: Path | str) -> Settings:
    """The settings of a bot on the migrated database ``target``: a PostgreSQL URL, or an SQLite file's path."""
    return Settings(db_url=target) if isinstance(target, str) else Settings(db_path=target)


@asynccontextmanager
async def organised(target: Path | str, chat: Chat, organiser: ChatUser, *,
                    clock: Clock = system_clock) -> AsyncIterator[DispatchedBot]:
    """A running bot on the database ``target`` whose ``organiser`` is an admin of ``chat``."""
    async with DispatchedBot.running(settings_on(target), clock=clock) as running:
        running.set_admins(chat, organiser)
        yield running


class DispatchedBot:
    """The dispatcher over real services; people write in chats and press buttons."""

    check_claims = False
    """Check after each message and press that every event it wrote names its update (the test suite turns this
    on, as for ``tests.support.harness.OfflineBot``)."""

    def __init__(self, services: Services, dispatcher: Dispatcher, admins: dict[int, set[int]],
                 first_update_id: int, announcer: AnnouncementScheduler, courier: RecordingCourier) -> None:
        self.services = services
        self.dispatcher = dispatcher
        self.announcer = announcer
        """The process's announcer: its timers wait in a scheduler that never starts (``tests.support.jobs``)."""
        self.courier = courier
        """What the announcements said in the chats (:meth:`running` with ``timers``)."""
        self._admins = admins
        self._next_update_id = first_update_id
        self.last_press: RecordingChannel | None = None
        """The channel of the last button press (:meth:`press`): whether its message lost its buttons."""

    @classmethod
    @asynccontextmanager
    async def running(cls, settings: Settings, *, clock: Clock = system_clock,
                      commands: Sequence[CommandSpec] = COMMANDS, buttons: Sequence[ButtonSpec] = BUTTONS,
                      entropy: Callable[[int], bytes] = os.urandom, timers: bool = False,
                      board: TournamentBoard | None = None) -> AsyncIterator[DispatchedBot]:
        """Build and start the services (storage open and migrated), stop them after.

        ``timers``: the announcements a command plans get timers (run by ``tests.support.jobs.run_due_jobs_of``),
        and what they say in a chat is recorded (:attr:`courier`); without, they are only stored, as on the
        console. ``board`` replaces the tournaments the match clock sees."""
        admins: dict[int, set[int]] = {}

        async def lookup(chat_id: int) -> frozenset[int]:
            return frozenset(admins.get(chat_id, set()))

        process = assemble(settings, ProcessOptions(clock=clock, entropy=entropy, admin_cache_ttl=timedelta(0),
                                                    commands=commands, buttons=buttons, board=board))
        process.admins.add(lookup)
        courier = RecordingCourier()
        process.announcer.add_courier(Platform.TELEGRAM, courier)
        services = process.services
        await start_services(services)
        try:
            # Continue the numbering of an earlier run on the same database, or its ids would count as re-deliveries.
            async with services.storage.read() as tx:
                first_update_id = await updates.last_update_id(tx) + 1
            yield cls(services, process.dispatcher(timers=timers), admins, first_update_id, process.announcer,
                      courier)
        finally:
            await stop_services(services)

    def set_admins(self, chat: Chat, *people: ChatUser) -> None:
        """Who administers ``chat`` (its organisers), as the platform would tell."""
        self._admins[chat.chat_id] = {person.user_id for person in people}

    def repeat_next_update_id(self) -> None:
        """The next message arrives as a re-delivery of the last one (the same update id)."""
        self._next_update_id -= 1

    @property
    def last_update_id(self) -> int:
        """The id of the last message or press delivered."""
        return self._next_update_id - 1

    def _arrival(self, chat: Chat, person: ChatUser, *others: ChatUser, update_id: int | None = None) -> Arrival:
        if update_id is None:
            update_id = self._next_update_id
            self._next_update_id += 1
        caller = Caller(chat.chat_id, chat.kind, person, chat_title=chat.title)
        return Arrival(caller, update_id, (person, *others))

    async def answers(self, chat: Chat, person: ChatUser, text: str, *, replying_to: ChatUser | None = None,
                      replying_to_bot: bool = False, file: Attachment | None = None,
                      update_id: int | None = None) -> list[Answer]:
        """``person`` writes ``text`` in ``chat`` (replying to someone's message or to one of the bot's, with a
        file whose caption it is; ``update_id``: delivered again with the id of an earlier one); everything the
        bot answered."""
        arrival = self._arrival(chat, person, *(() if replying_to is None else (replying_to,)), update_id=update_id)
        addressing = Addressing(private=chat.kind is ChatKind.PRIVATE, names_bot=f"@{BOT_USERNAME}" in text,
                                replies_to_bot=replying_to_bot, bot_username=BOT_USERNAME, other_bots=True)
        mentioned = None if replying_to is None else Mentioned(replying_to)
        channel = RecordingChannel(said=text, file=file)
        last_event = await self._last_event() if self.check_claims else 0
        await self.dispatcher.message(Incoming(arrival, text, addressing, mentioned, with_file=file is not None),
                                      channel)
        if self.check_claims:
            await self._check_claimed(arrival.update_id, last_event)
        return channel.answers

    async def say(self, chat: Chat, person: ChatUser, text: str, **options: object) -> list[str]:
        """The texts the bot answered, as a reader sees them (markup rendered to plain text)."""
        return [answer.plain for answer in await self.answers(chat, person, text, **options)]  # type: ignore[arg-type]

    async def press(self, chat: Chat, person: ChatUser, data: str) -> tuple[list[Answer], Note | None]:
        """``person`` presses a button carrying ``data``: what the bot posted or edited, and the presser's note."""
        channel = self.last_press = RecordingChannel()
        arrival = self._arrival(chat, person)
        last_event = await self._last_event() if self.check_claims else 0
        note = await self.dispatcher.press(arrival, data, channel)
        if self.check_claims:
            await self._check_claimed(arrival.update_id, last_event)
        return channel.answers, note

    async def _last_event(self) -> int:
        async with self.services.storage.read() as tx:
            return int(await tx.fetch_value("SELECT coalesce(max(event_id), 0) FROM history"))

    async def _check_claimed(self, update_id: int | None, last_event: int) -> None:
        """Every event the update wrote names it: its change ran in the transaction that carried the update's claim
        (``storage.updates``), so it was recorded with the update, not apart."""
        async with self.services.storage.read() as tx:
            rows = await tx.fetch_all("SELECT kind, details FROM history WHERE event_id > ?", (last_event,))
        strays = [(row["kind"], update_of(row["details"])) for row in rows if update_of(row["details"]) != update_id]
        assert not strays, f"update {update_id} wrote events outside its claimed transaction: {strays}"


def update_of(details: object) -> object:
    """The update id an event's details name (``None`` without one)."""
    loaded = json.loads(details) if isinstance(details, (str, bytes)) else details
    return loaded.get("update_id") if isinstance(loaded, dict) else None
