"""``/web`` (also ``/live``, 直播): the link of the tournament's live page with its QR code; ``/web off`` and
``/web on`` (organisers) close and reopen every page of the tournament."""

from __future__ import annotations

import io

import segno
from PIL import Image

from bot.errors import UsageError
from bot.pictures.picture import Picture, to_picture
from bot.services.live_pages import WebLink, switch_pages, web_link
from handlers.arguments import at_most
from handlers.invocation import Invocation


class UnknownWebWord(UsageError):
    key = "live.unknown_word"


QR_WIDTH = 1080
"""Pixels across the QR picture (a phone scans it off another phone's screen or a projector)."""


def qr_picture(address: str) -> Picture:
    """The QR code of ``address`` as a picture at least :data:`QR_WIDTH` pixels wide."""
    code = segno.make(address, error="m")
    modules = code.symbol_size(scale=1, border=4)[0]
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=-(-QR_WIDTH // modules), border=4)
    with Image.open(io.BytesIO(buffer.getvalue())) as image:
        return to_picture(image.convert("RGB"))


async def _post_link(call: Invocation, link: WebLink) -> None:
    if link.url is None:  # without GUANDAN_PUBLIC_URL no link is posted
        await call.reply(call.text("live.no_public_url", name=link.name))
        return
    if not link.pages_open:
        await call.reply(call.text("live.pages_are_closed", name=link.name))
        return
    caption = call.text("live.link", name=link.name, url=link.url)
    await call.send_pictures([qr_picture(link.url)], caption, "live")


async def web_command(call: Invocation) -> None:
    args = at_most(call.args, 1)
    word = args[0].casefold() if args else ""
    if word in ("off", "关闭", "关"):
        link = await switch_pages(call.services, call.caller, False)
        await call.reply(call.text("live.closed_now", name=link.name))
        return
    if word in ("on", "开启", "开"):
        link = await switch_pages(call.services, call.caller, True)
        await call.reply(call.text("live.opened_now", name=link.name, url=link.url or ""))
        return
    if word:
        raise UnknownWebWord(word=args[0][:20])
    await _post_link(call, await web_link(call.services, call.caller))
