"""Answers that stay quiet in a group: no command sends more than :data:`MESSAGE_BUDGET` messages.

A group takes about 20 messages a minute, and any member can repeat a question: a long list split into a dozen
messages floods the chat. A text that does not fit one message goes instead as ONE plain-text document with a short
caption (:func:`reply_or_file`), or, where pictures show the same thing (the bracket, the standings), as those
pictures with the short caption (:func:`reply_with_pictures`). What "fits" is measured on the neutral markup, which is
what every platform renders from (``bot.richtext``), against the smallest message any platform takes.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t
from bot.pictures.picture import Picture
from bot.richtext import to_plain
from handlers.invocation import Invocation

MESSAGE_BUDGET = 5
"""The most messages one command may send; an album counts each picture."""
ONE_MESSAGE = 4_000
"""UTF-16 units of markup one message holds: Telegram's 4,096, less room for what its renderer adds (a mention
becomes a link)."""


def fits(markup: str) -> bool:
    """Whether ``markup`` goes out as one message."""
    return len(markup.encode("utf-16-le")) // 2 <= ONE_MESSAGE


def text_file(markup: str) -> bytes:
    """``markup`` as a UTF-8 text file.

    What a reader sees, without styles (with a byte order mark, so that any editor reads Chinese names)."""
    return to_plain(markup).encode("utf-8-sig")


def bundles_pictures(call: Invocation) -> bool:
    """Whether the command's channel sends any number of pictures as one message (its ``bundles_pictures``)."""
    return bool(getattr(call.channel, "bundles_pictures", False))


async def reply_or_file(call: Invocation, markup: str, full: str, *, file_name: str, summary: str) -> None:
    """``markup`` as one message if it fits.

    Else ``full`` (the same without the chat's list limits) as one document ``file_name`` captioned with ``summary``."""
    if fits(markup):
        await call.reply(markup)
    else:
        await call.send_document(text_file(full), file_name, summary)


async def reply_with_pictures(call: Invocation, markup: str, full: str, pictures: Sequence[Picture], *,
                              caption: str, stem: str, file_name: str, summary: str) -> None:
    """``markup`` and then ``pictures`` (captioned ``caption``), within the budget.

    When the text does not fit one message the pictures alone show it, captioned ``summary``; when there are more
    pictures than the budget allows, ``full`` (the whole text) goes as a document captioned ``summary`` and the
    first pictures follow, their caption saying how many of how many. A channel that sends any number of pictures
    as ONE message (:func:`bundles_pictures`: Telegram in a quiet group, as one PDF) gets them all: the text and
    the pictures when the text fits, else the pictures alone captioned ``summary`` — one document and at most a
    short text."""
    if bundles_pictures(call):
        if fits(markup):
            await call.reply(markup)
            await call.send_pictures(pictures, caption, stem)
        else:
            await call.send_pictures(pictures, summary, stem)
        return
    if fits(markup) and len(pictures) < MESSAGE_BUDGET:
        await call.reply(markup)
        await call.send_pictures(pictures, caption, stem)
    elif len(pictures) <= MESSAGE_BUDGET:
        await call.send_pictures(pictures, summary, stem)
    else:
        shown = MESSAGE_BUDGET - 1
        await call.send_document(text_file(full), file_name, summary)
        more = t("pictures.more", call.language, caption=caption, shown=shown, count=len(pictures))
        await call.send_pictures(pictures[:shown], more, stem)
