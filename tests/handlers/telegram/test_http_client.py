import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import BadRequest, NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.request import BaseRequest, RequestData
from telegram.request._requestparameter import RequestParameter

from handlers.telegram.http_client import AiohttpRequest, UnsupportedProxy, proxy_for
from tests.support.faults import Fault, FaultPlan
from tests.support.http_server import BotApiServer
from tests.support.updates import FakeUser, UpdateFactory, group_chat

TOKEN = "123:token"


@pytest.fixture
def server() -> Iterator[BotApiServer]:
    with BotApiServer(stall_seconds=3.0) as running:
        yield running


@pytest.fixture
async def request_() -> AsyncIterator[AiohttpRequest]:
    request = AiohttpRequest(connection_pool_size=4, ssl_context=False, environ_proxies={})
    await request.initialize()
    yield request
    await request.shutdown()


def bot_on(server: BotApiServer, request: BaseRequest) -> Bot:
    return Bot(TOKEN, base_url=server.base_url, request=request, get_updates_request=request)


class SilentOn(FaultPlan):
    """Every call of ``methods`` gets no answer (the server stalls, then hangs up)."""

    def for_call(self, method: str) -> Fault | None:
        return Fault.TIMEOUT if method in self.methods else None


def silent_on(*methods: str) -> FaultPlan:
    return SilentOn(poll_drop_rate=0.0, methods=frozenset(methods))


def polls_dropped() -> FaultPlan:
    return FaultPlan(send_rate=0.0, poll_drop_rate=1.0)


async def test_calls_forms_and_uploads_reach_the_bot_api_as_with_ptbs_own_client(
        server: BotApiServer, request_: AiohttpRequest) -> None:
    bot = bot_on(server, request_)
    async with bot:
        assert bot.username == "guandan_test_bot"
        keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("确认 ✓", callback_data="c:1")]])
        sent = await bot.send_message(-5, "第 3 桌 <b>A+</b> & 10", parse_mode="HTML", reply_markup=keyboard)
        await bot.send_document(-5, b"a,b\n1,2\n", filename="matches.csv", caption="名单")
    assert sent.chat.id == -5 and sent.text
    message, document = [call for call in server.calls() if call.method in ("sendMessage", "sendDocument")]
    assert message.params["text"] == "第 3 桌 <b>A+</b> & 10"
    assert message.params["reply_markup"] == {"inline_keyboard": [[{"text": "确认 ✓", "callback_data": "c:1"}]]}
    assert document.params == {"chat_id": -5, "caption": "名单"}
    assert document.files == {"document": ("matches.csv", b"a,b\n1,2\n")}


async def test_long_polls_and_error_answers_are_ptbs(server: BotApiServer, request_: AiohttpRequest) -> None:
    bot = bot_on(server, request_)
    update = UpdateFactory().message(group_chat(), FakeUser(1, "A"), "/start")
    server.enqueue_update(update)
    async with bot:
        [received] = await bot.get_updates(offset=0, timeout=1)
        assert received.update_id == update["update_id"]
        assert received.message is not None and received.message.text == "/start"
        server.on_server(lambda: server.telegram.fail_retry_after("sendMessage", 2))
        with pytest.raises(RetryAfter):
            await bot.send_message(-5, "x")
        server.on_server(lambda: server.telegram.fail("sendMessage", description="Bad Request: chat not found"))
        with pytest.raises(BadRequest, match="(?i)chat not found"):
            await bot.send_message(-5, "x")


async def test_a_silent_server_times_out_after_the_read_timeout(server: BotApiServer,
                                                               request_: AiohttpRequest) -> None:
    server.on_server(lambda: setattr(server.telegram, "faults", silent_on("sendMessage")))
    started = time.monotonic()
    with pytest.raises(TimedOut):
        await request_.post(f"{server.base_url}{TOKEN}/sendMessage",
                            RequestData([RequestParameter.from_input("chat_id", -5),
                                         RequestParameter.from_input("text", "x")]), read_timeout=0.3)
    assert time.monotonic() - started < 2.0  # the server would have hung up after 3 s


async def test_a_dropped_connection_is_a_network_error_and_the_next_call_gets_a_fresh_one(
        server: BotApiServer, request_: AiohttpRequest) -> None:
    url = f"{server.base_url}{TOKEN}/getUpdates"
    server.on_server(lambda: setattr(server.telegram, "faults", polls_dropped()))
    with pytest.raises(NetworkError) as dropped:
        await request_.post(url, RequestData([RequestParameter.from_input("timeout", 0)]))
    assert not isinstance(dropped.value, TimedOut) and "aiohttp." in str(dropped.value)
    server.on_server(lambda: setattr(server.telegram, "faults", None))
    assert await request_.post(url, RequestData([RequestParameter.from_input("timeout", 0)])) == []
    assert await request_.post(url, RequestData([RequestParameter.from_input("timeout", 0)])) == []


async def test_a_refused_connection_is_a_network_error() -> None:
    listener = await asyncio.start_server(lambda reader, writer: None, "127.0.0.1", 0)
    port = listener.sockets[0].getsockname()[1]
    listener.close()
    await listener.wait_closed()
    request = AiohttpRequest(ssl_context=False, environ_proxies={})
    await request.initialize()
    try:
        with pytest.raises(NetworkError) as refused:
            await request.post(f"http://127.0.0.1:{port}/bot{TOKEN}/getMe")
        assert not isinstance(refused.value, TimedOut)
    finally:
        await request.shutdown()


async def test_a_full_pool_times_out_without_sending(server: BotApiServer) -> None:
    request = AiohttpRequest(connection_pool_size=1, ssl_context=False, environ_proxies={})
    await request.initialize()
    server.on_server(lambda: setattr(server.telegram, "faults", silent_on("sendMessage")))
    data = RequestData([RequestParameter.from_input("chat_id", -5), RequestParameter.from_input("text", "x")])
    try:
        stalled = asyncio.create_task(request.post(f"{server.base_url}{TOKEN}/sendMessage", data, read_timeout=2))
        await asyncio.sleep(0.2)
        with pytest.raises(TimedOut, match="Pool timeout"):
            await request.post(f"{server.base_url}{TOKEN}/getMe", pool_timeout=0.1)
        assert not [call for call in server.calls() if call.method == "getMe"]
        with pytest.raises(TimedOut):
            await stalled
    finally:
        await request.shutdown()


async def test_requests_before_initialize_or_after_shutdown_are_refused(server: BotApiServer) -> None:
    request = AiohttpRequest(ssl_context=False, environ_proxies={})
    with pytest.raises(RuntimeError, match="not initialized"):
        await request.do_request(f"{server.base_url}{TOKEN}/getMe", "POST")
    await request.initialize()
    await request.shutdown()
    with pytest.raises(RuntimeError, match="not initialized"):
        await request.do_request(f"{server.base_url}{TOKEN}/getMe", "POST")
    await request.initialize()  # as PTB's client: a shut-down client may be initialized again
    try:
        assert await request.post(f"{server.base_url}{TOKEN}/getMe") == server.on_server(
            lambda: server.telegram.bot_user)
    finally:
        await request.shutdown()


async def recording_server(body: bytes) -> tuple[asyncio.Server, list[tuple[bytes, bytes]]]:
    """A server that keeps each request's head and body and answers ``body`` (a proxy, or Telegram)."""
    seen: list[tuple[bytes, bytes]] = []

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        seen.append((head, await reader.readexactly(length)))
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                     % (len(body), body))
        await writer.drain()
        writer.close()

    return await asyncio.start_server(answer, "127.0.0.1", 0), seen


async def test_parameters_go_as_json_and_a_text_as_written() -> None:
    listener, seen = await recording_server(b'{"ok": true, "result": true}')
    port = listener.sockets[0].getsockname()[1]
    request = AiohttpRequest(ssl_context=False, environ_proxies={})
    await request.initialize()
    keyboard = {"inline_keyboard": [[{"text": "确认", "callback_data": "c:1"}]]}
    try:
        assert await request.post(f"http://127.0.0.1:{port}/bot{TOKEN}/sendMessage", RequestData([
            RequestParameter.from_input("chat_id", -5), RequestParameter.from_input("text", "第 3 桌 A+ & 10 ✓"),
            RequestParameter.from_input("reply_markup", keyboard),
            RequestParameter.from_input("message_thread_id", None)])) is True
    finally:
        await request.shutdown()
        listener.close()
        await listener.wait_closed()
    [(head, body)] = seen
    assert b"\r\nContent-Type: application/json\r\n" in head
    assert json.loads(body) == {"chat_id": -5, "text": "第 3 桌 A+ & 10 ✓", "reply_markup": keyboard}


async def test_a_proxy_from_the_environment_carries_the_request() -> None:
    body = json.dumps({"ok": True, "result": {"id": 1, "is_bot": True, "first_name": "B", "username": "b"}}).encode()
    listener, seen = await recording_server(body)
    port = listener.sockets[0].getsockname()[1]
    request = AiohttpRequest(ssl_context=False, environ_proxies={"http": f"http://user:secret@127.0.0.1:{port}"})
    await request.initialize()
    try:
        assert await request.post(f"http://api.telegram.invalid/bot{TOKEN}/getMe") == {
            "id": 1, "is_bot": True, "first_name": "B", "username": "b"}
    finally:
        await request.shutdown()
        listener.close()
        await listener.wait_closed()
    [(head, _)] = seen
    assert head.startswith(f"POST http://api.telegram.invalid/bot{TOKEN}/getMe HTTP/1.1".encode())
    assert b"Proxy-Authorization: Basic dXNlcjpzZWNyZXQ=" in head  # user:secret


@pytest.mark.parametrize(("proxies", "url", "expected"), [
    ({}, "https://api.telegram.org/bot1/getMe", None),
    ({"https": "http://proxy:3128"}, "https://api.telegram.org/bot1/getMe", "http://proxy:3128"),
    ({"https": "proxy:3128"}, "https://api.telegram.org/bot1/getMe", "http://proxy:3128"),
    ({"http": "http://proxy:3128"}, "https://api.telegram.org/bot1/getMe", None),
    ({"all": "http://all:8080"}, "https://api.telegram.org/bot1/getMe", "http://all:8080"),
    ({"all": "http://all:8080", "no": "telegram.org"}, "https://api.telegram.org/bot1/getMe", None),
    ({"all": "http://all:8080", "no": ".telegram.org"}, "https://api.telegram.org/bot1/getMe", None),
    ({"all": "http://all:8080", "no": "*"}, "http://127.0.0.1:8081/bot1/getMe", None),
    ({"all": "http://all:8080", "no": "127.0.0.1:9999"}, "http://127.0.0.1:8081/bot1/getMe", "http://all:8080"),
    ({"all": "http://all:8080", "no": "elegram.org"}, "https://api.telegram.org/bot1/getMe", "http://all:8080"),
])
def test_the_proxy_is_chosen_from_the_environment_as_httpx_chooses_it(
        proxies: dict[str, str], url: str, expected: str | None) -> None:
    assert proxy_for(url, proxies) == expected


def test_a_socks_proxy_is_refused_with_the_way_to_httpx() -> None:
    with pytest.raises(UnsupportedProxy, match="GUANDAN_HTTP_CLIENT=httpx"):
        proxy_for("https://api.telegram.org/bot1/getMe", {"all": "socks5://127.0.0.1:1080"})


def test_answers_parse_as_with_the_stdlib_and_bad_ones_as_ptb_reports_them() -> None:
    payload = json.dumps({"ok": True, "result": [{"update_id": 2**62, "text": "掼蛋 ✓", "x": 1.5, "n": None}]},
                         ensure_ascii=False).encode()
    assert AiohttpRequest.parse_json_payload(payload) == json.loads(payload)
    for big in (2**64 - 1, 2**64, 123456789012345678901234567890, -(2**63) - 1):
        assert AiohttpRequest.parse_json_payload(b'{"ok": true, "result": %d}' % big)["result"] == big
    assert AiohttpRequest.parse_json_payload(b'{"text": "\xff"}') == {"text": "\ufffd"}
    with pytest.raises(TelegramError, match="Invalid server response"):
        AiohttpRequest.parse_json_payload(b"<html>Bad Gateway</html>")
