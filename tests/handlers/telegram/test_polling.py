"""Reaching Telegram before polling: one line per failed try with where, what and when next, growing
waits, and a refused token ends the run."""

import logging

import pytest
from telegram import Bot
from telegram.error import InvalidToken

from bot.i18n import Language
from handlers.telegram.polling import reach_telegram
from tests.support.fake_api import FakeBotApi
from tests.support.telegram import FakeTelegram


async def test_each_failed_try_is_one_line_and_the_waits_grow(caplog: pytest.LogCaptureFixture) -> None:
    telegram = FakeTelegram()
    telegram.fail("getMe", status=502, description="Bad Gateway", times=4)
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    caplog.set_level(logging.WARNING, "handlers.telegram.polling")
    await reach_telegram(Bot("1:fake", request=FakeBotApi(telegram)), "https://api.example", Language.EN,
                         sleep=sleep, longest_wait=4)
    assert waits == [1, 2, 4, 4]
    lines = [record.getMessage() for record in caplog.records]
    assert lines[0] == "Cannot reach Telegram at https://api.example (NetworkError: Bad Gateway); next try in 1 s."
    assert [line.rsplit(" ", 2)[-2] for line in lines] == ["1", "2", "4", "4"]
    assert all(record.exc_info is None for record in caplog.records)  # no traceback
    assert len(telegram.calls_to("getMe")) == 5


async def test_a_refused_token_is_not_retried() -> None:
    telegram = FakeTelegram()
    telegram.fail("getMe", status=401, description="Unauthorized")

    async def sleep(seconds: float) -> None:
        raise AssertionError("no retry")

    with pytest.raises(InvalidToken):
        await reach_telegram(Bot("1:fake", request=FakeBotApi(telegram)), "x", Language.ZH, sleep=sleep)
