"""The HTTP side of a webhook worker (``handlers.web``: uvicorn serving ``POST /telegram``): the secret, the body
limit, bad and deep JSON, paths and methods, keep-alive, the status the update handler gives, draining on stop,
the deadline for a request head and the cap on open connections — over real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from handlers.web.app import Metrics, Site
from handlers.web.server import WebServer
from handlers.web.webhook import UpdateHandler, decoded_update, webhook_route

SECRET = "s3cret_-token"


class Recorder:
    """An update handler: records each update, answers ``status``; ``gate`` holds it until set."""

    def __init__(self, status: int = 200) -> None:
        self.status = status
        self.updates: list[dict[str, Any]] = []
        self.gate: asyncio.Event | None = None
        self.started = asyncio.Event()

    async def __call__(self, update: dict[str, Any]) -> int:
        self.started.set()
        if self.gate is not None:
            await self.gate.wait()
        self.updates.append(update)
        return self.status


async def request(port: int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None,
                  *, reader_writer: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None,
                  ) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request on a new connection (or the given one); status, headers, body."""
    reader, writer = reader_writer or await asyncio.open_connection("127.0.0.1", port)
    lines = [f"{method} {path} HTTP/1.1", "Host: worker", f"Content-Length: {len(body)}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status_line, *header_lines = head.decode().split("\r\n")
    answer_headers = {}
    for line in header_lines:
        if ":" in line:
            name, value = line.split(":", 1)
            answer_headers[name.strip().lower()] = value.strip()
    content = await reader.readexactly(int(answer_headers.get("content-length", "0")))
    if reader_writer is None:
        writer.close()
    return int(status_line.split()[1]), answer_headers, content


def update_body(update_id: int = 7) -> bytes:
    return json.dumps({"update_id": update_id, "message": {"message_id": 1}}).encode()


def webhook_server(handle: UpdateHandler, *, max_body: int = 1024 * 1024, drain_timeout: float = 5,
                   metrics: Metrics | None = None, **limits: Any) -> WebServer:
    """A server of ``POST /telegram`` (and ``/healthz``, ``/metrics``) on a free port of 127.0.0.1."""
    site = Site(metrics=metrics)
    site.app.router.routes.append(webhook_route(site, handle, SECRET, max_body=max_body))
    return WebServer(site, "127.0.0.1", 0, drain_timeout=drain_timeout, **limits)


@pytest.fixture
async def served() -> Any:
    recorder = Recorder()
    server = webhook_server(recorder, max_body=4096, metrics=lambda: {"handled": len(recorder.updates)})
    await server.start()
    yield server, recorder
    await server.stop()


GOOD = {"X-Telegram-Bot-Api-Secret-Token": SECRET, "Content-Type": "application/json"}


async def test_an_update_with_the_secret_is_handled_and_answered_with_the_handlers_status(served: Any) -> None:
    server, recorder = served
    status, _, body = await request(server.port, "POST", "/telegram", update_body(7), GOOD)
    assert (status, body) == (200, b"")
    assert recorder.updates == [{"update_id": 7, "message": {"message_id": 1}}]
    recorder.status = 500
    status, _, _ = await request(server.port, "POST", "/telegram", update_body(8), GOOD)
    assert status == 500


@pytest.mark.parametrize("headers", [
    {}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}, {"X-Telegram-Bot-Api-Secret-Token": SECRET + "x"},
    {"X-Telegram-Bot-Api-Secret-Token": ""},
])
async def test_a_missing_or_wrong_secret_is_refused_with_401_and_nothing_handled(
        served: Any, headers: dict[str, str]) -> None:
    server, recorder = served
    status, _, _ = await request(server.port, "POST", "/telegram", update_body(), headers)
    assert status == 401
    assert recorder.updates == []


@pytest.mark.parametrize("body", [b"", b"{", b"[1, 2]", b'{"message": {}}', b'{"update_id": "7"}',
                                  b'{"update_id": true}', b"\xff\xfe"])
async def test_a_body_that_is_no_update_is_400(served: Any, body: bytes) -> None:
    server, recorder = served
    status, _, _ = await request(server.port, "POST", "/telegram", body, GOOD)
    assert status == 400
    assert recorder.updates == []


async def test_a_body_over_the_limit_is_413_before_it_is_read(served: Any) -> None:
    server, recorder = served
    big = json.dumps({"update_id": 1, "message": {"text": "x" * 5000}}).encode()
    status, headers, _ = await request(server.port, "POST", "/telegram", big, GOOD)
    assert status == 413 and headers.get("connection") == "close"
    assert recorder.updates == []


async def test_only_post_telegram_and_get_healthz_are_served(served: Any) -> None:
    server, recorder = served
    status, headers, _ = await request(server.port, "GET", "/telegram", headers=GOOD)
    assert status == 405 and headers["allow"] == "POST"
    assert (await request(server.port, "POST", "/other", update_body(), GOOD))[0] == 404
    assert (await request(server.port, "GET", "/", headers=GOOD))[0] == 404
    assert (await request(server.port, "GET", "/healthz"))[:3:2] == (200, b"ok\n")
    assert recorder.updates == []
    assert (await request(server.port, "GET", "/metrics"))[:3:2] == (200, b"handled 0\n")


async def test_a_connection_is_kept_alive_for_the_next_update(served: Any) -> None:
    server, recorder = served
    connection = await asyncio.open_connection("127.0.0.1", server.port)
    for update_id in (1, 2, 3):
        status, _, _ = await request(server.port, "POST", "/telegram", update_body(update_id), GOOD,
                                     reader_writer=connection)
        assert status == 200
    connection[1].close()
    assert [update["update_id"] for update in recorder.updates] == [1, 2, 3]


async def test_a_garbled_request_gets_400_and_the_server_goes_on(served: Any) -> None:
    server, _ = served
    reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
    writer.write(b"NOT HTTP AT ALL\r\n\r\n")
    await writer.drain()
    assert (await reader.read(100)).startswith(b"HTTP/1.1 400")
    writer.close()
    assert (await request(server.port, "GET", "/healthz"))[0] == 200


async def test_stop_lets_the_update_being_handled_finish_and_answers_it() -> None:
    recorder = Recorder()
    recorder.gate = asyncio.Event()
    server = webhook_server(recorder)
    await server.start()
    answer = asyncio.create_task(request(server.port, "POST", "/telegram", update_body(9), GOOD))
    await recorder.started.wait()
    stopping = asyncio.create_task(server.stop())
    await asyncio.sleep(0.05)
    assert not stopping.done()
    with pytest.raises(OSError):  # no longer accepting
        await asyncio.open_connection("127.0.0.1", server.port)
    recorder.gate.set()
    status, headers, _ = await answer
    await stopping
    assert status == 200 and headers.get("connection") == "close"
    assert [update["update_id"] for update in recorder.updates] == [9]


def test_decoded_update_takes_json_objects_with_an_integer_update_id() -> None:
    assert decoded_update(b'{"update_id": 5}') == {"update_id": 5}
    assert decoded_update(b'{"update_id": 5.0}') is None
    assert decoded_update(b"null") is None


def test_a_webhook_needs_a_secret() -> None:
    site = Site()
    with pytest.raises(ValueError):
        webhook_route(site, Recorder(), "")


async def test_deep_json_with_the_secret_is_400_and_the_server_goes_on(served: Any) -> None:
    server, recorder = served
    deep = b'{"update_id": 1, "message": ' + b"[" * 1900 + b"]" * 1900 + b"}"
    status, _, _ = await request(server.port, "POST", "/telegram", deep, GOOD)
    assert status == 400 and recorder.updates == []
    assert (await request(server.port, "GET", "/healthz"))[0] == 200


async def closed_after(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, trickle: bytes,
                       every: float, limit: float) -> float | None:
    """Send ``trickle`` one byte every ``every`` seconds; the seconds until the server closed, ``None`` if it had
    not within ``limit``."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    for byte in trickle:
        if loop.time() - start > limit:
            return None
        if reader.at_eof():
            return loop.time() - start
        try:
            writer.write(bytes([byte]))
            await writer.drain()
        except ConnectionError:
            return loop.time() - start
        try:
            if await asyncio.wait_for(reader.read(100), every) == b"":
                return loop.time() - start
        except TimeoutError:
            pass
    return None


@pytest.mark.slow  # waits out the head's deadline while bytes trickle in: seconds
async def test_a_request_head_trickling_in_is_cut_at_one_deadline_however_often_bytes_come() -> None:
    server = webhook_server(Recorder(), head_timeout=1.0)
    await server.start()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        head = b"POST /telegram HTTP/1.1\r\nHost: worker\r\n" + b"X-Padding: " + b"a" * 200
        closed = await closed_after(reader, writer, head, every=0.2, limit=5.0)
        assert closed is not None and closed < 2.0
        silent_reader, _ = await asyncio.open_connection("127.0.0.1", server.port)  # connects, sends nothing
        assert await asyncio.wait_for(silent_reader.read(100), 3.0) == b""
        # A kept-alive connection gets the deadline again for its next request, from that request's first byte.
        connection = await asyncio.open_connection("127.0.0.1", server.port)
        assert (await request(server.port, "GET", "/healthz", reader_writer=connection))[0] == 200
        await asyncio.sleep(1.5)  # idle between requests is not the head's time
        assert (await request(server.port, "GET", "/healthz", reader_writer=connection))[0] == 200
        connection[1].close()
    finally:
        await server.stop()


async def test_connections_past_the_cap_are_refused_with_503_and_the_others_served() -> None:
    server = webhook_server(Recorder(), max_connections=3)
    await server.start()
    try:
        held = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
        await asyncio.sleep(0.1)
        reader, _ = await asyncio.open_connection("127.0.0.1", server.port)
        assert (await asyncio.wait_for(reader.read(200), 3.0)).startswith(b"HTTP/1.1 503")
        assert (await request(server.port, "GET", "/healthz", reader_writer=held[0]))[0] == 200
        for _, writer in held:
            writer.close()
        await asyncio.sleep(0.1)
        assert (await request(server.port, "GET", "/healthz"))[0] == 200
    finally:
        await server.stop()
