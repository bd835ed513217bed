"""Platform-neutral rich text: what presenters produce and each chat platform renders.

A text is a string in a small markup, the same in every locale file and presenter:

===============================  ==========================  ====================  ===============
markup                           Telegram (HTML parse mode)  WeCom (markdown)      console (plain)
===============================  ==========================  ====================  ===============
``<b>bold</b>``                  ``<b>bold</b>``             ``**bold**``          ``bold``
``<i>italic</i>``                ``<i>italic</i>``           ``*italic*``          ``italic``
``<code>3♥ 3♥</code>``           ``<code>…</code>``          ```` `…` ````         ``3♥ 3♥``
``<mention key="tg:42">张三</mention>``  a ``tg://user`` link  ``<@userid>``          ``张三``
``&lt; &gt; &amp;``              unchanged                   ``< > &``             ``< > &``
===============================  ==========================  ====================  ===============

Line breaks are ``\\n``; lists are lines (``• …``, ``1. …``). Text from people (names, arguments) enters the markup
only through :func:`escape` (or the catalog's escaped placeholders), so a name like ``<b>`` stays a name.
The markup is deliberately the subset of Telegram's HTML that the bot has always sent, so the Telegram renderer
changes nothing but mentions; every other platform renders from the parsed :class:`Span` s.

Buttons are neutral too: a :class:`Button` is a label and an action (the button table's data, e.g. ``t:12:su``),
rows of them a :data:`Keyboard`; Telegram shows them as an inline keyboard, the console as ``[label]``.
"""

from __future__ import annotations

import enum
import html
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


def escape(text: object) -> str:
    """Text from people (names, arguments) made safe to place in markup."""
    return html.escape(str(text), quote=False)


def escape_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Placeholder values for a catalog text: strings (also in a tuple, a list of names) escaped, numbers untouched."""
    return {name: _escaped(value) for name, value in params.items()}


def _escaped(value: Any) -> Any:
    if isinstance(value, str):
        return escape(value)
    if isinstance(value, tuple):
        return tuple(escape(item) if isinstance(item, str) else item for item in value)
    return value


def mention(person_key: str, name: str) -> str:
    """Markup naming a person so that platforms able to notify them do (``tg:42`` → a Telegram user link)."""
    return f'<mention key="{escape(person_key)}">{escape(name)}</mention>'


class Style(enum.StrEnum):
    BOLD = "b"
    ITALIC = "i"
    CODE = "code"
    PRE = "pre"
    MENTION = "mention"


@dataclass(frozen=True, slots=True)
class Span:
    """A run of plain text (entities decoded) with the styles that apply to it; ``person`` for a mention."""

    text: str
    styles: frozenset[Style] = frozenset()
    person: str | None = None


class MarkupError(ValueError):
    """Markup with a tag this module does not know, or tags that do not nest (a presenter's bug)."""


_TOKEN = re.compile(r"<(/?)([a-z]+)((?:\s+[a-z]+=\"[^\"]*\")*)\s*>")
_KEY = re.compile(r'key="([^"]*)"')
_TAGS = {style.value: style for style in Style}


def spans(markup: str) -> Iterator[Span]:
    """The markup as styled runs of plain text; :class:`MarkupError` on unknown or badly nested tags."""
    stack: list[tuple[Style, str | None]] = []
    position = 0
    for match in _TOKEN.finditer(markup):
        if match.start() > position:
            yield _span(markup[position:match.start()], stack)
        closing, name, attributes = match.group(1), match.group(2), match.group(3)
        style = _TAGS.get(name)
        if style is None:
            raise MarkupError(f"unknown tag <{closing}{name}>")
        if closing:
            if not stack or stack[-1][0] is not style:
                raise MarkupError(f"</{name}> closes nothing open")
            stack.pop()
        else:
            key = _KEY.search(attributes)
            stack.append((style, html.unescape(key.group(1)) if key and style is Style.MENTION else None))
        position = match.end()
    if position < len(markup):
        yield _span(markup[position:], stack)
    if stack:
        raise MarkupError(f"<{stack[-1][0].value}> is never closed")


def _span(raw: str, stack: Sequence[tuple[Style, str | None]]) -> Span:
    person = next((key for style, key in reversed(stack) if style is Style.MENTION), None)
    return Span(html.unescape(raw), frozenset(style for style, _ in stack), person)


def to_plain(markup: str) -> str:
    """What a reader sees, without styles (the console, the command line, logs)."""
    return "".join(span.text for span in spans(markup))


_TELEGRAM_MENTION = re.compile(r'<mention key="([^"]*)">(.*?)</mention>', re.S)


def to_telegram_html(markup: str) -> str:
    """Telegram's HTML parse mode.

    The markup as it is, mentions of Telegram people as ``tg://user`` links (anyone else's mention is just their name).
    """

    def link(match: re.Match[str]) -> str:
        key, name = html.unescape(match.group(1)), match.group(2)
        platform, _, local = key.partition(":")
        if platform == "tg" and local.lstrip("-").isdigit():
            return f'<a href="tg://user?id={int(local)}">{name}</a>'
        return name

    return _TELEGRAM_MENTION.sub(link, markup)


_MARKDOWN_LITERALS = str.maketrans({"*": "∗", "`": "ˋ"})
"""WeCom's markdown shows a backslash escape as it is (``\\[left|right\\]``): a literal ``*`` or backtick is drawn
with a look-alike instead, and a ``](`` that would make a link is broken by a zero-width space."""
_NOT_A_TAG = "<\u200b"
"""A ``<`` of text as WeCom markdown shows it: a zero-width space after it, so ``<@all>`` or ``<font …>`` typed by
someone reads as typed and is never a live mention or formatting (WeCom documents no escape for ``<``)."""


def to_markdown(markup: str, *, mention_prefix: str = "") -> str:
    """Markdown (WeCom's dialect).

    Bold ``**``, italic ``*``, code in backticks, mentions of this platform's people (keys starting with
    ``mention_prefix``, e.g. ``wecom:``) as ``<@id>``, other mentions as the name. Only those mentions become markup:
    every ``<`` of text (people's words, the bot's own ``&lt;``) stays text."""
    out: list[str] = []
    for span in spans(markup):
        if span.person is not None and mention_prefix and span.person.startswith(mention_prefix):
            out.append(f"<@{span.person.removeprefix(mention_prefix)}>")
            continue
        if Style.CODE in span.styles or Style.PRE in span.styles:
            out.append(f"`{span.text.replace('`', 'ˋ').replace('<', _NOT_A_TAG)}`")
            continue
        text = span.text.translate(_MARKDOWN_LITERALS).replace("](", "]\u200b(").replace("<", _NOT_A_TAG)
        if Style.BOLD in span.styles and text.strip():
            text = f"**{text}**"
        elif Style.ITALIC in span.styles and text.strip():
            text = f"*{text}*"
        out.append(text)
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Button:
    """A button under a message: what it says and what pressing it does (the button table's data)."""

    label: str
    action: str


WEB_APP_ACTION = "webapp:"
"""A button whose action starts with this opens the address after it as a Telegram Mini App (private chats)."""

Keyboard = tuple[tuple[Button, ...], ...]
"""Rows of buttons, top to bottom."""


def keyboard(*rows: Sequence[Button]) -> Keyboard:
    return tuple(tuple(row) for row in rows if row)
