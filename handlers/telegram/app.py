"""Building the python-telegram-bot ``Application`` that runs guandan-bot, on a dispatcher and announcer given.

The composition root (``handlers.bootstrap``) builds the services, the dispatcher and the announcer and hands them
to :func:`build_application`. Telegram alone polls (:func:`poll`; its ``post_init`` also starts the announcement
scheduler); a webhook worker (``handlers.telegram.serve``) hands it each POSTed update with ``process_update``,
without polling; beside WeCom, ``handlers.runner`` starts it by hand (:func:`start_alongside`). Tests pass a fake
``request`` (``tests.support.fake_api.FakeBotApi``) and no rate limiter, then call ``await app.initialize(); await
startup(app)`` (``initialize`` does not run ``post_init``, and the scheduler stays stopped: ``tests.support.jobs``
fires due jobs).
"""

from __future__ import annotations

import logging
import ssl
from dataclasses import dataclass
from typing import Any

import certifi
from telegram import Bot, ChatMemberAdministrator, ChatMemberOwner, LinkPreviewOptions, Update
from telegram.constants import ParseMode
from telegram.error import ChatMigrated, InvalidToken
from telegram.ext import ApplicationBuilder, BaseRateLimiter, Defaults
from telegram.request import BaseRequest, HTTPXRequest

from bot.config import Settings, TokenRefused, WebhookSet
from bot.i18n import DEFAULT_LANGUAGE, Language, t
from bot.redaction import redacted_url
from bot.services.assembly import start_services, stop_services
from bot.services.platform_ids import Platform
from bot.services.send_budget import StoredSendBudget, shares_budget
from handlers.announcer import AnnouncementScheduler
from handlers.dispatch import Dispatcher
from handlers.telegram.announcer import TelegramCourier
from handlers.telegram.context import CONTEXT_TYPES, AppState, GuandanApplication, announcer_of
from handlers.telegram.delivery import ConfirmAfterHandling, DeliveryLedger, LedgerUpdateProcessor
from handlers.telegram.http_client import AiohttpRequest, UnsupportedProxy, proxy_for
from handlers.telegram.menus import set_command_menus
from handlers.telegram.pacing import WINDOW, GroupPacer, SendBudget, earliest_slot
from handlers.telegram.quiet import QuietGroup
from handlers.telegram.sending import RetryingRequests
from handlers.telegram.webhook_setup import TELEGRAM_API
from handlers.telegram.wiring import install

log = logging.getLogger(__name__)

OFFLINE_TOKEN = "123456:offline"
"""PTB needs some token; offline runs (console, tests) use this one against the fake Bot API."""

CONCURRENT_UPDATES = 8
"""Updates handled at once; storage transactions keep concurrent changes consistent."""

OWN_ERRORS: tuple[type[BaseException], ...] = (ChatMigrated,)
"""What Telegram's own handlers answer rather than the dispatcher's failure policy: a chat that moved."""


def http_requests(base_url: str | None, client: str = "aiohttp",
                  language: Language = DEFAULT_LANGUAGE) -> tuple[BaseRequest, BaseRequest]:
    """PTB's two HTTP clients (calls; the long poll, one connection), sharing one TLS context.

    ``client``: ``aiohttp`` (``handlers.telegram.http_client``, the default: a tenth of httpx's CPU per call) or
    ``httpx`` (PTB's own, ``GUANDAN_HTTP_CLIENT=httpx``), each with PTB's default timeouts. Loading the CA bundle
    costs ~0.1 s per client at start-up, so it is loaded once; a plain-http local Bot API server
    (``TELEGRAM_BASE_URL=http://…``) needs none. A SOCKS proxy in the environment, which aiohttp cannot speak to,
    gets httpx's client (logged in ``language``)."""
    verify: ssl.SSLContext | bool = (
        False if base_url and base_url.startswith("http://") else ssl.create_default_context(cafile=certifi.where())
    )
    if client == "aiohttp":
        try:
            proxy_for(base_url or TELEGRAM_API)
        except UnsupportedProxy as refused:
            log.warning(t("run.socks_proxy_httpx", language, proxy=redacted_url(refused.proxy)))
            client = "httpx"
    if client == "httpx":
        return (HTTPXRequest(connection_pool_size=256, httpx_kwargs={"verify": verify}),
                HTTPXRequest(connection_pool_size=1, httpx_kwargs={"verify": verify}))
    return (AiohttpRequest(connection_pool_size=256, ssl_context=verify),
            AiohttpRequest(connection_pool_size=1, ssl_context=verify))


async def chat_admin_ids(bot: Bot, chat_id: int) -> frozenset[int]:
    members = await bot.get_chat_administrators(chat_id)
    return frozenset(
        member.user.id for member in members if isinstance(member, ChatMemberOwner | ChatMemberAdministrator)
    )


@dataclass(frozen=True, slots=True)
class TelegramOptions:
    """How the application speaks to Telegram beyond the settings; production leaves every field as it is.

    ``rate_limiter``: ``True`` paces sends within Telegram's limits (``handlers.telegram.pacing.GroupPacer``: at
    most 20 messages and edits per group in any minute, 30 a second overall) and retries failed calls
    (production, ``handlers.telegram.sending``); ``False`` only retries (``GUANDAN_RATE_LIMIT=off``); ``None``
    neither (unit tests); or a limiter of your own. ``send_budget``: where the pacer keeps each group's slots (by
    default in this process; on a PostgreSQL database, in it, shared by every process of the bot:
    ``bot.services.send_budget``). ``quiet``: gathered acknowledgements and repeat pointers in groups
    (``handlers.telegram.quiet``); by default on exactly when ``rate_limiter`` is ``True``.
    ``request`` and ``get_updates_request``: PTB's HTTP clients (tests: the fake Bot API).
    """

    request: BaseRequest | None = None
    get_updates_request: BaseRequest | None = None
    rate_limiter: BaseRateLimiter[Any] | bool | None = True
    concurrent_updates: int = CONCURRENT_UPDATES
    quiet: QuietGroup | bool | None = None
    send_budget: SendBudget | None = None


def build_application(settings: Settings, dispatcher: Dispatcher, announcer: AnnouncementScheduler,
                      options: TelegramOptions | None = None) -> GuandanApplication:
    """The application on ``dispatcher`` (the front door) and the process's ``announcer``.

    It gets its handlers now, its menus and open storage at start. Polling confirms updates to Telegram only once
    they were handled (``handlers.telegram.delivery``)."""
    options = options or TelegramOptions()
    request, get_updates_request, rate_limiter = options.request, options.get_updates_request, options.rate_limiter
    quiet, send_budget = options.quiet, options.send_budget
    services = dispatcher.services
    ledger = DeliveryLedger()
    # PTB's builder changes its type parameters with every call; the built application is typed below.
    builder: Any = (
        ApplicationBuilder()
        .token(settings.token or OFFLINE_TOKEN)
        .context_types(CONTEXT_TYPES)
        .defaults(Defaults(parse_mode=ParseMode.HTML, link_preview_options=LinkPreviewOptions(is_disabled=True),
                           tzinfo=settings.timezone, allow_sending_without_reply=True))
        .concurrent_updates(LedgerUpdateProcessor(options.concurrent_updates, ledger))
        .job_queue(None)
        .post_init(startup_and_schedule)
        .post_stop(drain_quiet)
        .post_shutdown(shutdown)
    )
    if settings.base_url:
        builder = builder.base_url(settings.base_url)
    if settings.base_file_url:
        builder = builder.base_file_url(settings.base_file_url)
    if request is None:
        request, default_polling = http_requests(settings.base_url, settings.http_client, settings.language)
        get_updates_request = get_updates_request or default_polling
    builder = builder.request(request)
    polling = get_updates_request or request
    builder = builder.get_updates_request(ConfirmAfterHandling(polling, ledger))
    pacer: GroupPacer | None = None
    if rate_limiter is True:
        pacer = GroupPacer(send_budget)
        builder = builder.rate_limiter(RetryingRequests(pacer))
    elif rate_limiter is False:
        builder = builder.rate_limiter(RetryingRequests())
    elif isinstance(rate_limiter, BaseRateLimiter):
        builder = builder.rate_limiter(rate_limiter)
    application: GuandanApplication = builder.build()
    if pacer is not None and send_budget is None and shares_budget(services.storage):
        # Several worker processes may share this database: Telegram counts per bot, so they share the budget.
        pacer.budget = StoredSendBudget(services.storage, earliest_slot, window=WINDOW)
    announcer.add_courier(Platform.TELEGRAM, TelegramCourier(application.bot))
    state: AppState = application.bot_data
    state.attach(dispatcher, announcer)
    if quiet is None:
        quiet = rate_limiter is True
    state.quiet = QuietGroup() if quiet is True else (quiet or None)
    install(application)
    return application


async def startup(application: GuandanApplication) -> None:
    """Start the services, re-create the announcement jobs and publish the command menus.

    Starting the services opens the storage and forgets old update ids; the jobs come from the database."""
    await start_services(application.bot_data.services)
    await announcer_of(application).restore()
    await set_command_menus(application.bot, application.bot_data.commands)


async def startup_and_schedule(application: GuandanApplication) -> None:
    """``post_init`` when the application runs alone (:func:`poll`): :func:`startup`, then the scheduler runs."""
    await startup(application)
    announcer_of(application).start()


async def drain_quiet(application: GuandanApplication) -> None:
    """Post the gathered acknowledgements still waiting (``handlers.telegram.quiet``) at once.

    On the way out, while the bot can still send."""
    quiet = application.bot_data.quiet
    if quiet is not None:
        await quiet.gatherer.flush_now()


async def shutdown(application: GuandanApplication) -> None:
    await announcer_of(application).aclose()
    await stop_services(application.bot_data.services)


def poll(application: GuandanApplication) -> None:
    """Handle updates by long polling until stopped (``python -m bot run``), asking Telegram for every kind."""
    application.run_polling(allowed_updates=Update.ALL_TYPES)


async def start_alongside(application: GuandanApplication, where: str) -> None:
    """Start polling by hand, beside another platform in the same event loop (``handlers.runner``).

    The services were started and the announcements restored by the runner, which owns the scheduler. Raise
    :class:`~bot.config.TokenRefused` naming ``where`` (Telegram's address, never the token) when Telegram
    refuses the token (PTB's ``InvalidToken`` quotes the token itself, so it must not reach a traceback), and
    :class:`~bot.config.WebhookSet` when Telegram delivers the updates to a webhook."""
    try:
        await application.initialize()
    except InvalidToken:
        raise TokenRefused(where=where) from None
    from handlers.telegram.webhook_setup import webhook_in_the_way

    webhook = await webhook_in_the_way(application.bot)
    if webhook is not None:  # polling's start would delete it without a word
        raise WebhookSet(url=webhook)
    await set_command_menus(application.bot, application.bot_data.commands)
    updater = application.updater
    if updater is None:
        raise RuntimeError("the application has no updater to poll with")
    await updater.start_polling(allowed_updates=Update.ALL_TYPES)
    await application.start()


async def stop_alongside(application: GuandanApplication) -> None:
    updater = application.updater
    if updater is not None and updater.running:
        await updater.stop()
    await drain_quiet(application)
    if application.running:
        await application.stop()
    await application.shutdown()
