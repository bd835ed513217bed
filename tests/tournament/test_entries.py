import pytest

from bot.tournament.entries import (
    Entry,
    Gender,
    Person,
    RegistrationMode,
    UnknownGenderError,
    UnknownModeError,
    canonical_order,
    common_unit,
    is_person_key,
)
from bot.tournament.names import NameEmptyError


@pytest.mark.parametrize(
    ("typed", "gender"),
    [("m", Gender.MALE), ("M", Gender.MALE), ("male", Gender.MALE), (" 男 ", Gender.MALE), ("Man", Gender.MALE),
     ("f", Gender.FEMALE), ("F", Gender.FEMALE), ("Female", Gender.FEMALE), ("女", Gender.FEMALE),
     ("女生", Gender.FEMALE), ("♀", Gender.FEMALE)],
)
def test_gender_parse(typed: str, gender: Gender) -> None:
    assert Gender.parse(typed) is gender


@pytest.mark.parametrize("typed", ["", "x", "男女", "mf"])
def test_unknown_gender(typed: str) -> None:
    with pytest.raises(UnknownGenderError):
        Gender.parse(typed)


@pytest.mark.parametrize(
    ("typed", "mode"),
    [("pairs", RegistrationMode.PAIRS), ("自由组合", RegistrationMode.PAIRS), ("MIXED", RegistrationMode.MIXED),
     ("男女配对", RegistrationMode.MIXED)],
)
def test_mode_parse(typed: str, mode: RegistrationMode) -> None:
    assert RegistrationMode.parse(typed) is mode


def test_unknown_mode() -> None:
    with pytest.raises(UnknownModeError):
        RegistrationMode.parse("swiss")


def test_account_person_key_and_lenient_name() -> None:
    person = Person.account(42, "\u3164", gender=Gender.MALE, unit=" 工会 ")
    assert (person.key, person.name, person.unit, person.has_account) == ("tg:42", "#42", "工会", True)


def test_named_people_with_spellings_of_one_name_share_a_key() -> None:
    assert Person.named("Li Lei").key == Person.named(" li  LEI ").key == "name:li lei"
    assert not Person.named("Li Lei").has_account


def test_named_person_with_blank_name_is_refused() -> None:
    with pytest.raises(NameEmptyError):
        Person.named("\u200b")


@pytest.mark.parametrize(
    ("units", "common"),
    [(["IT", "IT"], "IT"), (["IT", "HR"], None), (["IT", "it"], None), (["IT", None], None), ([None, None], None),
     (["工会"], "工会")],
)
def test_common_unit(units: list[str | None], common: str | None) -> None:
    assert common_unit(Person.named(f"p{index}", unit=unit) for index, unit in enumerate(units)) == common


@pytest.mark.parametrize(
    ("text", "valid"), [("tg:12", True), ("tg:", False), ("tg:x1", False), ("name:bob", True), ("name:", False),
                        ("bob", False)],
)
def test_is_person_key(text: str, valid: bool) -> None:
    assert is_person_key(text) is valid


def test_entry_name_joins_member_names() -> None:
    entry = Entry(1, (Person.named("张三"), Person.named("李四")))
    assert entry.name == "张三 / 李四"
    assert not entry.is_single


def test_entry_needs_one_or_two_members() -> None:
    with pytest.raises(ValueError):
        Entry(1, ())


def test_canonical_order_ignores_sign_up_order() -> None:
    a, b, c = Person.account(3, "a"), Person.account(1, "b"), Person.named("c")
    early = [Entry(1, (a,)), Entry(2, (c, b))]
    late = [Entry(1, (b, c)), Entry(2, (a,))]
    assert [entry.canonical_key for entry in canonical_order(early)] == [
        entry.canonical_key for entry in canonical_order(late)
    ]
