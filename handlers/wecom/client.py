"""The long connection of a WeCom 智能机器人 (AI bot, API mode): a small client on ``websockets``.

Frames are JSON text: ``{"cmd", "headers": {"req_id"}, "body"}``. The client subscribes with
``aibot_subscribe {bot_id, secret}``, sends a heartbeat ``ping`` every 30 s, hands every callback
(``aibot_msg_callback``, ``aibot_event_callback``) to its handler, and matches the server's acknowledgements
(``{"headers": {"req_id"}, "errcode", "errmsg"}``, no ``cmd``) to the frames it sent (:meth:`LongConnection.request`).
Replies to one callback share its ``req_id`` and go out one at a time, each after the previous one was
acknowledged.

Why not the official SDK (``wecom-aibot-python-sdk``): it always hands ``websockets`` a TLS context, which a
``ws://`` URL refuses (the local stand-in of the tests), and it reports a refused subscription only as an event;
this client is about as small as the SDK's connection manager and says exactly what the bot needs.

What goes wrong, and what follows:

- the connection drops (no close frame, or a close from the server), or two heartbeats go unanswered: reconnect
  after 1 s, 2 s, 4 s … at most 30 s; a subscription that succeeds resets the wait;
- the subscription is refused for the credentials (:class:`CredentialsRefused`): :meth:`LongConnection.run` raises
  it at once — a wrong Bot ID or Secret is not retried;
- the server says a newer connection of the same bot took over (event ``disconnected_event``, then a close):
  :meth:`LongConnection.run` raises :class:`Replaced` — only one connection per bot is live, and fighting for it
  would knock the other one off in turn;
- a non-zero ``errcode`` on anything else: :class:`WeComError`, retried by the caller where that makes sense;
- a frame the bot cannot read (not JSON, or nested deeper than the JSON reader goes) is logged and skipped: the
  connection and the process live on; a frame over :data:`MAX_FRAME_BYTES` closes the connection (the library
  refuses it before reading it whole), which is then opened again.

The secret is sent in the subscription only; it is never logged (nor is the frame that carries it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

log = logging.getLogger(__name__)

SUBSCRIBE = "aibot_subscribe"
PING = "ping"
MESSAGE_CALLBACK = "aibot_msg_callback"
EVENT_CALLBACK = "aibot_event_callback"
RESPOND = "aibot_respond_msg"
RESPOND_UPDATE = "aibot_respond_update_msg"
RESPOND_WELCOME = "aibot_respond_welcome_msg"
SEND = "aibot_send_msg"
DISCONNECTED_EVENT = "disconnected_event"

HEARTBEAT_SECONDS = 30.0
ACK_TIMEOUT_SECONDS = 10.0
BACKOFF_FIRST_SECONDS = 1.0
BACKOFF_MAX_SECONDS = 30.0
MISSED_HEARTBEATS = 2
"""Heartbeats in a row without an answer after which the connection counts as dead."""
RETRYABLE_ERRCODES = frozenset({-1, 45009})
"""System busy, and too many calls: worth another try (the others are refusals; unconfirmed beyond these two)."""
CONCURRENT_CALLBACKS = 8
MAX_FRAME_BYTES = 1024 * 1024
"""The largest frame read: WeCom's own limits (20,480 bytes of reply markdown, far less for a typed message) are
far below it; a 22 MB frame once held the event loop for seconds."""


class WeComError(Exception):
    """The server acknowledged a frame with a non-zero ``errcode``."""

    def __init__(self, errcode: int, errmsg: str) -> None:
        super().__init__(f"errcode {errcode}: {errmsg}")
        self.errcode = errcode
        self.errmsg = errmsg

    @property
    def retryable(self) -> bool:
        return self.errcode in RETRYABLE_ERRCODES


class NotConnected(Exception):
    """No live connection (it dropped, or was never made): the frame was not sent, or its answer was lost."""


class CredentialsRefused(Exception):
    """The server refused the subscription: a wrong Bot ID or Secret."""

    def __init__(self, errcode: int, errmsg: str) -> None:
        super().__init__(f"errcode {errcode}: {errmsg}")
        self.errcode = errcode
        self.errmsg = errmsg


class Replaced(Exception):
    """A newer connection of the same bot took over."""


@dataclass(frozen=True, slots=True)
class Frame:
    """A frame from the server: a callback (``cmd``, ``body``) or an acknowledgement (``errcode``)."""

    cmd: str | None
    req_id: str
    body: dict[str, Any]
    errcode: int | None = None
    errmsg: str = ""

    @classmethod
    def parse(cls, raw: str | bytes) -> Frame | None:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):  # RecursionError: 200,000 nested "[" once ended the process
            return None
        if not isinstance(data, dict):
            return None
        headers = data.get("headers")
        req_id = headers.get("req_id") if isinstance(headers, dict) else None
        body = data.get("body")
        errcode = data.get("errcode")
        return cls(data.get("cmd") if isinstance(data.get("cmd"), str) else None,
                   req_id if isinstance(req_id, str) else "",
                   body if isinstance(body, dict) else {},
                   errcode if isinstance(errcode, int) else None,
                   str(data.get("errmsg") or ""))

    @property
    def event_type(self) -> str | None:
        event = self.body.get("event")
        kind = event.get("eventtype") if isinstance(event, dict) else None
        return kind if isinstance(kind, str) else None


def request_id(cmd: str) -> str:
    """``<cmd>_<ms timestamp>_<8 hex>``, as the official SDK makes them."""
    return f"{cmd}_{int(time.time() * 1000)}_{os.urandom(4).hex()}"


CallbackHandler = Callable[["LongConnection", Frame], Awaitable[None]]


class LongConnection:
    """One bot's long connection, kept up by :meth:`run` until :meth:`stop`."""

    def __init__(
        self, url: str, bot_id: str, secret: str, on_callback: CallbackHandler, *,
        heartbeat: float = HEARTBEAT_SECONDS, ack_timeout: float = ACK_TIMEOUT_SECONDS,
        backoff_first: float = BACKOFF_FIRST_SECONDS, backoff_max: float = BACKOFF_MAX_SECONDS,
        on_subscribed: Callable[[], None] | None = None,
    ) -> None:
        self.url = url
        self.bot_id = bot_id
        self._secret = secret
        self.on_callback = on_callback
        self.heartbeat = heartbeat
        self.ack_timeout = ack_timeout
        self.backoff_first = backoff_first
        self.backoff_max = backoff_max
        self.on_subscribed = on_subscribed
        self._socket: ClientConnection | None = None
        self._pending: dict[str, asyncio.Future[Frame]] = {}
        self._reply_locks: dict[str, asyncio.Lock] = {}
        self._send_lock = asyncio.Lock()
        self._callbacks = asyncio.Semaphore(CONCURRENT_CALLBACKS)
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = False
        self._replaced = False
        self._subscribed = False
        self._missed = 0
        self.connections = 0
        """How many connections were subscribed so far (tests and logs)."""

    def __repr__(self) -> str:  # never the secret
        return f"LongConnection(url={self.url!r}, bot_id={self.bot_id!r})"

    @property
    def connected(self) -> bool:
        return self._socket is not None

    # Running.

    async def run(self) -> None:
        """Connect, subscribe and serve until :meth:`stop`; reconnect with backoff after a drop.

        Raise :class:`CredentialsRefused` or :class:`Replaced` (see the module)."""
        delay = self.backoff_first
        while not self._stopping:
            self._subscribed = False
            try:
                async with connect(self.url, ping_interval=None, ping_timeout=None, close_timeout=5,
                                   max_size=MAX_FRAME_BYTES) as socket:
                    await self._serve(socket)
            except (CredentialsRefused, Replaced):
                raise
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, NotConnected) as error:
                if not self._stopping:
                    log.warning("WeCom: the connection to %s failed or dropped (%s)", self.url, _describe(error))
            except InvalidURI as error:
                raise ValueError(f"WECOM_WS_URL is not a WebSocket URL: {error.uri}") from None
            finally:
                self._socket = None
                self._fail_pending(NotConnected("the connection dropped"))
            if self._replaced:
                raise Replaced()
            if self._stopping:
                break
            if self._subscribed:
                delay = self.backoff_first
            log.info("WeCom: reconnecting in %.0f s", delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.backoff_max)
        await self._drain()

    async def stop(self) -> None:
        self._stopping = True
        socket = self._socket
        if socket is not None:
            with contextlib.suppress(Exception):
                await socket.close()

    async def _serve(self, socket: ClientConnection) -> None:
        """Subscribe on ``socket``, then receive until it closes."""
        self._missed = 0
        subscription = request_id(SUBSCRIBE)
        answer = asyncio.get_running_loop().create_future()
        self._pending[subscription] = answer
        receiving = asyncio.create_task(self._receive(socket, subscription))
        try:
            await socket.send(json.dumps({"cmd": SUBSCRIBE, "headers": {"req_id": subscription},
                                          "body": {"bot_id": self.bot_id, "secret": self._secret}}))
            await asyncio.wait({answer, receiving}, timeout=self.ack_timeout, return_when=asyncio.FIRST_COMPLETED)
            if not answer.done():
                raise NotConnected("no answer to the subscription")
            ack = answer.result()
            if ack.errcode not in (0, None):
                if ack.errcode in RETRYABLE_ERRCODES:
                    raise NotConnected(f"subscription deferred (errcode {ack.errcode}: {ack.errmsg})")
                raise CredentialsRefused(ack.errcode, ack.errmsg)
            self._socket = socket
            self._subscribed = True
            self.connections += 1
            log.info("WeCom: subscribed as bot %s", self.bot_id)
            if self.on_subscribed is not None:
                self.on_subscribed()
            beating = asyncio.create_task(self._beat(socket))
            try:
                await receiving
            finally:
                beating.cancel()
        finally:
            self._pending.pop(subscription, None)
            if not receiving.done():
                receiving.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await receiving

    async def _receive(self, socket: ClientConnection, subscription: str) -> None:
        async for raw in socket:
            frame = Frame.parse(raw)
            if frame is None:
                log.warning("WeCom: a frame that is not JSON was ignored")
                continue
            if frame.cmd is None:
                if frame.req_id == subscription and frame.errcode in (0, None):
                    # Live from this frame on: a callback right behind it may be answered at once.
                    self._socket = socket
                waiting = self._pending.pop(frame.req_id, None)
                if frame.req_id.startswith(PING):
                    self._missed = 0
                if waiting is not None and not waiting.done():
                    waiting.set_result(frame)
                continue
            if frame.cmd == EVENT_CALLBACK and frame.event_type == DISCONNECTED_EVENT:
                self._replaced = True
                log.warning("WeCom: a newer connection of this bot took over")
                continue
            if frame.cmd in (MESSAGE_CALLBACK, EVENT_CALLBACK):
                task = asyncio.create_task(self._dispatch(frame))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            else:
                log.info("WeCom: an unknown frame (%s) was ignored", frame.cmd)

    async def _dispatch(self, frame: Frame) -> None:
        async with self._callbacks:
            try:
                await self.on_callback(self, frame)
            except Exception:
                log.exception("WeCom: handling a %s failed", frame.cmd)

    async def _beat(self, socket: ClientConnection) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            if self._missed >= MISSED_HEARTBEATS:
                log.warning("WeCom: %d heartbeats unanswered; the connection counts as dead", self._missed)
                await socket.close()
                return
            self._missed += 1
            with contextlib.suppress(ConnectionClosed):
                await self._send_frame(socket, {"cmd": PING, "headers": {"req_id": request_id(PING)}})

    async def _drain(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def _fail_pending(self, error: Exception) -> None:
        for waiting in self._pending.values():
            if not waiting.done():
                waiting.set_exception(error)
        self._pending.clear()

    async def _send_frame(self, socket: ClientConnection, frame: dict[str, Any]) -> None:
        async with self._send_lock:
            await socket.send(json.dumps(frame, ensure_ascii=False))

    # Sending.

    async def request(self, cmd: str, body: dict[str, Any], req_id: str | None = None) -> Frame:
        """Send a frame and wait for its acknowledgement.

        :class:`WeComError` for a non-zero ``errcode``, :class:`NotConnected` when there is no connection or the answer
        does not come. Frames with one ``req_id`` (the replies to one callback) go out one after another."""
        req_id = req_id or request_id(cmd)
        lock = self._reply_locks.setdefault(req_id, asyncio.Lock())
        try:
            async with lock:
                socket = self._socket
                if socket is None:
                    raise NotConnected("not connected")
                answer: asyncio.Future[Frame] = asyncio.get_running_loop().create_future()
                self._pending[req_id] = answer
                try:
                    await self._send_frame(socket, {"cmd": cmd, "headers": {"req_id": req_id}, "body": body})
                    ack = await asyncio.wait_for(answer, self.ack_timeout)
                except ConnectionClosed:
                    raise NotConnected("the connection dropped") from None
                except TimeoutError:
                    raise NotConnected(f"no acknowledgement of {cmd} in {self.ack_timeout:.0f} s") from None
                finally:
                    if self._pending.get(req_id) is answer:
                        del self._pending[req_id]
        finally:
            if not lock.locked() and self._reply_locks.get(req_id) is lock:
                del self._reply_locks[req_id]
        if ack.errcode not in (0, None):
            raise WeComError(ack.errcode, ack.errmsg)
        return ack


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
