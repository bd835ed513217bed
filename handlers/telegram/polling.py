"""Running the bot on Telegram by long polling: what ``python -m bot run`` starts when ``TELEGRAM_BOT_TOKEN`` is set.

Before polling, the bot makes sure it can reach Telegram (:func:`reach_telegram`): without a network it logs one line
per attempt — where, what failed, when the next try is — and keeps trying, with waits growing from 1 s to a minute;
a token Telegram refuses ends the run with one line. Once running, PTB's own loop retries a lost connection
(``handlers.telegram.error_handler`` logs one line for each).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from telegram import Bot, Update
from telegram.error import InvalidToken, NetworkError

from bot.config import Settings, TokenRefused, WebhookSet
from bot.i18n import Language, t
from handlers.telegram.app import http_requests
from handlers.telegram.context import GuandanApplication
from handlers.telegram.webhook_setup import TELEGRAM_API, telegram_address, webhook_in_the_way

log = logging.getLogger(__name__)

__all__ = ["TELEGRAM_API", "reach_telegram", "run_polling", "telegram_address"]

FIRST_WAIT = 1.0
LONGEST_WAIT = 60.0


async def reach_telegram(
    bot: Bot, where: str, language: Language, *, sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    first_wait: float = FIRST_WAIT, longest_wait: float = LONGEST_WAIT,
) -> None:
    """Return once Telegram answers ``getMe``; until then log one line per failed attempt and try again.

    The waits are 1, 2, 4 … s (at most ``longest_wait``). A refused token raises ``InvalidToken``."""
    wait = first_wait
    while True:
        try:
            async with bot:  # initialising asks getMe
                return
        except InvalidToken:
            raise
        except NetworkError as error:  # no network, DNS, refused connections, timeouts, 5xx answers
            log.warning(t("run.unreachable", language, where=where, error=f"{type(error).__name__}: {error}",
                          seconds=f"{wait:g}"))
        await sleep(wait)
        wait = min(longest_wait, wait * 2)


async def _webhook_url(bot: Bot) -> str | None:
    try:
        async with bot:
            return await webhook_in_the_way(bot)
    except NetworkError:
        return None


class QuietRefusedToken(logging.Filter):
    """Drop PTB's own report of a refused token: an ERROR with a traceback quoting the token.

    The caller says it in one line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], InvalidToken))


def run_polling(settings: Settings, application: GuandanApplication) -> int:
    """Poll Telegram with ``application`` until stopped (SIGINT/SIGTERM); the exit status.

    The application comes from ``handlers.bootstrap.telegram_application``. Raise :class:`TokenRefused` when Telegram
    refuses the token (PTB's ``InvalidToken`` quotes the token itself, so it must not reach a traceback), and
    :class:`WebhookSet` when Telegram delivers the updates to a webhook (``python -m bot delete-webhook`` ends
    that; polling would silently delete it)."""
    where = telegram_address(settings)
    token = settings.token or ""
    # Its own clients, of the kind the application uses (PTB's default would load the CA bundle twice more).
    calls, polls = http_requests(settings.base_url, settings.http_client, settings.language)
    probe = (Bot(token, base_url=settings.base_url, request=calls, get_updates_request=polls) if settings.base_url
             else Bot(token, request=calls, get_updates_request=polls))
    # PTB's run_polling uses the current event loop: the same one waits for Telegram first.
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(reach_telegram(probe, where, settings.language))
    except InvalidToken:
        loop.close()
        raise TokenRefused(where=where) from None
    except KeyboardInterrupt:
        loop.close()
        return 0
    # PTB's polling start deletes a webhook without a word: workers serving by webhook would lose their updates.
    webhook = loop.run_until_complete(_webhook_url(probe))
    if webhook is not None:
        loop.close()
        raise WebhookSet(url=webhook)
    logging.getLogger(__name__).info("polling Telegram; database %s", settings.database_shown)
    quiet = QuietRefusedToken()
    logging.getLogger("telegram.ext").addFilter(quiet)
    try:
        # Should the network drop between that answer and PTB's own start, PTB keeps trying too instead of stopping.
        application.run_polling(allowed_updates=Update.ALL_TYPES, bootstrap_retries=-1)
    except InvalidToken:
        raise TokenRefused(where=where) from None
    finally:
        logging.getLogger("telegram.ext").removeFilter(quiet)
    return 0
