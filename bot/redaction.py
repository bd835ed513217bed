"""Database URLs as logs and messages show them: without any credential, in every form a driver accepts.

asyncpg takes a password in the URL's user part (``postgresql://bot:X@db/club``) and in its query
(``?password=X``, ``?sslpassword=X``, the key percent-encoded too: ``?pass%77ord=X``). Whatever reads a URL for a
person — ``migrate``'s lines, ``run``'s refusals, the start-up log line, ``Settings``' repr — goes through
:func:`redacted_url`; a driver's own error message goes through :func:`without_credentials`, in case it quotes one.
"""

from __future__ import annotations

from urllib.parse import unquote, unquote_plus, urlsplit, urlunsplit

CREDENTIAL_KEYS = frozenset({"password", "sslpassword"})
"""Query keys (compared decoded and case-blind) whose value is a secret."""
HIDDEN = "***"
UNREADABLE = "<a database URL that cannot be read>"


def _is_credential(piece: str) -> bool:
    return unquote_plus(piece.partition("=")[0]).strip().casefold() in CREDENTIAL_KEYS


def redacted_url(url: str) -> str:
    """``url`` without the password of its user part and without its credential query parameters."""
    try:
        parts = urlsplit(url)
    except ValueError:  # a URL the driver cannot read either: show none of it
        return UNREADABLE
    user, at, host = parts.netloc.rpartition("@")
    netloc = f"{user.partition(':')[0]}@{host}" if at else parts.netloc
    query = "&".join(piece for piece in parts.query.split("&") if piece and not _is_credential(piece))
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def credentials(url: str) -> tuple[str, ...]:
    """Every secret ``url`` holds, as written and decoded (what a message might quote)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return ()
    found: list[str] = []
    user, at, _ = parts.netloc.rpartition("@")
    if at and ":" in user:
        found.append(user.partition(":")[2])
    found += [piece.partition("=")[2] for piece in parts.query.split("&") if _is_credential(piece)]
    decoded = [unquote(value) for value in found] + [unquote_plus(value) for value in found]
    return tuple(sorted({value for value in [*found, *decoded] if value}, key=len, reverse=True))


def without_credentials(text: str, url: str) -> str:
    """``text`` (a driver's message about ``url``) with every secret of ``url`` replaced by :data:`HIDDEN`."""
    for secret in credentials(url):
        text = text.replace(secret, HIDDEN)
    return text
