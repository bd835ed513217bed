"""Telegram Mini App sign-in.

The page sends Telegram's ``initData`` as ``Authorization: tma <initData>``, and the server checks it exactly as
Telegram documents ("Validating data received via the Mini App"):

- ``initData`` is a query string; ``hash`` is taken out, every other field is written ``key=value`` (values
  URL-decoded), sorted by key and joined with line feeds: the data-check-string;
- ``secret_key = HMAC_SHA256(key="WebAppData", message=bot_token)``;
- the data is genuine when ``hex(HMAC_SHA256(key=secret_key, message=data_check_string))`` equals ``hash``
  (compared in constant time);
- and fresh when ``auth_date`` is at most :data:`MAX_AGE` old (and not in the future beyond a minute of clock
  skew).

The ``user`` field (JSON) names the Telegram account: the person the chat knows by that id.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qsl

from bot.services.caller import ChatUser

MAX_AGE = timedelta(hours=24)
SKEW = timedelta(minutes=1)
MAX_INIT_DATA = 4096
"""Characters of ``initData`` read at most (Telegram's are a few hundred)."""


def check_hash(init_data: str, bot_token: str) -> dict[str, str] | None:
    """The fields of ``init_data`` when its hash is the one ``bot_token`` makes, else ``None``."""
    if not bot_token or not init_data or len(init_data) > MAX_INIT_DATA:
        return None
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        return None
    fields = dict(pairs)
    if len(fields) != len(pairs):  # a field given twice: refuse rather than guess which counts
        return None
    given = fields.pop("hash", "")
    check_string = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret_key = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    expected = hmac.new(secret_key, check_string.encode(), hashlib.sha256).hexdigest()
    return fields if hmac.compare_digest(expected, given.lower()) else None


def mini_app_user(init_data: str, bot_token: str, now: datetime) -> ChatUser | None:
    """The Telegram account a genuine, fresh ``init_data`` names; ``None`` for anything else."""
    fields = check_hash(init_data, bot_token)
    if fields is None:
        return None
    try:
        signed_at = datetime.fromtimestamp(int(fields.get("auth_date", "")), UTC)
        user = json.loads(fields.get("user", ""))
    except (ValueError, OverflowError, OSError):
        return None
    if not (now - MAX_AGE <= signed_at <= now + SKEW) or not isinstance(user, dict):
        return None
    user_id = user.get("id")
    if not isinstance(user_id, int) or isinstance(user_id, bool) or user_id <= 0:
        return None
    name = " ".join(str(part) for part in (user.get("first_name"), user.get("last_name")) if part) or str(user_id)
    username = user.get("username")
    language = user.get("language_code")
    return ChatUser(user_id, name[:64], username if isinstance(username, str) else None,
                    language if isinstance(language, str) else None)


def signed_init_data(fields: dict[str, str], bot_token: str) -> str:
    """``fields`` signed as Telegram signs them (for tests and the benchmark; Telegram makes the real ones)."""
    from urllib.parse import urlencode

    check_string = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret_key = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    signature = hmac.new(secret_key, check_string.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": signature})


__all__ = ["MAX_AGE", "check_hash", "mini_app_user", "signed_init_data"]
