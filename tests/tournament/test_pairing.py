import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tournament.entries import Entry, Gender, Person, RegistrationMode
from bot.tournament.pairing import TooFewEntriesError, pair_entries

PAIRS, MIXED = RegistrationMode.PAIRS, RegistrationMode.MIXED


def singles(*people: Person) -> list[Entry]:
    return [Entry(entry_id, (person,)) for entry_id, person in enumerate(people, start=1)]


def men(count: int) -> list[Person]:
    return [Person.named(f"m{index}", gender=Gender.MALE) for index in range(count)]


def women(count: int) -> list[Person]:
    return [Person.named(f"w{index}", gender=Gender.FEMALE) for index in range(count)]


@pytest.mark.parametrize(
    ("men_count", "women_count", "teams", "reserves"),
    [(3, 3, 3, 0), (5, 3, 3, 2), (2, 6, 2, 4), (24, 27, 24, 3)],  # 24 men, 27 women: notice 002's example
)
def test_mixed_pairing(men_count: int, women_count: int, teams: int, reserves: int) -> None:
    entries = singles(*men(men_count), *women(women_count))
    pairing = pair_entries(MIXED, entries, random.Random(1))
    assert len(pairing.teams) == teams
    assert len(pairing.reserves) == reserves
    for team in pairing.teams:
        assert [key.removeprefix("name:")[0] for key in team.members] == ["m", "w"], "man #k partners woman #k"
    larger = "m" if men_count > women_count else "w"
    assert all(person.name.startswith(larger) for person in pairing.reserves), "extras of the larger side sit out"


@pytest.mark.parametrize(("men_count", "women_count"), [(1, 1), (4, 1), (0, 5)])
def test_mixed_pairing_with_fewer_than_two_pairs(men_count: int, women_count: int) -> None:
    with pytest.raises(TooFewEntriesError) as caught:
        pair_entries(MIXED, singles(*men(men_count), *women(women_count)), random.Random(1))
    assert caught.value.params == {"teams": min(men_count, women_count), "minimum": 2}


def test_mixed_reserves_are_listed_by_name() -> None:
    pairing = pair_entries(MIXED, singles(*men(2), *women(3)), random.Random(5))
    assert {person.name for person in pairing.reserves} < {"w0", "w1", "w2"}


@pytest.mark.parametrize(("single_count", "reserves"), [(2, 0), (3, 1), (4, 0), (7, 1)])
def test_singles_are_paired_by_lot_and_the_odd_one_waits(single_count: int, reserves: int) -> None:
    pairs = [Entry(100 + index, (Person.named(f"p{index}a"), Person.named(f"p{index}b"))) for index in range(2)]
    lone = singles(*(Person.named(f"s{index}") for index in range(single_count)))
    pairing = pair_entries(PAIRS, [*lone, *pairs], random.Random(3))
    assert len(pairing.teams) == 2 + single_count // 2
    assert len(pairing.reserves) == reserves
    assert [team.name for team in pairing.teams[:2]] == ["p0a / p0b", "p1a / p1b"], "registered pairs stay, first"
    assert [team.team_id for team in pairing.teams] == list(range(1, len(pairing.teams) + 1))


def test_too_few_pairs() -> None:
    with pytest.raises(TooFewEntriesError):
        pair_entries(PAIRS, singles(*(Person.named(name) for name in "abc")), random.Random(0))


def test_lot_depends_on_the_random_stream() -> None:
    entries = singles(*(Person.named(f"s{index}") for index in range(12)))
    outcomes = {tuple(team.name for team in pair_entries(PAIRS, entries, random.Random(seed)).teams)
                for seed in range(5)}
    assert len(outcomes) > 1


def test_team_unit_is_the_members_common_unit() -> None:
    entries = [
        Entry(1, (Person.named("a", unit="IT"), Person.named("b", unit="IT"))),
        Entry(2, (Person.named("c", unit="IT"), Person.named("d", unit="HR"))),
    ]
    assert [team.unit for team in pair_entries(PAIRS, entries, random.Random(0)).teams] == ["IT", None]


people_lists = st.lists(st.tuples(st.booleans(), st.sampled_from(list(Gender))), min_size=4, max_size=40)


@given(people_lists, st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_every_person_plays_or_stands_by_once_whatever_the_sign_up_order(
    people: list[tuple[bool, Gender]], seed: int, shuffler: random.Random
) -> None:
    # Each flag says whether the person signed up with the next one as a pair (pairs mode).
    entries: list[Entry] = []
    index = 0
    while index < len(people):
        first = Person.named(f"p{index}", gender=people[index][1])
        if people[index][0] and index + 1 < len(people):
            entries.append(Entry(len(entries) + 1, (first, Person.named(f"p{index + 1}"))))
            index += 2
        else:
            entries.append(Entry(len(entries) + 1, (first,)))
            index += 1
    reordered = list(entries)
    shuffler.shuffle(reordered)
    try:
        pairing = pair_entries(PAIRS, entries, random.Random(seed))
    except TooFewEntriesError:
        return
    placed = [key for team in pairing.teams for key in team.members] + [person.key for person in pairing.reserves]
    assert sorted(placed) == sorted(key for entry in entries for key in entry.person_keys)
    assert len(pairing.reserves) <= 1
    assert pair_entries(PAIRS, reordered, random.Random(seed)) == pairing
