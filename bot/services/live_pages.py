"""The tournaments' live pages.

What ``GET /t/<public id>`` (and its JSON, events and projector view) shows, the cheap mark a page watches for changes,
and ``/web`` (the link), ``/web off`` and ``/web on``.

A page is found by the tournament's public id (``bot.services.table_links``); a tournament whose pages are closed
(``/web off``) has none, exactly as an unknown id. Nothing here writes but ``/web on|off`` (the switch, with its
history entry) and the making of a public id the first time one is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.errors import TournamentError
from bot.i18n import Language
from bot.match_clock.timetable import RoundStart
from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.table_links import (
    RoundTokens,
    current_round_number,
    ensure_link,
    live_url,
    public_link,
    round_tokens,
    seated_matches,
)
from bot.services.tournament.export import standings_csv_rows
from bot.services.tournament.state import NoTournamentYetError, TournamentState, load_state
from bot.services.tournament.views import RoundTables, round_tables_of
from bot.sheets.standings_csv import StandingsCsvRow
from bot.tournament.matches import Match
from bot.tournament.record import TournamentStatus
from storage import chats, history
from storage import live_pages as page_rows
from storage import table_links as link_rows
from storage import timetable as timetable_rows
from storage import tournaments as tournament_rows
from storage.live_pages import PageMark
from storage.timestamps import from_text


class NotPlayingNowError(TournamentError):
    """No round is being played (before the draw, after the end): no table has a link."""

    key = "live.not_playing_now"


@dataclass(frozen=True, slots=True)
class LivePage:
    """Everything one live page shows, read in one transaction."""

    public_id: str
    state: TournamentState
    round: RoundTables | None
    """The round being played (the last one once the tournament is over); ``None`` before the draw."""
    standings: tuple[StandingsCsvRow, ...]
    """As ``standings.csv`` has them (``bot.services.tournament.export``)."""
    next_start: RoundStart | None
    """The next round start still ahead, if the match clock has one."""
    updated_at: datetime
    mark: PageMark
    language: Language
    """The chat's language (the page's default; a visitor may switch)."""
    zone: ZoneInfo
    url: str | None
    """The page's public address (``None`` without ``GUANDAN_PUBLIC_URL``)."""


async def page_mark(services: Services, public_id: str) -> PageMark | None:
    """What a page watches: equal marks, equal pages; ``None`` when the tournament has no open pages."""
    async with services.storage.read() as tx:
        mark = await page_rows.page_mark(tx, public_id)
    return mark if mark is not None and mark[1] else None


async def live_page(services: Services, public_id: str) -> LivePage | None:
    """The page of the tournament with this public id; ``None`` when there is none or its pages are closed."""
    async with services.storage.read() as tx:
        link = await link_rows.link_by_public_id(tx, public_id)
        if link is None or not link.pages_open:
            return None
        mark = await page_rows.page_mark(tx, public_id)
        record = await tournament_rows.get_tournament(tx, link.tournament_id)
        if record is None or mark is None:
            return None
        state = await load_state(tx, services.tournaments, record)
        starts = await timetable_rows.timetable(tx, record.tournament_id)
        updated = await page_rows.updated_at(tx, record.tournament_id)
    language = await chats.chosen_language(services.storage, record.chat_id) or services.settings.language
    round_tables = round_tables_of(state) if state.drawn else None
    current = current_round_number(state)
    now = services.clock()
    ahead = [start for start in starts if start.starts_at > now and (current is None or start.round >= current)]
    return LivePage(
        public_id=public_id, state=state, round=round_tables, standings=tuple(standings_csv_rows(state)),
        next_start=min(ahead, key=lambda start: start.starts_at) if ahead else None,
        updated_at=from_text(updated), mark=mark, language=language,
        zone=ZoneInfo(record.settings.timezone), url=live_url(services.settings, public_id))


@dataclass(frozen=True, slots=True)
class WebLink:
    """``/web``: the chat's tournament, its public id and page address, and whether its pages are open."""

    name: str
    public_id: str
    url: str | None
    pages_open: bool


async def _chat_tournament(services: Services, caller: Caller) -> TournamentState:
    """The chat's open tournament, else its latest finished one (its pages stay up after the final)."""
    async with services.storage.read() as tx:
        record = await tournament_rows.open_tournament(tx, caller.chat_id)
        if record is None:
            record = await tournament_rows.latest_tournament(tx, caller.chat_id)
        if record is None or record.status is TournamentStatus.CANCELLED:
            raise NoTournamentYetError()
        return await load_state(tx, services.tournaments, record)


async def web_link(services: Services, caller: Caller) -> WebLink:
    """``/web``: the link of the chat's tournament (its public id made now if it has none)."""
    state = await _chat_tournament(services, caller)
    link = await public_link(services, state.tournament_id)
    return WebLink(state.record.name, link.public_id, live_url(services.settings, link.public_id), link.pages_open)


async def switch_pages(services: Services, caller: Caller, pages_open: bool) -> WebLink:
    """``/web on`` / ``/web off`` (organisers).

    Open or close every page of the chat's tournament; recorded in the history."""
    await services.roles.require(caller, Role.ORGANISER)
    state = await _chat_tournament(services, caller)
    at = services.clock()
    async with services.storage.transaction(claim=caller.claim) as tx:
        await ensure_link(tx, services, state.tournament_id)
        await link_rows.set_pages_open(tx, state.tournament_id, pages_open, at)
        await history.append(tx, chat_id=caller.chat_id, tournament_id=state.tournament_id, actor=caller.actor_key,
                             kind="web.opened" if pages_open else "web.closed", at=at, details={})
        link = await link_rows.link(tx, state.tournament_id)
    assert link is not None  # made above
    return WebLink(state.record.name, link.public_id, live_url(services.settings, link.public_id), link.pages_open)


async def my_web_links(services: Services, caller: Caller) -> list[WebLink]:
    """``/web`` in a private chat.

    The open tournaments the caller plays in whose pages are open (their links made now where they have none)."""
    async with services.storage.read() as tx:
        found = await page_rows.open_tournaments_of(tx, caller.actor_key)
        records = [await tournament_rows.get_tournament(tx, tournament_id) for tournament_id in found]
    links = []
    for record in records:
        if record is None:
            continue
        link = await public_link(services, record.tournament_id)
        if link.pages_open:
            links.append(WebLink(record.name, link.public_id, live_url(services.settings, link.public_id), True))
    return links


@dataclass(frozen=True, slots=True)
class WebTables:
    """``/web tables``: the result links of every pair seated in the round being played."""

    name: str
    round: int
    matches: tuple[Match, ...]
    tokens: RoundTokens
    url: str | None
    """The live page (``None`` without ``GUANDAN_PUBLIC_URL``: no links can be made)."""


async def web_tables(services: Services, caller: Caller) -> WebTables:
    """``/web tables`` (organisers): the tokens of the current round's pairs, issued now where a pair has none."""
    await services.roles.require(caller, Role.ORGANISER)
    state = await _chat_tournament(services, caller)
    current = current_round_number(state)
    if current is None or state.record.status is not TournamentStatus.DRAWN:
        raise NotPlayingNowError(name=state.record.name)
    tokens = await round_tokens(services, state, current)
    return WebTables(state.record.name, current, seated_matches(state, current), tokens,
                     live_url(services.settings, tokens.public_id))


__all__ = ["LivePage", "WebLink", "WebTables", "live_page", "my_web_links", "page_mark", "switch_pages", "web_link",
           "web_tables"]
