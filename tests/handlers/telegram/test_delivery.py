"""Updates are confirmed to Telegram (the next getUpdates offset) only after they were handled."""

import asyncio
from pathlib import Path
from typing import Any

import pytest
from telegram._utils.types import JSONDict
from telegram.request import BaseRequest, RequestData

from bot.config import Settings
from handlers.bootstrap import ProcessOptions, telegram_application
from handlers.commands import COMMANDS
from handlers.invocation import Invocation
from handlers.registry import CommandSpec
from handlers.telegram.app import TelegramOptions, shutdown, startup
from handlers.telegram.delivery import ConfirmAfterHandling, DeliveryLedger, update_ids_in
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


class CountingRequest(BaseRequest):
    """Answers every call with ``body`` and counts how often an answer is parsed."""

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.parsed = 0

    @property
    def read_timeout(self) -> float | None:
        return 5.0

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    def parse_json_payload(self, payload: bytes) -> JSONDict:  # type: ignore[override]
        self.parsed += 1
        return BaseRequest.parse_json_payload(payload)

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         read_timeout: Any = None, write_timeout: Any = None, connect_timeout: Any = None,
                         pool_timeout: Any = None) -> tuple[int, bytes]:
        return 200, self.body


async def test_a_get_updates_answer_is_parsed_once_for_the_ledger_and_ptb() -> None:
    inner = CountingRequest(b'{"ok": true, "result": [{"update_id": 4}, {"update_id": 5}]}')
    ledger = DeliveryLedger()
    polling = ConfirmAfterHandling(inner, ledger)
    result = await polling.post("https://api.telegram.org/bot1:x/getUpdates")
    assert [update["update_id"] for update in result] == [4, 5]  # type: ignore[index,union-attr]
    assert ledger.open_updates == {4, 5} and inner.parsed == 1
    await polling.post("https://api.telegram.org/bot1:x/getMe")  # another call: parsed as it comes
    assert inner.parsed == 2
