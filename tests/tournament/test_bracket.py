"""Bracket creation: size, byes on the standard lines, tables, options, addressing."""

from __future__ import annotations

import random

import pytest

from bot.tournament.bracket import (
    BracketOptions,
    DuplicateTeamError,
    FinalFormat,
    MatchId,
    MemberInTwoTeamsError,
    ThirdPlace,
    TooFewTeamsError,
    UnknownMatchError,
    UnknownTableError,
    create_bracket,
    round_name,
)
from bot.tournament.matches import MatchKind, MatchState
from bot.tournament.teams import Team
from tests.tournament.bracket_helpers import make_bracket, make_teams


@pytest.mark.parametrize(
    ("pairs", "size", "rounds", "byes", "round_one_tables"),
    [(2, 2, 1, 0, 1), (3, 4, 2, 1, 1), (5, 8, 3, 3, 1), (8, 8, 3, 0, 4), (13, 16, 4, 3, 5), (33, 64, 6, 31, 1)],
)
def test_size_rounds_byes_and_tables(pairs: int, size: int, rounds: int, byes: int, round_one_tables: int) -> None:
    bracket = make_bracket(pairs)
    assert (bracket.size, bracket.rounds, bracket.byes) == (size, rounds, byes)
    assert [match.table for match in bracket.playable()] == list(range(1, round_one_tables + 1))
    assert sum(1 for match in bracket.round_matches(1) if match.state is MatchState.BYE) == byes


@pytest.mark.parametrize(
    ("pairs", "bye_slots"),
    # Seeds 1…byes keep their lines and face the byes: 8 lines → seeds 1, 2, 3 on lines 0, 4, 6.
    [(5, [0, 2, 3]), (6, [0, 2]), (7, [0]), (13, [0, 4, 6])],
)
def test_byes_face_the_top_seed_lines(pairs: int, bye_slots: list[int]) -> None:
    bracket = make_bracket(pairs)
    assert [match.slot for match in bracket.round_matches(1) if match.state is MatchState.BYE] == bye_slots


def test_bye_winners_are_already_in_round_two() -> None:
    bracket = make_bracket(5)
    round_two = bracket.round_matches(2)
    assert round_two[0].left is bracket.round_matches(1)[0].winning_team
    assert round_two[1].left is not None and round_two[1].right is not None
    assert all(match.state is MatchState.WAITING and match.table is None for match in round_two)


def test_same_seed_same_bracket_other_seed_other_bracket() -> None:
    assert make_bracket(40, seed=7) == make_bracket(40, seed=7)
    assert make_bracket(40, seed=7).lines != make_bracket(40, seed=8).lines


@pytest.mark.parametrize(
    ("options", "has_playoff", "final_best_of"),
    [
        (BracketOptions(), False, 1),
        (BracketOptions(ThirdPlace.PLAYOFF), True, 1),
        (BracketOptions(ThirdPlace.PLAYOFF, FinalFormat.BEST_OF_THREE), True, 3),
    ],
)
def test_options_shape_the_last_round(options: BracketOptions, has_playoff: bool, final_best_of: int) -> None:
    bracket = make_bracket(8, options=options)
    last = bracket.round_matches(3)
    assert [match.kind for match in last] == [MatchKind.MAIN] + [MatchKind.THIRD_PLACE] * has_playoff
    assert last[0].best_of == final_best_of


def test_two_pairs_have_only_a_final_and_no_playoff() -> None:
    bracket = make_bracket(2, options=BracketOptions(ThirdPlace.PLAYOFF, FinalFormat.BEST_OF_THREE))
    assert not bracket.has_third_place_match
    assert [match.best_of for match in bracket.playable()] == [3]


@pytest.mark.parametrize(
    ("teams", "error"),
    [
        (make_teams(1), TooFewTeamsError),
        ([Team(1, "A", ("x",)), Team(1, "B", ("y",))], DuplicateTeamError),
        ([Team(1, "A", ("x", "y")), Team(2, "B", ("y", "z"))], MemberInTwoTeamsError),
    ],
)
def test_bad_team_lists_are_refused(teams: list[Team], error: type[Exception]) -> None:
    with pytest.raises(error):
        create_bracket(teams, random.Random(1), BracketOptions())


def test_addressing_by_table_and_by_match_id() -> None:
    bracket = make_bracket(8)
    match = bracket.at_table(3)
    assert bracket.find(3) is match and bracket.find(MatchId(match.match_id)) is match
    with pytest.raises(UnknownTableError):
        bracket.at_table(5)
    with pytest.raises(UnknownTableError):
        bracket.at_table(1, round_number=2)
    with pytest.raises(UnknownMatchError):
        bracket.find(MatchId(8))


def test_a_person_finds_their_table() -> None:
    bracket = make_bracket(8)
    match = bracket.at_table(2)
    assert match.left is not None
    assert bracket.match_of(match.left.members[1]) is match
    assert bracket.match_of("nobody") is None


@pytest.mark.parametrize(
    ("rounds", "round_number", "expected"),
    [(5, 5, ("bracket.round.final", {})), (5, 4, ("bracket.round.semi_final", {})),
     (5, 3, ("bracket.round.quarter_final", {})), (5, 2, ("bracket.round.numbered", {"number": 2}))],
)
def test_round_names(rounds: int, round_number: int, expected: tuple[str, dict[str, int]]) -> None:
    assert round_name(rounds, round_number) == expected
