"""The in-process fake Bot API: a ``telegram.request.BaseRequest`` answering from a :class:`FakeTelegram`."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from telegram._utils.defaultvalue import DEFAULT_NONE
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from tests.support.faults import SimulatedDrop, SimulatedTimeout
from tests.support.telegram import FILE_URL_MARK, FakeTelegram


def decode_request(request_data: RequestData | None) -> tuple[dict[str, Any], dict[str, tuple[str, bytes]]]:
    """The call's parameters as JSON values, and its uploaded files as (file name, bytes)."""
    if request_data is None:
        return {}, {}
    params = json.loads(json.dumps(request_data.parameters))
    files: dict[str, tuple[str, bytes]] = {}
    for name, field_tuple in request_data.multipart_data.items():
        file_name, content = field_tuple[0], field_tuple[1]
        data = content if isinstance(content, bytes) else content.read()
        files[name] = (file_name or name, data)
    return params, files


class FakeBotApi(BaseRequest):
    """Answer every Bot API call from ``telegram`` (a fresh :class:`FakeTelegram` unless given).

    ``getUpdates`` long-polls: it waits up to the request's ``timeout`` for :meth:`enqueue_update`.
    """

    def __init__(self, telegram: FakeTelegram | None = None) -> None:
        self.telegram = telegram or FakeTelegram()
        self._updates_changed: asyncio.Event | None = None

    @property
    def read_timeout(self) -> float | None:
        return None

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    def enqueue_update(self, update: dict[str, Any]) -> int:
        update_id = self.telegram.enqueue_update(update)
        if self._updates_changed is not None:
            self._updates_changed.set()
        return update_id

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = DEFAULT_NONE,
        write_timeout: ODVInput[float] = DEFAULT_NONE,
        connect_timeout: ODVInput[float] = DEFAULT_NONE,
        pool_timeout: ODVInput[float] = DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if FILE_URL_MARK in url:  # PTB's File.download_*: <base_file_url><token>/<file_path>
            return self.telegram.answer_download(url.split(FILE_URL_MARK, 1)[1])
        api_method = url.rsplit("/", 1)[-1]
        params, files = decode_request(request_data)
        try:
            if api_method == "getUpdates":
                return await self._get_updates(params)
            return self.telegram.answer(api_method, params, files)
        except SimulatedTimeout:
            raise TimedOut(f"{api_method}: no answer (simulated)") from None
        except SimulatedDrop:
            raise NetworkError("getUpdates: connection dropped (simulated)") from None

    async def _get_updates(self, params: dict[str, Any]) -> tuple[int, bytes]:
        if self._updates_changed is None:
            self._updates_changed = asyncio.Event()
        offset, limit = params.get("offset"), int(params.get("limit", 100))
        pending = self.telegram.pending_updates(offset, limit)
        if not pending and params.get("timeout"):
            self._updates_changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._updates_changed.wait(), float(params["timeout"]))
            pending = self.telegram.pending_updates(offset, limit)
        return 200, json.dumps({"ok": True, "result": pending}, ensure_ascii=False).encode()
