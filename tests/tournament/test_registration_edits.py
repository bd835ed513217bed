"""Entries that change before the draw — edits, open places that are one truth, claims, undoing a draw."""

import pytest

from bot.tournament.entries import EntryStatus, Gender, Person, RegistrationMode
from bot.tournament.registration import (
    AlreadyDrawnError,
    AlreadyLinkedError,
    DuplicateEntryError,
    GenderRequiredError,
    NameTakenError,
    NotDrawnError,
    RegistrationState,
    close,
    edit_member,
    link_account,
    mark_drawn,
    open_places,
    open_registration,
    sign_up_pair,
    sign_up_single,
    undo_draw,
)

RED, MING = Person.named("小红"), Person.named("小明")


def test_a_rename_keeps_the_entry_and_its_place() -> None:
    registration, _ = sign_up_pair(open_registration(RegistrationMode.PAIRS), RED, MING)
    registration, _ = sign_up_single(registration, Person.named("张三"))
    edited, entry = edit_member(registration, RED.key, Person.named("小虹", unit="财务处"))
    assert entry.entry_id == 1 and entry.name == "小虹 / 小明" and entry.members[0].key == "name:小虹"
    assert [entry.entry_id for entry in edited.active] == [1, 2]
    with pytest.raises(NameTakenError):
        edit_member(edited, Person.named("小虹").key, Person.named("张三"))


def test_a_gender_change_moves_a_person_between_the_mens_and_womens_places() -> None:
    registration = open_registration(RegistrationMode.MIXED, capacity=2)
    for name, gender in (("a", Gender.MALE), ("b", Gender.MALE), ("c", Gender.MALE), ("d", Gender.FEMALE)):
        registration, _ = sign_up_single(registration, Person.named(name, gender=gender))
    assert [entry.status for entry in registration.entries][2] is EntryStatus.WAITING
    assert open_places(registration).women == 1 and open_places(registration).men == 0
    moved, _ = edit_member(registration, "name:a", Person.named("a", gender=Gender.FEMALE))
    assert [entry.status for entry in moved.entries] == [EntryStatus.ACTIVE] * 4
    assert open_places(moved).men == 0 and open_places(moved).women == 0
    with pytest.raises(GenderRequiredError):
        edit_member(registration, "name:a", Person.named("a"))


def test_open_places_are_what_the_next_sign_up_gets() -> None:
    registration = open_registration(RegistrationMode.PAIRS, capacity=2)
    assert open_places(registration).places == 4
    for name in ("a", "b", "c"):
        registration, _ = sign_up_single(registration, Person.named(name))
    assert open_places(registration).places == 1
    registration, pair = sign_up_pair(registration, Person.named("d"), Person.named("e"))
    assert pair.status is EntryStatus.WAITING  # one place left, a pair needs two
    assert open_places(registration).places == 0  # someone waits: nobody overtakes
    registration, single = sign_up_single(registration, Person.named("f"))
    assert single.status is EntryStatus.WAITING
    assert open_places(open_registration(RegistrationMode.PAIRS)).capacity is None


def test_a_claimed_name_becomes_the_account() -> None:
    registration, _ = sign_up_pair(open_registration(RegistrationMode.PAIRS), RED, MING)
    account = Person.account(7, "Lily")
    linked = link_account(registration, RED.key, account)
    assert linked.entries[0].members[0] == Person("tg:7", "小红")
    with pytest.raises(AlreadyLinkedError):
        link_account(linked, "tg:7", Person.account(8, "Tom"))
    with pytest.raises(DuplicateEntryError):
        link_account(linked, MING.key, account)


def test_undoing_a_draw_opens_sign_up_again() -> None:
    registration, _ = sign_up_pair(open_registration(RegistrationMode.PAIRS), RED, MING)
    with pytest.raises(NotDrawnError):
        undo_draw(registration)
    drawn = mark_drawn(close(registration))
    with pytest.raises(AlreadyDrawnError):
        edit_member(drawn, RED.key, Person.named("小虹"))
    reopened = undo_draw(drawn)
    assert reopened.state is RegistrationState.OPEN and reopened.entries == registration.entries
