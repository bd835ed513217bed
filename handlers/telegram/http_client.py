"""PTB's HTTP client on aiohttp: the same calls to the Bot API for about a tenth of httpx's CPU.

Every update the bot answers costs at least one Bot API call, and with PTB's default client (httpx over httpcore,
anyio and h11, all pure Python) that call was about half of the bot's CPU under load (docs/performance.md,
"Per-update cost"); aiohttp parses HTTP in C. :class:`AiohttpRequest` is a ``telegram.request.BaseRequest`` with
the behaviour of PTB's ``HTTPXRequest`` where the bot can tell:

- timeouts: ``pool_timeout`` waits for one of ``connection_pool_size`` connections (then ``TimedOut``, the request
  not sent, in PTB's words), ``connect_timeout`` bounds a new connection, ``read_timeout`` the wait for each part
  of the answer once the request is sent; ``write_timeout`` (``media_write_timeout`` for uploads) bounds sending
  an upload: aiohttp has no timeout of its own for writing, so an upload's whole exchange is bounded by the sum of
  the connect, write and read timeouts (a stalled upload fails after at most that long); other calls, downloads
  included, are bounded read by read;
- failures: a timeout is ``telegram.error.TimedOut``, any other failure of the connection (refused, reset, dropped
  before the answer, a malformed answer) ``telegram.error.NetworkError`` naming aiohttp's error;
- proxies from the environment as httpx reads them: ``HTTPS_PROXY`` / ``HTTP_PROXY`` for their scheme, else
  ``ALL_PROXY``, none for hosts in ``NO_PROXY`` (upper or lower case); credentials in the proxy's URL are sent to
  it. A SOCKS proxy needs httpx's client (and PTB's ``socks`` extra): :class:`UnsupportedProxy` here, and
  ``handlers.telegram.app.http_requests`` then builds httpx's client, saying so in the log.

A call's parameters go as a JSON body (orjson; the Bot API takes JSON as it takes a form, and PTB's form
percent-encodes every byte of a Chinese text in Python), files as PTB sends them (multipart). The answer's JSON is
parsed with orjson (the stdlib's parser, with PTB's handling of a bad answer, where orjson refuses something or
would read a number differently). ``GUANDAN_HTTP_CLIENT=httpx`` brings PTB's own client back
(:func:`handlers.telegram.app.http_requests`).
"""

from __future__ import annotations

import asyncio
import re
import ssl
import urllib.request
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import orjson
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import JSONDict, ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

POOL_TIMEOUT_MESSAGE = (
    "Pool timeout: All connections in the connection pool are occupied. Request was *not* sent to Telegram. "
    "Consider adjusting the connection pool size or the pool timeout."
)
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
JSON = {"Content-Type": "application/json"}
LONG_NUMBER = re.compile(rb"\d{19}")
"""Nineteen digits in a row: maybe an integer orjson cannot hold (beyond 64 bits; ids and dates have at most 16)."""


class UnsupportedProxy(ValueError):
    """A proxy this client cannot speak to (SOCKS); httpx's client can, with PTB's ``socks`` extra."""

    def __init__(self, proxy: str) -> None:
        super().__init__(f"the proxy {urlsplit(proxy).scheme}://… is not supported by the aiohttp client; set "
                         "GUANDAN_HTTP_CLIENT=httpx and install python-telegram-bot[socks]")
        self.proxy = proxy


def proxy_for(url: str, environ_proxies: dict[str, str] | None = None) -> str | None:
    """The proxy a request to ``url`` goes through by the environment (``None``: straight), as httpx chooses it."""
    parts = urlsplit(url)
    scheme, host = parts.scheme.lower(), parts.hostname or ""
    proxies = urllib.request.getproxies_environment() if environ_proxies is None else environ_proxies
    if "no" in proxies and _bypassed(host, parts.port, proxies["no"]):
        return None
    proxy = proxies.get(scheme) or proxies.get("all")
    if not proxy:
        return None
    if "://" not in proxy:  # httpx reads a bare host:port as http://host:port
        proxy = f"http://{proxy}"
    if not proxy.lower().startswith(("http://", "https://")):
        raise UnsupportedProxy(proxy)
    return proxy


def _bypassed(host: str, port: int | None, no_proxy: str) -> bool:
    """Whether ``NO_PROXY`` (comma-separated hosts, ``.domain`` or ``domain`` suffixes, ``*``) names ``host``."""
    host = host.lower()
    for entry in (part.strip().lower() for part in no_proxy.split(",")):
        if not entry:
            continue
        if entry == "*":
            return True
        name, _, entry_port = entry.partition(":") if entry.count(":") == 1 else (entry, "", "")
        if entry_port and port is not None and entry_port != str(port):
            continue
        name = name.lstrip(".")
        if host == name or host.endswith("." + name):
            return True
    return False


class AiohttpRequest(BaseRequest):
    """A ``BaseRequest`` on one aiohttp session: a keep-alive pool of at most ``connection_pool_size`` connections.

    The session is made by :meth:`initialize` (aiohttp needs the running loop) and closed by :meth:`shutdown`; a
    request before the one or after the other raises ``RuntimeError``, as PTB's own client does."""

    __slots__ = ("_connect_timeout", "_media_write_timeout", "_pool_size", "_pool_timeout", "_proxies",
                 "_proxies_from", "_read_timeout", "_session", "_slots", "_ssl", "_write_timeout")

    def __init__(
        self,
        connection_pool_size: int = 256,
        read_timeout: float | None = 5.0,
        write_timeout: float | None = 5.0,
        connect_timeout: float | None = 5.0,
        pool_timeout: float | None = 1.0,
        media_write_timeout: float | None = 20.0,
        *,
        ssl_context: ssl.SSLContext | bool = True,
        environ_proxies: dict[str, str] | None = None,
    ) -> None:
        """A client with PTB's default timeouts and pool size.

        ``ssl_context``: the TLS context for https (``True``: the system's, ``False``: none, for a plain-http Bot
        API). ``environ_proxies``: the proxies as ``urllib.request.getproxies_environment()`` gives them (tests);
        by default the environment's, read when an address is first asked for."""
        if connection_pool_size < 1:
            raise ValueError("connection_pool_size must be at least 1")
        self._pool_size = connection_pool_size
        self._read_timeout = read_timeout
        self._write_timeout = write_timeout
        self._connect_timeout = connect_timeout
        self._pool_timeout = pool_timeout
        self._media_write_timeout = media_write_timeout
        self._ssl = ssl_context
        self._proxies: dict[str, str | None] = {}
        self._session: aiohttp.ClientSession | None = None
        self._slots: asyncio.Semaphore | None = None
        self._proxies_from = environ_proxies

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    @property
    def is_open(self) -> bool:
        return self._session is not None and not self._session.closed

    async def initialize(self) -> None:
        if self.is_open:
            return
        connector = aiohttp.TCPConnector(limit=self._pool_size, ssl=self._ssl)
        # No cookies (the Bot API sets none); the environment is not aiohttp's to read: the proxy is chosen per
        # address as httpx chooses it (aiohttp's own reading ignores ALL_PROXY).
        self._session = aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.DummyCookieJar(),
                                              trust_env=False, headers={"User-Agent": self.USER_AGENT})
        self._slots = asyncio.Semaphore(self._pool_size)

    async def shutdown(self) -> None:
        session, self._session = self._session, None
        if session is not None and not session.closed:
            await session.close()

    @staticmethod
    def parse_json_payload(payload: bytes) -> JSONDict:
        """The answer's JSON, by orjson.

        What orjson refuses (invalid UTF-8) or would read differently (it makes a float of an integer beyond 64
        bits) goes to PTB's parser, which replaces bad bytes and reports an answer that is no JSON."""
        if LONG_NUMBER.search(payload) is not None:
            return BaseRequest.parse_json_payload(payload)
        try:
            parsed = orjson.loads(payload)
        except orjson.JSONDecodeError:
            return BaseRequest.parse_json_payload(payload)
        if not isinstance(parsed, dict):
            return BaseRequest.parse_json_payload(payload)
        return parsed

    def _proxy(self, url: str) -> str | None:
        key = "/".join(url.split("/", 3)[:3])  # scheme://host:port: every Bot API call goes to one or two
        if key not in self._proxies:
            self._proxies[key] = proxy_for(url, self._proxies_from)
        return self._proxies[key]

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        session, slots = self._session, self._slots
        if session is None or session.closed or slots is None:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        files = request_data.multipart_data if request_data is not None else None
        read = self._read_timeout if isinstance(read_timeout, DefaultValue) else read_timeout
        connect = self._connect_timeout if isinstance(connect_timeout, DefaultValue) else connect_timeout
        pool = self._pool_timeout if isinstance(pool_timeout, DefaultValue) else pool_timeout
        if isinstance(write_timeout, DefaultValue):
            write = self._media_write_timeout if files else self._write_timeout
        else:
            write = write_timeout

        headers: dict[str, str] | None = None
        body: Any = None
        if files:
            form = aiohttp.FormData(quote_fields=False)
            for name, value in request_data.json_parameters.items():  # type: ignore[union-attr]
                form.add_field(name, value)
            for name, (filename, content, mimetype) in files.items():
                form.add_field(name, content, filename=filename, content_type=mimetype)
            body = form
        elif request_data is not None and (parameters := request_data.parameters):
            try:  # JSON, which the Bot API takes as it takes a form: percent-encoding Chinese text byte by byte in
                # Python (urllib) cost more than the rest of the request
                body = orjson.dumps(parameters, option=orjson.OPT_NON_STR_KEYS)
                headers = JSON
            except TypeError:  # a value orjson does not know: PTB's form, each value encoded by the stdlib
                body = request_data.url_encoded_parameters().encode("ascii")
                headers = FORM

        # aiohttp bounds connecting and each read, not writing: an upload, whose write can stall, is bounded as a whole;
        # other calls send a few hundred bytes and are bounded read by read, so a long download that keeps arriving
        # is not cut off (as httpx bounds each read and write, not the exchange).
        total = None
        if files and connect is not None and write is not None and read is not None:
            total = connect + write + read
        timeout = aiohttp.ClientTimeout(total=total, sock_connect=connect, sock_read=read)

        await self._take_slot(slots, pool)
        try:
            async with session.request(method, url, data=body, headers=headers, timeout=timeout,
                                       proxy=self._proxy(url), allow_redirects=False) as response:
                return response.status, await response.read()
        except TimeoutError as error:  # aiohttp's timeouts are TimeoutErrors too
            raise TimedOut from error
        except aiohttp.ClientError as error:
            raise NetworkError(f"aiohttp.{type(error).__name__}: {error}") from error
        finally:
            slots.release()

    @staticmethod
    async def _take_slot(slots: asyncio.Semaphore, timeout: float | None) -> None:
        if not slots.locked():
            await slots.acquire()  # free: returns at once
            return
        try:
            async with asyncio.timeout(timeout):
                await slots.acquire()
        except TimeoutError:
            raise TimedOut(POOL_TIMEOUT_MESSAGE) from None
