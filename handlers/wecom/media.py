"""Files over the long connection, both ways: uploading temporary media, fetching and decrypting what people send.

Out (``aibot_upload_media_init`` → ``aibot_upload_media_chunk`` × n → ``aibot_upload_media_finish``): the file's
type (``file`` or ``image``), name, size, chunk count and MD5 open an upload (the acknowledgement's body carries its
``upload_id``); the bytes follow base64-encoded in chunks of 512 KiB, at most 100 of them, in order; the finish's
acknowledgement carries the ``media_id`` a reply or push then names (``{"msgtype": "file", "file": {"media_id"}}``).
What WeCom refuses — a file over its size, a type it does not take, an ``errcode`` — is :class:`MediaRefused`, with
the reason the chat is told in one line.

In (a ``file`` or ``image`` message): a download ``url`` and an ``aeskey``. The bytes are fetched with a size cap and
a time limit (:func:`fetch`), then decrypted off the event loop (:func:`decrypt`): AES-256-CBC, the key the base64
``aeskey`` decoded, the IV its first 16 bytes, PKCS#7 padding on 32-byte blocks. The file's name comes from
``Content-Disposition`` (``filename*=UTF-8''…`` first). Facts from WeCom's documentation and the official SDK
(``wecom-aibot-sdk`` 1.0.5). The limits of a file are WeCom's for temporary media (its server API's documentation,
"上传临时素材": more than 5 bytes; a file at most 20 MB, an image 10 MB): not confirmed for the long connection,
whose own cap — 100 chunks of 512 KiB — is higher; a file past them is refused here, before anything is sent.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import math
import re
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import unquote

import httpx
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from handlers.wecom.client import Frame, WeComError

UPLOAD_INIT = "aibot_upload_media_init"
UPLOAD_CHUNK = "aibot_upload_media_chunk"
UPLOAD_FINISH = "aibot_upload_media_finish"
CHUNK_BYTES = 512 * 1024
CHUNKS_LIMIT = 100
FILE_BYTES_LIMIT = 20 * 1024 * 1024
IMAGE_BYTES_LIMIT = 10 * 1024 * 1024
SMALLEST_BYTES = 6
"""WeCom takes no media of 5 bytes or less ("所有文件size必须大于5个字节")."""
DOWNLOAD_SECONDS = 30.0
"""A file people send must arrive within this time, or it is not read."""
PADDING_BLOCK = 32


class MediaRefused(Exception):
    """WeCom did not take a file (or it cannot be sent at all).

    ``reason`` is a catalog key of ``wecom.refused``, ``detail`` its parameter."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


class Requests(Protocol):
    """The long connection, as far as an upload needs it (:meth:`~handlers.wecom.client.LongConnection.request`)."""

    async def request(self, cmd: str, body: dict[str, Any], req_id: str | None = None) -> Frame:
        """Send a frame, wait for its acknowledgement."""


def chunks_of(content: bytes) -> list[bytes]:
    """``content`` in upload chunks of 512 KiB (one empty chunk for an empty file)."""
    return [content[start:start + CHUNK_BYTES] for start in range(0, max(len(content), 1), CHUNK_BYTES)]


async def upload(connection: Requests, kind: str, file_name: str, content: bytes) -> str:
    """Upload ``content`` as temporary media of ``kind`` (``file`` or ``image``); its ``media_id``.

    Raises :class:`MediaRefused` (too large, or an ``errcode``; :class:`~handlers.wecom.client.WeComError` is turned
    into it) and lets :class:`~handlers.wecom.client.NotConnected` through."""
    limit = IMAGE_BYTES_LIMIT if kind == "image" else FILE_BYTES_LIMIT
    if len(content) > limit or math.ceil(len(content) / CHUNK_BYTES) > CHUNKS_LIMIT:
        raise MediaRefused("too_large", f"{limit // (1024 * 1024)} MB")
    if len(content) < SMALLEST_BYTES:
        raise MediaRefused("too_small", str(SMALLEST_BYTES - 1))
    pieces = chunks_of(content)
    try:
        opened = await connection.request(UPLOAD_INIT, {
            "type": kind, "filename": file_name, "total_size": len(content), "total_chunks": len(pieces),
            "md5": hashlib.md5(content).hexdigest()})  # noqa: S324 - the protocol's checksum
        upload_id = opened.body.get("upload_id")
        if not isinstance(upload_id, str) or not upload_id:
            raise MediaRefused("no_answer", UPLOAD_INIT)
        for index, piece in enumerate(pieces):
            await connection.request(UPLOAD_CHUNK, {"upload_id": upload_id, "chunk_index": index,
                                                    "base64_data": base64.b64encode(piece).decode("ascii")})
        finished = await connection.request(UPLOAD_FINISH, {"upload_id": upload_id})
    except WeComError as error:
        raise MediaRefused("errcode", f"{error.errcode} {error.errmsg}".strip()) from error
    media_id = finished.body.get("media_id")
    if not isinstance(media_id, str) or not media_id:
        raise MediaRefused("no_answer", UPLOAD_FINISH)
    return media_id


# In.


class UnreadableFile(Exception):
    """A file people sent that cannot be fetched or decrypted: ``reason`` is a catalog key of ``wecom.unreadable``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class IncomingFile:
    """A file or picture someone sent: where to fetch it and the key to decrypt it."""

    url: str
    aeskey: str
    kind: str
    """``file`` or ``image``."""
    file_name: str | None = None
    size: int | None = None

    @classmethod
    def of(cls, body: dict[str, Any]) -> IncomingFile | None:
        kind = body.get("msgtype")
        if kind not in ("file", "image"):
            return None
        item = body.get(kind)
        if not isinstance(item, dict):
            return None
        url, aeskey = item.get("url"), item.get("aeskey")
        if not isinstance(url, str) or not url.startswith(("http://", "https://")) or not isinstance(aeskey, str):
            return None
        name = item.get("filename") or item.get("file_name")
        size = item.get("filesize") or item.get("size")
        return cls(url, aeskey, str(kind), name if isinstance(name, str) and name else None,
                   size if isinstance(size, int) and size >= 0 else None)


def aes_key(aeskey: str) -> bytes:
    """The 32-byte key of a base64 ``aeskey`` (its ``=`` padding may be left off)."""
    try:
        key = base64.b64decode(aeskey + "=" * (-len(aeskey) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise UnreadableFile("bad_key") from None
    if len(key) != 32:
        raise UnreadableFile("bad_key")
    return key


def decrypt(data: bytes, aeskey: str) -> bytes:
    """AES-256-CBC with the IV the key's first 16 bytes; PKCS#7 padding on 32-byte blocks taken off."""
    key = aes_key(aeskey)
    if not data or len(data) % 16:
        raise UnreadableFile("bad_data")
    decryptor = Cipher(algorithms.AES(key), modes.CBC(key[:16])).decryptor()
    plain = decryptor.update(data) + decryptor.finalize()
    pad = plain[-1]
    if not 1 <= pad <= PADDING_BLOCK or pad > len(plain) or plain[-pad:] != bytes([pad]) * pad:
        raise UnreadableFile("bad_data")
    return plain[:-pad]


def encrypt(plain: bytes, aeskey: str) -> bytes:
    """The inverse of :func:`decrypt` (what WeCom does to a file before it offers it; the tests' stand-in)."""
    key = aes_key(aeskey)
    pad = PADDING_BLOCK - len(plain) % PADDING_BLOCK
    encryptor = Cipher(algorithms.AES(key), modes.CBC(key[:16])).encryptor()
    return encryptor.update(plain + bytes([pad]) * pad) + encryptor.finalize()


_FILENAME_STAR = re.compile(r"filename\*\s*=\s*([^']*)'[^']*'([^;]+)", re.I)
_FILENAME = re.compile(r'filename\s*=\s*"?([^";]+)"?', re.I)


def file_name_of(disposition: str | None) -> str | None:
    """The file name a ``Content-Disposition`` gives (RFC 5987 ``filename*=UTF-8''…`` first), without a path."""
    if not disposition:
        return None
    found = _FILENAME_STAR.search(disposition)
    if found is not None:
        name = unquote(found.group(2).strip(), encoding=found.group(1) or "utf-8", errors="replace")
    else:
        plain = _FILENAME.search(disposition)
        if plain is None:
            return None
        name = plain.group(1).strip()
    name = name.replace("\\", "/").rsplit("/", 1)[-1].strip()
    return name or None


async def fetch(file: IncomingFile, limit: int, *, seconds: float = DOWNLOAD_SECONDS,
                client: httpx.AsyncClient | None = None) -> tuple[bytes, str | None]:
    """The decrypted bytes of ``file`` and the name the server gives it.

    The download stops past ``limit`` bytes (plus a padding block) or ``seconds``; decryption runs in a thread.
    :class:`UnreadableFile` when it fails."""
    async def download(http: httpx.AsyncClient) -> tuple[bytes, str | None]:
        async with http.stream("GET", file.url) as response:
            if response.status_code != 200:
                raise UnreadableFile("download_failed")
            announced = response.headers.get("content-length")
            if announced is not None and announced.isdigit() and int(announced) > limit + PADDING_BLOCK:
                raise UnreadableFile("too_large")
            received = bytearray()
            async for piece in response.aiter_bytes():
                received += piece
                if len(received) > limit + PADDING_BLOCK:
                    raise UnreadableFile("too_large")
            return bytes(received), file_name_of(response.headers.get("content-disposition"))

    try:
        async with asyncio.timeout(seconds):
            if client is not None:
                data, name = await download(client)
            else:
                async with httpx.AsyncClient(follow_redirects=True, timeout=seconds) as http:
                    data, name = await download(http)
    except TimeoutError:
        raise UnreadableFile("too_slow") from None
    except httpx.HTTPError:
        raise UnreadableFile("download_failed") from None
    plain = await asyncio.to_thread(decrypt, data, file.aeskey)
    if len(plain) > limit:
        raise UnreadableFile("too_large")
    return plain, name
