"""Who plays for a pair after the draw (substitutes, claimed names) and whether a draw can be undone."""

import random

import pytest

from bot.tournament.entries import Person
from bot.tournament.lineup import (
    AlreadyPlayingError,
    NotInAPairError,
    relink,
    results_recorded,
    substitute,
)
from tests.tournament.bracket_helpers import agree, assert_valid, make_bracket, play_out

RESERVE = Person("name:r", "Reserve")


def test_a_substitute_keeps_the_pairs_place_and_results() -> None:
    bracket = agree(make_bracket(8, 2), 1, "K A+").stage
    first = bracket.at_table(1)
    assert first.right is not None
    leaving = first.right.members[0]
    people = {key: Person(key, key.upper()) for team in bracket.teams for key in team.members}
    lineup = substitute(bracket, (RESERVE,), people, leaving, RESERVE)
    assert lineup.reserves == ()
    assert lineup.team is not None and lineup.team.team_id == first.right.team_id
    assert lineup.team.members == ("name:r", first.right.members[1])
    assert lineup.team.name == f"Reserve / {first.right.members[1].upper()}"
    after = lineup.bracket.at_table(1)
    assert after.right == lineup.team and after.games == first.games and after.winner == first.winner
    assert lineup.bracket.frame.member_teams["name:r"] == first.right.team_id
    assert leaving not in lineup.bracket.frame.member_teams
    assert_valid(lineup.bracket)


def test_who_may_come_in_and_go_out() -> None:
    bracket = make_bracket(4)
    with pytest.raises(NotInAPairError):
        substitute(bracket, (RESERVE,), {}, "nobody", RESERVE)
    playing = Person(bracket.teams[1].members[0], "Busy")
    with pytest.raises(AlreadyPlayingError):
        substitute(bracket, (), {}, bracket.teams[0].members[0], playing)


def test_a_claimed_name_gets_the_account_in_its_pair_and_the_reserves() -> None:
    bracket = make_bracket(4)
    old = bracket.teams[2].members[1]
    lineup = relink(bracket, (RESERVE,), old, "tg:99")
    assert lineup is not None and lineup.team is not None and "tg:99" in lineup.team.members
    assert lineup.bracket.frame.member_teams["tg:99"] == 3 and old not in lineup.bracket.frame.member_teams
    only_reserve = relink(bracket, (RESERVE,), "name:r", "tg:98")
    assert only_reserve is not None and only_reserve.team is None and only_reserve.reserves[0].key == "tg:98"
    assert relink(bracket, (), "name:ghost", "tg:97") is None


def test_a_draw_can_be_undone_until_a_result_is_recorded() -> None:
    bracket = make_bracket(6)
    assert not results_recorded(bracket)
    assert results_recorded(agree(bracket, 1, "K A+").stage)
    assert results_recorded(play_out(bracket, random.Random(1))[0])
