"""The send budget shared through the database (``bot.services.send_budget``) at work: three application instances, each
with its own storage pool over one PostgreSQL database, sending 60 messages to one group at once never put more
than 20 in any 60 s (Telegram's count, enforced by the fake) and lose none."""

from __future__ import annotations

from typing import Any

import pytest

from bot.services.send_budget import StoredSendBudget, shares_budget
from handlers.bootstrap import telegram_application
from handlers.telegram.app import TelegramOptions, shutdown, startup
from handlers.telegram.context import GuandanApplication
from handlers.telegram.pacing import GROUP_LIMIT, GroupPacer
from handlers.telegram.sending import RetryingRequests
from tests.support.fake_api import FakeBotApi
from tests.support.postgres import SessionDatabase, settings_for
from tests.support.telegram import FakeTelegram, FloodLimits
from tests.support.virtual_time import VirtualTime

GROUP = -4_000_555


def most_in_any_window(times: list[float], window: float = 60.0) -> int:
    times = sorted(times)
    start, worst = 0, 0
    for end, at in enumerate(times):
        while times[start] <= at - window:
            start += 1
        worst = max(worst, end - start + 1)
    return worst


@pytest.mark.slow  # long (seconds under load): make quick leaves it out
@pytest.mark.postgresql
async def test_three_workers_sending_sixty_messages_to_one_group_keep_the_limit(postgres: SessionDatabase) -> None:
    url = await postgres.migrated_target()
    time = VirtualTime()
    telegram = FakeTelegram()
    telegram.flood = FloodLimits(time.now)
    applications: list[GuandanApplication] = []
    try:
        for _ in range(3):
            application = telegram_application(settings_for(url), telegram=TelegramOptions(
                request=FakeBotApi(telegram), rate_limiter=True))
            limiter = application.bot.rate_limiter
            assert isinstance(limiter, RetryingRequests) and isinstance(limiter.pacing, GroupPacer)
            limiter.pacing.now, limiter.pacing.sleep = time.now, time.sleep  # virtual time, shared budget
            limiter.sleep = time.sleep  # a 429's retry waits in virtual time too
            assert isinstance(limiter.pacing.budget, StoredSendBudget)
            assert shares_budget(application.bot_data.services.storage)
            await application.initialize()
            await startup(application)
            applications.append(application)

        async def send(application: GuandanApplication, text: str) -> Any:
            return await application.bot.send_message(GROUP, text)

        texts = [f"worker {index % 3} message {index}" for index in range(60)]
        await time.run(*(send(applications[index % 3], text) for index, text in enumerate(texts)))
    finally:
        for application in applications:
            await application.shutdown()
            await shutdown(application)
    sent = [call for call in telegram.calls if call.method == "sendMessage"]
    assert all(call.status == 200 for call in sent) and telegram.flood.refused == 0
    assert most_in_any_window([call.at for call in sent]) <= GROUP_LIMIT
    delivered = "\n".join(call.text for call in sent)
    assert all(text in delivered for text in texts)  # none lost (waiting texts may share a message)
