"""Commands written as the caption of a document (``/import`` sent with a roster file).

PTB's ``CommandHandler`` reads only a message's text, so a file whose caption is a command needs its own filter.
It matches a document whose caption's first word is ``/name`` or ``/name@thisbot`` (any case); another bot's
``/name@otherbot`` and a document with any other caption (or none) pass by untouched.
"""

from __future__ import annotations

from collections.abc import Iterable

from telegram import Message
from telegram.ext import filters


def caption_command(caption: str | None, bot_username: str | None) -> str | None:
    """The command a caption starts with, if it is addressed to this bot: ``/Import@bot x`` → ``import``."""
    if not caption or not caption.startswith("/"):
        return None
    command, _, addressee = caption.split(maxsplit=1)[0][1:].partition("@")
    if addressee and addressee.lower() != (bot_username or "").lower():
        return None
    return command.lower() or None


class CaptionCommand(filters.MessageFilter):
    """A document captioned with one of ``names`` for this bot."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = frozenset(name.lower() for name in names)
        super().__init__(name=f"CaptionCommand({', '.join(sorted(self.names))})")

    def filter(self, message: Message) -> bool:
        if message.document is None:
            return False
        return caption_command(message.caption, message.get_bot().username) in self.names
