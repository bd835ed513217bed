import pytest
from telegram import Bot
from telegram.error import NetworkError

from tests.support.fake_api import FakeBotApi
from tests.support.faults import FaultPlan, SimulatedDrop
from tests.support.telegram import FakeTelegram


def test_the_plan_is_seeded_and_serves_each_kind() -> None:
    def draws(seed: int) -> list[object]:
        plan = FaultPlan(send_rate=0.5, seed=seed)
        return [plan.for_call("sendMessage") for _ in range(200)]

    assert draws(4) == draws(4) != draws(5)
    plan = FaultPlan(send_rate=0.5, seed=4)
    for _ in range(200):
        plan.for_call("sendMessage")
        assert plan.for_call("getChatAdministrators") is None
    assert set(plan.counts) == {"429", "502", "timeout"} and 70 < sum(plan.counts.values()) < 130


def test_a_dropped_poll_still_confirms_the_offset_and_loses_its_answer() -> None:
    telegram = FakeTelegram()
    telegram.faults = FaultPlan(poll_drop_rate=1.0)
    telegram.enqueue_update({"update_id": 5})
    telegram.enqueue_update({"update_id": 6})
    with pytest.raises(SimulatedDrop):
        telegram.pending_updates(6)
    assert telegram.confirmed_offset == 6
    telegram.faults = None
    assert telegram.pending_updates(6) == [{"update_id": 6}]


async def test_the_in_process_fake_times_out_and_drops_like_a_network() -> None:
    api = FakeBotApi()
    async with Bot("1:fake", request=api, get_updates_request=api) as bot:
        api.telegram.faults = FaultPlan(send_rate=1.0, poll_drop_rate=1.0, seed=2)
        errors = []
        for _ in range(12):
            try:
                await bot.send_message(-5, "x")
            except Exception as error:  # noqa: BLE001 - collecting which kinds arrive
                errors.append(type(error).__name__)
        assert {"TimedOut", "RetryAfter", "NetworkError"} <= set(errors)
        with pytest.raises(NetworkError):
            await bot.get_updates(offset=1)
    assert api.telegram.sent_texts() == []
