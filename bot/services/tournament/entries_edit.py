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
    """The entry and member called ``name`` (any case or width); :class:`NoEntryNamedError` or
    :class:`AmbiguousNameError` (two entries have such a member)."""
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
    """``/rename 小红 小虹``: a typo fixed. A member entered by name is known by their name, so they get the new
    name's key (refused when someone else already has it); an account keeps its key."""
    cleaned = clean_name(new_name)

    def renamed(person: Person) -> Person:
        if person.has_account:
            return replace(person, name=cleaned)
        return Person.named(cleaned, gender=person.gender, unit=person.unit)

    return await _edit(services, caller, name, "renamed", renamed)


async def set_gender(services: Services, caller: Caller, name: str, gender: Gender) -> MemberEdited:
    """``/gender 小红 女``."""
    return await _edit(services, caller, name, "gender_set", lambda person: replace(person, gender=gender))


async def set_unit(services: Services, caller: Caller, name: str, unit: str | None) -> MemberEdited:
    """``/unit 小红 财务处`` (``None``: no unit)."""
    cleaned = clean_unit(unit)
    return await _edit(services, caller, name, "unit_set", lambda person: replace(person, unit=cleaned))
