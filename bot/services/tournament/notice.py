"""The tournament's own rules (竞赛规程) of a chat's tournament.

Attach one (typed or as a document), show its sections, remove it; and what ``/rule`` needs to answer in that chat (the
notice and the tournament's rule choices).

Attaching and removing are for organisers, each one transaction (the notice row and its history event). A document
is read in a confined, time-limited process of its own (``python -m bot.rules.notice_process``: someone's PDF must
never hold the worker thread or the event loop other groups use); splitting the notice (at most
``MAX_NOTICE_CHARS``) is CPU work for the worker thread, and also builds the notice's search index, which ``/rule``
then finds ready.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

from bot.claims import UpdateClaim
from bot.errors import TournamentError, UsageError
from bot.rules.notice import MAX_NOTICE_CHARS, Article, notice_index
from bot.rules.notice_file import NoticeReadTooSlowError, UnreadableNoticeError, check_notice_size
from bot.rules.notice_process import decode_result
from bot.rules.variant_notes import UNTIMED
from bot.ruleset.variants import RuleVariant
from bot.services import Services
from bot.services.caller import Caller
from bot.services.reading_apart import ReaderFailedError, ReadOutOfTimeError, read_apart
from bot.services.roles import Role
from bot.services.tournament.state import NoTournamentError
from bot.services.worker import in_worker
from storage import Tx, history, notices
from storage import club as club_rows
from storage import tournaments as tournament_rows
from storage.notices import StoredNotice

READ_BUDGET_SECONDS = 10.0
"""Wall time the process reading a notice document may take (its own limits stop known bombs well within it)."""
READER_MODULE = "bot.rules.notice_process"


class NoNoticeError(TournamentError):
    """The chat's tournament has no notice attached."""

    key = "notice.none"


class EmptyNoticeError(UsageError):
    key = "notice.empty"


class NoticeTooLongError(UsageError):
    key = "notice.too_long"


@dataclass(frozen=True, slots=True)
class NoticeView:
    """A tournament's notice with its articles, for showing."""

    tournament_name: str
    notice: StoredNotice
    articles: tuple[Article, ...]


@dataclass(frozen=True, slots=True)
class NoticeAttached:
    view: NoticeView
    replaced: bool
    """An earlier notice was replaced."""


@dataclass(frozen=True, slots=True)
class RuleContext:
    """What a rule answer in a chat depends on: the open tournament's rule choices and its notice (if any)."""

    variant: RuleVariant | None = None
    notice: str | None = None
    time_limit: int | None = None
    """The tournament's minutes per match (its ``time_limit`` setting), when it has one."""

    @property
    def minutes(self) -> int | None:
        """The time limit as rule answers take it.

        The minutes, :data:`~bot.rules.variant_notes.UNTIMED` for a tournament played without one, ``None`` outside a
        tournament."""
        return UNTIMED if self.variant is not None and self.time_limit is None else self.time_limit


def _articles(text: str) -> tuple[Article, ...]:
    return notice_index(text).articles


def _checked(text: str) -> str:
    text = text.strip()
    if not text:
        raise EmptyNoticeError()
    if len(text) > MAX_NOTICE_CHARS:
        raise NoticeTooLongError(limit=MAX_NOTICE_CHARS, length=len(text))
    return text


async def attach_notice(services: Services, caller: Caller, text: str, file_name: str | None = None) -> NoticeAttached:
    """Attach ``text`` as the notice of the chat's open tournament (replacing any earlier one); organisers only."""
    roles = await services.roles.for_caller(caller)
    text = _checked(text)
    articles = await in_worker(_articles, text)
    if not articles:
        raise EmptyNoticeError()
    now = services.clock()
    async with services.storage.transaction(claim=caller.claim) as tx:
        await roles.require(tx, Role.ORGANISER)
        record = await tournament_rows.open_tournament(tx, caller.chat_id)
        if record is None:
            raise NoTournamentError()
        replaced = await notices.notice(tx, record.tournament_id) is not None
        await notices.set_notice(tx, record.tournament_id, text, file_name, caller.actor_key, now)
        stored = await notices.notice(tx, record.tournament_id)
        assert stored is not None
        await history.append(
            tx, chat_id=record.chat_id, tournament_id=record.tournament_id, actor=caller.actor_key,
            kind="notice.attached", at=now,
            details={"characters": len(text), "articles": len(articles), "file_name": file_name,
                     "replaced": replaced})
    return NoticeAttached(NoticeView(record.name, stored, articles), replaced)


@dataclass(frozen=True, slots=True)
class ClubNotice:
    """The club's standing notice after ``/notice club …``: its text (``None``: none) and its sections."""

    text: str | None
    articles: tuple[Article, ...] = ()
    changed: bool = False


async def club_notice(services: Services, caller: Caller, text: str | None, *, remove: bool = False) -> ClubNotice:
    """``/notice club <text>``: the notice every new tournament of the group gets.

    The notice attached to every new tournament of the group (organisers); ``remove``: none from now on; neither: show
    it. Tournaments already made keep theirs."""
    if text is None and not remove:
        async with services.storage.read() as tx:
            stored = await club_rows.club_notice(tx, caller.chat_id)
        return ClubNotice(stored, () if stored is None else await in_worker(_articles, stored))
    roles = await services.roles.for_caller(caller)
    articles: tuple[Article, ...] = ()
    if text is not None:
        text = _checked(text)
        articles = await in_worker(_articles, text)
        if not articles:
            raise EmptyNoticeError()
    now = services.clock()
    async with services.storage.transaction(claim=caller.claim) as tx:
        await roles.require(tx, Role.ORGANISER)
        await club_rows.set_club_notice(tx, caller.chat_id, text or "", actor=caller.actor_key, at=now)
        await history.append(tx, chat_id=caller.chat_id, actor=caller.actor_key, kind="club.notice", at=now,
                             details={"characters": len(text or ""), "articles": len(articles)})
    return ClubNotice(text, articles, True)


async def attach_club_notice(tx: Tx, tournament_id: int, chat_id: int, at: datetime) -> bool:
    """A new tournament gets the club's standing notice, if the club has one (in the transaction that makes it)."""
    text = await club_rows.club_notice(tx, chat_id)
    if text is None:
        return False
    await notices.set_notice(tx, tournament_id, text, None, "club", at)
    await history.append(tx, chat_id=chat_id, tournament_id=tournament_id, actor="club", kind="notice.attached",
                         at=at, details={"characters": len(text), "club": True})
    return True


async def attach_notice_file(
    services: Services, caller: Caller, download: Callable[[], Awaitable[bytes]], size: int | None,
    file_name: str | None,
) -> NoticeAttached:
    """Attach the notice in the document ``download`` fetches (``size``: its announced size, checked first)."""
    await services.roles.require(caller, Role.ORGANISER)
    async with services.storage.read() as tx:
        if await tournament_rows.open_tournament(tx, caller.chat_id) is None:
            raise NoTournamentError()
    if size is not None:
        check_notice_size(size)
    text = await read_notice_apart(await download())
    return await attach_notice(services, caller, text, file_name)


async def read_notice_apart(data: bytes) -> str:
    """The text of the notice document ``data``, read by a confined process; raise its ``NoticeFileError`` leaf."""
    try:
        output = await read_apart(READER_MODULE, data, budget=READ_BUDGET_SECONDS, what="a notice file")
    except ReadOutOfTimeError:
        raise NoticeReadTooSlowError(seconds=f"{READ_BUDGET_SECONDS:g}") from None
    except ReaderFailedError:
        raise UnreadableNoticeError() from None
    return decode_result(output.decode("ascii"))


async def show_notice(services: Services, chat_id: int) -> NoticeView:
    """The notice of the chat's open tournament; raise :class:`NoNoticeError` when none is attached."""
    async with services.storage.read() as tx:
        record = await tournament_rows.open_tournament(tx, chat_id)
        if record is None:
            raise NoTournamentError()
        stored = await notices.notice(tx, record.tournament_id)
    if stored is None:
        raise NoNoticeError()
    return NoticeView(record.name, stored, await in_worker(_articles, stored.text))


async def remove_notice(services: Services, caller: Caller) -> str:
    """Drop the notice of the chat's open tournament; the tournament's name. Organisers only."""
    roles = await services.roles.for_caller(caller)
    now = services.clock()
    async with services.storage.transaction(claim=caller.claim) as tx:
        await roles.require(tx, Role.ORGANISER)
        record = await tournament_rows.open_tournament(tx, caller.chat_id)
        if record is None:
            raise NoTournamentError()
        if not await notices.remove_notice(tx, record.tournament_id):
            raise NoNoticeError()
        await history.append(tx, chat_id=record.chat_id, tournament_id=record.tournament_id,
                             actor=caller.actor_key, kind="notice.removed", at=now)
    return record.name


async def rule_context(services: Services, chat_id: int, claim: UpdateClaim | None = None) -> RuleContext:
    """The open tournament's rule choices and notice, for answering a rule question.

    ``claim``: the update's, whose view of the chat saves the reads when it has no open tournament."""
    seen = None if claim is None else claim.fresh_view(chat_id)
    if seen is not None and (seen.tournament is None or not seen.tournament.open):
        return RuleContext()
    if seen is not None and seen.tournament is not None:
        cached = services.tournaments.get(seen.tournament.tournament_id, seen.tournament.version)
        if cached is not None:  # its settings are that version's; the notice (not versioned) is read as it is now
            noticed = seen.tournament.noticed
            text = await notices.notice_text(services.storage, cached.tournament_id) if noticed else None
            settings = cached.record.settings
            return RuleContext(settings.variant(), text, settings.time_limit)
    async with services.storage.read() as tx:
        record = await tournament_rows.open_tournament(tx, chat_id)
        if record is None:
            return RuleContext()
        stored = await notices.notice(tx, record.tournament_id)
    return RuleContext(record.settings.variant(), None if stored is None else stored.text, record.settings.time_limit)
