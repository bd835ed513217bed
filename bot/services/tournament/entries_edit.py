"""Organisers fix an entry before the draw without withdrawing it: ``/rename``, ``/gender``, ``/unit``.

The entry keeps its number and its place in the sign-up order (``bot.tournament.registration.edit_member``). A
member is found by name (any case or width; ``member_named``), as ``/withdraw`` finds an entry; a name two
entries share is refused with their numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.services import Services
from bot.services.caller import Caller
from bot.services.roles import Role
from bot.services.tournament.signup import AmbiguousNameError, NoEntryNamedError
from bot.services.tournament.state import TournamentState, changing
from bot.tournament import registration as engine
from bot.tournament.entries import Entry, Gender, Person
from bot.tournament.names import clean_name, clean_unit, name_key


@dataclass(frozen=True, slots=True)
class MemberEdited:
    state: TournamentState
    entry: Entry
    """The entry as it is now."""
    before: Person
    after: Person


def member_named(state: TournamentState, name: str, *, current_only: bool = True) -> tuple[Entry, Person]:
    """The entry and member called ``name`` (any case or width).

    :class:`NoEntryNamedError` or :class:`AmbiguousNameError` (two entries have such a member)."""
    wanted = name_key(name)
    found = [(entry, person) for entry in state.registration.entries if entry.is_current or not current_only
             for person in entry.members if name_key(person.name) == wanted]
    if not found:
        raise NoEntryNamedError(name=name)
    if len(found) > 1:
        raise AmbiguousNameError(name=name, numbers=tuple(f"#{entry.entry_id}" for entry, _ in found))
    return found[0]


async def _edit(services: Services, caller: Caller, name: str, kind: str,
                edit: Callable[[Person], Person]) -> MemberEdited:
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        _, person = member_named(state, name)
        edited = edit(person)
        registration, entry = engine.edit_member(state.registration, person.key, edited)
        change.after = replace(state, registration=registration)
        current = next(member for member in entry.members if member.key == edited.key)
        change.record(f"entry.{kind}", {"entry": entry.entry_id, "member": person.key, "before": _shown(person),
                                        "after": _shown(current)})
    return MemberEdited(change.current, entry, person, current)


def _shown(person: Person) -> dict[str, str | None]:
    return {"key": person.key, "name": person.name, "gender": None if person.gender is None else person.gender.value,
            "unit": person.unit}


async def rename(services: Services, caller: Caller, name: str, new_name: str) -> MemberEdited:
    """``/rename 小红 小虹``: a typo fixed.

    A member entered by name is known by their name, so they get the new name's key (refused when someone else already
    has it); an account keeps its key."""
    cleaned = clean_name(new_name)

    def renamed(person: Person) -> Person:
        if person.has_account:
            return replace(person, name=cleaned)
        return Person.named(cleaned, gender=person.gender, unit=person.unit)

    return await _edit(services, caller, name, "renamed", renamed)


async def set_gender(services: Services, caller: Caller, name: str, gender: Gender) -> MemberEdited:
    """``/gender 小红 女``."""
    return await _edit(services, caller, name, "gender_set", lambda person: replace(person, gender=gender))


@dataclass(frozen=True, slots=True)
class EntryUnitSet:
    state: TournamentState
    entry: Entry
    """The entry as it is now."""
    before: tuple[str, ...]
    """The members' units before, each once (none: no unit)."""


def entry_called(state: TournamentState, which: str) -> Entry:
    """The current entry named by ``which``: a number, a member's name or the entry's own.

    ``3`` or ``#3``, a member's name, or the entry's own (``小红 / 小明``); :class:`NoEntryNamedError` or
    :class:`AmbiguousNameError` otherwise."""
    current = [entry for entry in state.registration.entries if entry.is_current]
    number = which[1:] if which.startswith(("#", "＃")) else which
    if number.isascii() and number.isdigit():
        found = [entry for entry in current if entry.entry_id == int(number)]
    else:
        wanted = name_key(which)
        found = [entry for entry in current
                 if name_key(entry.name) == wanted or any(name_key(person.name) == wanted for person in entry.members)]
    if not found:
        raise NoEntryNamedError(name=which)
    if len(found) > 1:
        raise AmbiguousNameError(name=which, numbers=tuple(f"#{entry.entry_id}" for entry in found))
    return found[0]


async def set_unit(services: Services, caller: Caller, which: str, unit: str | None) -> EntryUnitSet:
    """``/unit 张伟 财务处`` (``/unit 3 财务处``; ``None``: no unit).

    The unit of the entry — every member of the pair — as pairing and ``entries.csv`` read it (a unit belongs to the
    pair, not to one of its members)."""
    cleaned = clean_unit(unit)
    async with changing(services, caller, required=Role.ORGANISER) as change:
        state = change.before
        entry = entry_called(state, which)
        before = tuple(dict.fromkeys(person.unit for person in entry.members if person.unit is not None))
        registration = state.registration
        for person in entry.members:
            registration, _ = engine.edit_member(registration, person.key, replace(person, unit=cleaned))
        change.after = replace(state, registration=registration)
        now = registration.entry(entry.entry_id)
        change.record("entry.unit_set", {"entry": entry.entry_id, "before": " / ".join(before),
                                         "after": now.unit or ""})
    return EntryUnitSet(change.current, now, before)
