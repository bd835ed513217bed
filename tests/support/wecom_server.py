"""A local stand-in of WeCom's 智能机器人 long connection (``wss://openws.work.weixin.qq.com``), on ``ws://127.0.0.1``.

It speaks the protocol as the bot must (``handlers.wecom.client``): the bot subscribes with ``aibot_subscribe
{bot_id, secret}`` (wrong ones are refused with an ``errcode`` and the connection closed), sends ``ping``s, gets
``aibot_msg_callback`` / ``aibot_event_callback`` frames, replies with ``aibot_respond_msg`` under a callback's
``req_id`` and pushes with ``aibot_send_msg``; every frame it sends is acknowledged ``{headers: {req_id}, errcode,
errmsg}``. Content over 20,480 bytes is refused (and noted in :attr:`WeComStandIn.violations`), as is a reply to a
``req_id`` this connection never delivered. Only one connection is live: a second subscription replaces the
first (``disconnected_event``, then a close). Messages sent while no connection is live wait for the next one.

Files both ways: uploads of temporary media (``aibot_upload_media_init`` / ``_chunk`` / ``_finish``) are checked
and put back together as WeCom does (``tests.support.wecom_uploads``; :meth:`WeComStandIn.files_pushed`); a file a
person sends is offered encrypted behind a download link (:meth:`WeComStandIn.send_file`). A card update
(``aibot_respond_update_msg``) or a welcome (``aibot_respond_welcome_msg``) must answer an event of its kind within
5 s; nobody can press a button a card no longer shows (:meth:`WeComStandIn.press`).

It runs its own event loop in a thread, so a test drives a real ``python -m bot run`` subprocess::

    with WeComStandIn() as wecom:
        bot = start(wecom.url)
        msgid = wecom.say("laowang", "@掼蛋助手 /new 周五杯", chatid=GROUP)
        [answer] = wecom.replies_to(msgid)
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from tests.support.wecom_files import FileHost
from tests.support.wecom_uploads import COMMANDS as UPLOAD_COMMANDS
from tests.support.wecom_uploads import Uploaded, Uploads

BOT_ID = "aibot-guandan-test"
SECRET = "wecom-test-secret-5f1e"
CONTENT_LIMIT = 20_480
REFUSED_CREDENTIALS = 40001
CONTENT_TOO_LONG = 40058
UNKNOWN_REQ_ID = 40059
LATE_ANSWER = 40060
ANSWER_WINDOW_SECONDS = 5.0
"""A card update or a welcome must come within 5 s of its event."""


@dataclass(frozen=True, slots=True)
class Sent:
    """A frame the bot sent, on which connection (1, 2, …), when (``time.monotonic()``)."""

    connection: int
    cmd: str
    req_id: str
    body: dict[str, Any]
    at: float

    @property
    def content(self) -> str:
        """A reply's or push's markdown."""
        if self.cmd == "aibot_respond_msg":
            stream = self.body.get("stream") or {}
            return str(stream.get("content", ""))
        if self.cmd == "aibot_respond_welcome_msg":
            return str((self.body.get("text") or {}).get("content", ""))
        markdown = self.body.get("markdown") or {}
        return str(markdown.get("content", ""))

    @property
    def images(self) -> list[dict[str, Any]]:
        stream = self.body.get("stream") or {}
        return list(stream.get("msg_item") or [])

    @property
    def card(self) -> dict[str, Any] | None:
        card = self.body.get("template_card")
        return card if isinstance(card, dict) else None


@dataclass
class _Connection:
    number: int
    socket: ServerConnection
    subscribed: bool = False
    delivered: set[str] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class Delivery:
    """A callback as the stand-in delivered it: its ``msgid``, ``req_id`` and connection; an event's type, the task
    of a pressed card, when (``time.monotonic()``)."""

    msgid: str
    req_id: str
    connection: int
    event_type: str | None = None
    task_id: str | None = None
    at: float = 0.0


class WeComStandIn:
    def __init__(self, bot_id: str = BOT_ID, secret: str = SECRET) -> None:
        self.bot_id = bot_id
        self.secret = secret
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="wecom-stand-in", daemon=True)
        self._server: Server | None = None
        self._numbers = itertools.count(1)
        self._ids = itertools.count(1)
        self._live: _Connection | None = None
        self._waiting: list[dict[str, Any]] = []
        self._bodies: dict[str, dict[str, Any]] = {}
        self._failures: dict[str, list[tuple[int, str]]] = {}
        self.sent: list[Sent] = []
        self.deliveries: list[Delivery] = []
        self.subscriptions: list[tuple[int, int]] = []
        """(connection, errcode) of every subscription."""
        self.violations: list[str] = []
        self.uploads = Uploads()
        """Temporary media the bot uploaded (``aibot_upload_media_*``), by media_id."""
        self.files = FileHost()
        """Where files people send are offered, encrypted, for the bot to download."""
        self.cards: dict[str, dict[str, Any]] = {}
        """task_id → the card as everyone sees it (sent, or updated for everyone)."""
        self.cards_for: dict[tuple[str, str], dict[str, Any]] = {}
        """(task_id, userid) → the card as one person sees it after an update for them alone."""
        self.port = 0

    # Lifecycle.

    def __enter__(self) -> WeComStandIn:
        self.files.__enter__()
        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    def __exit__(self, *exc_info: object) -> None:
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self.files.__exit__(*exc_info)

    async def _start(self) -> Server:
        server = await serve(self._serve, "127.0.0.1", 0, ping_interval=None, max_size=None)
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[index]
        return server

    async def _stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    # The protocol.

    async def _serve(self, socket: ServerConnection) -> None:
        connection = _Connection(next(self._numbers), socket)
        try:
            async for raw in socket:
                frame = json.loads(raw)
                await self._on_frame(connection, frame)
        except ConnectionClosed:
            pass
        finally:
            with self._lock:
                if self._live is connection:
                    self._live = None

    async def _ack(self, connection: _Connection, req_id: str, errcode: int = 0, errmsg: str = "ok") -> None:
        await connection.socket.send(json.dumps({"headers": {"req_id": req_id}, "errcode": errcode,
                                                 "errmsg": errmsg}))

    async def _on_frame(self, connection: _Connection, frame: dict[str, Any]) -> None:
        cmd = str(frame.get("cmd") or "")
        req_id = str((frame.get("headers") or {}).get("req_id") or "")
        body = frame.get("body") if isinstance(frame.get("body"), dict) else {}
        assert isinstance(body, dict)
        if cmd == "aibot_subscribe":
            await self._subscribe(connection, req_id, body)
            return
        with self._lock:
            self.sent.append(Sent(connection.number, cmd, req_id, body, time.monotonic()))
        if not connection.subscribed:
            await self._ack(connection, req_id, 40002, "not subscribed")
            return
        failure = self._next_failure(cmd)
        if failure is not None:
            await self._ack(connection, req_id, *failure)
            return
        if cmd in UPLOAD_COMMANDS:
            errcode, errmsg, answer = self.uploads.answer(cmd, body)
            await connection.socket.send(json.dumps({"headers": {"req_id": req_id}, "errcode": errcode,
                                                     "errmsg": errmsg, "body": answer}))
            return
        if cmd in ("aibot_respond_msg", "aibot_send_msg"):
            content = Sent(connection.number, cmd, req_id, body, 0).content
            if len(content.encode()) > CONTENT_LIMIT:
                self.violations.append(f"{cmd} of {len(content.encode())} bytes")
                await self._ack(connection, req_id, CONTENT_TOO_LONG, "content exceed max length")
                return
            if cmd == "aibot_respond_msg" and req_id not in connection.delivered:
                self.violations.append(f"reply to a req_id this connection never delivered: {req_id}")
                await self._ack(connection, req_id, UNKNOWN_REQ_ID, "invalid req_id")
                return
            for item in Sent(connection.number, cmd, req_id, body, 0).images:
                image = item.get("image") or {}
                data = base64.b64decode(image.get("base64", ""))
                if hashlib.md5(data).hexdigest() != image.get("md5"):  # noqa: S324 - the protocol's checksum
                    self.violations.append("an image whose md5 does not match")
        if cmd in ("aibot_respond_update_msg", "aibot_respond_welcome_msg"):
            refusal = self._check_event_answer(cmd, req_id, body)
            if refusal is not None:
                self.violations.append(refusal[1])
                await self._ack(connection, req_id, *refusal)
                return
        self._keep_cards(cmd, body)
        await self._ack(connection, req_id)

    def _check_event_answer(self, cmd: str, req_id: str, body: dict[str, Any]) -> tuple[int, str] | None:
        """A card update or a welcome answers an event of its kind, delivered at most 5 s ago (the card's task)."""
        wanted = "template_card_event" if cmd == "aibot_respond_update_msg" else "enter_chat"
        with self._lock:
            found = [delivery for delivery in self.deliveries if delivery.req_id == req_id]
        if not found or found[0].event_type != wanted:
            return UNKNOWN_REQ_ID, f"{cmd} to a req_id of no {wanted}: {req_id}"
        if time.monotonic() - found[0].at > ANSWER_WINDOW_SECONDS:
            return LATE_ANSWER, f"{cmd} more than 5 s after its event"
        if cmd == "aibot_respond_update_msg":
            card = body.get("template_card") or {}
            if body.get("response_type") != "update_template_card" or card.get("task_id") != found[0].task_id:
                return UNKNOWN_REQ_ID, f"a card update of another task or type: {body}"
        return None

    def _keep_cards(self, cmd: str, body: dict[str, Any]) -> None:
        card = body.get("template_card")
        if not isinstance(card, dict) or not isinstance(card.get("task_id"), str):
            return
        with self._lock:
            userids = body.get("userids") if cmd == "aibot_respond_update_msg" else None
            if userids:
                for userid in userids:
                    self.cards_for[(card["task_id"], userid)] = card
            else:
                self.cards[card["task_id"]] = card
                for key in [key for key in self.cards_for if key[0] == card["task_id"]]:
                    del self.cards_for[key]

    def card_as_seen(self, task_id: str, userid: str) -> dict[str, Any]:
        """The card ``task_id`` as ``userid`` sees it now."""
        with self._lock:
            return self.cards_for.get((task_id, userid)) or self.cards[task_id]

    def live_buttons(self, task_id: str, userid: str) -> dict[str, str]:
        """The buttons ``userid`` can press on the card (label → key): none once the card shows its outcome."""
        card = self.card_as_seen(task_id, userid)
        if card.get("replace_text"):
            return {}
        return {str(button["text"]): str(button["key"]) for button in card.get("button_list") or ()}

    async def _subscribe(self, connection: _Connection, req_id: str, body: dict[str, Any]) -> None:
        if body.get("bot_id") != self.bot_id or body.get("secret") != self.secret:
            with self._lock:
                self.subscriptions.append((connection.number, REFUSED_CREDENTIALS))
            await self._ack(connection, req_id, REFUSED_CREDENTIALS, "invalid bot_id or secret")
            await connection.socket.close()
            return
        with self._lock:
            previous, self._live = self._live, connection
            connection.subscribed = True
            self.subscriptions.append((connection.number, 0))
            waiting, self._waiting = self._waiting, []
        await self._ack(connection, req_id)
        if previous is not None:
            # One live connection per bot: the newer one takes over.
            await previous.socket.send(json.dumps({
                "cmd": "aibot_event_callback", "headers": {"req_id": f"event_{next(self._ids)}"},
                "body": {"msgid": f"disconnect_{next(self._ids)}", "aibotid": self.bot_id, "msgtype": "event",
                         "event": {"eventtype": "disconnected_event"}}}))
            await previous.socket.close()
        for callback in waiting:
            await self._deliver(connection, callback)

    async def _deliver(self, connection: _Connection, frame: dict[str, Any]) -> None:
        req_id = f"callback_{next(self._ids)}"
        frame = {**frame, "headers": {"req_id": req_id}}
        connection.delivered.add(req_id)
        event = frame["body"].get("event") or {}
        task_id = (event.get("template_card_event") or {}).get("task_id")
        with self._lock:
            self.deliveries.append(Delivery(frame["body"]["msgid"], req_id, connection.number, event.get("eventtype"),
                                            task_id, time.monotonic()))
        await connection.socket.send(json.dumps(frame, ensure_ascii=False))

    async def _callback(self, frame: dict[str, Any]) -> None:
        with self._lock:
            live = self._live
            if live is None:
                self._waiting.append(frame)
                return
        await self._deliver(live, frame)

    def _next_failure(self, cmd: str) -> tuple[int, str] | None:
        with self._lock:
            queue = self._failures.get(cmd)
            return queue.pop(0) if queue else None

    def _run(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(10)

    # What a test does.

    def say(self, userid: str, text: str, *, chatid: str | None = None, msgid: str | None = None) -> str:
        """``userid`` writes ``text`` (in the group ``chatid``, else privately to the bot); the msgid."""
        msgid = msgid or f"msg_{next(self._ids)}_{int(time.time() * 1000)}"
        body: dict[str, Any] = {"msgid": msgid, "aibotid": self.bot_id, "chattype": "group" if chatid else "single",
                                "from": {"userid": userid}, "msgtype": "text", "text": {"content": text}}
        if chatid:
            body["chatid"] = chatid
        self._bodies[msgid] = {"cmd": "aibot_msg_callback", "body": body}
        self._run(self._callback(self._bodies[msgid]))
        return msgid

    def press(self, userid: str, label: str, *, task_id: str, chatid: str | None = None) -> str:
        """``userid`` presses the button labelled ``label`` on the card ``task_id`` as they see it (WeCom lets
        nobody press a button a card no longer shows: an AssertionError); the event's msgid."""
        buttons = self.live_buttons(task_id, userid)
        assert label in buttons, f"{userid} sees no button {label!r} on {task_id}: {self.card_as_seen(task_id, userid)}"
        event_key = buttons[label]
        msgid = f"event_{next(self._ids)}"
        body: dict[str, Any] = {"msgid": msgid, "aibotid": self.bot_id, "chattype": "group" if chatid else "single",
                                "from": {"userid": userid}, "msgtype": "event",
                                "event": {"eventtype": "template_card_event", "template_card_event": {
                                    "card_type": "button_interaction", "event_key": event_key, "task_id": task_id}}}
        if chatid:
            body["chatid"] = chatid
        self._bodies[msgid] = {"cmd": "aibot_event_callback", "body": body}
        self._run(self._callback(self._bodies[msgid]))
        return msgid

    def send_file(self, userid: str, content: bytes, file_name: str, *, chatid: str | None = None,
                  msgid: str | None = None) -> str:
        """``userid`` sends a file (in the group ``chatid``, else privately): offered encrypted behind a link, as
        WeCom does; the msgid."""
        url, aeskey = self.files.offer(content, file_name)
        msgid = msgid or f"file_{next(self._ids)}"
        body: dict[str, Any] = {"msgid": msgid, "aibotid": self.bot_id, "chattype": "group" if chatid else "single",
                                "from": {"userid": userid}, "msgtype": "file", "file": {"url": url, "aeskey": aeskey}}
        if chatid:
            body["chatid"] = chatid
        self._bodies[msgid] = {"cmd": "aibot_msg_callback", "body": body}
        self._run(self._callback(self._bodies[msgid]))
        return msgid

    def files_pushed(self, chat: str | None = None) -> list[Uploaded]:
        """The files the bot pushed (to ``chat``), in order."""
        return self.uploads.files_sent([(frame.cmd, frame.body) for frame in self.pushes(chat)])

    def enter(self, userid: str) -> str:
        """``userid`` opens their chat with the bot (``enter_chat``); the event's msgid."""
        msgid = f"enter_{next(self._ids)}"
        body = {"msgid": msgid, "aibotid": self.bot_id, "chattype": "single", "from": {"userid": userid},
                "msgtype": "event", "event": {"eventtype": "enter_chat"}}
        self._bodies[msgid] = {"cmd": "aibot_event_callback", "body": body}
        self._run(self._callback(self._bodies[msgid]))
        return msgid

    def answers_to_event(self, msgid: str, cmd: str) -> list[Sent]:
        """The card updates (or welcomes) answering every delivery of the event ``msgid``."""
        with self._lock:
            req_ids = {delivery.req_id for delivery in self.deliveries if delivery.msgid == msgid}
            return [frame for frame in self.sent if frame.cmd == cmd and frame.req_id in req_ids]

    def send_raw(self, raw: str) -> None:
        """Send ``raw`` as one text frame on the live connection: a frame no well-behaved server sends."""

        async def send() -> None:
            with self._lock:
                live = self._live
            assert live is not None, "no live connection"
            await live.socket.send(raw)

        self._run(send())

    def redeliver(self, msgid: str) -> None:
        """Deliver a callback again (same msgid, a new req_id), as after a reconnect."""
        self._run(self._callback(self._bodies[msgid]))

    def drop(self) -> None:
        """Break the live connection without a close frame (a network failure)."""
        async def abort() -> None:
            live = self._live
            if live is not None:
                live.socket.transport.abort()

        self._run(abort())

    def close(self) -> None:
        """Close the live connection from the server's side (a close frame)."""
        async def close() -> None:
            live = self._live
            if live is not None:
                await live.socket.close()

        self._run(close())

    def fail(self, cmd: str, errcode: int, errmsg: str = "system busy", times: int = 1) -> None:
        """Answer the next ``times`` frames of ``cmd`` with ``errcode``."""
        with self._lock:
            self._failures.setdefault(cmd, []).extend([(errcode, errmsg)] * times)

    @property
    def connected(self) -> bool:
        with self._lock:
            return self._live is not None

    def live_connection(self) -> int | None:
        with self._lock:
            return None if self._live is None else self._live.number

    def frames(self, cmd: str | None = None) -> list[Sent]:
        with self._lock:
            return [frame for frame in self.sent if cmd is None or frame.cmd == cmd]

    def replies_to(self, msgid: str) -> list[Sent]:
        """The replies to every delivery of ``msgid``."""
        with self._lock:
            req_ids = {delivery.req_id for delivery in self.deliveries if delivery.msgid == msgid}
            return [frame for frame in self.sent if frame.cmd == "aibot_respond_msg" and frame.req_id in req_ids]

    def pushes(self, chat: str | None = None) -> list[Sent]:
        """What the bot pushed (to ``chat``: a group chatid or a userid)."""
        return [frame for frame in self.frames("aibot_send_msg")
                if chat is None or frame.body.get("chatid") == chat]

    def wait_for(self, condition: Callable[[], Any], timeout: float = 15.0, what: str = "") -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = condition()
            if found:
                return found
            time.sleep(0.02)
        raise TimeoutError(f"the stand-in waited {timeout:.0f} s for {what or 'a condition'}; bot sent "
                           f"{[(frame.cmd, frame.content[:80]) for frame in self.frames()][-8:]}")

    def answer(self, msgid: str, timeout: float = 15.0) -> str:
        """The text of the (first) reply to ``msgid``, waited for."""
        replies = self.wait_for(lambda: self.replies_to(msgid), timeout, f"a reply to {msgid}")
        return str(replies[0].content)
