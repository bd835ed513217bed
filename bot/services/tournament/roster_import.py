"""``/import``: an organiser signs up a whole roster from a spreadsheet (.xlsx or .csv) — every row, or none.

Each row is a sign-up by name, as ``/signup 张三 李四`` (a pair), ``/signup 张三`` (a single) or ``/signup 张三 m``
(mixed mode) would make it: people without an account (``Person.named``), the row's unit given to both members.
Every row is checked first (:func:`bot.sheets.roster.validate_rows`, against the tournament's mode and the people
already signed up); with any problem nothing is imported and the organiser gets every problem with its row
number. Otherwise all rows are signed up in ONE transaction (:func:`bot.tournament.registration.sign_up_many`),
so a failure half-way leaves nothing behind.

Reading the file happens in a separate process with a time budget
(:mod:`bot.services.tournament.roster_reading`): a hostile workbook costs that process, never the event loop
other groups wait on. Building the new entry list is CPU work for the worker thread; it starts from the
registration as read before the transaction, and is redone inside it only if the registration changed meanwhile.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from bot.errors import UsageError
from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.tournament.roster_reading import read_roster_apart
from bot.services.tournament.state import TournamentState, changing, read_state
from bot.services.worker import in_worker
from bot.sheets.roster import RosterProblem, RosterRow, RosterSheet
from bot.sheets.roster_file import MAX_FILE_BYTES, FileTooLargeError
from bot.tournament import registration as engine
from bot.tournament.entries import NAME_PREFIX, Entry, EntryStatus, Gender, Person
from bot.tournament.registration import AlreadyDrawnError, Registration, RegistrationClosedError, RegistrationState


class NoDocumentError(UsageError):
    """``/import`` typed without a file (nor as a reply to one)."""

    key = "sheets.no_document"


@dataclass(frozen=True, slots=True)
class RosterImported:
    state: TournamentState
    entries: tuple[Entry, ...]
    """The new entries in roster order, as registered (active, or waiting when the tournament is full)."""

    @property
    def pairs(self) -> int:
        return sum(1 for entry in self.entries if not entry.is_single)

    @property
    def singles(self) -> int:
        return sum(1 for entry in self.entries if entry.is_single)

    def people_of(self, gender: Gender) -> int:
        return sum(1 for entry in self.entries for person in entry.members if person.gender is gender)

    @property
    def waiting(self) -> int:
        return sum(1 for entry in self.entries if entry.status is EntryStatus.WAITING)


@dataclass(frozen=True, slots=True)
class RosterRejected:
    """Nothing was imported; ``problems`` lists every one, in row order."""

    problems: tuple[RosterProblem, ...]


@dataclass(frozen=True, slots=True)
class _Plan:
    sheet: RosterSheet
    problems: tuple[RosterProblem, ...] = ()
    after: Registration | None = None


def signed_up_names(registration: Registration) -> frozenset[str]:
    """The name keys of the people without an account in current entries (whom a roster cannot enter again)."""
    return frozenset(
        person.key.removeprefix(NAME_PREFIX)
        for entry in registration.entries if entry.is_current
        for person in entry.members if person.key.startswith(NAME_PREFIX)
    )


def sign_up_group(row: RosterRow) -> tuple[Person, ...]:
    """A row as ``/signup`` by name would enter it: a pair, or a single (with a gender in mixed mode)."""
    first = Person.named(row.name, gender=row.gender, unit=row.unit)
    if row.partner is None:
        return (first,)
    return first, Person.named(row.partner, gender=row.partner_gender, unit=row.unit)


def _plan(sheet: RosterSheet, registration: Registration) -> _Plan:
    check = sheet.check(mode=registration.mode, entered=signed_up_names(registration))
    if not check.ok:
        return _Plan(sheet, check.problems)
    return _Plan(sheet, after=engine.sign_up_many(registration, [sign_up_group(row) for row in check.rows]))


def _require_open(registration: Registration) -> None:
    if registration.state is RegistrationState.DRAWN:
        raise AlreadyDrawnError()
    if registration.state is not RegistrationState.OPEN:
        raise RegistrationClosedError()


def _require_size(size: int) -> None:
    if size > MAX_FILE_BYTES:
        raise FileTooLargeError(limit_mb=MAX_FILE_BYTES // (1024 * 1024))


async def import_roster(
    services: Services, caller: Caller, download: Callable[[], Awaitable[bytes]], size: int | None = None
) -> RosterImported | RosterRejected:
    """Import the roster that ``download`` fetches (``size``: its announced size, checked before fetching).

    Refused before anything is fetched: a caller who is not an organiser, a chat without an open tournament or
    whose registration is not open, a file over 1 MB (the change's transaction decides the role again). A file
    that is not a roster raises a ``RosterFileError`` leaf; problems of rows come back as :class:`RosterRejected`.
    """
    await services.roles.require(caller, Role.ORGANISER)
    before = await read_state(services, caller.chat_id, finished=False, claim=caller.claim)
    _require_open(before.registration)
    if size is not None:
        _require_size(size)
    data = await download()
    _require_size(len(data))
    sheet = await read_roster_apart(data)
    plan = await in_worker(_plan, sheet, before.registration)
    if plan.problems:
        return RosterRejected(plan.problems)
    async with changing(services, caller, required=Role.ORGANISER) as change:
        registration = change.before.registration
        if change.before.record.version != before.record.version:  # someone signed up meanwhile: check again
            _require_open(registration)
            plan = _plan(plan.sheet, registration)
            if plan.problems:
                return RosterRejected(plan.problems)
        assert plan.after is not None
        added = plan.after.entries[len(registration.entries):]
        change.after = replace(change.before, registration=plan.after)
        change.record("entry.imported", {"count": len(added), "first_entry": added[0].entry_id,
                                         "last_entry": added[-1].entry_id, "by_organiser": True})
    return RosterImported(change.current, tuple(added))
