import asyncio
import json
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from telegram import Bot

from tests.support.http_server import BotApiServer, decode_body
from tests.support.updates import FakeUser, UpdateFactory, group_chat


@pytest.fixture
def server() -> Iterator[BotApiServer]:
    with BotApiServer() as running:
        yield running


def post(server: BotApiServer, method: str, **kwargs: object) -> dict[str, object]:
    response = httpx.post(f"{server.base_url}123:token/{method}", timeout=10, **kwargs)  # type: ignore[arg-type]
    result: dict[str, object] = response.json()
    return result


def test_get_me_and_form_encoded_send_message(server: BotApiServer) -> None:
    assert post(server, "getMe")["result"]["username"] == "guandan_test_bot"  # type: ignore[index]
    post(server, "sendMessage", data={"chat_id": "-5", "text": "123", "reply_parameters": '{"message_id": 4}'})
    [call] = [call for call in server.calls() if call.method == "sendMessage"]
    assert call.params == {"chat_id": -5, "text": "123", "reply_parameters": {"message_id": 4}}


def test_multipart_upload_is_decoded(server: BotApiServer) -> None:
    post(server, "sendDocument", data={"chat_id": "-5"}, files={"document": ("m.csv", b"a,b\n", "text/csv")})
    [call] = [call for call in server.calls() if call.method == "sendDocument"]
    assert call.params == {"chat_id": -5} and call.files == {"document": ("m.csv", b"a,b\n")}


def test_scripted_error_bodies(server: BotApiServer) -> None:
    server.on_server(lambda: server.telegram.fail_retry_after("sendMessage", 2))
    body = post(server, "sendMessage", data={"chat_id": "-5", "text": "x"})
    assert body["error_code"] == 429 and body["parameters"] == {"retry_after": 2}


def test_long_poll_wakes_up_when_an_update_is_queued(server: BotApiServer) -> None:
    update = UpdateFactory().message(group_chat(), FakeUser(1, "A"), "/start")
    timer = threading.Timer(0.1, server.enqueue_update, [update])
    timer.start()
    started = time.monotonic()
    body = post(server, "getUpdates", data={"timeout": "5", "offset": "0"})
    assert [item["update_id"] for item in body["result"]] == [1]  # type: ignore[union-attr]
    assert time.monotonic() - started < 4


def test_wait_for_times_out(server: BotApiServer) -> None:
    with pytest.raises(TimeoutError):
        server.wait_for(lambda calls: False, timeout=0.05)


def test_json_bodies_are_accepted() -> None:
    assert decode_body("application/json", json.dumps({"chat_id": 5}).encode()) == ({"chat_id": 5}, {})


def test_files_are_fetched_with_get_file_and_downloaded_over_http(server: BotApiServer) -> None:
    document = server.on_server(lambda: server.telegram.upload("名单.csv", "姓名\n张三\n".encode()))

    async def fetch() -> bytes:
        async with Bot("123:token", base_url=server.base_url, base_file_url=server.base_file_url) as bot:
            found = await bot.get_file(document["file_id"])
            return bytes(await found.download_as_bytearray())

    assert asyncio.run(fetch()) == "姓名\n张三\n".encode()
    assert [call.method for call in server.calls()][-2:] == ["getFile", "download"]
    missing = httpx.get(f"{server.base_file_url}123:token/documents/nothing.csv", timeout=10)
    assert missing.status_code == 404
