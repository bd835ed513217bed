"""The published draw file: export, recompute, compare; tampering is found, garbage is refused."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.tournament.bracket import BracketOptions, FinalFormat, ThirdPlace
from bot.tournament.draw import ACCOUNT_SECRET_BYTES, DrawOrder, draw, public_key
from bot.tournament.draw_file import DrawCheck, UnreadableDrawFileError, export_draw, verify
from bot.tournament.entries import Gender, Person, RegistrationMode
from bot.tournament.seed import DrawSeed
from tests.tournament.draw_helpers import closed, sample_draw, seed_of

Document = dict[str, Any]
COMMITTED_AT = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
"""When the commitment was published (the tournament opened): the draw file says so."""


@pytest.fixture
def published() -> Document:
    return json.loads(export_draw(sample_draw(), committed_at=COMMITTED_AT))


def test_an_exported_draw_verifies_and_recomputes_the_same_draw() -> None:
    original = sample_draw(options=BracketOptions(ThirdPlace.PLAYOFF, FinalFormat.BEST_OF_THREE))
    result = verify(export_draw(original, committed_at=COMMITTED_AT).encode("utf-8"))
    assert result.matches
    # The file holds public keys: the recomputed draw is the original under them.
    published_teams = tuple(replace(team, members=tuple(original.public_key(key) for key in team.members))
                            for team in original.teams)
    published_reserves = tuple(replace(person, key=original.public_key(person.key)) for person in original.reserves)
    assert (result.draw.teams, result.draw.reserves) == (published_teams, published_reserves)
    assert [None if team is None else team.team_id for team in result.draw.bracket.lines] == [
        None if team is None else team.team_id for team in original.bracket.lines]
    assert result.draw.options == original.options


def test_the_file_holds_what_a_reader_needs(published: Document) -> None:
    assert published["commitment"] == seed_of(7).commitment
    assert published["seed"] == seed_of(7).hex
    assert len(published["entries"]) == 8
    assert published["round_1"][0].keys() == {"table", "left", "right"}
    assert sum(1 for match in published["round_1"] if match["table"] is None) == 2  # 6 pairs in 8 lines


def swap_round_one_sides(document: Document) -> None:
    match = next(match for match in document["round_1"] if match["table"] is not None)
    match["left"], match["right"] = match["right"], match["left"]


def rename_first_entry(document: Document) -> None:
    document["entries"][0]["members"][0]["name"] = "Mallory"


@pytest.mark.parametrize(
    ("tamper", "expected"),
    [
        (lambda d: d.update(commitment=seed_of(8).commitment), {DrawCheck.COMMITMENT}),
        (lambda d: d.update(seed=seed_of(8).hex), {DrawCheck.COMMITMENT, DrawCheck.TEAMS, DrawCheck.ROUND_1}),
        (swap_round_one_sides, {DrawCheck.ROUND_1}),
        (lambda d: d["teams"][0].update(name="Someone else"), {DrawCheck.TEAMS}),
        (lambda d: d["reserves"].clear(), {DrawCheck.RESERVES}),
        (rename_first_entry, {DrawCheck.TEAMS}),
    ],
)
def test_tampering_is_found(published: Document, tamper: Callable[[Document], None], expected: set[DrawCheck]) -> None:
    tamper(published)
    assert set(verify(json.dumps(published)).mismatches) == expected


def test_entry_order_in_the_file_does_not_matter(published: Document) -> None:
    published["entries"].reverse()
    assert verify(json.dumps(published)).matches


def pair_in_mixed_mode(document: Document) -> None:
    document["mode"] = "mixed"


def duplicate_person(document: Document) -> None:
    document["entries"].append(document["entries"][0])


def too_few_entries(document: Document) -> None:
    del document["entries"][1:]


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (lambda d: d.update(format="something else"), "format"),
        (lambda d: d.update(version=4), "version"),
        (lambda d: d.pop("seed"), "seed"),
        (lambda d: d.update(seed="not hex"), "seed"),
        (lambda d: d.update(seed="00" * 31), "seed"),
        (lambda d: d.update(commitment=None), "commitment"),
        (lambda d: d.update(commitment=d["commitment"] + "\r\x1b[4A\x1b[J"), "commitment"),
        (lambda d: d.update(commitment=d["commitment"][:63]), "commitment"),
        (lambda d: d.update(commitment=" " + d["commitment"]), "commitment"),
        (lambda d: d.update(commitment=d["commitment"][:63] + "g"), "commitment"),
        (lambda d: d.update(mode="swiss"), "mode"),
        (lambda d: d.update(entries={}), "entries"),
        (lambda d: d["entries"].__setitem__(0, "x"), "entries[0]"),
        (lambda d: d["entries"][0].update(members=[]), "entries[0].members"),
        (lambda d: d["entries"][0]["members"][0].update(key="bob"), "entries[0].members[0].key"),
        (lambda d: d["entries"][0]["members"][0].update(gender="x"), "entries[0].members[0]"),
        (lambda d: d["entries"][0]["members"][0].update(name=""), "entries[0].members[0]"),
        (lambda d: d["entries"][0]["members"][0].pop("unit"), "entries[0].members[0].unit"),
        (lambda d: d["options"].update(final="best_of_five"), "options.final"),
        (lambda d: d["options"].pop("third_place"), "options.third_place"),
        (pair_in_mixed_mode, "entries (entries.wrong_mode)"),
        (duplicate_person, "entries (entries.duplicate_entry)"),
        (too_few_entries, "entries (entries.too_few_entries)"),
    ],
)
def test_files_that_cannot_be_checked(published: Document, tamper: Callable[[Document], object], reason: str) -> None:
    tamper(published)
    with pytest.raises(UnreadableDrawFileError) as caught:
        verify(json.dumps(published))
    assert caught.value.params == {"reason": reason}


@pytest.mark.parametrize("content", [b"", b"\xff\xfe", b"[]", b"{}", b"null", b"[" * 100_000, "{\"format\": 1}"])
def test_garbage_is_unreadable(content: bytes | str) -> None:
    with pytest.raises(UnreadableDrawFileError):
        verify(content)


# A file is read exactly as written, or refused.

def with_a_first_copy_of(name: str, value: object, text: str) -> str:
    """``text`` (a draw file) with an earlier ``"name": value`` field inserted before the real one."""
    return text.replace("{\n", "{\n " + json.dumps(name) + ": " + json.dumps(value, ensure_ascii=False) + ",\n", 1)


def test_a_duplicate_key_is_refused_not_silently_overridden() -> None:
    """A first ``"teams"`` listing FAKE / FAKE used to pass: only the last copy was checked."""
    text = export_draw(sample_draw(), committed_at=COMMITTED_AT)
    forged = with_a_first_copy_of("teams", [{"team_id": 1, "name": "FAKE / FAKE", "members": [], "unit": None}], text)
    assert json.loads(forged)["teams"] == json.loads(text)["teams"]  # what a plain JSON reader sees
    with pytest.raises(UnreadableDrawFileError) as caught:
        verify(forged)
    assert caught.value.params == {"reason": "JSON: “teams” twice"}


def test_a_duplicate_key_deep_inside_is_refused_too(published: Document) -> None:
    text = json.dumps(published, ensure_ascii=False).replace('"name": ', '"name": "Mallory", "name": ', 1)
    with pytest.raises(UnreadableDrawFileError) as caught:
        verify(text)
    assert caught.value.params == {"reason": "JSON: “name” twice"}


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (lambda d: d.update(note="trust me"), "note"),
        (lambda d: d["options"].update(rigged=True), "options.rigged"),
        (lambda d: d["entries"][0].update(paid=True), "entries[0].paid"),
        (lambda d: d["entries"][0]["members"][0].update(rank=1), "entries[0].members[0].rank"),
        (lambda d: d["teams"][0].update(seeded=True), "teams[0].seeded"),
        (lambda d: d["reserves"][0].update(extra=1), "reserves[0].extra"),
        (lambda d: d["round_1"][0].update(court=2), "round_1[0].court"),
    ],
)
def test_an_unknown_field_is_refused(published: Document, tamper: Callable[[Document], None], reason: str) -> None:
    tamper(published)
    with pytest.raises(UnreadableDrawFileError) as caught:
        verify(json.dumps(published))
    assert caught.value.params == {"reason": reason}


@pytest.mark.parametrize("number", ["9" * 5000, "1e999", "NaN", "-Infinity"])
def test_a_number_no_draw_file_holds_is_unreadable(number: str) -> None:
    text = export_draw(sample_draw(), committed_at=COMMITTED_AT).replace('"version": 2', f'"version": {number}', 1)
    with pytest.raises(UnreadableDrawFileError) as caught:
        verify(text)
    assert caught.value.params["reason"].startswith("JSON")


def test_a_byte_order_mark_is_accepted() -> None:
    """Windows editors save UTF-8 with a BOM."""
    text = export_draw(sample_draw(), committed_at=COMMITTED_AT)
    assert verify(b"\xef\xbb\xbf" + text.encode("utf-8")).matches
    assert verify("\ufeff" + text).matches


# A file published before this version still verifies; the file shows no Telegram ids.
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("name", ["draw-v1.json", "draw-v1-singles.json"])
def test_a_version_1_file_still_verifies(name: str) -> None:
    """Version 1 files (the commitment published with the draw, raw account keys) were published in chats."""
    result = verify((FIXTURES / name).read_bytes())
    assert result.matches and result.committed_at is None


def test_a_version_1_file_tampered_with_is_still_found_out() -> None:
    document = json.loads((FIXTURES / "draw-v1-singles.json").read_text(encoding="utf-8"))
    swap_round_one_sides(document)
    assert verify(json.dumps(document)).mismatches == (DrawCheck.ROUND_1,)


def test_the_file_names_people_and_keys_accounts_by_a_keyed_hash() -> None:
    """Account holders appear as ``hmac:<24 hex>``, HMAC-SHA-256 of their key under a key derived from the seed:
    stable (verification sorts by it) but no Telegram id; people entered by name keep their name key."""
    registration = closed(RegistrationMode.PAIRS, [[Person.account(4242 + i, f"P{i}")] for i in range(7)])
    original = draw(registration, seed_of(5), BracketOptions())
    text = export_draw(original, committed_at=COMMITTED_AT)
    assert "tg:" not in text and "4242" not in text
    document = json.loads(text)
    keys = [member["key"] for entry in document["entries"] for member in entry["members"]]
    assert all(re.fullmatch("hmac:[0-9a-f]{24}", key) for key in keys) and len(set(keys)) == 7
    assert keys == sorted(keys)  # the canonical order is the order of these keys
    assert public_key(seed_of(5), "tg:4242") in keys
    assert {member["name"] for entry in document["entries"] for member in entry["members"]} == {
        f"P{i}" for i in range(7)}
    result = verify(text)
    assert result.matches and result.committed_at == COMMITTED_AT.isoformat()
    assert [team.name for team in result.draw.teams] == [team.name for team in original.teams]


def test_public_keys() -> None:
    seed = seed_of(5)
    assert public_key(seed, "tg:42") == public_key(seed, "tg:42") != public_key(seed_of(6), "tg:42")
    assert public_key(seed, "tg:42") != public_key(seed, "tg:43")
    assert public_key(seed, "name:张三") == "name:张三"
    assert public_key(seed, public_key(seed, "tg:42")) == public_key(seed, "tg:42")  # what verify relies on


def test_a_version_2_file_needs_the_time_its_commitment_was_published(published: Document) -> None:
    del published["committed_at"]
    with pytest.raises(UnreadableDrawFileError) as caught:
        verify(json.dumps(published))
    assert caught.value.params == {"reason": "committed_at"}


# Version 3: account keys keyed by the draw's account secret, never published.
SECRET = bytes(range(ACCOUNT_SECRET_BYTES))
REAL_IDS = [5_817_200_000 + 7_919 * number for number in range(8)]
"""Eight 10-digit Telegram ids, as real accounts have."""


def eight_accounts() -> list[list[Person]]:
    return [[Person.account(user_id, f"玩家{index}")] for index, user_id in enumerate(REAL_IDS)]


def enumerated(document: Document) -> set[int]:
    """The attack on a published file: key every candidate id as the file's own seed would and look it up (the
    candidates span the real ids; an attacker with a list of a group's members needs far fewer)."""
    seed = DrawSeed.from_hex(document["seed"])
    keys = {member["key"] for entry in document["entries"] for member in entry["members"]}
    candidates = range(REAL_IDS[0] - 500, REAL_IDS[-1] + 500)
    return {user_id for user_id in candidates if public_key(seed, f"tg:{user_id}") in keys}


def test_enumerating_telegram_ids_recovers_no_account_from_a_version_3_file() -> None:
    """A probe once matched all 8 real ids of a published file: its keys were keyed by the seed printed in it."""
    registration = closed(RegistrationMode.PAIRS, eight_accounts())
    old = json.loads(export_draw(draw(registration, seed_of(9), BracketOptions()), committed_at=COMMITTED_AT))
    assert old["version"] == 2 and enumerated(old) == set(REAL_IDS)  # the attack, on the old keys
    text = export_draw(draw(registration, seed_of(9), BracketOptions(), account_secret=SECRET),
                       committed_at=COMMITTED_AT)
    document = json.loads(text)
    assert document["version"] == 3 and enumerated(document) == set()
    assert not any(str(user_id) in text for user_id in REAL_IDS)
    keys = [member["key"] for entry in document["entries"] for member in entry["members"]]
    assert all(re.fullmatch("hmac:[0-9a-f]{24}", key) for key in keys) and len(set(keys)) == 8
    # Whoever holds the secret (the bot's database) links each key to its account; the file alone verifies.
    assert sorted(keys) == sorted(public_key(seed_of(9), f"tg:{user_id}", SECRET) for user_id in REAL_IDS)
    assert verify(text).matches


def test_a_version_3_draw_is_ordered_by_what_the_file_shows_so_the_secret_cannot_steer_it() -> None:
    """Whoever runs the bot could choose the account secret; it must not decide who meets whom."""
    people = [[Person.account(REAL_IDS[index], name, gender=gender, unit=unit)]
              for index, (name, gender, unit) in enumerate(
                  [("张三", Gender.MALE, None), ("李四", None, "工会"), ("王五", None, None), ("赵六", None, None),
                   ("Ann", Gender.FEMALE, None), ("Bob", None, None), ("Cy", None, "财务")])]
    people.append([Person.named("老周")])
    registration = closed(RegistrationMode.PAIRS, people)

    def outcome(secret: bytes) -> tuple[object, ...]:
        result = draw(registration, seed_of(4), BracketOptions(), account_secret=secret)
        lines = tuple(None if team is None else team.name for team in result.bracket.lines)
        return tuple(team.name for team in result.teams), tuple(person.name for person in result.reserves), lines

    other = bytes(reversed(SECRET))
    assert public_key(seed_of(4), "tg:1", SECRET) != public_key(seed_of(4), "tg:1", other)
    assert outcome(SECRET) == outcome(other)
    document = json.loads(export_draw(draw(registration, seed_of(4), BracketOptions(), account_secret=SECRET),
                                      committed_at=COMMITTED_AT))
    names = [entry["members"][0]["name"] for entry in document["entries"]]
    assert names == sorted(names)  # the canonical order: by name first


def test_people_the_file_shows_alike_are_told_apart_by_their_keys() -> None:
    registration = closed(RegistrationMode.PAIRS, [[Person.account(REAL_IDS[index], "同名")] for index in range(5)])
    text = export_draw(draw(registration, seed_of(2), BracketOptions(), account_secret=SECRET),
                       committed_at=COMMITTED_AT)
    keys = [entry["members"][0]["key"] for entry in json.loads(text)["entries"]]
    assert keys == sorted(keys) and verify(text).matches


@pytest.fixture
def published_v3() -> Document:
    registration = closed(RegistrationMode.PAIRS, [*eight_accounts(), [Person.named("老周")]])
    return json.loads(export_draw(draw(registration, seed_of(7), BracketOptions(), account_secret=SECRET),
                                  committed_at=COMMITTED_AT))


def other_key(document: Document) -> None:
    """Someone else's account under the first entry's name: the teams name members by key."""
    document["entries"][0]["members"][0]["key"] = "hmac:" + "0" * 24


@pytest.mark.parametrize(
    ("tamper", "expected"),
    [
        (lambda d: d.update(commitment=seed_of(8).commitment), {DrawCheck.COMMITMENT}),
        (swap_round_one_sides, {DrawCheck.ROUND_1}),
        (lambda d: d["teams"][0].update(name="Someone else"), {DrawCheck.TEAMS}),
        (other_key, {DrawCheck.TEAMS}),
        (lambda d: d.update(version=2), {DrawCheck.TEAMS, DrawCheck.RESERVES}),
    ],
)
def test_tampering_with_a_version_3_file_is_found(published_v3: Document, tamper: Callable[[Document], None],
                                                   expected: set[DrawCheck]) -> None:
    assert verify(json.dumps(published_v3)).matches
    tamper(published_v3)
    assert set(verify(json.dumps(published_v3)).mismatches) == expected


def test_a_version_3_file_holds_no_raw_account_key(published_v3: Document) -> None:
    published_v3["entries"][0]["members"][0]["key"] = f"tg:{REAL_IDS[0]}"
    with pytest.raises(UnreadableDrawFileError) as caught:
        verify(json.dumps(published_v3))
    assert caught.value.params == {"reason": "entries[0].members[0].key"}


def test_a_version_3_draw_of_accounts_needs_a_long_enough_secret() -> None:
    registration = closed(RegistrationMode.PAIRS, eight_accounts())
    with pytest.raises(ValueError, match="account secret"):
        draw(registration, seed_of(1), BracketOptions(), order=DrawOrder.SHOWN)
    with pytest.raises(ValueError, match="account secret"):
        draw(registration, seed_of(1), BracketOptions(), account_secret=b"short")


@pytest.mark.parametrize("name", ["draw-v2.json", "draw-v2-mixed-rated.json", "draw-v2-swiss.json",
                                  "draw-v2-groups.json"])
def test_a_version_2_file_still_verifies(name: str) -> None:
    """Version 2 files (accounts keyed by the seed, the order by those keys) were published in chats."""
    content = (FIXTURES / name).read_bytes()
    assert json.loads(content)["version"] == 2
    result = verify(content)
    assert result.matches and result.committed_at == COMMITTED_AT.isoformat()
    document = json.loads(content)
    swap_round_one_sides(document)
    assert DrawCheck.ROUND_1 in verify(json.dumps(document)).mismatches
