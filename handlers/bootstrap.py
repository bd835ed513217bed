"""The composition root: every process's services, announcer, dispatcher and platforms, built here from ``Settings``.

Each entry point asks this module for what it runs and never assembles it itself: Telegram alone by long polling
(:func:`telegram_application`, then ``handlers.telegram.polling.run_polling``), a webhook worker
(:func:`webhook_worker`), every configured platform in one process (:func:`assemble` then :func:`add_wecom` and
:func:`add_telegram`, used by ``handlers.runner``), the console and the demo (:func:`console_chat`, :func:`demo`).
What a process is built with beyond the settings is one :class:`ProcessOptions`; production leaves every field as
it is, tests and benchmarks replace a few. A platform's own knobs (Telegram's HTTP clients, pacing) stay in the
platform's options (``handlers.telegram.app.TelegramOptions``).

Telegram is imported only inside functions: a process without it never loads python-telegram-bot.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.clock import Clock, ManualClock, shifted_clock, system_clock
from bot.config import Settings
from bot.i18n import Language
from bot.presenters.tournament_tables import round_text
from bot.services import Services
from bot.services.assembly import ServiceOptions, build_services, start_services, stop_services
from bot.services.match_clock.board import TournamentBoard
from bot.services.platform_ids import Platform, WeComDirectory, platform_of_chat
from bot.services.roles import AdminLookup, WeComOrganisers
from handlers.announcer import AnnouncementScheduler, Announcer
from handlers.buttons import ButtonSpec
from handlers.claimed_announcer import announcer_for
from handlers.console.chat import ConsoleChat, open_console_chat
from handlers.console.demo import SEED_BYTES, play_demo
from handlers.console.platform import ConsoleAdmins
from handlers.dispatch import Dispatcher
from handlers.registry import CommandSpec
from handlers.wecom.announcer import WeComCourier
from handlers.wecom.platform import WeComPlatform


@dataclass(frozen=True, slots=True)
class ProcessOptions:
    """How a process is built beyond the settings: production leaves every field as it is."""

    clock: Clock | None = None
    """The process's clock; ``None``: the system clock shifted by ``GUANDAN_CLOCK_OFFSET``."""
    entropy: Callable[[int], bytes] = os.urandom
    """Makes draw seeds (a fixed source for repeatable simulations and the demo)."""
    admin_cache_ttl: timedelta = timedelta(minutes=2)
    """How long a group's administrators are remembered (the console reads its own list afresh: zero)."""
    board: TournamentBoard | None = None
    """Replaces the match clock's view of the stored tournaments (benchmarks)."""
    commands: Sequence[CommandSpec] | None = None
    """The command table; ``None``: the product's (``handlers.commands.COMMANDS``). Tests add their own."""
    buttons: Sequence[ButtonSpec] | None = None
    """The button table; ``None``: the product's (``handlers.commands.buttons.BUTTONS``)."""
    claimed_announcements: bool = False
    """Announcements claimed from the database on PostgreSQL, where many webhook workers share it
    (``handlers.claimed_announcer``); otherwise this process's own timers."""


class Admins:
    """A group's administrators, asked of the platform the chat is on.

    Platforms join once they are built: the Telegram lookup needs the application's bot, which needs the services
    first."""

    def __init__(self) -> None:
        self._lookups: list[tuple[Platform | None, AdminLookup]] = []

    def add(self, lookup: AdminLookup, platform: Platform | None = None) -> None:
        """Ask ``lookup`` about the chats of ``platform`` (``None``: every chat)."""
        self._lookups.append((platform, lookup))

    async def __call__(self, chat_id: int) -> frozenset[int]:
        # WeCom gives a bot no admin list: its organisers come from WECOM_ORGANISERS (bot.services.roles).
        for platform, lookup in self._lookups:
            if platform is None or platform_of_chat(chat_id) is platform:
                return await lookup(chat_id)
        return frozenset()


@dataclass(slots=True)
class Process:
    """One process's parts: its services, its one announcer, the WeCom directory and the admin lookups."""

    settings: Settings
    options: ProcessOptions
    services: Services
    announcer: AnnouncementScheduler
    admins: Admins
    directory: WeComDirectory = field(default_factory=WeComDirectory)

    def dispatcher(self, *, own_errors: tuple[type[BaseException], ...] = (), timers: bool = True) -> Dispatcher:
        """The front door on this process's services and announcer.

        ``own_errors``: the errors the platform answers itself; ``timers=False``: announcements are stored but no
        timer is set for them (the console, which runs no scheduler)."""
        return Dispatcher(self.services, commands=self.options.commands, buttons=self.options.buttons,
                          timers=self.announcer if timers else None, own_errors=own_errors)


def assemble(settings: Settings, options: ProcessOptions | None = None) -> Process:
    """The services (not yet started: :func:`bot.services.assembly.start_services`) and the announcer of a process."""
    options = options or ProcessOptions()
    admins = Admins()
    clock = options.clock if options.clock is not None else shifted_clock(settings.clock_offset)
    services = build_services(settings, ServiceOptions(
        admins=admins, post_round=round_text, clock=clock, admin_cache_ttl=options.admin_cache_ttl,
        entropy=options.entropy, board=options.board))
    announcer = announcer_for(services) if options.claimed_announcements else Announcer(services)
    return Process(settings, options, services, announcer, admins)


def add_wecom(process: Process) -> WeComPlatform:
    """WeCom on the process: its organisers from ``WECOM_ORGANISERS``, its platform and its courier."""
    process.services.roles.add_source(WeComOrganisers(process.settings.wecom_organisers, process.directory))
    platform = WeComPlatform(process.dispatcher(), process.directory)
    process.announcer.add_courier(Platform.WECOM, WeComCourier(platform, process.directory))
    return platform


def add_telegram(process: Process, telegram: Any = None, *, only_platform: bool = False) -> Any:
    """The Telegram application on the process, built with ``telegram`` options.

    It is a ``GuandanApplication``, typed loosely so that Telegram loads only when it runs; ``telegram`` is a
    ``TelegramOptions`` (default: the settings' pacing). Its bot answers who administers a Telegram chat — every
    chat when Telegram is the ``only_platform``."""
    from handlers.telegram.app import OWN_ERRORS, TelegramOptions, build_application, chat_admin_ids

    options = telegram if telegram is not None else TelegramOptions(rate_limiter=process.settings.rate_limit)
    application = build_application(process.settings, process.dispatcher(own_errors=OWN_ERRORS), process.announcer,
                                    options)
    bot = application.bot

    async def admins(chat_id: int) -> frozenset[int]:
        return await chat_admin_ids(bot, chat_id)

    process.admins.add(admins, None if only_platform else Platform.TELEGRAM)
    return application


def telegram_application(settings: Settings, options: ProcessOptions | None = None, telegram: Any = None) -> Any:
    """Telegram alone: ``python -m bot run`` by long polling, and the offline harness.

    The ``GuandanApplication`` owns its services and announcer (started by its ``post_init``, or by
    ``handlers.telegram.app.startup``)."""
    return add_telegram(assemble(settings, options), telegram, only_platform=True)


def webhook_worker(settings: Settings, options: ProcessOptions | None = None) -> Any:
    """A webhook worker for ``python -m bot serve``.

    A ``handlers.telegram.serve.WebhookWorker``, its announcer claimed from the database on PostgreSQL."""
    from handlers.telegram.serve import WebhookWorker

    options = replace(options or ProcessOptions(), claimed_announcements=True)
    return WebhookWorker(telegram_application(settings, options))


@asynccontextmanager
async def console_process(settings: Settings, options: ProcessOptions | None = None,
                          admins: ConsoleAdmins | None = None) -> AsyncIterator[Process]:
    """The console's process, started for the block.

    Its administrators are ``admins``' own list, read afresh on every question (no cache); its clock is the system's
    unless the options give one."""
    options = options or ProcessOptions()
    process = assemble(settings, replace(options, admin_cache_ttl=timedelta(0),
                                         clock=options.clock if options.clock is not None else system_clock))
    process.admins.add((admins or ConsoleAdmins()).lookup)
    await start_services(process.services)
    try:
        yield process
    finally:
        await stop_services(process.services)


@asynccontextmanager
async def console_chat(settings: Settings, language: Language, files: Path, output: Callable[[str], None] = print,
                       options: ProcessOptions | None = None) -> AsyncIterator[ConsoleChat]:
    """The console chat (``python -m bot console``) over the database of ``settings``, saving files in ``files``."""
    admins = ConsoleAdmins()
    async with console_process(settings, options, admins) as process, \
            open_console_chat(process.dispatcher(timers=False), admins, language, files, output) as chat:
        yield chat


async def demo(settings: Settings, language: Language, output: Callable[[str], None], files: Path) -> None:
    """Play the demo (``python -m bot demo``) on the fresh database of ``settings``.

    Its clock is the demo's own and its draw seed fixed, so every run prints the same conversation."""
    clock = ManualClock()
    admins = ConsoleAdmins()
    options = ProcessOptions(clock=clock, entropy=lambda size: SEED_BYTES[:size])
    async with console_process(settings, options, admins) as process:
        await play_demo(process.dispatcher(timers=False), admins, clock, language, output, files)
