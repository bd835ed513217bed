"""Telegram's check of an HTML-formatted message, for the fake: what would make it answer "can't parse entities".

Telegram accepts a small set of tags, balanced, and the entities ``&lt; &gt; &amp; &quot;`` and numeric ones;
every other ``<``, ``>`` or ``&`` must be escaped. A reply that breaks this never arrives in the chat.
"""

from __future__ import annotations

import re

_TAG = re.compile(
    r"<(/?)(b|strong|i|em|u|ins|s|strike|del|a|code|pre|tg-spoiler|span|blockquote|tg-emoji)(\s[^<>]*)?>"
)
_ENTITY = re.compile(r"&(lt|gt|amp|quot|#\d{1,7}|#x[0-9a-fA-F]{1,6});")


def html_problem(text: str) -> str | None:
    """Why Telegram would refuse ``text`` in HTML parse mode, or ``None`` if it would accept it."""
    open_tags: list[str] = []
    for match in _TAG.finditer(text):
        closing, name = match.group(1), match.group(2)
        if not closing:
            open_tags.append(name)
        elif not open_tags or open_tags.pop() != name:
            return f"unexpected end tag </{name}> at {match.start()}"
    if open_tags:
        return f"unclosed <{open_tags[-1]}>"
    bare = re.search(r"[<>&]", _ENTITY.sub("", _TAG.sub("", text)))
    if bare:
        return f"unescaped {bare.group(0)!r}"
    return None
