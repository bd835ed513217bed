"""Seeding by rating: knockout seeds in the standard order (the two strongest meet only in the final, byes to the top
seeds), Swiss round 1 stronger half against weaker half, the lot among equals; the draw file records the ratings and
verifying redraws with them (a changed rating is found)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from bot.ruleset.variants import DEFAULT_VARIANT
from bot.tournament.bracket import BracketOptions
from bot.tournament.draw import draw
from bot.tournament.draw_file import DrawCheck, export_draw, verify
from bot.tournament.entries import RegistrationMode
from bot.tournament.format import FormatOptions, TournamentFormat
from bot.tournament.points_draw import draw_points_stage
from bot.tournament.points_draw_file import export_points_draw
from bot.tournament.seeding import halves, rating_units, seeded_lines, team_strength
from bot.tournament.swiss import SWISS_STREAM, start_swiss
from bot.tournament.teams import Team
from tests.tournament.draw_helpers import closed, free_people, seed_of

COMMITTED_AT = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)


def teams(count: int) -> list[Team]:
    return [Team(number, f"Pair {number}", (f"name:p{number}a", f"name:p{number}b")) for number in range(1, count + 1)]


def ratings_by_number(count: int) -> dict[str, int]:
    """Pair n's players together rate (count + 1 − n) million: pair 1 the strongest."""
    return {key: rating_units((count + 1 - number) / 2) for number in range(1, count + 1)
            for key in (f"name:p{number}a", f"name:p{number}b")}


def test_knockout_seeds_follow_the_standard_order() -> None:
    lines = seeded_lines(teams(8), seed_of(1).stream(b"bracket"), ratings_by_number(8))
    numbers = [None if team is None else team.team_id for team in lines]
    assert numbers == [1, 8, 4, 5, 2, 7, 3, 6]  # 1 and 2 in opposite halves, seed s meets 9 − s


def test_byes_go_to_the_top_seeds() -> None:
    lines = seeded_lines(teams(6), seed_of(1).stream(b"bracket"), ratings_by_number(6))
    matches = [(lines[index], lines[index + 1]) for index in range(0, len(lines), 2)]
    byes = {left.team_id if left is not None else right.team_id  # type: ignore[union-attr]
            for left, right in matches if left is None or right is None}
    assert byes == {1, 2}


def test_the_lot_decides_among_equals_and_the_same_seed_decides_the_same() -> None:
    equal = {f"name:p{number}{side}": 0 for number in range(1, 9) for side in "ab"}
    first = seeded_lines(teams(8), seed_of(1).stream(b"bracket"), equal)
    assert first == seeded_lines(teams(8), seed_of(1).stream(b"bracket"), equal)
    assert any(seeded_lines(teams(8), seed_of(n).stream(b"bracket"), equal) != first for n in range(2, 6))


def test_halves_pair_the_stronger_half_with_the_weaker() -> None:
    assert halves([1, 2, 3, 4, 5, 6, 7, 8]) == [1, 5, 2, 6, 3, 7, 4, 8]
    assert halves([1, 2, 3, 4, 5]) == [1, 3, 2, 4, 5]  # the weakest is left for the bye


def test_swiss_round_one_stronger_half_against_weaker_half() -> None:
    field = teams(10)
    ratings = ratings_by_number(10)
    strengths = {team.team_id: team_strength(team, ratings) for team in field}
    event = start_swiss(field, 4, DEFAULT_VARIANT, seed_of(3).stream(SWISS_STREAM), strengths=strengths)
    for table in event.rounds[0].tables:
        assert {table.left.team_id <= 5, table.right.team_id <= 5} == {True, False}
    lot = start_swiss(field, 4, DEFAULT_VARIANT, seed_of(3).stream(SWISS_STREAM))
    assert lot.lot == event.lot  # the lot for ties later is the same as without seeding


def test_a_seeded_knockout_draw_file_records_the_ratings_and_verifies() -> None:
    registration = closed(RegistrationMode.PAIRS, free_people(6, 2))
    people = [person.key for entry in registration.active for person in entry.members]
    ratings = {key: rating_units(index * 1.25 - 3) for index, key in enumerate(people)}
    made = draw(registration, seed_of(9), BracketOptions(), ratings=ratings)
    text = export_draw(made, committed_at=COMMITTED_AT)
    document = json.loads(text)
    assert document["seeding"]["by"] == "rating"
    assert sorted(document["seeding"]["ratings"]) == sorted(made.public_key(key) for key in people)
    assert not any(key.startswith("tg:") for key in document["seeding"]["ratings"])
    assert verify(text).matches
    strongest = max(made.teams, key=lambda team: team_strength(team, ratings))
    assert made.bracket.lines.index(strongest) == 0
    # Another rating would have drawn otherwise: the check finds it.
    key = made.public_key(strongest.members[0])
    document["seeding"]["ratings"][key] = -50_000_000
    assert DrawCheck.ROUND_1 in verify(json.dumps(document)).mismatches
    # A file without the seeding is a draw by lot, which this one is not.
    del document["seeding"]
    assert not verify(json.dumps(document)).matches


def test_a_seeded_swiss_draw_file_verifies() -> None:
    registration = closed(RegistrationMode.PAIRS, free_people(9, 0))
    people = [person.key for entry in registration.active for person in entry.members]
    ratings = {key: rating_units(index / 3) for index, key in enumerate(people)}
    made = draw_points_stage(registration, seed_of(4), BracketOptions(),
                             FormatOptions(TournamentFormat.SWISS, rounds=3), DEFAULT_VARIANT, ratings)
    text = export_points_draw(made, committed_at=COMMITTED_AT)
    assert json.loads(text)["seeding"]["by"] == "rating"
    assert verify(text).matches
