"""The bracket tree rebuilt from matches.csv rows: rounds linked by names, future rounds projected."""

import random

import pytest

from bot.pictures.bracket import Bracket, NothingToDrawError, build_bracket
from bot.ruleset.scoring import MatchLevel, Side
from bot.sheets.matches import MatchRow, MatchStatus, Stage
from tests.support.sample_matches import sample_rows


def match_counts(bracket: Bracket) -> list[int]:
    return [len(bracket.in_round(number)) for number in bracket.rounds]


@pytest.mark.parametrize(
    ("pairs", "counts"),
    [(2, [1]), (3, [2, 1]), (5, [4, 2, 1]), (8, [4, 2, 1]), (13, [8, 4, 2, 1]), (33, [32, 16, 8, 4, 2, 1]),
     (256, [128, 64, 32, 16, 8, 4, 2, 1])],
)
def test_a_drawn_first_round_projects_every_later_round(pairs: int, counts: list[int]) -> None:
    bracket = build_bracket(sample_rows(pairs, finished_rounds=0))
    assert match_counts(bracket) == counts
    assert bracket.pair_count == pairs
    assert bracket.current_round == 1
    assert bracket.champion is None
    assert all(match.is_projected for match in bracket.matches if match.round > 1)


@pytest.mark.parametrize("pairs", [3, 5, 8, 13, 33])
def test_every_match_after_the_first_round_is_fed_by_the_previous_round(pairs: int) -> None:
    bracket = build_bracket(sample_rows(pairs))
    for match in bracket.matches:
        feeders = [bracket.match(feeder) for feeder in match.feeders]
        assert all(feeder.round == match.round - 1 for feeder in feeders)
        assert len(feeders) == (0 if match.round == 1 else 2)
    assert [match.round for match in bracket.roots()] == [bracket.last_round]


def test_row_order_does_not_matter() -> None:
    rows = list(sample_rows(13, finished_rounds=2))
    shuffled = rows[:]
    random.Random(3).shuffle(shuffled)
    ordered, mixed = build_bracket(rows), build_bracket(shuffled)
    for bracket in (ordered, mixed):
        for match in bracket.matches:
            if match.round > 1 and not match.is_projected:
                sources = {name for feeder in match.feeders for name in (bracket.match(feeder).left,
                                                                         bracket.match(feeder).right)}
                assert {match.left, match.right} <= sources


def test_a_finished_tournament_has_a_champion_and_a_third_place() -> None:
    rows = sample_rows(8)
    bracket = build_bracket(rows)
    final = bracket.final
    assert final is not None and final.best_of_three
    assert bracket.champion == final.winner_name()
    assert bracket.current_round is None
    assert bracket.third_place is not None and bracket.third_place.stage is Stage.THIRD_PLACE


def rows_of_final(*games: tuple[str, str, Side | None, MatchStatus]) -> list[MatchRow]:
    return [MatchRow(1, Stage.MAIN, 1, "甲", "乙", MatchLevel.parse(left) if left else None,
                     MatchLevel.parse(right) if right else None, winner, status)
            for left, right, winner, status in games]


C, P, D, R = MatchStatus.CONFIRMED, MatchStatus.PENDING, MatchStatus.DISPUTED, MatchStatus.REPORTED
F = MatchStatus.FORFEIT
L, RIGHT = Side.LEFT, Side.RIGHT


@pytest.mark.parametrize(
    ("games", "winner", "status"),
    [
        ([("A+", "5", L, C)], L, C),
        ([("A+", "5", L, R)], None, R),
        ([("A+", "5", L, C), ("9", "A", RIGHT, C)], None, C),
        ([("A+", "5", L, C), ("9", "A", RIGHT, C), ("", "", None, P)], None, P),
        ([("A+", "5", L, C), ("9", "A", RIGHT, D)], None, D),
        ([("A+", "5", L, C), ("A", "9", L, C)], L, C),
        ([("A+", "5", L, C), ("9", "A", RIGHT, C), ("K", "A+", RIGHT, C)], RIGHT, C),
        ([("A+", "5", L, C), ("", "", RIGHT, F)], RIGHT, F),  # a forfeit ends the match at once
        ([("A+", "5", L, C), ("", "", None, F)], None, F),  # both forfeited: decided, nobody wins
    ],
)
def test_best_of_three_winner_needs_two_games(games: list[tuple[str, str, Side | None, MatchStatus]],
                                               winner: Side | None, status: MatchStatus) -> None:
    (final,) = build_bracket(rows_of_final(*games)).matches
    assert final.winner is winner
    assert final.status is status


def test_later_rounds_may_have_byes() -> None:
    rows = [
        MatchRow(1, Stage.MAIN, 1, "甲", "乙", winner=Side.LEFT, status=MatchStatus.FORFEIT),
        MatchRow(1, Stage.MAIN, 2, "丙", "丁", winner=Side.RIGHT, status=MatchStatus.WALKOVER),
        MatchRow(1, Stage.MAIN, 3, "戊", "己"),
        MatchRow.bye(2, "甲"),
        MatchRow(2, Stage.MAIN, 1, "丁", "戊"),
    ]
    bracket = build_bracket(rows)
    bye = next(match for match in bracket.in_round(2) if match.is_bye)
    assert [bracket.match(feeder).left for feeder in bye.feeders] == ["甲"]
    assert match_counts(bracket) == [3, 2, 1]


@pytest.mark.parametrize("rows", [[], [MatchRow(2, Stage.THIRD_PLACE, 2, "甲", "乙")]])
def test_nothing_to_draw_without_main_matches(rows: list[MatchRow]) -> None:
    with pytest.raises(NothingToDrawError):
        build_bracket(rows)


def test_walkovers_without_an_opponent_link_only_their_own_pair() -> None:
    """As the bot exports them: no table, right empty; two walkovers in one round are not one pair."""
    rows = [
        MatchRow(1, Stage.MAIN, 1, "甲", "乙", winner=None, status=MatchStatus.FORFEIT),
        MatchRow(1, Stage.MAIN, 2, "丙", "丁", winner=Side.LEFT, status=MatchStatus.CONFIRMED),
        MatchRow(1, Stage.MAIN, 3, "戊", "己", winner=None, status=MatchStatus.FORFEIT),
        MatchRow(1, Stage.MAIN, 4, "庚", "辛", winner=Side.RIGHT, status=MatchStatus.CONFIRMED),
        MatchRow(2, Stage.MAIN, None, "丙", "", winner=Side.LEFT, status=MatchStatus.WALKOVER),
        MatchRow(2, Stage.MAIN, None, "辛", "", winner=Side.LEFT, status=MatchStatus.WALKOVER),
        MatchRow(3, Stage.MAIN, 1, "丙", "辛"),
    ]
    bracket = build_bracket(rows)
    assert bracket.pair_count == 8
    walkovers = bracket.in_round(2)
    assert [[bracket.match(feeder).table for feeder in match.feeders] for match in walkovers] == [[2], [4]]
    assert all(match.winner is Side.LEFT and match.is_decided for match in walkovers)
    (final,) = bracket.in_round(3)
    assert sorted(bracket.match(feeder).left for feeder in final.feeders) == ["丙", "辛"]
