"""Sending text: the neutral markup rendered for Telegram's HTML parse mode, long messages split at line boundaries.

Telegram refuses messages over 4,096 characters (counted in UTF-16 code units, as it counts). Texts are cut
between lines; a single longer line is cut at a space, never inside an HTML tag or entity, and tags left open at
a cut are closed at the end of the piece and reopened at the start of the next.
"""

from __future__ import annotations

import re

from telegram import InlineKeyboardMarkup, Message, Update

from bot.richtext import to_telegram_html

MESSAGE_LIMIT = 4096
_TAG = re.compile(r"<(/?)([a-zA-Z-]+)[^>]*>")


def text_length(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def _safe_cut(line: str, limit: int) -> int:
    """The largest index within ``limit`` UTF-16 units that is not inside a tag or an entity, a space preferred."""
    end, units = 0, 0
    for index, char in enumerate(line):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > limit:
            break
        end = index + 1
    fallback = 0
    for cut in range(end, max(end * 4 // 5, 1) - 1, -1):
        before = line[:cut]
        inside_tag = before.rfind("<") > before.rfind(">")
        inside_entity = before.rfind("&") > before.rfind(";") and " " not in before[before.rfind("&"):]
        if inside_tag or inside_entity:
            continue
        if line[cut - 1] == " ":
            return cut
        fallback = fallback or cut
    return fallback or end or 1


def _cut_line(line: str, limit: int) -> list[str]:
    pieces = []
    while text_length(line) > limit:
        cut = _safe_cut(line, limit)
        pieces.append(line[:cut].rstrip())
        line = line[cut:].lstrip()
    pieces.append(line)
    return pieces


def _balance(chunks: list[str]) -> list[str]:
    balanced, carried = [], ""
    for chunk in chunks:
        text = carried + chunk
        open_tags: list[tuple[str, str]] = []
        for match in _TAG.finditer(text):
            closing, name = match.group(1), match.group(2).lower()
            if closing:
                for position in range(len(open_tags) - 1, -1, -1):
                    if open_tags[position][0] == name:
                        del open_tags[position]
                        break
            else:
                open_tags.append((name, match.group(0)))
        balanced.append(text + "".join(f"</{name}>" for name, _ in reversed(open_tags)))
        carried = "".join(tag for _, tag in open_tags)
    return balanced


def split_message(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Pieces of at most ``limit`` UTF-16 units, cut between lines where possible; no empty piece."""
    if text_length(text) <= limit:
        return [text] if text.strip() else []
    # Room for closing and reopening tags that a cut leaves open.
    budget = limit - 100 if "<" in text else limit
    chunks: list[str] = []
    current: list[str] = []
    size = 0
    for line in text.split("\n"):
        for piece in _cut_line(line, budget):
            added = text_length(piece) + (1 if current else 0)
            if current and size + added > budget:
                chunks.append("\n".join(current))
                current, size = [], 0
                added = text_length(piece)
            current.append(piece)
            size += added
    if current:
        chunks.append("\n".join(current))
    return [chunk for chunk in _balance([chunk.strip("\n") for chunk in chunks]) if chunk.strip()]


def telegram_html(markup: str) -> str:
    """Neutral markup (``bot.richtext``) as Telegram HTML."""
    return to_telegram_html(markup)


async def send_text(
    update: Update, text: str, *, quote: bool = False, buttons: InlineKeyboardMarkup | None = None
) -> list[Message]:
    """Send ``text`` (markup) to the update's chat, split if longer than Telegram allows.

    ``quote`` the message in groups. ``buttons`` go under the last piece. The messages sent."""
    message = update.effective_message
    chat = update.effective_chat
    pieces = split_message(telegram_html(text))
    sent: list[Message] = []
    for index, piece in enumerate(pieces):
        markup = buttons if index == len(pieces) - 1 else None
        if message is not None and update.callback_query is None:
            sent.append(await message.reply_text(piece, do_quote=quote and index == 0, reply_markup=markup))
        elif chat is not None:
            sent.append(await chat.send_message(piece, reply_markup=markup))
    return sent
