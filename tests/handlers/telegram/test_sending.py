"""Failed Bot API calls are retried: 429 after retry_after, 502 and timeouts with growing pauses; refusals not."""

from collections.abc import AsyncIterator

import pytest
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut
from telegram.ext import ExtBot

from handlers.telegram.sending import RetryingRequests
from tests.support.fake_api import FakeBotApi
from tests.support.faults import FaultPlan

CHAT = -4_000_555


class Pauses:
    def __init__(self) -> None:
        self.seconds: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.seconds.append(seconds)


@pytest.fixture
def api() -> FakeBotApi:
    return FakeBotApi()


@pytest.fixture
def pauses() -> Pauses:
    return Pauses()


@pytest.fixture
async def bot(api: FakeBotApi, pauses: Pauses) -> AsyncIterator[ExtBot[RetryingRequests]]:
    limiter = RetryingRequests(attempts=4, sleep=pauses)
    async with ExtBot("1:fake", request=api, get_updates_request=api, rate_limiter=limiter) as running:
        yield running


def delivered(api: FakeBotApi) -> list[str]:
    return api.telegram.sent_texts(CHAT)


@pytest.mark.parametrize(
    ("script", "expected_pauses"),
    [
        (lambda telegram: telegram.fail_retry_after("sendMessage", 3, times=2), [3.0, 3.0]),
        (lambda telegram: telegram.fail("sendMessage", status=502, description="Bad Gateway", times=3),
         [0.5, 1.0, 2.0]),
    ],
)
async def test_a_failed_send_is_repeated_until_it_arrives(
    bot: ExtBot[RetryingRequests], api: FakeBotApi, pauses: Pauses, script, expected_pauses  # type: ignore[no-untyped-def]
) -> None:
    script(api.telegram)
    await bot.send_message(CHAT, "round 2 tables")
    assert delivered(api) == ["round 2 tables"] and pauses.seconds == expected_pauses


async def test_a_send_without_an_answer_is_repeated(bot: ExtBot[RetryingRequests], api: FakeBotApi) -> None:
    api.telegram.faults = FaultPlan(send_rate=1.0, seed=3)
    with pytest.raises((TimedOut, NetworkError, RetryAfter)):
        await bot.send_message(CHAT, "never")
    assert delivered(api) == [] and len(api.telegram.calls_to("sendMessage")) == 4
    api.telegram.faults = FaultPlan(send_rate=0.3, seed=3)
    for number in range(20):
        await bot.send_message(CHAT, f"message {number}")
    assert delivered(api) == [f"message {number}" for number in range(20)]
    # Every fault served cost exactly one more call.
    faults = sum(api.telegram.faults.counts.values())
    assert faults > 5 and len(api.telegram.calls_to("sendMessage")) == 4 + 20 + faults


@pytest.mark.parametrize(
    ("script", "error"),
    [
        (lambda telegram: telegram.fail("sendMessage", description="Bad Request: chat not found"), BadRequest),
        (lambda telegram: telegram.fail_forbidden("sendMessage"), Forbidden),
        (lambda telegram: telegram.fail_retry_after("sendMessage", 3600), RetryAfter),
    ],
)
async def test_refusals_and_long_flood_waits_are_not_repeated(
    bot: ExtBot[RetryingRequests], api: FakeBotApi, pauses: Pauses, script, error: type[Exception]  # type: ignore[no-untyped-def]
) -> None:
    script(api.telegram)
    with pytest.raises(error):
        await bot.send_message(CHAT, "x")
    assert pauses.seconds == [] and len(api.telegram.calls_to("sendMessage")) == 1


async def test_giving_up_after_the_last_attempt(bot: ExtBot[RetryingRequests], api: FakeBotApi, pauses: Pauses) -> None:
    api.telegram.fail("sendMessage", status=502, description="Bad Gateway", times=4)
    with pytest.raises(NetworkError):
        await bot.send_message(CHAT, "x")
    assert pauses.seconds == [0.5, 1.0, 2.0] and delivered(api) == []
