"""The long connection against the local stand-in: subscription, heartbeat, acknowledgements and errcodes,
reconnection after a drop or a close, refusal of wrong credentials, takeover by a newer connection; and the
20,480-byte limit of a reply (the rest pushed)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from handlers.wecom.client import (
    MAX_FRAME_BYTES,
    RESPOND,
    SEND,
    CredentialsRefused,
    Frame,
    LongConnection,
    NotConnected,
    Replaced,
    WeComError,
)
from handlers.wecom.markdown import CONTENT_LIMIT, split_content
from tests.support.wecom_server import BOT_ID, SECRET, WeComStandIn


@pytest.fixture
def wecom() -> Iterator[WeComStandIn]:
    with WeComStandIn() as running:
        yield running


async def until(condition: Callable[[], Any], timeout: float = 5.0) -> Any:
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        found = await asyncio.to_thread(condition)
        if found:
            return found
        await asyncio.sleep(0.02)
    raise TimeoutError("condition not met")


@asynccontextmanager
async def running(connection: LongConnection) -> AsyncIterator[asyncio.Task[None]]:
    task = asyncio.create_task(connection.run())
    try:
        yield task
    finally:
        await connection.stop()
        if not task.done():
            task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def echo_connection(wecom: WeComStandIn, received: list[Frame], **options: Any) -> LongConnection:
    async def on_callback(connection: LongConnection, frame: Frame) -> None:
        received.append(frame)
        text = frame.body.get("text", {}).get("content", "")
        await connection.request(RESPOND, {"msgtype": "stream", "stream": {"id": "s", "finish": True,
                                                                         "content": f"echo {text}"}}, frame.req_id)

    return LongConnection(wecom.url, BOT_ID, SECRET, on_callback, backoff_first=0.05, backoff_max=0.2, **options)


async def test_subscribes_answers_callbacks_and_beats(wecom: WeComStandIn) -> None:
    received: list[Frame] = []
    connection = echo_connection(wecom, received, heartbeat=0.05)
    async with running(connection):
        await until(lambda: wecom.connected)
        msgid = wecom.say("lisi", "你好")
        [reply] = await until(lambda: wecom.replies_to(msgid))
        assert reply.content == "echo 你好"
        await until(lambda: len(wecom.frames("ping")) >= 3)
        assert connection.connected
    assert [frame.body["msgid"] for frame in received] == [msgid]
    assert wecom.subscriptions == [(1, 0)] and wecom.violations == []
    assert SECRET not in repr(connection)


async def test_a_drop_and_a_close_are_followed_by_a_new_subscription(wecom: WeComStandIn) -> None:
    received: list[Frame] = []
    async with running(echo_connection(wecom, received)):
        await until(lambda: wecom.live_connection() == 1)
        wecom.drop()
        await until(lambda: wecom.live_connection() == 2)
        await asyncio.to_thread(wecom.close)  # the client answers the close frame meanwhile
        await until(lambda: wecom.live_connection() == 3)
        msgid = wecom.say("lisi", "还在吗")
        await until(lambda: wecom.replies_to(msgid))
    assert [number for number, errcode in wecom.subscriptions if errcode == 0] == [1, 2, 3]


async def test_a_message_sent_while_disconnected_arrives_after_the_reconnection(wecom: WeComStandIn) -> None:
    msgid = wecom.say("lisi", "早到的消息")
    received: list[Frame] = []
    async with running(echo_connection(wecom, received)):
        await until(lambda: wecom.replies_to(msgid))
    assert received[0].body["msgid"] == msgid


async def test_wrong_credentials_are_refused_once_without_retrying(wecom: WeComStandIn) -> None:
    async def nothing(connection: LongConnection, frame: Frame) -> None:
        pass

    connection = LongConnection(wecom.url, BOT_ID, "wrong", nothing, backoff_first=0.01)
    with pytest.raises(CredentialsRefused) as refused:
        await asyncio.wait_for(connection.run(), 5)
    assert refused.value.errcode != 0 and "wrong" not in str(refused.value)
    assert len(wecom.subscriptions) == 1


async def test_a_newer_connection_takes_over(wecom: WeComStandIn) -> None:
    first = echo_connection(wecom, [])
    second = echo_connection(wecom, [])
    async with running(first) as serving:
        await until(lambda: wecom.live_connection() == 1)
        async with running(second):
            await until(lambda: wecom.live_connection() == 2)
            with pytest.raises(Replaced):
                await asyncio.wait_for(serving, 5)
            assert second.connected


async def test_errcodes_and_a_missing_connection_are_raised_not_swallowed(wecom: WeComStandIn) -> None:
    connection = echo_connection(wecom, [])
    with pytest.raises(NotConnected):
        await connection.request(SEND, {"chatid": "x", "msgtype": "markdown", "markdown": {"content": "hi"}})
    async with running(connection):
        await until(lambda: wecom.connected)
        await until(lambda: connection.connected)
        wecom.fail(SEND, -1, "system busy")
        with pytest.raises(WeComError) as busy:
            await connection.request(SEND, {"chatid": "x", "msgtype": "markdown", "markdown": {"content": "hi"}})
        assert busy.value.retryable
        ack = await connection.request(SEND, {"chatid": "x", "msgtype": "markdown", "markdown": {"content": "hi"}})
        assert ack.errcode == 0


async def test_the_stand_in_refuses_content_over_the_limit_and_the_split_respects_it(wecom: WeComStandIn) -> None:
    connection = echo_connection(wecom, [])
    long_text = "\n".join(f"第 {number} 行：" + "掼蛋" * 40 for number in range(400))
    pieces = split_content(long_text)
    assert len(pieces) > 1 and all(len(piece.encode()) <= CONTENT_LIMIT for piece in pieces)
    assert "\n".join(pieces) == long_text
    async with running(connection):
        await until(lambda: connection.connected)
        with pytest.raises(WeComError):
            await connection.request(SEND, {"chatid": "x", "msgtype": "markdown", "markdown": {"content": long_text}})
        for piece in pieces:
            await connection.request(SEND, {"chatid": "x", "msgtype": "markdown", "markdown": {"content": piece}})
    assert len(wecom.violations) == 1


def test_a_frame_nested_too_deep_is_no_frame() -> None:
    assert Frame.parse("[" * 200_000) is None
    assert Frame.parse('{"cmd": ' + "[" * 200_000) is None


async def test_a_frame_nested_too_deep_is_skipped_and_the_connection_lives_on(wecom: WeComStandIn) -> None:
    """The probe: 200,000 nested "[" raised RecursionError out of frame parsing and ended the process."""
    received: list[Frame] = []
    async with running(echo_connection(wecom, received)) as serving:
        await until(lambda: wecom.live_connection() == 1)
        wecom.send_raw("[" * 200_000)
        msgid = wecom.say("lisi", "还在吗")
        await until(lambda: wecom.replies_to(msgid))
        assert not serving.done()
        assert wecom.live_connection() == 1


async def test_a_frame_over_the_size_limit_is_not_read(wecom: WeComStandIn) -> None:
    """The probe: one 22 MB frame was read and cleaned on the event loop; now the library refuses it unread (the
    connection closes and is opened again) and the next message is answered."""
    received: list[Frame] = []
    async with running(echo_connection(wecom, received)) as serving:
        await until(lambda: wecom.live_connection() == 1)
        huge = '{"cmd": "aibot_msg_callback", "headers": {"req_id": "x"}, "body": {"text": {"content": "' \
            + "a" * (MAX_FRAME_BYTES + 1) + '"}}}'
        wecom.send_raw(huge)
        await until(lambda: wecom.live_connection() == 2)
        msgid = wecom.say("lisi", "还在吗")
        await until(lambda: wecom.replies_to(msgid))
        assert not serving.done()
    assert [frame.body.get("msgid") for frame in received] == [msgid]
