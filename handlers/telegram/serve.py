"""A webhook worker: what ``python -m bot serve --listen HOST:PORT`` runs. Any number of them serve one bot.

Telegram POSTs each update to ``/telegram`` of one worker (``handlers.web.webhook`` is the HTTP side); the
worker hands it to the real PTB ``Application`` (:func:`handlers.telegram.app.build_application`,
``application.process_update``) — no polling, no updater, no PTB job queue — and answers 200 once the update is
recorded in ``processed_updates`` (``storage.updates``): applied now, or found applied before (a re-delivery).
If handling ended without the update recorded (the database refused, the process is going down) the answer is
500 and Telegram delivers the update again, maybe to another worker; a re-delivery of an update whose change
was committed is found recorded at the intake and skipped, so an update is applied once and answered at most
once however often it arrives. Replies go out through the Bot API, never in the response body.

Many workers share one PostgreSQL database (SQLite serves one worker only: its file lives on one machine). What
one chat's updates change is serialized there: each changing transaction takes the chat's advisory lock
(``storage.postgres``) for as long as it runs, whichever worker runs it; different chats run side by side.

The worker is built by the composition root (``handlers.bootstrap.webhook_worker``), whose announcer is, on
PostgreSQL a ``handlers.claimed_announcer.ClaimingAnnouncer`` — no timers in the process; due rows are claimed from
the database (``FOR UPDATE SKIP LOCKED`` and a lease), so each announcement is sent by exactly one worker however
many run, start and die; on an SQLite file (one worker) the process-local ``handlers.announcer.Announcer``.

SIGTERM or SIGINT drains: the listening socket closes, ``/healthz`` answers 503, the updates being handled finish
and are answered, then the worker logs what it served and exits 0.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from typing import Any

from telegram import Update
from telegram.error import InvalidToken

from bot.config import TokenRefused
from bot.i18n import t
from bot.services import Services
from bot.services.intake import update_applied
from bot.services.platform_ids import Platform
from handlers.telegram.app import CONCURRENT_UPDATES, drain_quiet, shutdown, startup
from handlers.telegram.context import GuandanApplication, announcer_of
from handlers.telegram.delivery import DeliveryLedger, LedgerUpdateProcessor
from handlers.telegram.forged import forgery
from handlers.telegram.polling import reach_telegram
from handlers.telegram.web_poster import TelegramPoster
from handlers.telegram.webhook_setup import telegram_address
from handlers.web.forms import PlatformPosters
from handlers.web.pages import site_with_pages
from handlers.web.server import WebServer
from handlers.web.webhook import webhook_route

log = logging.getLogger(__name__)


class RecordedUpdates(DeliveryLedger):
    """The ledger the intake tells when an update is recorded (``UpdateClaim.on_recorded``).

    A worker answers 200 for those without asking the database again."""

    def __init__(self) -> None:
        super().__init__()
        self._recorded: set[int] = set()

    def handled(self, update_id: int) -> None:
        super().handled(update_id)
        self._recorded.add(update_id)

    def take(self, update_id: int) -> bool:
        """Whether ``update_id`` was recorded since it was last asked about (and forget it)."""
        if update_id in self._recorded:
            self._recorded.discard(update_id)
            return True
        return False


class WebhookWorker:
    """One worker's update handling: an update in, the HTTP status to answer out (:meth:`handle`)."""

    def __init__(self, application: GuandanApplication, *, concurrent_updates: int = CONCURRENT_UPDATES) -> None:
        self.application = application
        self.recorded = RecordedUpdates()
        processor = application.update_processor
        if not isinstance(processor, LedgerUpdateProcessor):
            raise TypeError("the application was not built by handlers.telegram.app.build_application")
        processor.ledger = self.recorded
        self._slots = asyncio.Semaphore(concurrent_updates)
        self.served = 0
        self.failed = 0

    @property
    def services(self) -> Services:
        return self.application.bot_data.services

    async def handle(self, data: dict[str, Any]) -> int:
        """The HTTP status for one POSTed update: 200 once it is recorded or refused for good, else 500.

        Recorded means applied now or before; refused for good means forged (200) or unreadable (400); 500 makes
        Telegram deliver it again."""
        update_id = int(data["update_id"])
        try:
            update = Update.de_json(data, self.application.bot)
        except Exception as error:  # Telegram never sends it; delivering it again would not help
            log.info("update %s refused: it cannot be read (%s)", update_id, error)
            return 400
        reason = forgery(update, self.application.bot.id)
        if reason is not None:
            log.info("update %s refused: %s", update_id, reason)
            return 200
        async with self._slots:
            try:
                await self.application.process_update(update)
            except Exception:
                log.exception("update %s: handling failed", update_id)
        if self.recorded.take(update_id) or await update_applied(self.services.storage, update_id):
            self.served += 1
            return 200
        self.failed += 1
        log.warning("update %s was not recorded: answered 500, Telegram delivers it again", update_id)
        return 500

    def metrics(self) -> dict[str, int]:
        """What ``GET /metrics`` shows (``-1`` round trips on SQLite, which has none)."""
        trips = self.round_trips()
        return {"guandan_updates_answered_200": self.served, "guandan_updates_answered_500": self.failed,
                "guandan_database_round_trips": -1 if trips is None else trips}

    def round_trips(self) -> int | None:
        """Statements this worker sent to PostgreSQL so far (``None`` on SQLite)."""
        count = getattr(self.services.storage, "round_trips", None)
        return count if isinstance(count, int) else None


async def start_worker(worker: WebhookWorker, where: str) -> None:
    """Wait until Telegram answers, initialise PTB, open the services, restore and start the announcements.

    One log line per failed try, as ``run`` does; :class:`TokenRefused` if Telegram refuses the token."""
    application = worker.application
    try:
        await reach_telegram(application.bot, where, worker.services.settings.language)
        await application.initialize()
    except InvalidToken:
        raise TokenRefused(where=where) from None
    await startup(application)
    announcer_of(application).start()


async def stop_worker(worker: WebhookWorker) -> None:
    """Post the gathered acknowledgements still waiting, end the announcer's sends, close the services and PTB.

    The worker never ran PTB's ``start``, so its ``post_stop`` does not post them."""
    await drain_quiet(worker.application)
    await shutdown(worker.application)
    await worker.application.shutdown()


def run_worker(worker: WebhookWorker, secret: str, host: str, port: int) -> int:
    """Serve webhook updates on ``host:port`` until SIGTERM/SIGINT; the exit status (0 after a drain)."""
    return asyncio.run(_serve(worker, secret, host, port))


async def _serve(worker: WebhookWorker, secret: str, host: str, port: int) -> int:
    settings = worker.services.settings
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stopping.set)
    await start_worker(worker, telegram_address(settings))
    poster = PlatformPosters({Platform.TELEGRAM: TelegramPoster(worker.application.bot)})
    site, _ = site_with_pages(worker.services, metrics=worker.metrics, poster=poster)
    site.app.router.routes.append(webhook_route(site, worker.handle, secret))
    server = WebServer(site, host, port)
    try:
        try:
            await server.start()
        except OSError as error:
            log.error(t("serve.cannot_listen", settings.language, listen=f"{host}:{port}", error=str(error)))
            return 2
        log.info(t("serve.listening", settings.language, listen=f"{host}:{server.port}",
                   database=settings.database_shown))
        await stopping.wait()
        log.info(t("serve.draining", settings.language))
        await server.stop()
    finally:
        await stop_worker(worker)
    trips = worker.round_trips()
    log.info("served %d updates (%d answered 500); database round trips %s", worker.served, worker.failed,
             "n/a (SQLite)" if trips is None else trips)
    return 0


__all__ = ["RecordedUpdates", "WebhookWorker", "run_worker", "start_worker", "stop_worker"]
