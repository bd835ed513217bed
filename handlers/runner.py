"""Every configured platform in ONE process: ``python -m bot run`` with WeCom configured, or with ``--web``.

One database, one scheduler — and the live pages (``handlers.web``) when ``--web HOST:PORT`` asks for them.

The composition root (``handlers.bootstrap``) builds the services once and the one
:class:`~handlers.announcer.Announcer`, then each platform on them: WeCom (``handlers.wecom``) always here,
Telegram (``handlers.telegram``) too when ``TELEGRAM_BOT_TOKEN`` is set, driven by hand instead of PTB's
``run_polling`` (which would own the event loop). Each announcement goes out through the platform of its chat.
Telegram alone still runs as before (``handlers.telegram.polling``, its application owning the scheduler).

It stops on SIGINT/SIGTERM. A wrong Bot ID or Secret ends the process at once with one line naming the problem
(exit status 2, no traceback, no retry); a newer connection of the same WeCom bot elsewhere stops WeCom here (the
process ends when no platform is left).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from typing import Any

from bot.config import Settings
from bot.i18n import t
from bot.services import Services
from bot.services.assembly import start_services, stop_services
from bot.services.platform_ids import Platform, WeComDirectory
from handlers.bootstrap import add_telegram, add_wecom, assemble
from handlers.web.app import Site
from handlers.web.forms import ChatPoster, CourierPoster, PlatformPosters
from handlers.web.pages import site_with_pages
from handlers.web.server import WebServer
from handlers.wecom.announcer import WeComCourier
from handlers.wecom.client import CredentialsRefused, Replaced
from handlers.wecom.platform import WeComPlatform

log = logging.getLogger(__name__)


def run_platforms(settings: Settings, web: tuple[str, int] | None = None) -> int:
    """Serve every configured platform (and the pages on ``web``, a host and port) until stopped.

    Returns the exit status."""
    return asyncio.run(_run(settings, web))


async def _run(settings: Settings, web: tuple[str, int] | None) -> int:
    process = assemble(settings)
    services, announcer, directory = process.services, process.announcer, process.directory
    wecom = add_wecom(process) if settings.has_wecom else None
    application: Any = add_telegram(process) if settings.has_token else None
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stopping.set)
    await start_services(services)
    server: WebServer | None = None
    try:
        await directory.load(services.storage)
        if wecom is not None:
            await wecom.load_bot_name()
        if application is not None:
            from handlers.telegram.app import start_alongside
            from handlers.telegram.polling import telegram_address

            await start_alongside(application, telegram_address(settings))
        await announcer.restore()
        announcer.start()
        if web is not None:
            server = WebServer(site_for(services, wecom, directory, application), *web)
            try:
                await server.start()
            except OSError as error:
                print(t("serve.cannot_listen", settings.language, listen=f"{web[0]}:{web[1]}", error=str(error)),
                      file=sys.stderr)
                return 2
            log.info("%s", t("web.listening", settings.language, listen=f"{web[0]}:{server.port}"))
        log.info("serving %s; database %s", " and ".join(
            name for name, on in (("WeCom", wecom), ("Telegram", application), ("pages", server)) if on),
            settings.db_path)
        return await _serve(settings, wecom, application is not None, stopping)
    finally:
        if server is not None:
            await server.stop()
        if wecom is not None:
            await wecom.stop()
        announcer.stop()
        if application is not None:
            from handlers.telegram.app import stop_alongside

            await stop_alongside(application)
        await stop_services(services)


def site_for(services: Services, wecom: WeComPlatform | None, directory: WeComDirectory,
             application: Any) -> Site:
    """The pages of a ``run`` process (no webhook: Telegram is polled).

    A result from a page is posted to its group through the platform of that group."""
    posters: dict[Platform, ChatPoster] = {}
    if wecom is not None:
        posters[Platform.WECOM] = CourierPoster(WeComCourier(wecom, directory))
    if application is not None:
        from handlers.telegram.web_poster import TelegramPoster

        posters[Platform.TELEGRAM] = TelegramPoster(application.bot)
    return site_with_pages(services, poster=PlatformPosters(posters))[0]


async def _serve(settings: Settings, wecom: WeComPlatform | None, with_telegram: bool,
                 stopping: asyncio.Event) -> int:
    waiting = asyncio.create_task(stopping.wait())
    if wecom is None:
        await waiting
        return 0
    assert settings.wecom_bot_id and settings.wecom_secret
    serving = asyncio.create_task(wecom.run(settings.wecom_ws_url, settings.wecom_bot_id, settings.wecom_secret))
    try:
        await asyncio.wait({serving, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if serving.done():
            error = serving.exception()
            if isinstance(error, CredentialsRefused):
                print(t("wecom.credentials_refused", settings.language, errcode=error.errcode), file=sys.stderr)
                return 2
            if isinstance(error, ValueError):
                print(t("wecom.bad_url", settings.language, url=settings.wecom_ws_url), file=sys.stderr)
                return 2
            if isinstance(error, Replaced):
                log.warning("%s", t("wecom.replaced", settings.language))
                if with_telegram:
                    await waiting
                return 0
            if error is not None:
                raise error
        return 0
    finally:
        for task in (serving, waiting):
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
