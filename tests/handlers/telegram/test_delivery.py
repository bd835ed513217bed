"""Updates are confirmed to Telegram (the next getUpdates offset) only after they were handled."""

import asyncio
from pathlib import Path

import pytest

from bot.config import Settings
from handlers.bootstrap import ProcessOptions, telegram_application
from handlers.commands import COMMANDS
from handlers.invocation import Invocation
from handlers.registry import CommandSpec
from handlers.telegram.app import TelegramOptions, shutdown, startup
from handlers.telegram.delivery import DeliveryLedger, update_ids_in
from tests.support.fake_api import FakeBotApi
from tests.support.updates import FakeUser, UpdateFactory, group_chat

GROUP = group_chat(-4_000_321)
ALICE = FakeUser(7, "Alice", "alice")


@pytest.mark.parametrize(
    ("body", "ids"),
    [
        (b'{"ok": true, "result": [{"update_id": 4}, {"update_id": 5, "message": {}}]}', [4, 5]),
        (b'{"ok": true, "result": []}', []),
        (b'{"ok": false, "error_code": 502}', []),
        (b"<html>bad gateway</html>", []),
    ],
)
def test_update_ids_of_a_get_updates_answer(body: bytes, ids: list[int]) -> None:
    assert update_ids_in(body) == ids


async def test_the_ledger_waits_for_open_updates_below_the_offset() -> None:
    ledger = DeliveryLedger(wait_limit=5)
    ledger.fetched([1, 2, 3])
    assert await ledger.wait_until_handled(1)
    waiting = asyncio.create_task(ledger.wait_until_handled(3))
    await asyncio.sleep(0.01)
    ledger.handled(1)
    await asyncio.sleep(0.01)
    assert not waiting.done()
    ledger.handled(2)
    assert await asyncio.wait_for(waiting, 1) is True
    assert ledger.open_updates == {3}


async def test_a_stuck_update_is_waited_for_once() -> None:
    ledger = DeliveryLedger(wait_limit=0.05)
    ledger.fetched([8])
    assert await ledger.wait_until_handled(9) is False
    assert await asyncio.wait_for(ledger.wait_until_handled(9), 0.02) is True


async def test_polling_confirms_an_update_only_after_its_handler_finished(tmp_path: Path) -> None:
    release = asyncio.Event()
    started = asyncio.Event()

    async def slow(call: Invocation) -> None:
        started.set()
        await release.wait()
        await call.reply("done")

    api = FakeBotApi()
    options = ProcessOptions(commands=(*COMMANDS, CommandSpec("slow", slow, listed=False)))
    application = telegram_application(Settings(db_path=tmp_path / "bot.sqlite3"), options,
                                       TelegramOptions(request=api, rate_limiter=None))
    update = UpdateFactory().message(GROUP, ALICE, "/slow")
    api.enqueue_update(update)
    async with application:
        await startup(application)
        assert application.updater is not None
        await application.updater.start_polling(poll_interval=0, timeout=1)
        await application.start()
        try:
            await asyncio.wait_for(started.wait(), 5)
            await asyncio.sleep(0.2)  # time for PTB to poll again, which would confirm the update
            assert api.telegram.confirmed_offset <= update["update_id"]
            release.set()
            for _ in range(100):
                if api.telegram.confirmed_offset > update["update_id"]:
                    break
                await asyncio.sleep(0.02)
            assert api.telegram.confirmed_offset == update["update_id"] + 1
            assert [call.text for call in api.telegram.calls_to("sendMessage")] == ["done"]
        finally:
            release.set()
            await application.updater.stop()
            await application.stop()
            await shutdown(application)
