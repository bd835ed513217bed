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
from bot.tournament.draw import draw, public_key
from bot.tournament.draw_file import DrawCheck, UnreadableDrawFileError, export_draw, verify
from bot.tournament.entries import Person, RegistrationMode
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
        (lambda d: d.update(version=3), "version"),
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
