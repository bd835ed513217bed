"""``/web`` (also ``/live``, 直播): the link of the tournament's live page with its QR code.

``/web off`` and ``/web on`` (organisers) close and reopen every page of the tournament; ``/web tables`` (organisers)
sends every pair's result link and QR code of the current round privately."""

from __future__ import annotations

import io

from PIL import Image

from bot.errors import UsageError
from bot.i18n import t
from bot.pictures.picture import Picture, to_picture
from bot.richtext import WEB_APP_ACTION, Button, keyboard
from bot.ruleset.scoring import Side
from bot.services.live_pages import WebLink, my_web_links, switch_pages, web_link, web_tables
from handlers.arguments import at_most
from handlers.invocation import Invocation, PrivateReplies


class UnknownWebWord(UsageError):
    key = "live.unknown_word"


QR_WIDTH = 1080
"""Pixels across the QR picture (a phone scans it off another phone's screen or a projector)."""


def qr_picture(address: str) -> Picture:
    """The QR code of ``address`` as a picture at least :data:`QR_WIDTH` pixels wide."""
    import segno  # here: the command table loads without the QR library (only /web needs it)

    code = segno.make(address, error="m")
    modules = int(code.symbol_size(scale=1, border=4)[0])
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


async def _send_table_links(call: Invocation) -> None:
    """``/web tables``: every pair's result link and QR code, to the organiser privately.

    A token in the group would let anyone report for any pair; the group is told where they went."""
    from bot.pictures.table_codes import table_codes_picture

    tables = await web_tables(call.services, call.caller)
    if tables.url is None:
        await call.reply(call.text("live.no_public_url", name=tables.name))
        return
    if not isinstance(call.channel, PrivateReplies):
        await call.reply(call.text("live.tables_not_here"))
        return
    lines = [call.text("live.tables_title", name=tables.name, round=tables.round)]
    pictures = []
    for match in tables.matches:
        table = match.table or 0
        seats = []
        for side in (Side.LEFT, Side.RIGHT):
            seat = tables.tokens.seats.get((table, side))
            team = match.team(side)
            if seat is None or seat.url is None or team is None:
                continue
            side_name = t(f"forms.side.{side.value}", call.language)
            lines.append(call.text("live.tables_line", table=table, side=side_name, name=team.name, url=seat.url))
            seats.append((f"{side_name}: {team.name}", seat.url))
        pictures.append(table_codes_picture(t("live.tables_card", call.language, table=table, round=tables.round),
                                            seats))
    sent = await call.channel.in_private("\n".join(lines), pictures, f"tables-{tables.round}", call.language)
    await call.reply(call.text("live.tables_sent" if sent else "live.tables_start_private"))


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
    if word in ("tables", "桌次", "二维码"):
        await _send_table_links(call)
        return
    if word:
        raise UnknownWebWord(word=args[0][:20])
    if call.caller.is_private:
        await _private_links(call)
        return
    await _post_link(call, await web_link(call.services, call.caller))


async def _private_links(call: Invocation) -> None:
    """``/web`` in a private chat: a button opening "your table" for each tournament the caller plays in.

    The button opens a Telegram Mini App (Telegram allows ``web_app`` buttons only in private chats); the link is
    in the text too."""
    links = [link for link in await my_web_links(call.services, call.caller) if link.url is not None]
    if not links:
        await call.reply(call.text("live.private_none"))
        return
    lines = [call.text("live.private_title")]
    buttons = []
    for link in links:
        lines.append(call.text("live.private_line", name=link.name, url=f"{link.url}/me"))
        buttons.append([Button(t("live.private_button", call.language, name=link.name)[:60],
                               f"{WEB_APP_ACTION}{link.url}/me")])
    await call.reply("\n".join(lines), keyboard(*buttons))
