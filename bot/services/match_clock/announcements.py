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
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
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


async def _language(tx: Tx, chat_id: int, default: Language) -> Language:
    chat = await chats.get_chat(tx, chat_id)
    return chat.language if chat is not None and chat.language is not None else default


async def _render(tx: Tx, board: TournamentBoard, row: Announcement, default: Language, render: Renderer
                  ) -> str | None:
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
    facts = AnnouncementFacts(tournament, row.kind, row.round, start.starts_at, row.due, row.late, posting, missing)
    return render(facts, language)


async def prepare(services: Services, announcement_id: int, *, render: Renderer, split: Splitter) -> Outgoing | None:
    """Begin an attempt: the pieces to send (``split`` of the stored text, else of the ``render``-ed facts, in the
    chat's language), or ``None`` when there is nothing to send."""
    now = services.clock()
    async with services.storage.transaction() as tx:
        row = await announcements.get(tx, announcement_id)
        if row is None or row.state is not AnnouncementState.PENDING:
            return None
        body = row.body if row.body is not None else await _render(tx, services.board, row,
                                                                   services.settings.language, render)
        if body is None:
            await announcements.close(tx, announcement_id, AnnouncementState.CANCELLED, now, "nothing to announce")
            log.info("announcement %s (%s, round %s) cancelled: its tournament or round is over",
                     announcement_id, row.kind.value, row.round)
            return None
        pieces = tuple(split(body))
        started = await announcements.begin_attempt(tx, announcement_id, body, len(pieces))
    if started is None:
        return None
    return Outgoing(started, pieces)


async def get(services: Services, announcement_id: int) -> Announcement | None:
    """The row as it is now (the scheduler reads its chat to choose the platform that sends it)."""
    async with services.storage.read() as tx:
        return await announcements.get(tx, announcement_id)


async def record_parts(services: Services, announcement_id: int, parts_sent: int) -> None:
    async with services.storage.transaction() as tx:
        await announcements.record_parts_sent(tx, announcement_id, parts_sent)


async def finish(services: Services, announcement_id: int) -> AnnouncementState | None:
    """Mark the row sent (``late`` if it was missed while the bot was down); its final state, or ``None`` if it
    was no longer pending."""
    now = services.clock()
    async with services.storage.transaction() as tx:
        row = await announcements.get(tx, announcement_id)
        if row is None or row.state is not AnnouncementState.PENDING:
            return None
        state = AnnouncementState.LATE if row.late else AnnouncementState.SENT
        await announcements.close(tx, announcement_id, state, now)
        await history.append(
            tx, chat_id=row.chat_id, tournament_id=row.tournament_id, actor="bot", kind="schedule.announced",
            at=now, details={"announcement": announcement_id, "kind": row.kind.value, "round": row.round,
                             "state": state.value, "attempts": row.attempts})
    return state


async def note_failure(services: Services, announcement_id: int, error: str) -> None:
    async with services.storage.transaction() as tx:
        await announcements.record_failure(tx, announcement_id, error)


async def give_up(services: Services, announcement_id: int, reason: str) -> bool:
    """Drop a row Telegram refused for good (the bot left the chat, the chat is gone)."""
    now = services.clock()
    async with services.storage.transaction() as tx:
        return await announcements.close(tx, announcement_id, AnnouncementState.DROPPED, now, reason)


async def restore(services: Services) -> Restored:
    """At start-up: pending rows still ahead, rows missed by at most the late grace (``GUANDAN_LATE_GRACE_MINUTES``; now
    marked late), rows missed by more (now dropped)."""
    now, grace = services.clock(), services.settings.late_grace
    ahead, late, dropped, settled = [], [], [], []
    async with services.storage.transaction() as tx:
        for found in await announcements.pending(tx):
            row = found
            if found.part_in_flight is not None:
                row = await announcements.settle_in_flight(tx, found.announcement_id) or found
                settled.append(row)
                if row.parts_total is not None and row.parts_sent >= row.parts_total:
                    state = AnnouncementState.LATE if row.late else AnnouncementState.SENT
                    await announcements.close(tx, row.announcement_id, state, now,
                                              "the bot stopped while sending it; counted as sent")
                    continue
            verdict = catch_up(row.due, now, grace)
            if verdict is Catchup.AHEAD:
                ahead.append(row)
            elif verdict is Catchup.LATE:
                await announcements.mark_late(tx, row.announcement_id)
                late.append(row)
            else:
                await announcements.close(tx, row.announcement_id, AnnouncementState.DROPPED, now,
                                          "missed while the bot was down")
                dropped.append(row)
    for row in settled:
        log.warning("announcement %s (%s, round %s, chat %s): the bot stopped while sending piece %s of %s; "
                    "counted as sent, not repeated", row.announcement_id, row.kind.value, row.round, row.chat_id,
                    row.parts_sent, row.parts_total)
    for row in dropped:
        log.warning("announcement %s (%s, round %s, chat %s) due %s was missed by %s while the bot was down: "
                    "dropped", row.announcement_id, row.kind.value, row.round, row.chat_id,
                    row.due.isoformat(), now - row.due)
    return Restored(tuple(ahead), tuple(late), tuple(dropped))
