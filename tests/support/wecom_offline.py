"""The WeCom platform in process: callbacks handed straight to :class:`~handlers.wecom.platform.WeComPlatform`,
what it sends captured by a fake connection — for command tests that run on Telegram and on WeCom alike.

::

    async with WeComClub.running(settings) as club:
        [answer] = await club.say(club.admin, "/new 周五杯")
"""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from bot.clock import Clock, ManualClock
from bot.config import Settings
from bot.services import Services
from bot.services.assembly import start_services, stop_services
from handlers.bootstrap import ProcessOptions, add_wecom, assemble
from handlers.dispatch import CommandSpec
from handlers.wecom.client import EVENT_CALLBACK, MESSAGE_CALLBACK, RESPOND, Frame, WeComError
from handlers.wecom.platform import WeComPlatform
from tests.support.wecom_uploads import COMMANDS as UPLOAD_COMMANDS
from tests.support.wecom_uploads import Uploads

GROUP = "wrOgOfflineGroup"
ADMIN = "laowang"
MENTION = "@掼蛋助手 "


@dataclass(frozen=True, slots=True)
class Outgoing:
    cmd: str
    body: dict[str, Any]
    req_id: str | None

    @property
    def content(self) -> str:
        if self.cmd == RESPOND:
            return str(self.body.get("stream", {}).get("content", ""))
        return str(self.body.get("markdown", {}).get("content", ""))


@dataclass
class FakeConnection:
    """Accepts every frame (``errcode`` 0) and keeps it; answers uploads as WeCom does
    (:class:`~tests.support.wecom_uploads.Uploads`); refuses what a test asks it to (:meth:`fail`)."""

    sent: list[Outgoing] = field(default_factory=list)
    connected: bool = True
    uploads: Uploads = field(default_factory=Uploads)
    failures: dict[str, list[tuple[int, str]]] = field(default_factory=dict)

    def fail(self, cmd: str, errcode: int, errmsg: str = "refused", times: int = 1) -> None:
        self.failures.setdefault(cmd, []).extend([(errcode, errmsg)] * times)

    async def request(self, cmd: str, body: dict[str, Any], req_id: str | None = None) -> Frame:
        self.sent.append(Outgoing(cmd, body, req_id))
        queue = self.failures.get(cmd)
        if queue:
            raise WeComError(*queue.pop(0))
        if cmd in UPLOAD_COMMANDS:
            errcode, errmsg, answer = self.uploads.answer(cmd, body)
            if errcode:
                raise WeComError(errcode, errmsg)
            return Frame(None, req_id or "", answer, 0, "ok")
        return Frame(None, req_id or "", {}, 0, "ok")


async def fingerprint(services: Services) -> tuple[Any, ...]:
    """Everything a command could change (as ``tests.handlers.tournament_helpers.Club.fingerprint``)."""
    async with services.storage.read() as tx:
        events = await tx.fetch_value("SELECT count(*) FROM history")
        rows = await tx.fetch_all("SELECT * FROM tournaments ORDER BY tournament_id")
        entries = await tx.fetch_value("SELECT count(*) FROM entries")
        invitations = await tx.fetch_all("SELECT status FROM invitations ORDER BY invitation_id")
        matches = await tx.fetch_all("SELECT match_id, revision FROM matches ORDER BY tournament_id, match_id")
    return (events, json.dumps([dict(row) for row in rows], sort_keys=True), entries,
            [tuple(row) for row in invitations], [tuple(row) for row in matches])


class WeComClub:
    """A WeCom group whose organiser is ``laowang`` (``WECOM_ORGANISERS``); people are userids ``p1``, ``p2`` …"""

    admin = ADMIN

    def __init__(self, platform: WeComPlatform, connection: FakeConnection) -> None:
        self.platform = platform
        self.connection = connection
        self._ids = itertools.count(1)

    @classmethod
    @asynccontextmanager
    async def running(cls, settings: Settings, *, clock: Clock | None = None,
                      commands: Sequence[CommandSpec] | None = None) -> AsyncIterator[WeComClub]:
        settings = replace(settings, wecom_organisers=frozenset({ADMIN}))
        # Built by the composition root as ``python -m bot`` builds WeCom: no Telegram, so no group administrators
        # but WECOM_ORGANISERS; the announcer's timers are set but not started (no scheduler runs in the test).
        process = assemble(settings, ProcessOptions(clock=clock or ManualClock(), commands=commands))
        platform = add_wecom(process)
        connection = FakeConnection()
        platform.connection = connection  # type: ignore[assignment]
        await start_services(process.services)
        try:
            await process.directory.load(process.services.storage)
            yield cls(platform, connection)
        finally:
            await stop_services(process.services)

    @property
    def services(self) -> Services:
        return self.platform.services

    def person(self, number: int) -> str:
        return f"p{number}"

    async def deliver(self, cmd: str, body: dict[str, Any]) -> list[Outgoing]:
        before = len(self.connection.sent)
        await self.platform.on_callback(None, Frame(cmd, f"callback_{next(self._ids)}", body))  # type: ignore[arg-type]
        return self.connection.sent[before:]

    async def frames(self, sender: str, text: str, *, group: bool = True, msgid: str | None = None
                     ) -> list[Outgoing]:
        body: dict[str, Any] = {"msgid": msgid or f"msg_{next(self._ids)}", "aibotid": "bot",
                                "chattype": "group" if group else "single", "from": {"userid": sender},
                                "msgtype": "text", "text": {"content": (MENTION + text) if group else text}}
        if group:
            body["chatid"] = GROUP
        return await self.deliver(MESSAGE_CALLBACK, body)

    async def say(self, sender: str, text: str, *, group: bool = True) -> list[str]:
        """``sender`` @-mentions the bot with ``text`` in the group (or writes privately); the markdown answered."""
        return [frame.content for frame in await self.frames(sender, text, group=group) if frame.content]

    async def file_frames(self, sender: str, url: str, aeskey: str, *, group: bool = True, msgid: str | None = None
                          ) -> list[Outgoing]:
        """``sender`` sends a file (WeCom's download ``url`` and ``aeskey``) in the group or privately; the frames
        sent in answer."""
        body: dict[str, Any] = {"msgid": msgid or f"msg_{next(self._ids)}", "aibotid": "bot",
                                "chattype": "group" if group else "single", "from": {"userid": sender},
                                "msgtype": "file", "file": {"url": url, "aeskey": aeskey}}
        if group:
            body["chatid"] = GROUP
        return await self.deliver(MESSAGE_CALLBACK, body)

    async def send_file(self, sender: str, url: str, aeskey: str, *, group: bool = True) -> list[str]:
        """``sender`` sends a file; the markdown answered."""
        return [frame.content for frame in await self.file_frames(sender, url, aeskey, group=group)
                if frame.content]

    async def frames_text(self, sender: str, text: str) -> list[str]:
        """``sender`` writes ``text`` exactly as given in the group (the mention where they put it); the markdown
        answered."""
        body: dict[str, Any] = {"msgid": f"msg_{next(self._ids)}", "aibotid": "bot", "chattype": "group",
                                "chatid": GROUP, "from": {"userid": sender}, "msgtype": "text",
                                "text": {"content": text}}
        return [frame.content for frame in await self.deliver(MESSAGE_CALLBACK, body) if frame.content]

    async def press(self, sender: str, key: str, task_id: str = "card") -> list[Outgoing]:
        """``sender`` presses the button ``key`` of the card ``task_id``; the frames sent in answer."""
        return await self.deliver(EVENT_CALLBACK, {
            "msgid": f"event_{next(self._ids)}", "aibotid": "bot", "chattype": "group", "chatid": GROUP,
            "from": {"userid": sender}, "msgtype": "event",
            "event": {"eventtype": "template_card_event",
                      "template_card_event": {"card_type": "button_interaction", "event_key": key,
                                              "task_id": task_id}}})

    async def enter(self, userid: str) -> list[Outgoing]:
        """``userid`` opens their chat with the bot (``enter_chat``)."""
        return await self.deliver(EVENT_CALLBACK, {
            "msgid": f"enter_{next(self._ids)}", "aibotid": "bot", "chattype": "single", "from": {"userid": userid},
            "msgtype": "event", "event": {"eventtype": "enter_chat"}})

    async def sign_up_singles(self, count: int, start: int = 1) -> list[str]:
        people = [self.person(number) for number in range(start, start + count)]
        for person in people:
            await self.say(person, "/signup")
        return people

    async def fingerprint(self) -> tuple[Any, ...]:
        return await fingerprint(self.services)
