"""``/import``: a roster file sent as a document with the caption ``/import`` (or ``/import`` sent as a reply to
such a file) signs up every row, or none."""

from __future__ import annotations

from telegram import Document, Message

from bot.presenters.roster_import import imported_text, rejected_text
from bot.services.tournament.roster_import import NoDocumentError, RosterImported, import_roster
from handlers.arguments import at_most
from handlers.registry import Invocation


def document_of(message: Message | None) -> Document | None:
    """The file the command came with, or the file of the message it replies to."""
    if message is None:
        return None
    if message.document is not None:
        return message.document
    replied = message.reply_to_message
    return replied.document if replied is not None else None


async def import_command(call: Invocation) -> None:
    at_most(call.args, 0)
    document = document_of(call.update.effective_message)
    if document is None:
        raise NoDocumentError()
    bot = call.context.bot

    async def download() -> bytes:
        found = await bot.get_file(document.file_id)
        return bytes(await found.download_as_bytearray())

    result = await import_roster(call.services, call.caller, download, document.file_size)
    if isinstance(result, RosterImported):
        await call.reply(imported_text(result, call.language))
    else:
        await call.reply(rejected_text(result, call.language))
