"""``/print [#<id>] [what] [round]`` (打印): the tournament's paperwork as one PDF document.

For organisers and referees — in the group, or in a private chat with the tournament's ``#<id>`` (the table cards' QR
codes let whoever holds them report results: a private chat keeps them out of the group). Where the channel cannot send
files nothing is made: the answer is the ``python -m bot print`` line that writes the same file (WeCom carries
files: the PDF is uploaded over its long connection, ``handlers.wecom.media``)."""

from __future__ import annotations

import asyncio
import threading

from bot.paperwork.document import Document, Paper, What
from bot.paperwork.request import parse_request
from bot.presenters.paperwork import default_pack, document, what_words
from bot.services.caller import ChatKind
from bot.services.paperwork import print_material, printable_tournament
from handlers.commands.tournament_arguments import parse_tournament_id
from handlers.invocation import Invocation

_RENDERING = threading.Lock()
"""One document at a time: WeasyPrint's font configuration is shared by the process (``bot.paperwork.render``)."""


def _render(made: Document) -> tuple[bytes, int]:
    from bot.paperwork.render import document_pdf  # WeasyPrint: imported by the first /print, not at start-up

    with _RENDERING:
        pdf = document_pdf(made)
    return pdf.data, pdf.pages


def file_name(whats: tuple[What, ...], round_number: int | None, *, pack: bool) -> str:
    """``print-cards-r2.pdf``, ``print-pack-r3.pdf``, ``print-booklet.pdf``."""
    stem = "pack" if pack else "-".join(what.value for what in whats)
    return f"print-{stem}" + (f"-r{round_number}" if round_number is not None and
                              any(what in (What.TABLES, What.NAMES, What.CARDS, What.SLIPS) for what in whats)
                              else "") + ".pdf"


def offline_line(tournament_id: int, args: tuple[str, ...]) -> str:
    """The command line that writes what ``/print`` was asked for (``python -m bot print``)."""
    words = " ".join(("--tournament", str(tournament_id), *args))
    return f"python -m bot print --db DATABASE {words} --out print.pdf"


async def print_command(call: Invocation) -> None:
    args, chosen = call.args, None
    if args and args[0].startswith("#"):
        chosen = parse_tournament_id(args[0])
        args = args[1:]
    request = parse_request(args)
    if not call.carries_files:
        state = await printable_tournament(call.services, call.caller, chosen)
        await call.reply(call.text("print.offline", name=state.record.name,
                                   line=offline_line(state.tournament_id, args)))
        return
    material = await print_material(call.services, call.caller, request.round, needs_round=request.needs_round,
                                    chosen=chosen)
    pack = request.what is None
    whats = default_pack(material) if request.what is None else (request.what,)
    made = document(material, whats, call.language, paper=Paper.A4, certificate_count=request.certificates)
    data, pages = await asyncio.to_thread(_render, made)
    caption = call.text("print.caption", name=material.state.record.name,
                        what=what_words(whats, call.language, pack=pack), pages=pages)
    if What.CARDS in whats and material.links and call.caller.chat_kind is not ChatKind.PRIVATE:
        caption += "\n" + call.text("print.tokens_warning")
    await call.send_document(data, file_name(whats, material.round_number, pack=pack), caption)
