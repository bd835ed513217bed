"""Results entered at the table from a live page (``GET /t/<id>/me``, ``POST /t/<id>/report``).

Who is at the form: the holder of a pair's table token (the QR code on the table card, ``bot.services.table_links``)
— the report is that pair's, as if its first member had sent ``/result`` in the group — or a Telegram account from
the Mini App (its ``initData`` checked by the web side), reporting for the pair it plays in this round. Either way
the report goes through :func:`~bot.services.tournament.results.record_result`, the service of ``/result``: the
same checks, the same history, the same disputes and mirror reports; the caller then posts to the group what
``/result`` would.

Each form carries a single-use nonce issued to its holder (:func:`issue_form`); :func:`report_at_table` takes it
first, so a form is accepted once: a resubmission, another holder's nonce or one older than
:data:`NONCE_LIFETIME` is refused (:class:`FormRefused`) and changes nothing.
"""

from __future__ import annotations

import base64
import enum
import hashlib
from dataclasses import dataclass
from datetime import timedelta

from bot.errors import UsageError
from bot.i18n import Language
from bot.ruleset.scoring import MatchLevel, Side
from bot.services import Services
from bot.services.caller import Caller, ChatKind, ChatUser
from bot.services.table_links import TokenStatus, check_token, current_round_number, seated_matches
from bot.services.tournament.results import ResultRecorded, TableRef, record_result
from bot.services.tournament.state import TournamentState, load_state
from bot.tournament.entries import account_key
from bot.tournament.matches import Match
from bot.tournament.outcome import Outcome, OwnResult
from bot.tournament.record import TournamentStatus
from bot.tournament.teams import Team
from storage import chats, web_forms
from storage import table_links as link_rows
from storage import tournaments as tournament_rows

NONCE_LIFETIME = timedelta(hours=3)
"""How long a form may stay open before it is sent (a long match; a phone left on the table)."""


class Refusal(enum.StrEnum):
    """Why a form is refused; the web side answers each with its status (401 or 403)."""

    NO_PAGE = "no_page"  # no such tournament, or its pages are closed
    UNKNOWN_TOKEN = "unknown_token"
    EXPIRED_TOKEN = "expired_token"  # its round is over, its table decided, or another pair sits there
    NOT_PLAYING = "not_playing"  # a Mini App user without a table in this round
    USED_FORM = "used_form"  # the nonce was taken before, is another holder's, or too old


class FormRefused(Exception):
    """The form cannot be shown or taken (:attr:`refusal` says why; its text is ``forms.refused.<refusal>``).

    Nothing changes."""

    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal
        super().__init__(refusal.value)


class DrawNotAllowedError(UsageError):
    """Equal levels and "draw" in a knockout (a knockout match needs a winner)."""

    key = "forms.draw_not_allowed"


@dataclass(frozen=True, slots=True)
class TableSeat:
    """A pair at its table this round, as its form shows it (from that pair's side)."""

    state: TournamentState
    match: Match
    side: Side
    team: Team
    opponents: Team
    holder: str
    """Whose nonces these are: ``token:<digest>`` or ``tg:<user id>``."""
    acting: Caller
    """The caller the report is made as."""
    language: Language
    """The chat's language (the page's default)."""

    @property
    def table(self) -> int:
        return self.match.table or 0

    @property
    def round(self) -> int:
        return current_round_number(self.state) or 0

    @property
    def draws_possible(self) -> bool:
        """Equal levels may stand as a draw: a Swiss or group table with a time limit."""
        return (self.state.points_stage is not None and self.state.bracket is None
                and self.state.record.settings.time_limit is not None)


def token_holder(token: str) -> str:
    """The holder of a table token's forms: its digest (the token itself is never stored twice)."""
    return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]


async def _language(services: Services, chat_id: int) -> Language:
    return await chats.chosen_language(services.storage, chat_id) or services.settings.language


async def seat_by_token(services: Services, public_id: str, token: str) -> TableSeat:
    """The seat a table token opens; :class:`FormRefused` for an unknown or expired token."""
    check = await check_token(services, public_id, token)
    if check.status is TokenStatus.UNKNOWN or check.token is None or check.state is None:
        raise FormRefused(Refusal.UNKNOWN_TOKEN)
    if check.status is TokenStatus.EXPIRED:
        raise FormRefused(Refusal.EXPIRED_TOKEN)
    stored, state = check.token, check.state
    side = Side(stored.side)
    match = next(found for found in seated_matches(state, stored.round) if found.table == stored.table)
    team, opponents = match.team(side), match.team(side.other)
    assert team is not None and opponents is not None  # seated matches have both pairs
    acting = Caller(state.record.chat_id, ChatKind.GROUP, acting_for=team.members[0])
    return TableSeat(state, match, side, team, opponents, token_holder(token), acting,
                     await _language(services, state.record.chat_id))


async def seat_by_account(services: Services, public_id: str, user: ChatUser) -> TableSeat:
    """The seat of the pair ``user`` plays in, this round of the tournament; :class:`FormRefused` without one."""
    async with services.storage.read() as tx:
        link = await link_rows.link_by_public_id(tx, public_id)
        if link is None or not link.pages_open:
            raise FormRefused(Refusal.NO_PAGE)
        record = await tournament_rows.get_tournament(tx, link.tournament_id)
        if record is None:
            raise FormRefused(Refusal.NO_PAGE)
        state = await load_state(tx, services.tournaments, record)
    current = current_round_number(state)
    if state.record.status is not TournamentStatus.DRAWN or current is None:
        raise FormRefused(Refusal.NOT_PLAYING)
    key = account_key(user.user_id)
    for match in seated_matches(state, current):
        side = match.side_of(key)
        if side is not None and match.state.open:
            team, opponents = match.team(side), match.team(side.other)
            assert team is not None and opponents is not None
            acting = Caller(state.record.chat_id, ChatKind.GROUP, person=user)
            return TableSeat(state, match, side, team, opponents, key, acting,
                             await _language(services, state.record.chat_id))
    raise FormRefused(Refusal.NOT_PLAYING)


async def issue_form(services: Services, seat: TableSeat) -> str:
    """A fresh single-use nonce for one form of ``seat``'s holder (128 random bits, URL-safe)."""
    nonce = base64.urlsafe_b64encode(services.entropy(16)).decode("ascii").rstrip("=")
    now = services.clock()
    async with services.storage.transaction() as tx:
        await web_forms.issue_nonce(tx, nonce, seat.state.tournament_id, seat.holder, now,
                                    forget_before=now - NONCE_LIFETIME * 2)
    return nonce


async def report_at_table(services: Services, seat: TableSeat, nonce: str, own: MatchLevel, theirs: MatchLevel,
                          winner: str | None) -> ResultRecorded:
    """The pair's result from its own side.

    Our level, theirs, and — only on equal levels — ``we``, ``they`` or ``draw``. The nonce is taken first
    (:class:`FormRefused` when it cannot be); then ``/result``'s service."""
    now = services.clock()
    async with services.storage.transaction() as tx:
        taken = await web_forms.use_nonce(tx, nonce, seat.state.tournament_id, seat.holder, now,
                                          issued_after=now - NONCE_LIFETIME)
    if not taken:
        raise FormRefused(Refusal.USED_FORM)
    told: Outcome | OwnResult
    if own.value != theirs.value:
        told = OwnResult(own.value > theirs.value, own, theirs)
    elif winner in ("we", "they"):
        told = OwnResult(winner == "we", own, theirs)
    elif seat.state.bracket is not None:  # a knockout match needs a winner
        raise DrawNotAllowedError(level=str(own))
    else:  # a draw: record_result refuses it where the tournament has no time limit
        told = Outcome.draw(own)
    return await record_result(services, seat.acting, TableRef(seat.table), told,
                               tournament_id=seat.state.tournament_id)


__all__ = ["NONCE_LIFETIME", "DrawNotAllowedError", "FormRefused", "Refusal", "TableSeat", "issue_form",
           "report_at_table", "seat_by_account", "seat_by_token", "token_holder"]
