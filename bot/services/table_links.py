"""The links of a tournament's public pages: its public id and the per-pair result tokens of its tables.

Every tournament gets a public id the first time one is asked for (``/web``, a table card): 128 random bits,
URL-safe, drawn from ``Services.entropy`` and never derived from the chat id, so nobody finds a club's pages by
counting. Each pair at each table of each round gets its own result token (128 random bits too), printed as the QR
code of its table card (``/print cards``) and sent privately to the organiser (``/web tables``); the link is
``<GUANDAN_PUBLIC_URL>/t/<public id>/me?token=<token>``.

A token names the round, table, side and pair it was issued for. It is worth something only while that round is
being played, that table is still open, the tournament is drawn and that seat still holds that pair (a new draw or
a swap seats another pair there, which gets a token of its own): :func:`token_status` decides, and
:func:`check_token` looks a token up. Round numbers are those of ``/tables N``: a Swiss or groups tournament counts its
points rounds first and the knockout after the groups on from them.
"""

from __future__ import annotations

import base64
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import quote

from bot.config import Settings
from bot.ruleset.scoring import Side
from bot.services import Services
from bot.services.tournament.state import TournamentState, load_state
from bot.services.tournament.views import round_tables_of
from bot.tournament.matches import Match
from bot.tournament.record import TournamentStatus
from storage import Tx
from storage import table_links as link_rows
from storage import tournaments as tournament_rows
from storage.table_links import StoredLink, StoredToken

SECRET_BYTES = 16
"""Random bytes in a public id or a token: 128 bits (22 URL-safe characters)."""

Entropy = Callable[[int], bytes]


def new_secret(entropy: Entropy) -> str:
    """A fresh URL-safe secret of :data:`SECRET_BYTES` random bytes from ``entropy`` (base64url, no padding)."""
    raw = entropy(SECRET_BYTES)
    if len(raw) != SECRET_BYTES:
        raise ValueError(f"entropy gave {len(raw)} bytes, not {SECRET_BYTES}")
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def live_url(settings: Settings, public_id: str) -> str | None:
    """The tournament's live page, ``None`` without ``GUANDAN_PUBLIC_URL``."""
    if settings.public_url is None:
        return None
    return f"{settings.public_url}/t/{quote(public_id, safe='')}"


def table_url(settings: Settings, public_id: str, token: str) -> str | None:
    """A pair's result form at its table, ``None`` without ``GUANDAN_PUBLIC_URL``."""
    page = live_url(settings, public_id)
    return None if page is None else f"{page}/me?token={quote(token, safe='')}"


async def ensure_link(tx: Tx, services: Services, tournament_id: int) -> StoredLink:
    """The tournament's public id in ``tx``, made now (from ``services.entropy``) if it has none."""
    found = await link_rows.link(tx, tournament_id)
    if found is not None:
        return found
    return await link_rows.add_link(tx, tournament_id, new_secret(services.entropy), services.clock())


async def public_link(services: Services, tournament_id: int) -> StoredLink:
    """The tournament's public id (and whether its pages are open), made the first time it is asked for."""
    async with services.storage.read() as tx:
        found = await link_rows.link(tx, tournament_id)
    if found is not None:
        return found
    async with services.storage.transaction() as tx:
        return await ensure_link(tx, services, tournament_id)


def current_round_number(state: TournamentState) -> int | None:
    """The round being played, numbered as ``/tables N`` numbers it; ``None`` before the draw."""
    stage, bracket = state.points_stage, state.bracket
    if bracket is not None:
        return bracket.current_round + (0 if stage is None else stage.rounds)
    if stage is not None:
        return stage.current_round
    return None


def seated_matches(state: TournamentState, round_number: int) -> tuple[Match, ...]:
    """The matches of ``round_number`` (numbered as ``/tables N``) that have a table and two pairs."""
    tables = round_tables_of(state, round_number)
    return tuple(match for match in tables.matches
                 if match.table is not None and match.left is not None and match.right is not None)


@dataclass(frozen=True, slots=True)
class SeatToken:
    """One pair's token at one table, with its link (``None`` without ``GUANDAN_PUBLIC_URL``)."""

    table: int
    side: Side
    team_id: int
    token: str
    url: str | None


@dataclass(frozen=True, slots=True)
class RoundTokens:
    public_id: str
    round: int
    seats: Mapping[tuple[int, Side], SeatToken]
    """By (table, side)."""


async def round_tokens(services: Services, state: TournamentState, round_number: int) -> RoundTokens:
    """The tokens of every pair seated in ``round_number``, issued now where a seat has none.

    Rounds are numbered as ``/tables N``; the tournament's public id is made too if it has none.

    Issuing is idempotent: two workers issuing together keep whichever token was stored first."""
    matches = seated_matches(state, round_number)
    wanted = {(match.table, side): team.team_id
              for match in matches for side in (Side.LEFT, Side.RIGHT)
              if match.table is not None and (team := match.team(side)) is not None}
    async with services.storage.transaction() as tx:
        link = await ensure_link(tx, services, state.tournament_id)
        stored = _seat_tokens(await link_rows.round_tokens(tx, state.tournament_id, round_number), wanted)
        missing = [seat for seat in wanted if seat not in stored]
        if missing:
            now = services.clock()
            await link_rows.add_tokens(tx, [
                StoredToken(new_secret(services.entropy), state.tournament_id, round_number, table, side.value,
                            wanted[table, side], now)
                for table, side in missing])
            stored = _seat_tokens(await link_rows.round_tokens(tx, state.tournament_id, round_number), wanted)
    seats = {seat: SeatToken(seat[0], seat[1], wanted[seat], value,
                             table_url(services.settings, link.public_id, value))
             for seat, value in stored.items()}
    return RoundTokens(link.public_id, round_number, seats)


def _seat_tokens(tokens: list[StoredToken], wanted: Mapping[tuple[int, Side], int]) -> dict[tuple[int, Side], str]:
    """The token of each wanted seat issued to the pair sitting there now (the first issued, if ever several)."""
    found: dict[tuple[int, Side], str] = {}
    for item in tokens:
        seat = (item.table, Side(item.side))
        if wanted.get(seat) == item.team_id and seat not in found:
            found[seat] = item.token
    return found


class TokenStatus(enum.StrEnum):
    VALID = "valid"
    EXPIRED = "expired"
    """Its round is over (or its table decided, or the tournament ended), or the seat holds another pair now."""
    UNKNOWN = "unknown"
    """No such token (or its tournament's pages are closed)."""


def token_status(state: TournamentState, stored: StoredToken) -> TokenStatus:
    """Whether ``stored`` still lets its pair report.

    VALID while its round is the one being played, its table is open and the pair it was issued to still sits on its
    side; EXPIRED otherwise."""
    if state.record.status is not TournamentStatus.DRAWN or current_round_number(state) != stored.round:
        return TokenStatus.EXPIRED
    for match in seated_matches(state, stored.round):
        if match.table == stored.table:
            team = match.team(Side(stored.side))
            seated = team is not None and team.team_id == stored.team_id
            return TokenStatus.VALID if seated and match.state.open else TokenStatus.EXPIRED
    return TokenStatus.EXPIRED


@dataclass(frozen=True, slots=True)
class TokenCheck:
    status: TokenStatus
    token: StoredToken | None = None
    link: StoredLink | None = None
    state: TournamentState | None = None
    """The tournament as loaded for the check (``None`` for an unknown token)."""


async def check_token(services: Services, public_id: str, value: str) -> TokenCheck:
    """Look ``value`` up as a token of the tournament whose public id is ``public_id``.

    UNKNOWN when there is no such token there, or that tournament's pages are closed; else VALID or EXPIRED
    (:func:`token_status`)."""
    async with services.storage.read() as tx:
        link = await link_rows.link_by_public_id(tx, public_id)
        stored = await link_rows.token(tx, value)
        if link is None or stored is None or stored.tournament_id != link.tournament_id or not link.pages_open:
            return TokenCheck(TokenStatus.UNKNOWN)
        record = await tournament_rows.get_tournament(tx, link.tournament_id)
        if record is None:
            return TokenCheck(TokenStatus.UNKNOWN)
        state = await load_state(tx, services.tournaments, record)
    return TokenCheck(token_status(state, stored), stored, link, state)


async def set_pages_open(services: Services, tournament_id: int, pages_open: bool) -> StoredLink:
    """Open or close the tournament's pages (``/web on``, ``/web off``), making its public id if it has none."""
    async with services.storage.transaction() as tx:
        await ensure_link(tx, services, tournament_id)
        await link_rows.set_pages_open(tx, tournament_id, pages_open, services.clock())
        found = await link_rows.link(tx, tournament_id)
    assert found is not None  # made above
    return found
