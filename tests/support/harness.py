"""The real application on the in-process fake Bot API: send updates, read the bot's replies.

::

    async with OfflineBot.running(settings) as offline:
        replies = await offline.say(group, alice, "/start")
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

from telegram.ext import BaseRateLimiter

from bot.clock import Clock, system_clock
from bot.config import Settings
from bot.services.match_clock.board import TournamentBoard
from handlers.bootstrap import ProcessOptions, telegram_application
from handlers.buttons import ButtonSpec
from handlers.commands import COMMANDS
from handlers.commands.buttons import BUTTONS
from handlers.registry import CommandSpec
from handlers.telegram.app import TelegramOptions, shutdown, startup
from handlers.telegram.context import GuandanApplication
from handlers.telegram.quiet import QuietGroup
from storage import updates
from tests.support.fake_api import FakeBotApi
from tests.support.telegram import ApiCall, FakeTelegram
from tests.support.updates import FakeUser, UpdateFactory, to_update

REPLY_METHODS = frozenset({"sendMessage", "sendDocument", "sendPhoto", "sendMediaGroup", "editMessageText"})


class OfflineBot:
    check_claims = False
    """Check after each update that every event it wrote names it (the test suite turns this on)."""

    def __init__(self, application: GuandanApplication, api: FakeBotApi, updates: UpdateFactory) -> None:
        self.application = application
        self.api = api
        self.telegram = api.telegram
        self.updates = updates

    @classmethod
    @asynccontextmanager
    async def running(
        cls,
        settings: Settings,
        *,
        clock: Clock = system_clock,
        telegram: FakeTelegram | None = None,
        commands: Sequence[CommandSpec] = COMMANDS,
        buttons: Sequence[ButtonSpec] = BUTTONS,
        entropy: Callable[[int], bytes] = os.urandom,
        board: TournamentBoard | None = None,
        quiet: QuietGroup | None = None,
        rate_limiter: BaseRateLimiter[Any] | None = None,
    ) -> AsyncIterator[OfflineBot]:
        """Build, initialize and start the application (storage open, menus set, announcement jobs restored but
        the scheduler not started: see ``tests.support.jobs``); shut it all down after. ``entropy`` makes the draw
        seeds (fixed: a repeatable simulation); ``board`` replaces the tournaments the match clock sees; ``quiet``
        turns on the quiet habits in groups (``handlers.telegram.quiet``), ``rate_limiter`` a pacer (none by
        default: tests do not wait)."""
        api = FakeBotApi(telegram)
        options = ProcessOptions(clock=clock, commands=commands, buttons=buttons, entropy=entropy, board=board)
        application = telegram_application(settings, options, TelegramOptions(request=api, rate_limiter=rate_limiter,
                                                                               quiet=quiet or False))
        await application.initialize()
        try:
            await startup(application)
            # Continue the numbering of an earlier run on the same database, or its ids would count as re-deliveries.
            async with application.bot_data.services.storage.read() as tx:
                first_update_id = await updates.last_update_id(tx) + 1
            yield cls(application, api, UpdateFactory(first_update_id=first_update_id))
        finally:
            await application.shutdown()
            await shutdown(application)

    @property
    def bot_username(self) -> str:
        return str(self.telegram.bot_user["username"])

    async def process(self, update: Mapping[str, Any]) -> list[ApiCall]:
        """Run one update (JSON) through the application; the replies it caused (those Telegram accepted).

        With :attr:`check_claims`, every event the update wrote must name it: its change ran in the transaction
        that carried the update's claim (``storage.updates``), so it was recorded with the update, not apart."""
        before = len(self.telegram.calls)
        last_event = await self._last_event() if self.check_claims else 0
        await self.application.process_update(to_update(update, self.application.bot))
        if self.check_claims:
            await self._check_claimed(int(update["update_id"]), last_event)
        return [call for call in self.telegram.calls[before:] if call.method in REPLY_METHODS and call.status == 200]

    async def _last_event(self) -> int:
        async with self.application.bot_data.services.storage.read() as tx:
            return int(await tx.fetch_value("SELECT coalesce(max(event_id), 0) FROM history"))

    async def _check_claimed(self, update_id: int, last_event: int) -> None:
        async with self.application.bot_data.services.storage.read() as tx:
            unclaimed = await tx.fetch_all(
                "SELECT kind, json_extract(details, '$.update_id') AS update_id FROM history WHERE event_id > ?"
                " AND actor <> 'telegram'", (last_event,))  # a failed send revealing a group's move: no update's
        strays = [(row["kind"], row["update_id"]) for row in unclaimed if row["update_id"] != update_id]
        assert not strays, f"update {update_id} wrote events outside its claimed transaction: {strays}"

    async def say(self, chat: Mapping[str, Any], sender: FakeUser | None, text: str, **options: Any) -> list[str]:
        """``sender`` writes ``text`` in ``chat``; the texts the bot answered."""
        calls = await self.process(self.updates.message(chat, sender, text, **options))
        return [call.text for call in calls]
