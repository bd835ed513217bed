"""Results from the table: ``GET /t/<id>/me`` ("your table" and its result form) and ``POST /t/<id>/report``.

Who may use them (``bot.services.table_forms``):

- a pair's **table token** (the QR code of its table card: ``/t/<id>/me?token=…``; the form posts it back), or
- a **Telegram Mini App**: the page sends Telegram's ``initData`` as ``Authorization: tma <initData>``
  (``handlers.web.mini_app`` checks it); a plain ``GET /t/<id>/me`` without either answers the page that, inside
  Telegram, asks again with that header (and elsewhere says to scan the table's QR code).

=====================================================  ===========================================================
request                                                answer
=====================================================  ===========================================================
``GET /me`` with a valid token or ``initData``         200: the table, the seat side, the opponents and the form
                                                       (a fresh single-use nonce in it); a Mini App user without a
                                                       table this round: 200 saying so
``GET /me``, ``POST /report`` with a bad ``initData``  401 (a wrong hash, another bot's, ``auth_date`` over 24 h)
``POST /report`` without a token or ``initData``       401
an unknown or expired token (its round closed, its     403
table decided, another pair in its seat)
``POST /report`` with a used, foreign or old nonce     403 (a form is accepted once)
``POST /report`` with bad input (a level that is no    400 with the reason and a fresh form; nothing changes
level, a result no match ends with)
``POST /report`` accepted                              200 with what the group is told; the group gets exactly
                                                       what ``/result`` would post
a body over 4 KB                                       413
=====================================================  ===========================================================

An unknown public id or closed pages: 404 on both. Every answer of the live pages counts against the client's
rate limit (``handlers.web.rate_limit``).
"""

from __future__ import annotations

import html
import logging
from collections.abc import Mapping
from typing import Protocol
from urllib.parse import parse_qsl

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from bot.errors import GuandanError
from bot.i18n import Language, t
from bot.presenters import tournament_tables as result_texts
from bot.richtext import Keyboard, escape_params, to_plain
from bot.ruleset.scoring import MatchLevel, Side
from bot.services import Services
from bot.services.live_pages import live_page
from bot.services.platform_ids import Platform, platform_of_chat
from bot.services.table_forms import (
    FormRefused,
    Refusal,
    TableSeat,
    issue_form,
    report_at_table,
    seat_by_account,
    seat_by_token,
)
from bot.services.tournament.results import ResultRecorded
from handlers.announcer import Courier
from handlers.commands.results.results import announce_result
from handlers.web.live import LiveHub
from handlers.web.mini_app import mini_app_user
from handlers.web.pages import chosen_language
from handlers.web.webhook import TooLarge, read_body

log = logging.getLogger(__name__)

MAX_FORM = 4096
"""Bytes a result form's body may have (it holds a token, a nonce and three short fields)."""
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "A+")
STATUS = {Refusal.NO_PAGE: 404, Refusal.UNKNOWN_TOKEN: 403, Refusal.EXPIRED_TOKEN: 403,
          Refusal.NOT_PLAYING: 200, Refusal.USED_FORM: 403}


class ChatPoster(Protocol):
    """Posts to a tournament's group what ``/result`` would have posted there."""

    async def post(self, chat_id: int, text: str, buttons: Keyboard | None) -> None:
        """``text`` in markup, ``buttons`` under it."""


class PlatformPosters:
    """The poster of each platform this process serves; a chat of another one gets nothing (logged)."""

    def __init__(self, posters: Mapping[Platform, ChatPoster] | None = None) -> None:
        self.posters = dict(posters or {})

    async def post(self, chat_id: int, text: str, buttons: Keyboard | None) -> None:
        poster = self.posters.get(platform_of_chat(chat_id))
        if poster is None:
            log.warning("a result from a page: no platform here posts to chat %s", chat_id)
            return
        await poster.post(chat_id, text, buttons)


def _e(text: object) -> str:
    return html.escape(str(text))


def markup_html(markup: str) -> str:
    """A bot text (neutral markup) as plain HTML lines."""
    return "<br>".join(_e(line) for line in to_plain(markup).split("\n"))


_STYLE = """
*{box-sizing:border-box}body{margin:0;font:20px/1.45 system-ui,"Noto Sans CJK SC",sans-serif;background:#fbf7f0;
color:#1d1b16}header{background:#a4262c;color:#fff;padding:12px 16px}h1{font-size:1.3em;margin:0}
main{padding:12px 16px;max-width:640px}.card{background:#fff;border:1px solid #e4dccf;border-radius:10px;
padding:12px 14px;margin:0 0 14px}label{display:block;margin:10px 0 4px;font-weight:600}
select,button{font:inherit;width:100%;padding:10px;border-radius:8px;border:1px solid #b9ae9d;background:#fff}
button{background:#a4262c;color:#fff;border:0;margin-top:16px;font-weight:700}.radios label{display:inline-flex;
gap:6px;font-weight:400;margin-right:18px}.radios input{width:auto}.error{border-color:#a4262c;color:#a4262c}
.ok{border-color:#1b5e20}.muted{color:#6b645a;font-size:.9em}
"""

_SCRIPT = """
(function(){var tg=window.Telegram&&window.Telegram.WebApp;var me=document.getElementById('me');
if(!tg||!tg.initData||!me)return;tg.ready&&tg.ready();var auth='tma '+tg.initData;
function show(html){var doc=new DOMParser().parseFromString(html,'text/html');var fresh=doc.getElementById('me');
 if(fresh)me.innerHTML=fresh.innerHTML;hook();}
function hook(){var form=me.querySelector('form');if(!form)return;form.addEventListener('submit',function(ev){
 ev.preventDefault();fetch(form.action,{method:'POST',headers:{'Authorization':auth,
 'Content-Type':'application/x-www-form-urlencoded'},body:new URLSearchParams(new FormData(form)).toString()})
 .then(function(r){return r.text();}).then(show);});}
if(me.dataset.needsAuth==='1'){fetch(location.pathname+location.search,{headers:{'Authorization':auth}})
 .then(function(r){return r.text();}).then(show);}else hook();})();
"""


def page(title: str, body: str, lang: Language, *, status: int = 200, needs_auth: bool = False) -> Response:
    """A form page: ``body`` inside ``<div id=me>`` (what the Mini App's script swaps)."""
    telegram = "<script src='https://telegram.org/js/telegram-web-app.js'></script>" if needs_auth else ""
    return HTMLResponse(
        f"<!doctype html><html lang={lang.value}><head><meta charset=utf-8>"
        f"<meta name=viewport content='width=device-width, initial-scale=1'><title>{_e(title)}</title>"
        f"<style>{_STYLE}</style>{telegram}</head><body><header><h1>{_e(title)}</h1></header>"
        f"<main><div id=me data-needs-auth={'1' if needs_auth else '0'}>{body}</div></main>"
        f"<script>{_SCRIPT}</script></body></html>",
        status_code=status, headers={"cache-control": "no-store", "x-frame-options": "DENY"})


def level_options(chosen: str | None) -> str:
    return "".join(f"<option{' selected' if level == chosen else ''}>{level}</option>" for level in LEVELS)


def form_html(seat: TableSeat, nonce: str, lang: Language, base: str, token: str | None,
              message: str = "", message_class: str = "") -> str:
    """The pair's table and the result form, from the pair's own side."""
    side = t(f"forms.side.{seat.side.value}", lang)
    info = (f"<div class=card><p><b>{_e(t('forms.table', lang, table=seat.table, round=seat.round))}</b></p>"
            f"<p>{_e(t('forms.you', lang, name=seat.team.name, side=side))}</p>"
            f"<p>{_e(t('forms.opponents', lang, name=seat.opponents.name))}</p>")
    other = seat.match.report_by(seat.side.other)
    own_choice, their_choice = "A+", "10"
    if other is not None:
        outcome = other.outcome
        if outcome.left_level is not None and outcome.right_level is not None:
            ours, theirs = ((outcome.left_level, outcome.right_level) if seat.side is Side.LEFT
                            else (outcome.right_level, outcome.left_level))
            own_choice, their_choice = str(ours), str(theirs)  # confirming is one tap
            said = t("forms.their_report", lang, own=own_choice, theirs=their_choice)
        else:
            said = t("forms.their_report_other", lang,
                     **escape_params({"result": to_plain(result_texts.outcome_text(seat.match, outcome, lang))}))
        info += f"<p class=muted>{_e(to_plain(said))}</p>"
    info += "</div>"
    note = f"<div class='card {message_class}'>{message}</div>" if message else ""
    choices = ["we", "they"] + (["draw"] if seat.draws_possible else [])
    radios = "".join(f"<label><input type=radio name=winner value={choice}>{_e(t('forms.winner.' + choice, lang))}"
                     "</label>" for choice in choices)
    hidden = f"<input type=hidden name=nonce value='{_e(nonce)}'>"
    if token is not None:
        hidden += f"<input type=hidden name=token value='{_e(token)}'>"
    form = (f"<form class=card method=post action='{_e(base)}/report?lang={lang.value}'>{hidden}"
            f"<label for=own>{_e(t('forms.own_level', lang))}</label><select id=own name=own>"
            f"{level_options(own_choice)}</select>"
            f"<label for=theirs>{_e(t('forms.their_level', lang))}</label><select id=theirs name=theirs>"
            f"{level_options(their_choice)}</select>"
            f"<label>{_e(t('forms.who_won', lang))}</label><div class=radios>{radios}</div>"
            f"<button type=submit>{_e(t('forms.send', lang))}</button></form>")
    return note + info + form


class TableForms:
    """The routes of ``/me`` and ``/report`` on this process's services."""

    def __init__(self, services: Services, hub: LiveHub, poster: ChatPoster | None = None) -> None:
        self.services = services
        self.hub = hub
        self.poster = poster or PlatformPosters()

    def routes(self) -> list[BaseRoute]:
        return [Route("/t/{public_id}/me", self.me, methods=["GET"]),
                Route("/t/{public_id}/report", self.report, methods=["POST"])]

    def _init_data(self, request: Request) -> str | None:
        header = request.headers.get("authorization", "")
        scheme, _, value = header.partition(" ")
        return value.strip() if scheme.lower() == "tma" and value.strip() else None

    async def _seat(self, request: Request, public_id: str, token: str | None) -> TableSeat | Response:
        """The seat the request's credentials open, or the answer refusing them."""
        lang = chosen_language(request, self.services.settings.language)
        init_data = self._init_data(request)
        if init_data is not None:
            user = mini_app_user(init_data, self.services.settings.token or "", self.services.clock())
            if user is None:
                return self.refused(t("forms.refused.bad_init_data", lang), lang, 401)
            try:
                return await seat_by_account(self.services, public_id, user)
            except FormRefused as refused:
                return self.refused(t(f"forms.refused.{refused.refusal.value}", lang), lang,
                                    STATUS[refused.refusal])
        if token:
            try:
                return await seat_by_token(self.services, public_id, token[:64])
            except FormRefused as refused:
                return self.refused(t(f"forms.refused.{refused.refusal.value}", lang), lang,
                                    STATUS[refused.refusal])
        return self.refused(t("forms.refused.no_credentials", lang), lang, 401)

    def refused(self, text: str, lang: Language, status: int) -> Response:
        return page(t("forms.title", lang), f"<div class='card error'>{_e(text)}</div>", lang, status=status)

    async def _page_open(self, public_id: str) -> bool:
        return 8 <= len(public_id) <= 64 and await live_page(self.services, public_id) is not None

    async def me(self, request: Request) -> Response:
        public_id = str(request.path_params["public_id"])
        default = self.services.settings.language
        if not await self._page_open(public_id):
            return self.refused(t("live.not_found", chosen_language(request, default)),
                                chosen_language(request, default), 404)
        token = request.query_params.get("token")
        if token is None and self._init_data(request) is None:
            lang = chosen_language(request, default)
            return page(t("forms.title", lang), f"<div class=card>{_e(t('forms.open_from', lang))}</div>", lang,
                        needs_auth=True)
        seat = await self._seat(request, public_id, token)
        if isinstance(seat, Response):
            return seat
        lang = chosen_language(request, seat.language)
        nonce = await issue_form(self.services, seat)
        return page(t("forms.title", lang), form_html(seat, nonce, lang, f"/t/{public_id}", token), lang)

    async def report(self, request: Request) -> Response:
        public_id = str(request.path_params["public_id"])
        default = self.services.settings.language
        if not await self._page_open(public_id):
            return self.refused(t("live.not_found", chosen_language(request, default)),
                                chosen_language(request, default), 404)
        try:
            body = await read_body(request, MAX_FORM, timeout=10)
        except TooLarge:
            return Response(b"too large\n", 413, headers={"connection": "close"})
        except TimeoutError:
            return Response(b"too slow\n", 408, headers={"connection": "close"})
        try:
            fields = dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=8))
        except (ValueError, UnicodeDecodeError):
            fields = {}
        seat = await self._seat(request, public_id, fields.get("token") or None)
        if isinstance(seat, Response):
            return seat
        lang = chosen_language(request, seat.language)
        base = f"/t/{public_id}"
        token = fields.get("token") or None
        try:
            own, theirs = MatchLevel.parse(fields.get("own", "")[:4]), MatchLevel.parse(fields.get("theirs", "")[:4])
            winner = fields.get("winner") or None
            recorded = await report_at_table(self.services, seat, fields.get("nonce", "")[:64], own, theirs,
                                             winner if winner in ("we", "they", "draw") else None)
        except FormRefused as refused:
            return self.refused(t(f"forms.refused.{refused.refusal.value}", lang), lang, STATUS[refused.refusal])
        except GuandanError as error:
            text = to_plain(t(error.key, lang, **escape_params(error.params)))
            fresh = await issue_form(self.services, seat)
            return page(t("forms.title", lang), form_html(seat, fresh, lang, base, token, _e(text), "error"), lang,
                        status=400)
        self.hub.nudge(public_id)
        await self._announce(recorded, seat)
        told = markup_html(result_texts.result_text(recorded, lang))
        return page(t("forms.title", lang), f"<div class='card ok'>{told}</div>"
                    f"<p><a href='{_e(base)}?lang={lang.value}'>{_e(t('forms.to_live', lang))}</a></p>", lang)

    async def _announce(self, recorded: ResultRecorded, seat: TableSeat) -> None:
        """What ``/result`` posts in the group, posted there; a failure is logged (the result stands)."""
        chat_id = seat.state.record.chat_id

        async def send(text: str, buttons: Keyboard | None) -> None:
            await self.poster.post(chat_id, text, buttons)

        try:
            await announce_result(send, recorded, seat.language, self.services)
        except Exception:
            log.exception("a result from a page could not be posted to chat %s", chat_id)




class CourierPoster:
    """A platform's announcement courier (``handlers.announcer.Courier``: split and send) as a poster.

    The texts without buttons (WeCom's group messages have none)."""

    def __init__(self, courier: Courier) -> None:
        self.courier = courier

    async def post(self, chat_id: int, text: str, buttons: Keyboard | None) -> None:
        for piece in self.courier.split(text):
            await self.courier.send(chat_id, piece)


__all__ = ["ChatPoster", "CourierPoster", "PlatformPosters", "TableForms"]
