"""Sending one announcement, idempotently: re-read its row, render it once, record what Telegram accepted.

The job that fires an announcement calls :func:`prepare` (``None``: nothing to send — already sent, cancelled,
or its tournament or round is over), sends ``Outgoing.pieces`` from ``parts_sent`` on, calling
:func:`record_parts` after each accepted piece, then :func:`finish`. A failed attempt leaves the row pending
(:func:`note_failure`) and is retried by the caller. At start-up :func:`restore` sorts the pending rows into
those to wait for, those to send late and those dropped.

What an announcement says is the caller's business: :func:`prepare` gathers the :class:`AnnouncementFacts` and
hands them to the caller's ``render`` (a presenter) inside the attempt's transaction, so the text is rendered once,
from facts read together, and stored with the attempt that first sends it; a retry sends the stored text.

Each takes ``(services, …)``: a job applies no update, so there is no caller and no claim; each step is a
transaction of its own, made safe to repeat by the row's state.

Many workers on one database (``handlers.claimed_announcer``) keep no timers: :func:`claim_due` leases due rows to
one worker and settles, in the same transaction, what a worker finds there that the single process settles at
start-up (:func:`restore`): a piece left in flight by a worker that died counts as sent, a row nobody tried in time
is sent late or dropped by the late grace (:func:`settle`, the one rule both use). The steps of sending then take
the worker as ``holder`` (they change the row only while that worker holds it) and the row's ``chat_id`` (on
PostgreSQL the step then waits only for writers of that chat, not for every writer).
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from bot.i18n import Language
from bot.match_clock.announcement import Announcement, AnnouncementState
from bot.match_clock.catchup import Catchup, catch_up
from bot.match_clock.plan import AnnouncementKind
from bot.services.match_clock.board import BoardTournament, TournamentBoard
from bot.services.match_clock.checkin import MissingPairs, missing_pairs
from storage import Tx, announcements, chats, history, timetable

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)

Splitter = Callable[[str], Sequence[str]]


@dataclass(frozen=True, slots=True)
class AnnouncementFacts:
    """Everything one announcement's text depends on, read when it is first sent."""

    tournament: BoardTournament
    kind: AnnouncementKind
    round: int
    starts_at: datetime
    due: datetime
    late: bool
    posting: str | None = None
    """Reminder: the round's tables as the tournament layer posts them; ``None`` while not known."""
    missing: tuple[MissingPairs, ...] | None = None
    """Check-in: tables with a pair missing; ``None`` while the tables are not known."""
    written_at: datetime | None = None
    """When the text is written, just before it is first sent: a late reminder counts the minutes left from then."""


Renderer = Callable[[AnnouncementFacts, Language], str]
"""The text of an announcement in a chat's language (``bot.presenters.match_clock.announcement_text``)."""


@dataclass(frozen=True, slots=True)
class Outgoing:
    announcement: Announcement
    """The row after this attempt began: ``parts_sent`` pieces went out in earlier attempts."""
    pieces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Restored:
    ahead: tuple[Announcement, ...]
    late: tuple[Announcement, ...]
    dropped: tuple[Announcement, ...]


def _chats(chat_id: int | None) -> tuple[int, ...] | None:
    """The chats a step's transaction names.

    The row's own when the caller knows it (a claiming worker), else none (every writer waits, as on SQLite)."""
    return None if chat_id is None else (chat_id,)


async def _language(tx: Tx, chat_id: int, default: Language) -> Language:
    chat = await chats.get_chat(tx, chat_id)
    return chat.language if chat is not None and chat.language is not None else default


async def _render(tx: Tx, board: TournamentBoard, row: Announcement, default: Language, render: Renderer,
                  now: datetime) -> str | None:
    """The row's text, or ``None`` (with the reason logged) when there is nothing left to announce."""
    tournament = await board.get(tx, row.tournament_id)
    if tournament is None or tournament.finished:
        return None
    if row.round <= tournament.completed_rounds:
        return None
    start = await timetable.round_start(tx, row.tournament_id, row.round)
    if start is None:
        return None
    language = await _language(tx, row.chat_id, default)
    posting = missing = None
    if row.kind is AnnouncementKind.REMINDER:
        posting = await board.round_posting(tx, row.tournament_id, row.round, language)
    elif row.kind is AnnouncementKind.CHECKIN:
        missing = await missing_pairs(tx, board, row.tournament_id, row.round)
    facts = AnnouncementFacts(tournament, row.kind, row.round, start.starts_at, row.due, row.late, posting, missing,
                              now)
    return render(facts, language)


async def prepare(services: Services, announcement_id: int, *, render: Renderer, split: Splitter,
                  holder: str | None = None, chat_id: int | None = None) -> Outgoing | None:
    """Begin an attempt.

    The pieces to send (``split`` of the stored text, else of the ``render``-ed facts, in the chat's language), or
    ``None`` when there is nothing to send (or ``holder`` no longer holds the row)."""
    now = services.clock()
    async with services.storage.transaction(chats=_chats(chat_id)) as tx:
        row = await announcements.get(tx, announcement_id)
        if row is None or row.state is not AnnouncementState.PENDING:
            return None
        if holder is not None and row.claimed_by != holder:
            return None
        body = row.body if row.body is not None else await _render(tx, services.board, row,
                                                                   services.settings.language, render, now)
        if body is None:
            await announcements.close(tx, announcement_id, AnnouncementState.CANCELLED, now, "nothing to announce",
                                      holder=holder)
            log.info("announcement %s (%s, round %s) cancelled: its tournament or round is over",
                     announcement_id, row.kind.value, row.round)
            return None
        pieces = tuple(split(body))
        started = await announcements.begin_attempt(tx, announcement_id, body, len(pieces), holder=holder)
    if started is None:
        return None
    return Outgoing(started, pieces)


async def get(services: Services, announcement_id: int) -> Announcement | None:
    """The row as it is now (the scheduler reads its chat to choose the platform that sends it)."""
    async with services.storage.read() as tx:
        return await announcements.get(tx, announcement_id)


async def pending(services: Services) -> list[Announcement]:
    """Every pending row, earliest first."""
    async with services.storage.read() as tx:
        return await announcements.pending(tx)


async def record_parts(services: Services, announcement_id: int, parts_sent: int, *, holder: str | None = None,
                       chat_id: int | None = None) -> bool:
    """The first ``parts_sent`` pieces were accepted.

    ``False`` when the row is no longer pending or ``holder`` no longer holds it (it must send no more of it)."""
    async with services.storage.transaction(chats=_chats(chat_id)) as tx:
        return await announcements.record_parts_sent(tx, announcement_id, parts_sent, holder=holder)


async def finish(services: Services, announcement_id: int, *, holder: str | None = None, chat_id: int | None = None
                 ) -> AnnouncementState | None:
    """Mark the row sent (``late`` if it was missed while the bot was down).

    Its final state, or ``None`` if it was no longer pending (or ``holder`` no longer held it)."""
    now = services.clock()
    async with services.storage.transaction(chats=_chats(chat_id)) as tx:
        row = await announcements.get(tx, announcement_id)
        if row is None or row.state is not AnnouncementState.PENDING:
            return None
        state = AnnouncementState.LATE if row.late else AnnouncementState.SENT
        if not await announcements.close(tx, announcement_id, state, now, holder=holder):
            return None
        await history.append(
            tx, chat_id=row.chat_id, tournament_id=row.tournament_id, actor="bot", kind="schedule.announced",
            at=now, details={"announcement": announcement_id, "kind": row.kind.value, "round": row.round,
                             "state": state.value, "attempts": row.attempts})
    return state


async def note_failure(services: Services, announcement_id: int, error: str, *, holder: str | None = None,
                       chat_id: int | None = None) -> None:
    async with services.storage.transaction(chats=_chats(chat_id)) as tx:
        await announcements.record_failure(tx, announcement_id, error, holder=holder)


async def give_up(services: Services, announcement_id: int, reason: str, *, holder: str | None = None,
                  chat_id: int | None = None) -> bool:
    """Drop a row Telegram refused for good (the bot left the chat, the chat is gone)."""
    now = services.clock()
    async with services.storage.transaction(chats=_chats(chat_id)) as tx:
        return await announcements.close(tx, announcement_id, AnnouncementState.DROPPED, now, reason, holder=holder)


class Settled(enum.StrEnum):
    """What :func:`settle` made of a pending row found when its time had come, or after its sender was gone."""

    AHEAD = "ahead"  # not due yet
    SEND = "send"  # due: send it (marked late if it was missed, see ``late``)
    COUNTED_SENT = "counted_sent"  # its last piece was in flight when its sender stopped: counted as sent, closed
    DROPPED = "dropped"  # missed by more than the late grace


@dataclass(frozen=True, slots=True)
class Settlement:
    row: Announcement
    """The row afterwards."""
    outcome: Settled
    resumed: bool = False
    """A piece was in flight when its sender stopped: counted as sent (logged)."""
    late: bool = False
    """Marked late now."""


async def settle(tx: Tx, found: Announcement, now: datetime, grace: timedelta, *, missed: bool = True
                 ) -> Settlement:
    """The rule for a pending row whose sender may have stopped, at ``now``.

    A piece left in flight counts as sent (an announcement goes out at most once; a row whose every piece is then
    counted is closed as sent); then a row that was ``missed`` (nobody tried it in time: the single process at start-up,
    :func:`restore`; a claiming worker when the row's attempt was overdue by more than its ``missed_after``) is marked
    late within the grace (``GUANDAN_LATE_GRACE_MINUTES``) and dropped after it."""
    row, resumed = found, False
    if found.part_in_flight is not None:
        row = await announcements.settle_in_flight(tx, found.announcement_id) or found
        resumed = True
        if row.parts_total is not None and row.parts_sent >= row.parts_total:
            state = AnnouncementState.LATE if row.late else AnnouncementState.SENT
            await announcements.close(tx, row.announcement_id, state, now,
                                      "the bot stopped while sending it; counted as sent")
            return Settlement(row, Settled.COUNTED_SENT, resumed=True)
    if not missed:
        return Settlement(row, Settled.SEND, resumed=resumed)
    verdict = catch_up(row.due, now, grace)
    if verdict is Catchup.AHEAD:
        return Settlement(row, Settled.AHEAD, resumed=resumed)
    if verdict is Catchup.LATE:
        if not row.late:
            await announcements.mark_late(tx, row.announcement_id)
        return Settlement(row, Settled.SEND, resumed=resumed, late=True)
    await announcements.close(tx, row.announcement_id, AnnouncementState.DROPPED, now,
                              "missed while the bot was down")
    return Settlement(row, Settled.DROPPED, resumed=resumed)


def _log_settled(settlements: Sequence[Settlement], now: datetime) -> None:
    for settled in settlements:
        row = settled.row
        if settled.resumed:
            log.warning("announcement %s (%s, round %s, chat %s): the bot stopped while sending piece %s of %s; "
                        "counted as sent, not repeated", row.announcement_id, row.kind.value, row.round,
                        row.chat_id, row.parts_sent, row.parts_total)
        if settled.outcome is Settled.DROPPED:
            log.warning("announcement %s (%s, round %s, chat %s) due %s was missed by %s while the bot was down: "
                        "dropped", row.announcement_id, row.kind.value, row.round, row.chat_id,
                        row.due.isoformat(), now - row.due)


async def restore(services: Services) -> Restored:
    """At start-up: keep, mark late or drop each pending announcement.

    At start-up: pending rows still ahead, rows missed by at most the late grace (``GUANDAN_LATE_GRACE_MINUTES``; now
    marked late), rows missed by more (now dropped)."""
    now, grace = services.clock(), services.settings.late_grace
    ahead, late, dropped, settlements = [], [], [], []
    async with services.storage.transaction() as tx:
        for found in await announcements.pending(tx):
            settled = await settle(tx, found, now, grace)
            settlements.append(settled)
            if settled.outcome is Settled.AHEAD:
                ahead.append(settled.row)
            elif settled.outcome is Settled.SEND:
                late.append(settled.row)
            elif settled.outcome is Settled.DROPPED:
                dropped.append(settled.row)
    _log_settled(settlements, now)
    return Restored(tuple(ahead), tuple(late), tuple(dropped))


# Claims: many workers, one database (handlers.claimed_announcer).


@dataclass(frozen=True, slots=True)
class Claimed:
    """What one claim found: the rows this worker now holds and sends, and those it settled without sending."""

    to_send: tuple[Announcement, ...]
    settled: tuple[Settlement, ...]
    """Every row claimed, with what :func:`settle` made of it (``to_send`` are those to send)."""
    next_attempt: datetime | None
    """The earliest next attempt among the rows no worker holds now (``None``: none pending)."""


async def claim_due(services: Services, holder: str, *, limit: int, lease: timedelta, missed_after: timedelta,
                    chat_ranges: Sequence[announcements.ChatRange]) -> Claimed:
    """Claim due announcements for worker ``holder`` and settle each.

    Claim for worker ``holder`` (until ``lease`` from now) at most ``limit`` due rows of the chats in
    ``chat_ranges`` that no worker holds, and settle each (:func:`settle`): one whose attempt is overdue by more
    than ``missed_after`` was missed (no worker ran then) and meets the late grace. One transaction, on PostgreSQL
    waiting for no chat's writers: workers claiming together take different rows (``storage.announcements``)."""
    now, grace = services.clock(), services.settings.late_grace
    settlements: list[Settlement] = []
    async with services.storage.transaction(chats=()) as tx:
        claimed = await announcements.claim_due(tx, holder=holder, now=now, until=now + lease, limit=limit,
                                                chat_ranges=chat_ranges) if limit > 0 else []
        for row in claimed:
            settled = await settle(tx, row, now, grace, missed=now - row.next_attempt > missed_after)
            settlements.append(settled)
        following = await announcements.next_attempt(tx, now=now, chat_ranges=chat_ranges)
    _log_settled(settlements, now)
    to_send = tuple(settled.row for settled in settlements if settled.outcome is Settled.SEND)
    return Claimed(to_send, tuple(settlements), following)


async def next_attempt(services: Services, chat_ranges: Sequence[announcements.ChatRange]) -> datetime | None:
    """The earliest next attempt of a pending row of those chats that no worker holds now."""
    async with services.storage.read() as tx:
        return await announcements.next_attempt(tx, now=services.clock(), chat_ranges=chat_ranges)


async def renew_claims(services: Services, holder: str, lease: timedelta) -> int:
    """``holder``'s heartbeat: its claims last ``lease`` from now; how many it holds."""
    async with services.storage.transaction(chats=()) as tx:
        return await announcements.renew_claims(tx, holder, services.clock() + lease)


async def retry_later(services: Services, announcement_id: int, holder: str, delay: timedelta, *,
                      chat_id: int | None = None) -> bool:
    """``holder`` lets go of the row, to be claimed again (by any worker) after ``delay``."""
    async with services.storage.transaction(chats=_chats(chat_id)) as tx:
        return await announcements.retry_at(tx, announcement_id, holder, services.clock() + delay)


async def release_claims(services: Services, holder: str) -> int:
    """A stopping worker lets go of what it holds with no piece in flight (``storage.announcements``)."""
    async with services.storage.transaction(chats=()) as tx:
        return await announcements.release_claims(tx, holder)
