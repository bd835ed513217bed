"""The live pages of a tournament, by its public id (``bot.services.table_links``):

=================================  ==================================================================================
request                            answer
=================================  ==================================================================================
``GET /t/<id>``                    the live page: the round's tables, the standings (and the bracket of a knockout),
                                   the next round's start with a countdown; in the chat's language, ``?lang=zh|en``
                                   switches; all content in the HTML (works without JavaScript); with JavaScript it
                                   follows ``/events`` and redraws itself on every change
``GET /t/<id>/screen``             projector mode: large type, no controls, tables → standings → bracket every 15 s
                                   (``?cycle=N``: every N seconds), the live page's QR code in a corner
``GET /t/<id>.json``               the page as JSON (``bot.presenters.live_pages`` documents it)
``GET /t/<id>/events``             ``text/event-stream``: an ``update`` event with that JSON at once and after every
                                   change, ``closed`` when the organisers close the pages
``GET /t/<id>/qr.svg``             the QR code of the live page's address
=================================  ==================================================================================

An unknown id, or a tournament whose pages were closed with ``/web off``, is 404 on every route.
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import segno
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from bot.i18n import Language, t
from bot.presenters.live_pages import live_json
from bot.services import Services
from bot.services.live_pages import LivePage, live_page
from handlers.web.app import Metrics, Site
from handlers.web.live import LiveHub, json_bytes
from handlers.web.rate_limit import PER_MINUTE, RateLimited, RateLimiter

if TYPE_CHECKING:
    from handlers.web.forms import ChatPoster

SCREEN_CYCLE_SECONDS = 15
STATES = ("waiting", "pending", "reported", "disputed", "confirmed", "bye", "walkover", "void")


def chosen_language(request: Request, default: Language) -> Language:
    """``?lang=zh|en`` when given, else the chat's."""
    asked = request.query_params.get("lang", "")
    return Language(asked) if asked in {language.value for language in Language} else default


def labels(lang: Language) -> dict[str, str]:
    """The texts the page's script needs to redraw it (the same the server drew it with)."""
    keys = ("tables", "standings", "bracket", "rank", "name", "points", "played", "won", "no_tables",
            "no_standings", "live", "offline", "closed", "started", "finished", "forfeit_left", "forfeit_right",
            "forfeit_both")
    texts = {key: t(f"live.{key}", lang) for key in keys}
    texts |= {f"state_{state}": t(f"bracket.state.{state}", lang) for state in STATES}
    texts |= {"round_of": t("live.round_of", lang, round="{round}", rounds="{rounds}"),
              "bracket_round": t("live.bracket_round", lang, round="{round}"),
              "next_round": t("live.next_round", lang, round="{round}", time="{time}"),
              "starts_in": t("live.starts_in", lang, time="{time}"),
              "updated": t("live.updated", lang, time="{time}"),
              "registration": t("live.registration", lang)}
    return texts


def _e(text: object) -> str:
    return html.escape(str(text))


def result_text(result: str | None, lang: Language) -> str:
    if result is None:
        return ""
    words = {"forfeit left": "forfeit_left", "forfeit right": "forfeit_right", "forfeit both": "forfeit_both"}
    return t(f"live.{words[result]}", lang) if result in words else result


def tables_html(data: dict[str, Any], lang: Language) -> str:
    """The round's tables: one line each (number, both pairs, result, state); the winner in bold."""
    if data["round"] is None:
        return f"<p class=empty>{_e(t('live.registration', lang))}</p>"
    if not data["tables"]:
        return f"<p class=empty>{_e(t('live.no_tables', lang))}</p>"
    items = []
    for row in data["tables"]:
        left_class = " win" if row["winner"] == "left" else ""
        right_class = " win" if row["winner"] == "right" else ""
        items.append(
            f"<li class='tbl st-{_e(row['state'])}'><span class=no>{_e(row['table'] or '')}</span>"
            f"<span class=pairs><span class='l{left_class}'>{_e(row['left'] or '')}</span>"
            f"<span class='r{right_class}'>{_e(row['right'] or '')}</span></span>"
            f"<span class=res>{_e(result_text(row['result'], lang))}</span>"
            f"<span class=st>{_e(t('bracket.state.' + row['state'], lang))}</span></li>")
    return "<ol class=tables>" + "".join(items) + "</ol>"


def standings_html(data: dict[str, Any], lang: Language, *, columns: int = 1) -> str:
    """The standings as a table (``columns`` tables side by side on the projector, so 40 pairs fit one screen)."""
    if not data["standings"]:
        return f"<p class=empty>{_e(t('live.no_standings', lang))}</p>"
    head = (f"<tr><th class=rk>{_e(t('live.rank', lang))}</th><th>{_e(t('live.name', lang))}</th>"
            f"<th class=num>{_e(t('live.points', lang))}</th><th class='num wide'>{_e(t('live.played', lang))}</th>"
            f"<th class='num wide'>{_e(t('live.won', lang))}</th></tr>")
    rows = [
        f"<tr><td class=rk>{_e(row['rank'] if row['rank'] is not None else '–')}</td><td>{_e(row['name'])}</td>"
        f"<td class=num>{_e(row['points'])}</td><td class='num wide'>{_e(row['played'])}</td>"
        f"<td class='num wide'>{_e(row['won'])}</td></tr>" for row in data["standings"]]
    size = -(-len(rows) // columns)
    tables = [f"<table class=standings><thead>{head}</thead><tbody>{''.join(rows[start:start + size])}</tbody>"
              "</table>" for start in range(0, len(rows), size)]
    return "<div class=cols>" + "".join(tables) + "</div>"


def bracket_html(data: dict[str, Any], lang: Language) -> str:
    if not data["bracket"]:
        return ""
    columns = []
    for stage in data["bracket"]:
        matches = "".join(
            f"<li><span class='{'win' if match['winner'] == 'left' else ''}'>{_e(match['left'] or '–')}</span>"
            f"<span class='{'win' if match['winner'] == 'right' else ''}'>{_e(match['right'] or '–')}</span>"
            f"<small>{_e(result_text(match['result'], lang))}</small></li>" for match in stage["matches"])
        columns.append(f"<div class=stage><h3>{_e(t('live.bracket_round', lang, round=stage['round']))}</h3>"
                       f"<ol>{matches}</ol></div>")
    return "<div class=bracket>" + "".join(columns) + "</div>"


def local_time(iso: str, page: LivePage) -> str:
    return datetime.fromisoformat(iso).astimezone(page.zone).strftime("%H:%M")


def next_html(data: dict[str, Any], page: LivePage, lang: Language) -> str:
    start = data["next_round"]
    if start is None:
        return ""
    when = t("live.next_round", lang, round=start["round"], time=local_time(start["starts_at"], page))
    return f"{_e(when)} <span class=countdown data-at='{_e(start['starts_at'])}'></span>"


def subtitle(data: dict[str, Any], page: LivePage, lang: Language) -> str:
    parts = []
    if data["status"] == "finished":
        parts.append(t("live.finished", lang))
    elif data["round"] is not None:
        parts.append(t("live.round_of", lang, round=data["round"], rounds=data["rounds"]))
    parts.append(t("live.updated", lang, time=local_time(data["updated_at"], page)))
    return " · ".join(parts)


_STATIC = Path(__file__).with_name("static")
_STYLE = (_STATIC / "live.css").read_text(encoding="utf-8")
_SCRIPT = (_STATIC / "live.js").read_text(encoding="utf-8")
"""The page's style and script, inlined: one request draws the page."""


def page_html(page: LivePage, data: dict[str, Any], lang: Language, *, screen: bool, base: str,
              cycle: int = SCREEN_CYCLE_SECONDS) -> str:
    """The whole page (live or projector), drawn with everything in it; the script only redraws."""
    other = Language.EN if lang is Language.ZH else Language.ZH
    title = t("live.title", lang, name=data["tournament"])
    events = f"{base}/events?lang={lang.value}"
    switch = "" if screen else (f"<a href='?lang={other.value}' hreflang={other.value}>"
                                f"{_e(t('live.language_switch', lang))}</a>")
    qr = (f"<div class=qr><img src='{_e(base)}/qr.svg' alt=''><div>{_e(t('live.scan', lang))}</div></div>"
          if screen else "")
    bracket = bracket_html(data, lang)
    sections = (
        f"<section class=part id=tables-section><h2>{_e(t('live.tables', lang))}</h2>"
        f"<div id=tables>{tables_html(data, lang)}</div></section>"
        f"<section class=part id=standings-section><h2>{_e(t('live.standings', lang))}</h2>"
        f"<div id=standings>{standings_html(data, lang, columns=2 if screen else 1)}</div></section>"
        f"<section class=part id=bracket-section{'' if bracket else ' hidden'}><h2>{_e(t('live.bracket', lang))}"
        f"</h2><div id=bracket>{bracket}</div></section>")
    label_json = json.dumps(labels(lang), ensure_ascii=False).replace("</", "<\\/")
    return (
        f"<!doctype html><html lang={lang.value}><head><meta charset=utf-8>"
        f"<meta name=viewport content='width=device-width, initial-scale=1'><title>{_e(title)}</title>"
        f"<style>{_STYLE}</style></head>"
        f"<body class='{'screen' if screen else 'live'}' data-lang={lang.value} data-zone='{_e(page.zone.key)}'"
        f" data-events='{_e(events)}' data-cycle={cycle}>"
        f"<header><div class=bar><h1>{_e(data['tournament'])}</h1>{switch}</div>"
        f"<p id=subtitle>{_e(subtitle(data, page, lang))}</p><p id=status></p></header>"
        f"<p id=next>{next_html(data, page, lang)}</p><main>{sections}</main>{qr}"
        f"<script type=application/json id=labels>{label_json}</script><script>{_SCRIPT}</script></body></html>")


def not_found(lang: Language) -> Response:
    return HTMLResponse(f"<!doctype html><meta charset=utf-8><p>{_e(t('live.not_found', lang))}</p>",
                        status_code=404)


class Pages:
    """The routes of the live pages, on the services of this process."""

    def __init__(self, services: Services, site: Site, hub: LiveHub | None = None) -> None:
        self.services = services
        self.site = site
        self.hub = hub or LiveHub(services)
        site.on_stopping(self.hub.close)

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/t/{public_id}.json", self.json_page, methods=["GET"]),
            Route("/t/{public_id}/events", self.events, methods=["GET"]),
            Route("/t/{public_id}/screen", self.screen, methods=["GET"]),
            Route("/t/{public_id}/qr.svg", self.qr, methods=["GET"]),
            Route("/t/{public_id}", self.live, methods=["GET"]),
        ]

    async def _page(self, request: Request) -> LivePage | None:
        public_id = str(request.path_params["public_id"])
        if not 8 <= len(public_id) <= 64:
            return None
        return await live_page(self.services, public_id)

    async def live(self, request: Request) -> Response:
        return await self._html(request, screen=False)

    async def screen(self, request: Request) -> Response:
        return await self._html(request, screen=True)

    async def _html(self, request: Request, *, screen: bool) -> Response:
        page = await self._page(request)
        if page is None:
            return not_found(chosen_language(request, self.services.settings.language))
        lang = chosen_language(request, page.language)
        base = f"/t/{page.public_id}"
        cycle = request.query_params.get("cycle", "")
        seconds = int(cycle) if cycle.isdigit() and 1 <= int(cycle) <= 300 else SCREEN_CYCLE_SECONDS
        return HTMLResponse(page_html(page, live_json(page), lang, screen=screen, base=base, cycle=seconds),
                            headers={"cache-control": "no-store"})

    async def json_page(self, request: Request) -> Response:
        page = await self._page(request)
        if page is None:
            return Response(b'{"error":"not found"}', 404, media_type="application/json")
        return Response(json_bytes(live_json(page)), media_type="application/json",
                        headers={"cache-control": "no-store", "access-control-allow-origin": "*"})

    async def qr(self, request: Request) -> Response:
        page = await self._page(request)
        if page is None:
            return Response(b"", 404)
        # Without GUANDAN_PUBLIC_URL the address the page was reached at.
        address = page.url or f"{request.base_url}t/{page.public_id}"
        buffer = io.BytesIO()
        segno.make(address, error="m").save(buffer, kind="svg", scale=8, border=2)
        return Response(buffer.getvalue(), media_type="image/svg+xml",
                        headers={"cache-control": "no-store"})

    async def events(self, request: Request) -> Response:
        page = await self._page(request)
        if page is None:
            return Response(b"", 404)
        first = json_bytes(live_json(page))
        hub = self.hub

        async def stream() -> AsyncIterator[bytes]:
            yield b"retry: 2000\n\nevent: update\ndata: " + first + b"\n\n"
            async for data in hub.updates(page.public_id, first):
                yield b": keep-alive\n\n" if data is None else b"event: update\ndata: " + data + b"\n\n"
            if not hub.closed:  # the pages were closed; a stopping process just ends the stream (it reconnects)
                yield b"event: closed\ndata: {}\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})


def site_with_pages(services: Services, *, metrics: Metrics | None = None, poster: ChatPoster | None = None,
                    per_minute: int = PER_MINUTE) -> tuple[Site, Pages]:
    """A site serving the live pages and result forms of ``services``' tournaments.

    ``poster`` tells the groups of results entered on a form; rate-limited per client; a webhook route may be added to
    it."""
    from handlers.web.forms import TableForms

    hub = LiveHub(services)

    def counted() -> dict[str, int]:
        return {**(metrics() if metrics is not None else {}), "guandan_live_streams_open": hub.open_streams}

    site = Site(metrics=counted)
    pages = Pages(services, site, hub)
    forms = TableForms(services, pages.hub, poster)
    # The forms' routes first: /t/<id>/me must not be read as a page id.
    site.app.router.routes.extend([*forms.routes(), *pages.routes()])
    site.app.add_middleware(RateLimited, limiter=RateLimiter(per_minute))
    return site, pages


__all__ = ["Pages", "labels", "page_html", "site_with_pages"]
