import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import TournamentError
from bot.tournament.entries import EntryStatus, Gender, Person, RegistrationMode
from bot.tournament.registration import (
    AlreadyDrawnError,
    DuplicateEntryError,
    GenderMissingError,
    GenderRequiredError,
    InvalidCapacityError,
    ModeChangeBlockedError,
    NotEnteredError,
    Registration,
    RegistrationClosedError,
    RegistrationState,
    RegistrationStillOpenError,
    SamePersonTwiceError,
    UnknownEntryError,
    WrongModeError,
    change_mode,
    close,
    mark_drawn,
    open_registration,
    reopen,
    set_capacity,
    sign_up_many,
    sign_up_pair,
    sign_up_single,
    withdraw,
)

ACTIVE, WAITING, WITHDRAWN = EntryStatus.ACTIVE, EntryStatus.WAITING, EntryStatus.WITHDRAWN
PAIRS, MIXED = RegistrationMode.PAIRS, RegistrationMode.MIXED


def person(name: str, gender: Gender | None = None, unit: str | None = None) -> Person:
    return Person.named(name, gender=gender, unit=unit)


def man(name: str) -> Person:
    return person(name, Gender.MALE)


def woman(name: str) -> Person:
    return person(name, Gender.FEMALE)


def apply(registration: Registration, signups: str) -> Registration:
    """Sign-ups written compactly: ``ab`` is a pair of a and b, ``c`` a single, ``c+``/``c-`` a man/woman."""
    for word in signups.split():
        if word.endswith(("+", "-")):
            gender = Gender.MALE if word.endswith("+") else Gender.FEMALE
            registration, _ = sign_up_single(registration, person(word[:-1], gender))
        elif len(word) == 2:
            registration, _ = sign_up_pair(registration, person(word[0]), person(word[1]))
        else:
            registration, _ = sign_up_single(registration, person(word))
    return registration


def statuses(registration: Registration) -> str:
    symbol = {ACTIVE: "A", WAITING: "W", WITHDRAWN: "x"}
    return "".join(symbol[entry.status] for entry in registration.entries)


@pytest.fixture
def three_pairs_open() -> Registration:
    return apply(open_registration(PAIRS), "ab cd ef")


@pytest.fixture
def full_with_two_waiting() -> Registration:
    """Capacity 2 pairs: ab and cd are in; e (single) and fg wait."""
    return apply(open_registration(PAIRS, capacity=2), "ab cd e fg")


@pytest.mark.parametrize(
    ("mode", "capacity", "signups", "expected"),
    [
        (PAIRS, None, "ab cd e f", "AAAA"),
        (PAIRS, 2, "ab cd e", "AAW"),
        (PAIRS, 2, "ab c d e", "AAAW"),
        (PAIRS, 2, "ab c de f", "AAWW"),  # one place left, a pair waits: nobody overtakes it
        (PAIRS, 3, "a bc d ef g", "AAAAW"),
        (PAIRS, 3, "ab cd e fg h", "AAAWW"),
        (MIXED, 2, "a+ b+ c+ d- e-", "AAWAA"),  # capacity is per gender in mixed mode
        (MIXED, 2, "a- b- c- d+", "AAWA"),
    ],
)
def test_capacity_and_waiting_list(mode: RegistrationMode, capacity: int | None, signups: str, expected: str) -> None:
    assert statuses(apply(open_registration(mode, capacity), signups)) == expected


def test_sign_up_returns_the_entry_with_its_status(full_with_two_waiting: Registration) -> None:
    registration, entry = sign_up_single(full_with_two_waiting, person("h"))
    assert (entry.entry_id, entry.status) == (5, WAITING)
    assert registration.waiting_position(entry.entry_id) == 3
    assert registration.waiting_position(1) is None


@pytest.mark.parametrize(
    ("withdrawn", "expected"),
    [
        (1, "xAAW"),  # two places free: the single moves up, the pair behind it still does not fit
        (2, "AxAW"),
        (3, "AAxW"),  # a waiting entry leaves: nothing else moves
        (4, "AAWx"),
    ],
)
def test_withdrawal_moves_the_waiting_list_up(full_with_two_waiting: Registration, withdrawn: int,
                                               expected: str) -> None:
    assert statuses(withdraw(full_with_two_waiting, withdrawn)) == expected


def test_withdrawal_admits_only_what_fits() -> None:
    registration = apply(open_registration(PAIRS, capacity=2), "a bc de fg")
    assert statuses(registration) == "AAWW"
    assert statuses(withdraw(registration, 1)) == "xAAW"


def test_withdrawn_ids_are_not_reused(three_pairs_open: Registration) -> None:
    registration = withdraw(three_pairs_open, 3)
    registration, entry = sign_up_single(registration, person("e"))
    assert entry.entry_id == 4


@pytest.mark.parametrize("signups", ["a a", "ab a", "ab ca", "a ba", "ab ab"])
def test_a_person_holds_one_entry(signups: str) -> None:
    with pytest.raises(DuplicateEntryError) as caught:
        apply(open_registration(PAIRS), signups)
    assert caught.value.params == {"name": "a"}


def test_duplicates_are_found_across_spellings_and_the_waiting_list() -> None:
    registration, _ = sign_up_single(apply(open_registration(PAIRS, capacity=2), "ab cd"), person("Li"))
    assert registration.entries[-1].status is WAITING
    with pytest.raises(DuplicateEntryError):
        sign_up_single(registration, person(" LI "))


def test_after_withdrawal_a_person_may_sign_up_again(three_pairs_open: Registration) -> None:
    registration, entry = sign_up_single(withdraw(three_pairs_open, 1), person("a"))
    assert entry.status is ACTIVE


def test_a_pair_of_one_person_is_refused() -> None:
    with pytest.raises(SamePersonTwiceError):
        sign_up_pair(open_registration(PAIRS), person("a"), person("A"))


def test_pair_sign_up_in_mixed_mode_is_the_wrong_form() -> None:
    with pytest.raises(WrongModeError):
        sign_up_pair(open_registration(MIXED), man("a"), woman("b"))


def test_mixed_mode_needs_a_gender() -> None:
    with pytest.raises(GenderRequiredError):
        sign_up_single(open_registration(MIXED), person("a"))


def test_closed_registration_refuses_sign_ups_but_allows_withdrawals(three_pairs_open: Registration) -> None:
    closed = close(three_pairs_open)
    with pytest.raises(RegistrationClosedError):
        sign_up_single(closed, person("z"))
    assert statuses(withdraw(closed, 2)) == "AxA"
    assert reopen(closed).state is RegistrationState.OPEN


@pytest.mark.parametrize(
    "change",
    [lambda r: withdraw(r, 1), lambda r: change_mode(r, PAIRS), lambda r: set_capacity(r, 4), close, reopen,
     mark_drawn, lambda r: sign_up_single(r, person("z"))],
)
def test_nothing_changes_after_the_draw(three_pairs_open: Registration, change: object) -> None:
    drawn = mark_drawn(close(three_pairs_open))
    with pytest.raises((AlreadyDrawnError, RegistrationClosedError)):
        change(drawn)  # type: ignore[operator]


def test_a_draw_needs_a_closed_registration(three_pairs_open: Registration) -> None:
    with pytest.raises(RegistrationStillOpenError):
        mark_drawn(three_pairs_open)


@pytest.mark.parametrize("entry_id", [0, 4, 99])
def test_unknown_entries(three_pairs_open: Registration, entry_id: int) -> None:
    with pytest.raises(UnknownEntryError) as caught:
        withdraw(three_pairs_open, entry_id)
    assert caught.value.params == {"entry_id": entry_id}


def test_withdrawing_twice_is_an_unknown_entry(three_pairs_open: Registration) -> None:
    with pytest.raises(UnknownEntryError):
        withdraw(withdraw(three_pairs_open, 1), 1)


def test_entry_of_finds_either_member(three_pairs_open: Registration) -> None:
    assert three_pairs_open.entry_of(person("d").key).entry_id == 2
    with pytest.raises(NotEnteredError):
        three_pairs_open.entry_of(person("z").key)
    with pytest.raises(NotEnteredError):
        withdraw(three_pairs_open, 2).entry_of(person("d").key)


def test_mixed_to_pairs_keeps_everyone_and_recounts_places() -> None:
    registration = apply(open_registration(MIXED, capacity=2), "a+ b+ c+ d-")
    assert statuses(registration) == "AAWA"
    assert statuses(change_mode(registration, PAIRS)) == "AAAA"


def test_pairs_to_mixed_is_blocked_by_pair_entries(three_pairs_open: Registration) -> None:
    with pytest.raises(ModeChangeBlockedError) as caught:
        change_mode(three_pairs_open, MIXED)
    assert caught.value.params == {"count": 3}


def test_pairs_to_mixed_needs_every_gender() -> None:
    registration = apply(open_registration(PAIRS), "a+ b c- d")
    with pytest.raises(GenderMissingError) as caught:
        change_mode(registration, MIXED)
    assert caught.value.params == {"names": "b, d"}


def test_pairs_to_mixed_with_gendered_singles_works() -> None:
    registration = apply(open_registration(PAIRS, capacity=2), "a+ b+ c+ d-")
    assert statuses(registration) == "AAAA"
    assert statuses(change_mode(registration, MIXED)) == "AAWA"


@pytest.mark.parametrize(("capacity", "expected"), [(None, "AAAA"), (2, "AAWW"), (3, "AAAW"), (4, "AAAA")])
def test_set_capacity_recounts(full_with_two_waiting: Registration, capacity: int | None, expected: str) -> None:
    assert statuses(set_capacity(full_with_two_waiting, capacity)) == expected


def test_lowering_the_capacity_sends_the_latest_back_to_the_waiting_list(three_pairs_open: Registration) -> None:
    assert statuses(set_capacity(three_pairs_open, 2)) == "AAW"


@pytest.mark.parametrize("capacity", [0, 1, -3])
def test_invalid_capacity(three_pairs_open: Registration, capacity: int) -> None:
    with pytest.raises(InvalidCapacityError) as caught:
        open_registration(PAIRS, capacity=capacity)
    assert caught.value.params == {"minimum": 2}
    with pytest.raises(InvalidCapacityError):
        set_capacity(three_pairs_open, capacity)


def test_a_unit_takes_the_registered_spelling() -> None:
    registration, _ = sign_up_single(open_registration(PAIRS), person("a", unit="Finance Dept"))
    registration, entry = sign_up_single(registration, person("b", unit="finance  dept"))
    assert entry.members[0].unit == "Finance Dept"


def test_sign_up_many_adds_in_order_and_settles_once() -> None:
    registration = sign_up_many(open_registration(PAIRS, capacity=2), [
        [person("a"), person("b")], [person("c")], [person("d"), person("e")], [person("f")]])
    assert statuses(registration) == "AAWW"
    assert [entry.name for entry in registration.entries] == ["a / b", "c", "d / e", "f"]


@pytest.mark.parametrize(
    ("mode", "groups", "error"),
    [
        (PAIRS, [["a", "b"], ["c"], ["b"]], DuplicateEntryError),  # duplicate inside the batch
        (PAIRS, [["a"], ["c", "c"]], SamePersonTwiceError),
        (MIXED, [["a+"], ["b-", "c+"]], WrongModeError),
        (MIXED, [["a+"], ["b"]], GenderRequiredError),
    ],
)
def test_sign_up_many_is_all_or_nothing(mode: RegistrationMode, groups: list[list[str]],
                                        error: type[Exception]) -> None:
    def member(word: str) -> Person:
        gender = {"+": Gender.MALE, "-": Gender.FEMALE}.get(word[-1])
        return person(word.rstrip("+-"), gender)

    registration = open_registration(mode)
    with pytest.raises(error):
        sign_up_many(registration, [[member(word) for word in group] for group in groups])


def test_sign_up_many_respells_units_within_the_batch() -> None:
    registration = sign_up_many(open_registration(PAIRS), [[person("a", unit="HR")], [person("b", unit="hr")]])
    assert [entry.unit for entry in registration.entries] == ["HR", "HR"]


# Random histories of sign-ups, withdrawals and capacity changes keep the registration's invariants.
NAMES = "abcdefgh"
operations = st.lists(
    st.one_of(
        st.tuples(st.just("pair"), st.sampled_from(NAMES), st.sampled_from(NAMES)),
        st.tuples(st.just("single"), st.sampled_from(NAMES), st.sampled_from([Gender.MALE, Gender.FEMALE])),
        st.tuples(st.just("withdraw"), st.integers(1, 12)),
        st.tuples(st.just("capacity"), st.one_of(st.none(), st.integers(2, 4))),
    ),
    max_size=25,
)


def run(mode: RegistrationMode, history: list[tuple[object, ...]]) -> Registration:
    registration = open_registration(mode, capacity=2)
    for operation in history:
        try:
            match operation:
                case ("pair", str(first), str(second)):
                    registration, _ = sign_up_pair(registration, person(first), person(second))
                case ("single", str(name), Gender() as gender):
                    registration, _ = sign_up_single(registration, person(name, gender))
                case ("withdraw", int(entry_id)):
                    registration = withdraw(registration, entry_id)
                case ("capacity", capacity):
                    registration = set_capacity(registration, capacity)  # type: ignore[arg-type]
        except TournamentError:
            pass
    return registration


@given(st.sampled_from([PAIRS, MIXED]), operations)
def test_registration_invariants(mode: RegistrationMode, history: list[tuple[object, ...]]) -> None:
    registration = run(mode, history)
    current = [entry for entry in registration.entries if entry.is_current]
    keys = [key for entry in current for key in entry.person_keys]
    assert len(keys) == len(set(keys)), "a person holds one entry"
    assert [entry.entry_id for entry in registration.entries] == list(range(1, len(registration.entries) + 1))
    queues = {(entry.members[0].gender if mode is MIXED else None) for entry in current}
    for queue in queues:
        line = [entry for entry in current if mode is PAIRS or entry.members[0].gender is queue]
        admitted = [entry.status is ACTIVE for entry in line]
        assert admitted == sorted(admitted, reverse=True), "nobody overtakes a waiting entry"
        places = sum(len(entry.members) for entry in line if entry.status is ACTIVE)
        if registration.capacity is not None:
            limit = registration.capacity * (2 if mode is PAIRS else 1)
            assert places <= limit
            if WAITING in {entry.status for entry in line}:
                waiting_head = next(entry for entry in line if entry.status is WAITING)
                assert places + len(waiting_head.members) > limit, "the head of the waiting list would not fit"
