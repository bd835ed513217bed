"""``/import``: a roster file signs up every row, or none.

The file comes as a document with the caption ``/import``, or ``/import`` is sent as a reply to such a file."""

from __future__ import annotations

from bot.presenters.roster_import import imported_text, rejected_text
from bot.services.tournament.roster_import import NoDocumentError, RosterImported, import_roster
from handlers.arguments import at_most
from handlers.invocation import Invocation


async def import_command(call: Invocation) -> None:
    at_most(call.args, 0)
    attachment = await call.channel.attachment()
    if attachment is None:
        raise NoDocumentError()
    result = await import_roster(call.services, call.caller, attachment.download, attachment.size)
    if isinstance(result, RosterImported):
        await call.reply(imported_text(result, call.language))
    else:
        await call.reply(rejected_text(result, call.language))
