"""Registration: the entry list of one tournament, from sign-up to the draw, as an immutable value.

Every operation is a pure function returning a new :class:`Registration` (and the entry concerned where the
caller needs it to reply); who may call which one is the chat layer's business. The rules and the choices made
where the notices leave room (one entry per person, modes, capacity, first come first served, states, mode
changes, lists, units, open places, edits, claims, undoing the draw): docs/design.md, "Sign-up: strictly first
come, first served".
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from bot.errors import TournamentError
from bot.tournament.entries import Entry, EntryStatus, Gender, Person, RegistrationMode
from bot.tournament.names import name_key

MIN_CAPACITY = 2


class DuplicateEntryError(TournamentError):
    key = "entries.duplicate_entry"


class SamePersonTwiceError(TournamentError):
    key = "entries.same_person_twice"


class WrongModeError(TournamentError):
    key = "entries.wrong_mode"


class GenderRequiredError(TournamentError):
    key = "entries.gender_required"


class RegistrationClosedError(TournamentError):
    key = "entries.registration_closed"


class AlreadyDrawnError(TournamentError):
    key = "entries.already_drawn"


class UnknownEntryError(TournamentError):
    key = "entries.unknown_entry"


class NotEnteredError(TournamentError):
    key = "entries.not_entered"


class InvalidCapacityError(TournamentError):
    key = "entries.invalid_capacity"


class ModeChangeBlockedError(TournamentError):
    key = "entries.mode_change_blocked"


class GenderMissingError(TournamentError):
    key = "entries.gender_missing"


class RegistrationStillOpenError(TournamentError):
    """The draw (or marking one as made) waits until registration is closed."""

    key = "entries.still_open"


class NameTakenError(TournamentError):
    """A new name would make a member the same person as someone already entered."""

    key = "entries.name_taken"


class AlreadyLinkedError(TournamentError):
    """Only a member entered by name can be claimed by an account."""

    key = "entries.already_linked"


class NotDrawnError(TournamentError):
    key = "entries.not_drawn"


class RegistrationState(enum.StrEnum):
    OPEN = "open"
    CLOSED = "closed"
    DRAWN = "drawn"


@dataclass(frozen=True, slots=True)
class Registration:
    """Mode, optional capacity (in pairs), every entry ever made (withdrawn ones too, in sign-up order), state."""

    mode: RegistrationMode = RegistrationMode.PAIRS
    capacity: int | None = None
    entries: tuple[Entry, ...] = ()
    state: RegistrationState = RegistrationState.OPEN

    @property
    def active(self) -> tuple[Entry, ...]:
        """Entries with a place in the draw, in sign-up order."""
        return tuple(entry for entry in self.entries if entry.status is EntryStatus.ACTIVE)

    @property
    def waiting(self) -> tuple[Entry, ...]:
        """The reserve list, in the order it moves up."""
        return tuple(entry for entry in self.entries if entry.status is EntryStatus.WAITING)

    def entry(self, entry_id: int) -> Entry:
        """The entry ``entry_id`` (withdrawn ones included); raise :class:`UnknownEntryError`."""
        for entry in self.entries:
            if entry.entry_id == entry_id:
                return entry
        raise UnknownEntryError(entry_id=entry_id)

    def entry_of(self, person_key: str) -> Entry:
        """The active or waiting entry holding ``person_key``; raise :class:`NotEnteredError`."""
        for entry in self.entries:
            if entry.is_current and person_key in entry.person_keys:
                return entry
        raise NotEnteredError()

    def waiting_position(self, entry_id: int) -> int | None:
        """1 for the head of the reserve list; ``None`` if the entry is not waiting."""
        for position, entry in enumerate(self.waiting, start=1):
            if entry.entry_id == entry_id:
                return position
        return None


@dataclass(frozen=True, slots=True)
class OpenPlaces:
    """How many more people the next sign-ups can bring in without waiting: ``None`` without a capacity.

    In ``mixed`` mode per gender; in ``pairs`` mode one count (a pair takes two places, a single one)."""

    capacity: int | None
    places: int | None = None
    men: int | None = None
    women: int | None = None


def _check_capacity(capacity: int | None) -> None:
    if capacity is not None and capacity < MIN_CAPACITY:
        raise InvalidCapacityError(minimum=MIN_CAPACITY)


def open_registration(mode: RegistrationMode, capacity: int | None = None) -> Registration:
    _check_capacity(capacity)
    return Registration(mode=mode, capacity=capacity)


def _queue(entry: Entry, mode: RegistrationMode, capacity: int | None) -> tuple[Gender | None, int, int | None]:
    """Which queue an entry waits in, how many places it takes and that queue's limit (in people)."""
    if mode is RegistrationMode.MIXED:
        return entry.members[0].gender, 1, capacity
    return None, len(entry.members), None if capacity is None else 2 * capacity


def _count(entries: Iterable[Entry], mode: RegistrationMode, capacity: int | None,
           ) -> tuple[tuple[Entry, ...], Counter[Gender | None], set[Gender | None]]:
    """Every current entry's status under strict first come, first served.

    See the module docstring. The places used and the queues in which someone waits come with it."""
    used: Counter[Gender | None] = Counter()
    blocked: set[Gender | None] = set()
    settled: list[Entry] = []
    for entry in entries:
        if not entry.is_current:
            settled.append(entry)
            continue
        queue, places, limit = _queue(entry, mode, capacity)
        fits = queue not in blocked and (limit is None or used[queue] + places <= limit)
        if fits:
            used[queue] += places
        else:
            blocked.add(queue)
        status = EntryStatus.ACTIVE if fits else EntryStatus.WAITING
        settled.append(entry if entry.status is status else replace(entry, status=status))
    return tuple(settled), used, blocked


def _settle(entries: Iterable[Entry], mode: RegistrationMode, capacity: int | None) -> tuple[Entry, ...]:
    return _count(entries, mode, capacity)[0]


def open_places(registration: Registration) -> OpenPlaces:
    """The places the next sign-ups get (see :class:`OpenPlaces`), counted as :func:`_settle` admits entries."""
    capacity = registration.capacity
    if capacity is None:
        return OpenPlaces(None)
    _, used, blocked = _count(registration.entries, registration.mode, capacity)

    def left(queue: Gender | None, limit: int) -> int:
        return 0 if queue in blocked else max(0, limit - used[queue])

    if registration.mode is RegistrationMode.MIXED:
        return OpenPlaces(capacity, men=left(Gender.MALE, capacity), women=left(Gender.FEMALE, capacity))
    return OpenPlaces(capacity, places=left(None, 2 * capacity))


def _require_changeable(registration: Registration) -> None:
    if registration.state is RegistrationState.DRAWN:
        raise AlreadyDrawnError()


def _require_open(registration: Registration) -> None:
    if registration.state is not RegistrationState.OPEN:
        raise RegistrationClosedError()


def _unit_spellings(entries: Iterable[Entry]) -> dict[str, str]:
    """Each unit's first registered spelling, by its normalized key."""
    spellings: dict[str, str] = {}
    for entry in entries:
        for member in entry.members:
            if member.unit is not None:
                spellings.setdefault(name_key(member.unit), member.unit)
    return spellings


def _respell_unit(person: Person, spellings: dict[str, str]) -> Person:
    """``person`` with their unit spelled as it was first registered (and remembered if it is new)."""
    if person.unit is None:
        return person
    spelling = spellings.setdefault(name_key(person.unit), person.unit)
    return person if spelling == person.unit else replace(person, unit=spelling)


def _check_form(registration: Registration, members: tuple[Person, ...]) -> None:
    """Refuse a sign-up whose form does not suit the mode (a pair in mixed mode, a missing gender)."""
    if registration.mode is RegistrationMode.MIXED:
        if len(members) != 1:
            raise WrongModeError()
        if members[0].gender is None:
            raise GenderRequiredError()
    if len(members) == 2 and members[0].key == members[1].key:
        raise SamePersonTwiceError(name=members[0].name)


def _add_all(registration: Registration, groups: Iterable[tuple[Person, ...]]) -> Registration:
    """Sign up every group in order (all or nothing); statuses are settled once at the end."""
    _require_open(registration)
    holders = {key for entry in registration.entries if entry.is_current for key in entry.person_keys}
    next_id = max((entry.entry_id for entry in registration.entries), default=0) + 1
    spellings = _unit_spellings(registration.entries)
    added: list[Entry] = []
    for members in groups:
        _check_form(registration, members)
        for person in members:
            if person.key in holders:
                raise DuplicateEntryError(name=person.name)
            holders.add(person.key)
        members = tuple(_respell_unit(person, spellings) for person in members)
        added.append(Entry(next_id + len(added), members))
    entries = _settle((*registration.entries, *added), registration.mode, registration.capacity)
    return replace(registration, entries=entries)


def sign_up_many(registration: Registration, groups: Iterable[Sequence[Person]]) -> Registration:
    """Several sign-ups at once, in order (an organiser pasting a list): each group is a pair or a single.

    Each is checked as :func:`sign_up_pair` / :func:`sign_up_single` would; the first refusal refuses them all.
    """
    return _add_all(registration, (tuple(group) for group in groups))


def sign_up_pair(registration: Registration, first: Person, second: Person) -> tuple[Registration, Entry]:
    """Two people sign up together (``pairs`` mode only). The entry is active, or waiting when places are full."""
    registration = _add_all(registration, [(first, second)])
    return registration, registration.entries[-1]


def sign_up_single(registration: Registration, person: Person) -> tuple[Registration, Entry]:
    """One person signs up alone: paired by lot (``pairs``), or by gender (``mixed``, gender required)."""
    registration = _add_all(registration, [(person,)])
    return registration, registration.entries[-1]


def withdraw(registration: Registration, entry_id: int) -> Registration:
    """Withdraw an active or waiting entry before the draw; the reserve list moves up into freed places."""
    _require_changeable(registration)
    entry = registration.entry(entry_id)
    if not entry.is_current:
        raise UnknownEntryError(entry_id=entry_id)
    withdrawn = replace(entry, status=EntryStatus.WITHDRAWN)
    entries = tuple(withdrawn if other.entry_id == entry_id else other for other in registration.entries)
    return replace(registration, entries=_settle(entries, registration.mode, registration.capacity))


def change_mode(registration: Registration, mode: RegistrationMode) -> Registration:
    """Switch ``pairs`` ⇄ ``mixed`` before the draw (what happens to existing entries: module docstring)."""
    _require_changeable(registration)
    if mode is RegistrationMode.MIXED:
        current = [entry for entry in registration.entries if entry.is_current]
        pairs = [entry for entry in current if not entry.is_single]
        if pairs:
            raise ModeChangeBlockedError(count=len(pairs))
        genderless = [entry.members[0].name for entry in current if entry.members[0].gender is None]
        if genderless:
            raise GenderMissingError(names=", ".join(genderless))
    return replace(registration, mode=mode, entries=_settle(registration.entries, mode, registration.capacity))


def set_capacity(registration: Registration, capacity: int | None) -> Registration:
    """Limit the tournament to ``capacity`` pairs (``None``: no limit) before the draw; statuses are recomputed."""
    _require_changeable(registration)
    _check_capacity(capacity)
    entries = _settle(registration.entries, registration.mode, capacity)
    return replace(registration, capacity=capacity, entries=entries)


def close(registration: Registration) -> Registration:
    """Stop sign-ups (the moment to make the draw seed and publish its commitment)."""
    _require_changeable(registration)
    return replace(registration, state=RegistrationState.CLOSED)


def reopen(registration: Registration) -> Registration:
    _require_changeable(registration)
    return replace(registration, state=RegistrationState.OPEN)


def mark_drawn(registration: Registration) -> Registration:
    """After the draw is made: no more withdrawals or changes."""
    _require_changeable(registration)
    if registration.state is RegistrationState.OPEN:
        raise RegistrationStillOpenError()
    return replace(registration, state=RegistrationState.DRAWN)


def edit_member(registration: Registration, person_key: str, edited: Person) -> tuple[Registration, Entry]:
    """Replace the member ``person_key`` of a current entry by ``edited`` (new name, gender or unit) before the draw.

    The entry keeps its number and place. Refused: :class:`AlreadyDrawnError`; :class:`NameTakenError` when ``edited``
    is someone already entered; :class:`GenderRequiredError` for no gender in ``mixed`` mode."""
    _require_changeable(registration)
    entry = registration.entry_of(person_key)
    if edited.key != person_key and any(edited.key in other.person_keys
                                        for other in registration.entries if other.is_current):
        raise NameTakenError(name=edited.name)
    if registration.mode is RegistrationMode.MIXED and edited.gender is None:
        raise GenderRequiredError()
    spellings = _unit_spellings(other for other in registration.entries if other.entry_id != entry.entry_id)
    members = tuple(_respell_unit(edited, spellings) if member.key == person_key else member
                    for member in entry.members)
    changed = replace(entry, members=members)
    entries = tuple(changed if other.entry_id == entry.entry_id else other for other in registration.entries)
    registration = replace(registration, entries=_settle(entries, registration.mode, registration.capacity))
    return registration, registration.entry(entry.entry_id)


def link_account(registration: Registration, person_key: str, account: Person) -> Registration:
    """The member entered by name as ``person_key`` is the account ``account`` (their claim was confirmed).

    The same entry, name, gender and unit, under the account's key. Also after the draw (the entry list is the record of
    who signed up). Refused: :class:`AlreadyLinkedError` for a member with an account already;
    :class:`DuplicateEntryError` when the account holds another entry."""
    entry = registration.entry_of(person_key)
    member = next(person for person in entry.members if person.key == person_key)
    if member.has_account:
        raise AlreadyLinkedError(name=member.name)
    if any(account.key in other.person_keys for other in registration.entries if other.is_current):
        raise DuplicateEntryError(name=account.name)
    linked = replace(member, key=account.key)
    changed = replace(entry, members=tuple(linked if person.key == person_key else person
                                           for person in entry.members))
    return replace(registration, entries=tuple(changed if other.entry_id == entry.entry_id else other
                                               for other in registration.entries))


def undo_draw(registration: Registration) -> Registration:
    """A draw made by mistake is undone (the caller checked that no result was recorded).

    Sign-up is open again, with every entry as it was."""
    if registration.state is not RegistrationState.DRAWN:
        raise NotDrawnError()
    return replace(registration, state=RegistrationState.OPEN)
