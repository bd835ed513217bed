"""A fake Telegram: the Bot API state and answers shared by the in-process request and the HTTP server.

It answers the methods the bot uses, records every call (method and JSON-decoded parameters), keeps the chats'
administrators that a test scripts, queues updates for ``getUpdates`` and fails calls on demand with the error
bodies Telegram sends (429 ``retry_after``, 400, 403, ``migrate_to_chat_id``).
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from tests.support.faults import Fault, FaultPlan, SimulatedDrop, SimulatedTimeout
from tests.support.html_check import html_problem

ANONYMOUS_ADMIN_ID = 1087968824
"""The user Telegram shows as the author of an anonymous administrator's message (``GroupAnonymousBot``)."""

SUPERGROUP_ID_BELOW = -1_000_000_000_000
FILE_URL_MARK = "/file/bot"
"""What a file download's URL has where a method call's has ``/bot``: PTB's default ``base_file_url`` is
``https://api.telegram.org/file/bot`` (the token follows), and a self-hosted server uses the same layout."""
DOWNLOAD_LIMIT = 20 * 1024 * 1024
"""The largest file a bot may download through the Bot API (``getFile``)."""


@dataclass(frozen=True, slots=True)
class ApiCall:
    method: str
    params: Mapping[str, Any]
    files: Mapping[str, tuple[str, bytes]] = field(default_factory=dict)
    """Uploaded files by field name: (file name, content)."""
    status: int = 200
    """The HTTP status answered: 200, or the scripted failure's; 0 for no answer (a simulated timeout)."""
    result: Any = None
    """What a successful call returned (the sent message's JSON for ``sendMessage`` ...)."""
    at: float = 0.0
    """When the call arrived, by :attr:`FakeTelegram.flood`'s clock (0 without flood limits)."""

    @property
    def chat_id(self) -> Any:
        return self.params.get("chat_id")

    @property
    def text(self) -> str:
        return str(self.params.get("text", self.params.get("caption", "")))


class ApiError(Exception):
    """Raised by a method's answer to fail that call as Telegram would (HTTP status and description)."""

    def __init__(self, status: int, description: str) -> None:
        super().__init__(description)
        self.status, self.description = status, description


def png_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG's header (``None`` for anything else)."""
    if len(data) < 24 or not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@dataclass(slots=True)
class _Failure:
    status: int
    description: str
    parameters: dict[str, Any] | None
    remaining: int


def _update_id(update: Mapping[str, Any]) -> int:
    return int(update["update_id"])


def chat_type_for(chat_id: int) -> str:
    if chat_id > 0:
        return "private"
    return "supergroup" if chat_id < SUPERGROUP_ID_BELOW else "group"


def _admin_member(user: Mapping[str, Any], status: str) -> dict[str, Any]:
    if status == "creator":
        return {"status": "creator", "user": dict(user), "is_anonymous": False}
    rights = (
        "can_be_edited", "is_anonymous", "can_manage_chat", "can_delete_messages", "can_manage_video_chats",
        "can_restrict_members", "can_promote_members", "can_change_info", "can_invite_users", "can_post_stories",
        "can_edit_stories", "can_delete_stories",
    )
    return {"status": "administrator", "user": dict(user)} | {
        right: right in {"can_manage_chat", "can_delete_messages", "can_invite_users"} for right in rights
    }


GROUP_FLOOD_LIMIT = 20
"""Messages (sends and edits) Telegram takes in one group per minute."""
GLOBAL_FLOOD_LIMIT = 30
"""Messages a bot may send per second, over all chats."""
_GROUP_COUNTED = frozenset({
    "sendMessage", "sendDocument", "sendPhoto", "sendAnimation", "sendAudio", "sendVideo", "sendVoice", "sendSticker",
    "sendLocation", "sendPoll", "sendDice", "sendContact", "sendVenue", "sendVideoNote", "copyMessage",
    "forwardMessage", "editMessageText", "editMessageCaption", "editMessageReplyMarkup", "editMessageMedia",
})


class FloodLimits:
    """Telegram's flood control as the Bot FAQ states it: at most :data:`GROUP_FLOOD_LIMIT` messages in one group in
    any 60 seconds (edits count as messages: Telegram's developers say the two share the limit; an album counts each
    item), at most :data:`GLOBAL_FLOOD_LIMIT` messages and reactions a second over all chats. A call past a limit is
    refused with 429 and the ``retry_after`` (whole seconds, rounded up) after which it would pass; refused calls
    do not count. ``now``: seconds, from any clock (the benchmark passes the real one)."""

    def __init__(self, now: Callable[[], float], *, group_limit: int = GROUP_FLOOD_LIMIT,
                 global_limit: int = GLOBAL_FLOOD_LIMIT, window: float = 60.0) -> None:
        self.now = now
        self.group_limit, self.global_limit, self.window = group_limit, global_limit, window
        self._group: dict[int, deque[tuple[float, int]]] = {}
        self._overall: deque[float] = deque()
        self.refused = 0
        """429 answers given so far."""

    @staticmethod
    def counted(method: str, params: Mapping[str, Any]) -> int:
        """Group messages a call makes (0 in a private chat or for a call that posts nothing)."""
        chat_id = params.get("chat_id")
        try:
            chat = int(chat_id) if chat_id is not None else 0
        except (TypeError, ValueError):
            return 0
        if chat >= 0:
            return 0
        if method == "sendMediaGroup":
            return len(params.get("media") or [])
        return 1 if method in _GROUP_COUNTED else 0

    def refusal(self, method: str, params: Mapping[str, Any]) -> int | None:
        """``retry_after`` seconds if the call must be refused now; otherwise count it and return ``None``."""
        outgoing = method in _GROUP_COUNTED or method in {"sendMediaGroup", "setMessageReaction"}
        if not outgoing:
            return None
        now = self.now()
        while self._overall and self._overall[0] <= now - 1.0:
            self._overall.popleft()
        if len(self._overall) >= self.global_limit:
            self.refused += 1
            return 1
        messages = self.counted(method, params)
        if messages:
            chat = int(params["chat_id"])
            sent = self._group.setdefault(chat, deque())
            while sent and sent[0][0] <= now - self.window:
                sent.popleft()
            if sum(count for _, count in sent) + messages > self.group_limit:
                self.refused += 1
                return max(1, math.ceil(sent[0][0] + self.window - now))
            sent.append((now, messages))
        self._overall.append(now)
        return None


class FakeTelegram:
    """The state behind a fake Bot API. Not thread-safe: use it from one event loop."""

    def __init__(self, *, bot_id: int = 7_000_000, username: str = "guandan_test_bot", now: int = 1_760_000_000):
        self.bot_user: dict[str, Any] = {
            "id": bot_id, "is_bot": True, "first_name": "Guandan", "username": username,
            "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": False,
        }
        self.now = now
        self.calls: list[ApiCall] = []
        self.commands: dict[tuple[str, str], list[dict[str, Any]]] = {}
        """``setMyCommands`` results by (scope type, language code or "")."""
        self._admins: dict[int, dict[int, tuple[dict[str, Any], str]]] = {}
        self._chats: dict[int, dict[str, Any]] = {}
        self._failures: dict[str, list[_Failure]] = {}
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._file_ids = itertools.count(1)
        self.files: dict[str, tuple[str, bytes]] = {}
        self._file_paths: dict[str, str] = {}
        """Every file Telegram holds, by file id: (file name, content) — uploaded by people or sent by the bot."""
        self.updates: list[dict[str, Any]] = []
        self._next_update_id = 1
        self.confirmed_offset = 0
        self.faults: FaultPlan | None = None
        """Random failures to serve (``tests.support.faults``); none unless set."""
        self.strict_html = False
        """Refuse HTML-formatted texts Telegram could not parse (400), as Telegram does."""
        self.webhook: dict[str, Any] | None = None
        """What ``setWebhook`` was given last (``url``, ``secret_token``, ``allowed_updates``), ``None`` if none."""
        self.flood: FloodLimits | None = None
        """Telegram's rate limits, enforced with 429 when set (the rush benchmark); none by default."""

    # Scripting -------------------------------------------------------------------------------------------------

    def add_chat(self, chat: Mapping[str, Any]) -> None:
        self._chats[int(chat["id"])] = dict(chat)

    def set_admins(self, chat_id: int, *users: Mapping[str, Any], creator: Mapping[str, Any] | None = None) -> None:
        """Replace a chat's creator and administrators (user dicts as in updates)."""
        members: dict[int, tuple[dict[str, Any], str]] = {}
        if creator is not None:
            members[int(creator["id"])] = (dict(creator), "creator")
        for user in users:
            members[int(user["id"])] = (dict(user), "administrator")
        self._admins[chat_id] = members

    def fail(
        self, method: str, *, status: int = 400, description: str = "Bad Request: scripted failure",
        parameters: Mapping[str, Any] | None = None, times: int = 1,
    ) -> None:
        """Make the next ``times`` calls of ``method`` fail with this HTTP status and error body."""
        self._failures.setdefault(method, []).append(
            _Failure(status, description, dict(parameters) if parameters else None, times)
        )

    def fail_retry_after(self, method: str, seconds: int = 1, times: int = 1) -> None:
        self.fail(method, status=429, description=f"Too Many Requests: retry after {seconds}",
                  parameters={"retry_after": seconds}, times=times)

    def fail_migrated(self, method: str, new_chat_id: int, times: int = 1) -> None:
        self.fail(method, description="Bad Request: group chat was upgraded to a supergroup chat",
                  parameters={"migrate_to_chat_id": new_chat_id}, times=times)

    def fail_forbidden(self, method: str, times: int = 1) -> None:
        self.fail(method, status=403, description="Forbidden: bot was kicked from the group chat", times=times)

    def upload(self, name: str, content: bytes, mime_type: str | None = None) -> dict[str, Any]:
        """A file a person sends: its ``Document`` JSON, to put into a message (``UpdateFactory.document``)."""
        document = self._file(name, content)
        document["file_size"] = len(content)
        if mime_type:
            document["mime_type"] = mime_type
        return document

    def download(self, file_path: str) -> bytes | None:
        """The content behind a ``file_path`` that ``getFile`` gave out; ``None`` if there is none."""
        self.calls.append(ApiCall("download", {"file_path": file_path}))
        file_id = self._file_paths.get(file_path)
        return None if file_id is None else self.files[file_id][1]

    def answer_download(self, url_path: str) -> tuple[int, bytes]:
        """A GET of ``<base_file_url>/<file_path>`` (``url_path`` is what follows ``/file/bot``: the token, a slash,
        the file path): the file's bytes, or Telegram's 404."""
        _, _, file_path = url_path.partition("/")
        content = self.download(unquote(file_path))
        if content is None:
            return 404, json.dumps({"ok": False, "error_code": 404, "description": "Not Found"}).encode()
        return 200, content

    def enqueue_update(self, update: Mapping[str, Any]) -> int:
        """Queue an update for ``getUpdates`` (its ``update_id`` is assigned unless given); the id."""
        data = dict(update)
        if "update_id" not in data:
            data["update_id"] = self._next_update_id
        self._next_update_id = max(self._next_update_id, int(data["update_id"]) + 1)
        # Kept in id order so that getUpdates finds its offset by bisection even with thousands queued.
        bisect.insort_right(self.updates, data, key=_update_id)
        return int(data["update_id"])

    def redeliver_from(self, update_id: int) -> None:
        """Forget confirmations from ``update_id`` on, as Telegram does when a bot died before confirming."""
        self.confirmed_offset = min(self.confirmed_offset, update_id)

    # Reading the record ----------------------------------------------------------------------------------------

    def calls_to(self, method: str) -> list[ApiCall]:
        return [call for call in self.calls if call.method == method]

    def sent_texts(self, chat_id: int | None = None) -> list[str]:
        return [
            call.text for call in self.calls
            if call.method == "sendMessage" and call.status == 200 and (chat_id is None or call.chat_id == chat_id)
        ]

    # Answering -------------------------------------------------------------------------------------------------

    def pending_updates(self, offset: int | None, limit: int = 100) -> list[dict[str, Any]]:
        """Updates from ``offset`` on; like Telegram, asking with an offset confirms every earlier update."""
        self.calls.append(ApiCall("getUpdates", {"offset": offset, "limit": limit}))
        if offset:
            self.confirmed_offset = max(self.confirmed_offset, offset)
        if self.faults is not None and self.faults.drops_poll():
            raise SimulatedDrop()
        start = bisect.bisect_left(self.updates, self.confirmed_offset, key=_update_id)
        return self.updates[start:start + limit]

    def answer(
        self, method: str, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]] | None = None
    ) -> tuple[int, bytes]:
        """Record one call and produce Telegram's HTTP status and JSON body (``getUpdates`` excluded).
        :class:`SimulatedTimeout` when the fault plan says this call gets no answer."""
        fault = self.faults.for_call(method) if self.faults is not None else None
        if fault is Fault.TIMEOUT:
            self.calls.append(ApiCall(method, dict(params), dict(files or {}), status=0))
            raise SimulatedTimeout(method)
        if fault is not None and self.faults is not None:
            seconds = self.faults.retry_after
            self._failures.setdefault(method, []).insert(0, _Failure(
                429, f"Too Many Requests: retry after {seconds}", {"retry_after": seconds}, 1,
            ) if fault is Fault.RETRY_AFTER else _Failure(502, "Bad Gateway", None, 1))
        at = self.flood.now() if self.flood is not None else 0.0
        retry_after = self.flood.refusal(method, params) if self.flood is not None else None
        if retry_after is not None:
            self.calls.append(ApiCall(method, dict(params), dict(files or {}), 429, at=at))
            flooded = {"ok": False, "error_code": 429, "description": f"Too Many Requests: retry after {retry_after}",
                       "parameters": {"retry_after": retry_after}}
            return 429, json.dumps(flooded).encode()
        problem = self._html_problem(params)
        if problem is not None:
            self.calls.append(ApiCall(method, dict(params), dict(files or {}), 400))
            refusal = {"ok": False, "error_code": 400, "description": f"Bad Request: can't parse entities: {problem}"}
            return 400, json.dumps(refusal).encode()
        failures = self._failures.get(method)
        if failures:
            failure = failures[0]
            failure.remaining -= 1
            if failure.remaining <= 0:
                failures.pop(0)
            self.calls.append(ApiCall(method, dict(params), dict(files or {}), failure.status))
            body: dict[str, Any] = {"ok": False, "error_code": failure.status, "description": failure.description}
            if failure.parameters:
                body["parameters"] = failure.parameters
            return failure.status, json.dumps(body).encode()
        handler = getattr(self, f"_on_{method}", None)
        try:
            result: Any = True if handler is None else handler(params, files or {})
        except ApiError as refused:
            self.calls.append(ApiCall(method, dict(params), dict(files or {}), refused.status))
            error = {"ok": False, "error_code": refused.status, "description": refused.description}
            return refused.status, json.dumps(error).encode()
        self.calls.append(ApiCall(method, dict(params), dict(files or {}), result=result, at=at))
        return 200, json.dumps({"ok": True, "result": result}, ensure_ascii=False).encode()

    def _html_problem(self, params: Mapping[str, Any]) -> str | None:
        if not self.strict_html or str(params.get("parse_mode", "")).upper() != "HTML":
            return None
        return html_problem(str(params.get("text", params.get("caption", ""))))

    def _chat(self, chat_id: Any) -> dict[str, Any]:
        chat_id = int(chat_id)
        return self._chats.get(chat_id) or {"id": chat_id, "type": chat_type_for(chat_id)}

    def _message(self, params: Mapping[str, Any], **content: Any) -> dict[str, Any]:
        chat = self._chat(params["chat_id"])
        counter = self._message_ids.setdefault(int(chat["id"]), itertools.count(10_000))
        message = {"message_id": next(counter), "date": self.now, "chat": chat, "from": self.bot_user}
        if params.get("message_thread_id"):
            message["message_thread_id"] = params["message_thread_id"]
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        return message | content

    def _file(self, name: str, content: bytes = b"") -> dict[str, Any]:
        number = next(self._file_ids)
        file_id = f"file-{number}"
        self.files[file_id] = (name, content)
        return {"file_id": file_id, "file_unique_id": f"unique-{number}", "file_name": name}

    def _photo(self, content: bytes) -> list[dict[str, Any]]:
        width, height = png_size(content) or (640, 480)
        photo = self._file("photo.png", content)
        photo.pop("file_name")
        return [photo | {"width": width, "height": height, "file_size": len(content)}]

    def _upload_of(self, value: Any, files: Mapping[str, tuple[str, bytes]]) -> tuple[str, bytes]:
        """The file a parameter names: ``attach://<field>`` of this request, or a file id sent before."""
        text = str(value)
        if text.startswith("attach://"):
            return files[text.removeprefix("attach://")]
        known = self.files.get(text)
        if known is None:
            raise ApiError(400, "Bad Request: wrong file identifier/HTTP URL specified")
        return known

    def _on_getMe(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        return self.bot_user

    def _on_setWebhook(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        url = str(params.get("url", ""))
        if url and not url.startswith("https://"):
            raise ApiError(400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook")
        self.webhook = dict(params) if url else None
        return True

    def _on_deleteWebhook(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        self.webhook = None
        return True

    def _on_getWebhookInfo(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        info: dict[str, Any] = {"url": "", "has_custom_certificate": False, "pending_update_count": 0}
        if self.webhook is not None:
            info |= {"url": self.webhook["url"], "allowed_updates": self.webhook.get("allowed_updates") or []}
        return info

    def _on_sendMessage(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        return self._message(params, text=params.get("text", ""))

    def _on_editMessageText(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        if "inline_message_id" in params:
            return True
        edited = {
            "message_id": int(params["message_id"]), "date": self.now, "edit_date": self.now,
            "chat": self._chat(params["chat_id"]), "from": self.bot_user, "text": params.get("text", ""),
        }
        if params.get("reply_markup"):
            edited["reply_markup"] = params["reply_markup"]
        return edited

    def _on_setMessageReaction(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        if not params.get("message_id"):
            raise ApiError(400, "Bad Request: message to react not found")
        return True

    def _on_sendDocument(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        name, data = files["document"] if "document" in files else self._upload_of(params.get("document"), files)
        content: dict[str, Any] = {"document": self._file(name, data) | {"file_size": len(data)}}
        if params.get("caption"):
            content["caption"] = params["caption"]
        return self._message(params, **content)

    def _on_sendPhoto(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        _, data = files["photo"] if "photo" in files else self._upload_of(params.get("photo"), files)
        content: dict[str, Any] = {"photo": self._photo(data)}
        if params.get("caption"):
            content["caption"] = params["caption"]
        return self._message(params, **content)

    def _on_sendMediaGroup(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        """An album: 2–10 photos (or 2–10 documents), one message each, sharing a ``media_group_id``."""
        media = list(params.get("media") or [])
        kinds = {item.get("type") for item in media}
        if not 2 <= len(media) <= 10 or len(kinds) != 1 or not kinds <= {"photo", "document"}:
            raise ApiError(400, "Bad Request: wrong number or mix of media in the group")
        group_id = f"album-{next(self._file_ids)}"
        messages = []
        for item in media:
            name, data = self._upload_of(item["media"], files)
            content: dict[str, Any] = {"media_group_id": group_id}
            if item["type"] == "photo":
                content["photo"] = self._photo(data)
            else:
                content["document"] = self._file(name, data) | {"file_size": len(data)}
            if item.get("caption"):
                content["caption"] = item["caption"]
            messages.append(self._message(params, **content))
        return messages

    def _on_getFile(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        """Where a file can be downloaded: ``file_path``, relative to the bot's file URL, as Telegram answers."""
        file_id = str(params.get("file_id"))
        if file_id not in self.files:
            raise ApiError(400, "Bad Request: invalid file_id")
        name, data = self.files[file_id]
        if len(data) > DOWNLOAD_LIMIT:
            raise ApiError(400, "Bad Request: file is too big")
        suffix = name.rsplit(".", 1)[-1] if "." in name else "bin"
        path = f"documents/{file_id}.{suffix}"
        self._file_paths[path] = file_id
        return {"file_id": file_id, "file_unique_id": file_id.replace("file", "unique"), "file_size": len(data),
                "file_path": path}

    def _on_getChatMember(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        user_id = int(params["user_id"])
        member = self._admins.get(int(params["chat_id"]), {}).get(user_id)
        if member is not None:
            return _admin_member(*member)
        return {"status": "member", "user": {"id": user_id, "is_bot": False, "first_name": f"user{user_id}"}}

    def _on_getChatAdministrators(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        return [_admin_member(user, status) for user, status in self._admins.get(int(params["chat_id"]), {}).values()]

    def _on_setMyCommands(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        scope = params.get("scope") or {"type": "default"}
        self.commands[(scope["type"], params.get("language_code") or "")] = list(params["commands"])
        return True

    def _on_deleteMyCommands(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        scope = params.get("scope") or {"type": "default"}
        self.commands.pop((scope["type"], params.get("language_code") or ""), None)
        return True

    def _on_getMyCommands(self, params: Mapping[str, Any], files: Mapping[str, tuple[str, bytes]]) -> Any:
        scope = params.get("scope") or {"type": "default"}
        return self.commands.get((scope["type"], params.get("language_code") or ""), [])
