"""The bot's neutral markup as WeCom markdown, in pieces WeCom accepts; buttons as a template card.

Mentions: a WeCom person's key is ``wecom:<n>`` (``bot.tournament.entries``); WeCom notifies ``<@userid>``, so the
key is looked up in the :class:`~bot.services.platform_ids.WeComDirectory` first. A Telegram person (or someone
the directory does not know) is shown by name.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from collections.abc import Iterator, Sequence
from typing import Any

from bot.pictures.picture import Picture
from bot.richtext import Keyboard, escape, to_markdown, to_plain
from bot.services.platform_ids import WeComDirectory
from bot.tournament.entries import WECOM_FIRST_USER_ID, WECOM_PREFIX

CONTENT_LIMIT = 20_480
"""Bytes of markdown in one stream reply or one pushed message."""
PICTURES_PER_ANSWER = 10
PICTURE_BYTES_LIMIT = 2 * 1024 * 1024
"""Largest PNG sent as an image of a reply (WeCom's limit for an image, before base64; not confirmed for
``msg_item``)."""
CARD_BUTTONS_LIMIT = 6
CARD_TITLE_LIMIT = 26
CARD_BUTTON_TEXT_LIMIT = 20
CARD_DESC_LIMIT = 44
CARD_SUB_TITLE_LIMIT = 112
DONE_KEY = "done"
"""The key of a done card's one button, which WeCom shows grey (``replace_text``): a press of it is refused."""

_WECOM_MENTION = re.compile(r'<mention key="' + re.escape(WECOM_PREFIX) + r'(\d+)">')


def wecom_markdown(markup: str, directory: WeComDirectory) -> str:
    """``markup`` as WeCom markdown, WeCom people mentioned as ``<@userid>``."""

    def resolve(match: re.Match[str]) -> str:
        userid = directory.wecom_id(WECOM_FIRST_USER_ID + int(match.group(1)))
        return f'<mention key="{WECOM_PREFIX}{escape(userid)}">' if userid else '<mention key="name:">'

    return to_markdown(_WECOM_MENTION.sub(resolve, markup), mention_prefix=WECOM_PREFIX)


def split_content(text: str, limit: int = CONTENT_LIMIT) -> list[str]:
    """``text`` in pieces of at most ``limit`` UTF-8 bytes, cut between lines where a line allows."""
    pieces: list[str] = []
    lines: list[str] = []
    size = 0
    for line in text.split("\n"):
        for part in _hard_cut(line, limit) if len(line.encode()) > limit else (line,):
            added = len(part.encode()) + (1 if lines else 0)
            if lines and size + added > limit:
                pieces.append("\n".join(lines))
                lines, size, added = [], 0, len(part.encode())
            lines.append(part)
            size += added
    pieces.append("\n".join(lines))
    return pieces


def _hard_cut(line: str, limit: int) -> Iterator[str]:
    """A line longer than ``limit`` bytes in pieces of at most ``limit`` bytes (never inside a character)."""
    piece = ""
    for character in line:
        if len((piece + character).encode()) > limit:
            yield piece
            piece = ""
        piece += character
    if piece:
        yield piece


def image_item(picture: Picture) -> dict[str, Any]:
    """A picture as an item of a reply's ``msg_item``: base64 of the PNG and its MD5."""
    return {"msgtype": "image", "image": {"base64": base64.b64encode(picture.png).decode("ascii"),
                                          "md5": hashlib.md5(picture.png).hexdigest()}}  # noqa: S324 - WeCom asks MD5


def task_id() -> str:
    """A template card's id (unique per bot: letters, digits, ``_-@``, at most 128 bytes)."""
    return f"card_{os.urandom(8).hex()}"


def _shorten(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _latest(lines: Sequence[str], limit: int) -> str:
    """As many of the last ``lines`` as fit in ``limit`` characters.

    An edited card's news is at its end: "已报名： 8 对". "…" before them when earlier ones were left out."""
    kept: list[str] = []
    for line in reversed(lines):
        if sum(len(part) + 1 for part in [line, *kept]) > limit - 1:
            break
        kept.insert(0, line)
    if not kept:
        return _shorten(lines[-1], limit)
    joined = "；".join(kept)
    return joined if len(kept) == len(lines) else "…" + joined


def button_card(text: str, buttons: Keyboard | None, *, task: str | None = None, note: str | None = None,
                outcome: str | None = None) -> dict[str, Any]:
    """A ``button_interaction`` template card of ``text`` (neutral markup).

    Its first line as the title (cut at 26 characters), the next lines as the sub-title, ``note`` as the quote; the
    buttons (at most six) pressing to their actions (``event_key``).

    A cut never hides what happened (who won): a first line longer than the title is shown whole under it — as the
    title's ``desc`` when it fits its 44 characters, else its first sentence there and the rest leading the
    sub-title, or, when even the first sentence is longer, that sentence leading the sub-title (112 characters).

    ``task``: the card's ``task_id`` (an update keeps the pressed card's). Without buttons the card is done: its
    ``outcome`` (or ``note``) shows as the one grey button that cannot be pressed (``replace_text``)."""
    lines = [line.strip() for line in to_plain(text).splitlines() if line.strip()]
    first_line, rest = (lines[0], lines[1:]) if lines else ("", [])
    title: dict[str, Any] = {"title": _shorten(first_line, CARD_TITLE_LIMIT) or "…"}
    leading: list[str] = []
    if len(first_line) > CARD_DESC_LIMIT:
        sentence, rest_of_line = _first_sentence(first_line)
        if len(sentence) <= CARD_DESC_LIMIT:
            title["desc"] = sentence
        else:
            leading.append(sentence)
        if rest_of_line:
            leading.append(rest_of_line)
    elif len(first_line) > CARD_TITLE_LIMIT:
        title["desc"] = first_line
    card: dict[str, Any] = {"card_type": "button_interaction", "main_title": title, "task_id": task or task_id()}
    if leading or rest:
        card["sub_title_text"] = _sub_title(leading, rest, CARD_SUB_TITLE_LIMIT)
    if note:
        card["quote_area"] = {"type": 0, "quote_text": _shorten(to_plain(note), CARD_DESC_LIMIT)}
    flat = [button for row in buttons or () for button in row][:CARD_BUTTONS_LIMIT]
    if flat:
        card["button_list"] = [{"text": _shorten(button.label, CARD_BUTTON_TEXT_LIMIT), "style": 1,
                                "key": button.action} for button in flat]
    else:
        shown = _shorten(to_plain(outcome or note or "✅"), CARD_BUTTON_TEXT_LIMIT)
        card["button_list"] = [{"text": shown, "style": 2, "key": DONE_KEY}]
        card["replace_text"] = shown
    return card


_SENTENCE_END = re.compile(r"(?<=[。！？!?])|(?<=\. )")


def _first_sentence(line: str) -> tuple[str, str]:
    """``line``'s first sentence (what happened) and the rest of it (what to do about it)."""
    found = _SENTENCE_END.search(line, 1)
    if found is None or found.start() >= len(line):
        return line, ""
    return line[:found.start()].strip(), line[found.start():].strip()


def _sub_title(leading: Sequence[str], lines: Sequence[str], limit: int) -> str:
    """The sub-title: what the title could not show first, then as many of the last ``lines`` as fit.

    ``leading``: the first line's sentences the title could not show (the first of them always, cut only past
    ``limit``); the ``lines`` after it as :func:`_latest` keeps them."""
    if not leading:
        return _latest(lines, limit)
    head = _shorten(leading[0], limit)
    others = [*leading[1:], *lines]
    room = limit - len(head) - 1
    if not others or room < 2:
        return head
    kept = _latest(others, room)
    return head if kept == "…" else head + ("" if head.endswith(("。", "！", "？")) else "；") + kept


def fits_in_a_card(buttons: Keyboard) -> bool:
    return 0 < sum(len(row) for row in buttons) <= CARD_BUTTONS_LIMIT


def pictures_that_fit(pictures: Sequence[Picture]) -> tuple[list[Picture], int]:
    """The pictures one reply can carry, and how many are left out."""
    fitting = [picture for picture in pictures if len(picture.png) <= PICTURE_BYTES_LIMIT][:PICTURES_PER_ANSWER]
    return fitting, len(pictures) - len(fitting)
