"""Settings from the environment and a ``.env`` file (the environment wins).

=======================  ====================================================================  ======================
variable                 meaning                                                               default
=======================  ====================================================================  ======================
``TELEGRAM_BOT_TOKEN``   the bot's token from @BotFather (required by ``python -m bot run``)   none
``TELEGRAM_BASE_URL``    a self-hosted Bot API server, passed to PTB as ``base_url``           Telegram's
``TELEGRAM_WEBHOOK_``    the secret Telegram sends with every webhook update (``serve``,       none
``SECRET``               ``set-webhook``): 1–256 of ``A-Z a-z 0-9 _ -``
``GUANDAN_DB``           the SQLite file, or a PostgreSQL URL                                  ``data/guandan.sqlite3``
                         ``postgresql://user@host:port/dbname`` (``python -m bot migrate``)
``GUANDAN_LANG``         language of groups that have not chosen one (``zh`` or ``en``)        ``zh``
``GUANDAN_TZ``           IANA time zone for dates shown to people                              ``Asia/Shanghai``
``GUANDAN_LATE_GRACE_``  announcements missed while the bot was down by at most this many      ``10``
``MINUTES``              minutes are sent late; older ones are dropped
``GUANDAN_RATE_LIMIT``   ``off`` sends without Telegram's pacing (benchmarks against a local   ``on``
                         fake only); ``on`` paces sends within Telegram's limits (``handlers.telegram.pacing``)
``GUANDAN_HTTP_CLIENT``  PTB's HTTP client: ``aiohttp`` (``handlers.telegram.http_client``)    ``aiohttp``
                         or ``httpx`` (PTB's own; also SOCKS proxies)
``GUANDAN_EVENT_LOOP``   ``uvloop`` (used where it is installed) or ``asyncio`` (the stdlib's)  ``uvloop``
``WECOM_BOT_ID``         the WeCom 智能机器人's Bot ID (with the secret: ``run`` serves WeCom)  none
``WECOM_BOT_SECRET``     its Secret                                                            none
``WECOM_WS_URL``         the long connection's endpoint (``ws://`` works for a local stand-in)  ``wss://openws.work.we
                                                                                               ixin.qq.com``
``WECOM_ORGANISERS``     WeCom userids that organise in every WeCom group, comma-separated     none
``WECOM_BOT_NAME``       the bot's name as members @-mention it (``掼蛋助手``); unset: learned  none
                         from the first message that starts with the mention and a space
``GUANDAN_PUBLIC_URL``   where people reach the live pages (``https://club.example.org``):     none
                         links and QR codes (table cards) start with it; unset: none are made
=======================  ====================================================================  ======================

``GUANDAN_TEST_CLOCK_OFFSET_SECONDS`` shifts the bot's clock (tests of a real process only: they move a round's
start close to "now" without waiting for the wall clock).

The token, the webhook secret and the WeCom secret never appear in ``repr``/``str`` of :class:`Settings`, in logs
or in messages.
:func:`token_problem` says what is wrong with a token that cannot be one (before the bot tries to connect with it),
without showing it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.errors import UsageError
from bot.i18n import DEFAULT_LANGUAGE, Language
from bot.redaction import redacted_url

DEFAULT_DB = Path("data/guandan.sqlite3")
POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")
DEFAULT_TIMEZONE = "Asia/Shanghai"
DEFAULT_LATE_GRACE = timedelta(minutes=10)
DEFAULT_WECOM_WS_URL = "wss://openws.work.weixin.qq.com"
_SWITCH_WORDS = {"on": True, "off": False, "true": True, "false": False, "1": True, "0": False}


class BadLanguageSetting(UsageError):
    key = "config.bad_language"


class BadTimezoneSetting(UsageError):
    key = "config.bad_timezone"


class BadNumberSetting(UsageError):
    key = "config.bad_number"


class BadRateLimitSetting(UsageError):
    key = "config.bad_rate_limit"


class BadHttpClientSetting(UsageError):
    key = "config.bad_http_client"


class BadEventLoopSetting(UsageError):
    key = "config.bad_event_loop"


HTTP_CLIENTS = ("aiohttp", "httpx")
"""``GUANDAN_HTTP_CLIENT``'s values, the default first."""
EVENT_LOOPS = ("uvloop", "asyncio")
"""``GUANDAN_EVENT_LOOP``'s values, the default first."""


class BadPublicUrlSetting(UsageError):
    """``GUANDAN_PUBLIC_URL`` is not an http(s) address without a query (it is the start of every link made)."""

    key = "links.bad_public_url"


class BadEnvFile(UsageError):
    key = "config.bad_env_file"


class NoWebhookSecret(UsageError):
    """``serve`` and ``set-webhook`` need ``TELEGRAM_WEBHOOK_SECRET``."""

    key = "run.no_webhook_secret"


class BadWebhookSecret(UsageError):
    """``TELEGRAM_WEBHOOK_SECRET`` is not what Telegram accepts as a ``secret_token`` (never shown)."""

    key = "run.bad_webhook_secret"


WEBHOOK_SECRET_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,256}")
"""What Telegram accepts as ``setWebhook``'s ``secret_token``."""


def webhook_secret_of(settings: Settings) -> str:
    """The webhook secret, or :class:`NoWebhookSecret` / :class:`BadWebhookSecret` saying what is wrong with it."""
    secret = settings.webhook_secret
    if not secret:
        raise NoWebhookSecret()
    if not WEBHOOK_SECRET_PATTERN.fullmatch(secret):
        raise BadWebhookSecret()
    return secret


class WebhookSet(UsageError):
    """``run`` polls, but Telegram delivers this bot's updates to a webhook (``url``): ``delete-webhook`` first."""

    key = "run.webhook_set"


class TokenRefused(UsageError):
    """Telegram refused the configured token at start-up. The message never shows the token."""

    key = "run.token_refused"


@dataclass(frozen=True, slots=True)
class Settings:
    token: str | None = field(default=None, repr=False)
    base_url: str | None = None
    webhook_secret: str | None = field(default=None, repr=False)
    """What Telegram must send in ``X-Telegram-Bot-Api-Secret-Token`` with each webhook update (``serve``)."""
    db_path: Path = DEFAULT_DB
    """The SQLite file (unused while ``db_url`` is set)."""
    db_url: str | None = field(default=None, repr=False)
    """A PostgreSQL database (``postgresql://user@host:port/dbname``): used instead of ``db_path`` when set."""
    language: Language = DEFAULT_LANGUAGE
    timezone: ZoneInfo = field(default_factory=lambda: ZoneInfo(DEFAULT_TIMEZONE))
    late_grace: timedelta = DEFAULT_LATE_GRACE
    """Announcements missed while the bot was down by at most this are sent late; older ones are dropped."""
    clock_offset: timedelta = timedelta(0)
    """Added to the system clock (process-level tests only)."""
    rate_limit: bool = True
    """Pace sends as Telegram demands (production); off only for load tests against a local fake Bot API."""
    http_client: str = HTTP_CLIENTS[0]
    """PTB's HTTP client: ``aiohttp`` (``handlers.telegram.http_client``) or ``httpx`` (PTB's own)."""
    event_loop: str = EVENT_LOOPS[0]
    """The process's event loop: ``uvloop`` where it is installed, else (or ``asyncio``) the stdlib's."""
    wecom_bot_id: str | None = None
    wecom_secret: str | None = field(default=None, repr=False)
    wecom_ws_url: str = DEFAULT_WECOM_WS_URL
    wecom_organisers: frozenset[str] = frozenset()
    """WeCom userids that organise in every WeCom group (WeCom gives a bot no list of a group's admins)."""
    wecom_bot_name: str | None = None
    """The bot's name in WeCom's @-mentions (WeCom does not tell a bot its own name)."""
    public_url: str | None = None
    """Where people reach the live pages (``GUANDAN_PUBLIC_URL``, no trailing slash): links and QR codes start
    with it (``bot.services.table_links``); ``None``: no link is made."""

    @property
    def database(self) -> str | Path:
        """What ``storage.Storage`` opens: the PostgreSQL URL if one is set, else the SQLite file."""
        return self.db_url if self.db_url else self.db_path

    @property
    def database_shown(self) -> str:
        """The database for logs and messages: the file, or the URL without any credential."""
        return redacted_url(self.db_url) if self.db_url else str(self.db_path)

    @property
    def has_token(self) -> bool:
        return bool(self.token)

    @property
    def has_wecom(self) -> bool:
        """Both the Bot ID and the Secret are set: ``python -m bot run`` serves WeCom."""
        return bool(self.wecom_bot_id and self.wecom_secret)

    @property
    def base_file_url(self) -> str | None:
        """Where the server of ``base_url`` serves files for download.

        Its ``/bot`` becomes ``/file/bot``, the layout of Telegram's own and of a self-hosted Bot API server (``None``:
        Telegram's, or no ``/bot``)."""
        if not self.base_url or "/bot" not in self.base_url:
            return None
        head, _, tail = self.base_url.rpartition("/bot")
        return f"{head}/file/bot{tail}"

    def __repr__(self) -> str:
        token = "<set>" if self.token else "<unset>"
        return (
            f"Settings(token={token}, base_url={self.base_url!r},"
            f" webhook_secret={'<set>' if self.webhook_secret else '<unset>'}, db_path={str(self.db_path)!r}, "
            + (f"db_url={self.database_shown!r}, " if self.db_url else "")
            + f"language={self.language.value!r}, timezone={self.timezone.key!r}, late_grace={self.late_grace!r},"
            f" clock_offset={self.clock_offset!r}, rate_limit={self.rate_limit!r},"
            f" wecom_bot_id={self.wecom_bot_id!r}, wecom_secret={'<set>' if self.wecom_secret else '<unset>'},"
            f" wecom_ws_url={self.wecom_ws_url!r}, wecom_organisers={sorted(self.wecom_organisers)!r},"
            f" wecom_bot_name={self.wecom_bot_name!r},"
            f" public_url={self.public_url!r})"
        )

    __str__ = __repr__


def parse_env_file(text: str) -> dict[str, str]:
    """``KEY=value`` lines; ``#`` comments, blank lines, ``export KEY=value`` and quoted values allowed.

    A line that is none of these raises :class:`BadEnvFile` naming its line number (never its content, which may
    hold the token).
    """
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").lstrip()
        name, equals, value = line.partition("=")
        name = name.strip()
        if not equals or not name.isidentifier():
            raise BadEnvFile(line=number)
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[name] = value
    return values


_TOKEN_ID = re.compile(r"^[0-9]{1,20}$")
_TOKEN_SECRET = re.compile(r"^[A-Za-z0-9_-]+$")


def token_problem(token: str) -> str | None:
    """The catalog key saying why ``token`` cannot be a bot token, or ``None`` when it may be one.

    BotFather's tokens look like ``123456789:AAH…``: the bot's number, a colon, letters, digits, ``-`` and ``_``. Only
    Telegram can say whether it is the right one."""
    if any(char.isspace() or char in "\"'`“”‘’<>" for char in token):
        return "config.token.spaces_or_quotes"
    if token.lower().startswith("bot") and ":" in token:
        return "config.token.bot_prefix"
    number, colon, secret = token.partition(":")
    if not colon:
        return "config.token.no_colon"
    if not _TOKEN_ID.match(number):
        return "config.token.bad_number"
    if not _TOKEN_SECRET.match(secret):
        return "config.token.bad_secret"
    return None


def environment_language(environ: Mapping[str, str] | None = None) -> Language:
    """``GUANDAN_LANG`` alone, for what speaks before (or without) the whole settings.

    A missing package, ``python -m bot render``. The default language when it is unset or not ``zh``/``en``."""
    text = (os.environ if environ is None else environ).get("GUANDAN_LANG", "").strip()
    try:
        return Language.parse(text) if text else DEFAULT_LANGUAGE
    except ValueError:
        return DEFAULT_LANGUAGE


def load_settings(environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")) -> Settings:
    """Read the settings; ``environ`` defaults to ``os.environ``, ``env_file`` to ``./.env`` (skipped if absent)."""
    values: dict[str, str] = {}
    if env_file is not None and env_file.is_file():
        values.update(parse_env_file(env_file.read_text(encoding="utf-8")))
    values.update(os.environ if environ is None else environ)

    def get(name: str) -> str | None:
        value = values.get(name, "").strip()
        return value or None

    language_text = get("GUANDAN_LANG")
    try:
        language = Language.parse(language_text) if language_text else DEFAULT_LANGUAGE
    except ValueError:
        raise BadLanguageSetting(value=language_text) from None
    zone_name = get("GUANDAN_TZ") or DEFAULT_TIMEZONE
    try:
        timezone = ZoneInfo(zone_name)
    except (ZoneInfoNotFoundError, ValueError):
        raise BadTimezoneSetting(value=zone_name) from None
    default_grace = DEFAULT_LATE_GRACE / timedelta(minutes=1)
    late_grace = timedelta(minutes=_number(get, "GUANDAN_LATE_GRACE_MINUTES", default_grace))
    clock_offset = timedelta(seconds=_number(get, "GUANDAN_TEST_CLOCK_OFFSET_SECONDS", 0.0, minimum=None))
    database = get("GUANDAN_DB")
    is_url = database is not None and database.startswith(POSTGRESQL_SCHEMES)
    rate_limit_text = (get("GUANDAN_RATE_LIMIT") or "on").lower()
    if rate_limit_text not in _SWITCH_WORDS:
        raise BadRateLimitSetting(value=rate_limit_text)
    http_client = (get("GUANDAN_HTTP_CLIENT") or HTTP_CLIENTS[0]).lower()
    if http_client not in HTTP_CLIENTS:
        raise BadHttpClientSetting(value=http_client)
    event_loop = (get("GUANDAN_EVENT_LOOP") or EVENT_LOOPS[0]).lower()
    if event_loop not in EVENT_LOOPS:
        raise BadEventLoopSetting(value=event_loop)
    return Settings(
        token=get("TELEGRAM_BOT_TOKEN"),
        base_url=get("TELEGRAM_BASE_URL"),
        webhook_secret=get("TELEGRAM_WEBHOOK_SECRET"),
        db_path=DEFAULT_DB if database is None or is_url else Path(database),
        db_url=database if is_url else None,
        language=language,
        timezone=timezone,
        late_grace=late_grace,
        clock_offset=clock_offset,
        rate_limit=_SWITCH_WORDS[rate_limit_text],
        http_client=http_client,
        event_loop=event_loop,
        wecom_bot_id=get("WECOM_BOT_ID"),
        wecom_secret=get("WECOM_BOT_SECRET"),
        wecom_ws_url=get("WECOM_WS_URL") or DEFAULT_WECOM_WS_URL,
        wecom_organisers=frozenset(part.strip() for part in (get("WECOM_ORGANISERS") or "").split(",")
                                   if part.strip()),
        wecom_bot_name=(get("WECOM_BOT_NAME") or "").strip().removeprefix("@") or None,
        public_url=public_url_of(get("GUANDAN_PUBLIC_URL")),
    )


def public_url_of(text: str | None) -> str | None:
    """``GUANDAN_PUBLIC_URL`` as links start with it (no trailing slash).

    :class:`BadPublicUrlSetting` for anything but an ``http``/``https`` address with a host and without a query or
    fragment."""
    if text is None:
        return None
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or any(char.isspace() for char in text):
        raise BadPublicUrlSetting(value=text)
    return text.rstrip("/")


def _number(get: Callable[[str], str | None], name: str, default: float, minimum: float | None = 0.0) -> float:
    text = get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        raise BadNumberSetting(name=name, value=text) from None
    if value != value or value in (float("inf"), float("-inf")) or (minimum is not None and value < minimum):
        raise BadNumberSetting(name=name, value=text)
    return value
