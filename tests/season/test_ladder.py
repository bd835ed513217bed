"""Ladder points (pairs finished below + 1, withdrawn 1, a points table by place), best n, ranks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from bot.season.ladder import FinishedPair, FinishedTournament, SeasonScoring, SeasonWindow, ladder, place_points

START = datetime(2026, 1, 5, 20, 0, tzinfo=UTC)


def tournament(number: int, *places: tuple[tuple[str, ...], int],
               withdrawn: tuple[int, ...] = ()) -> FinishedTournament:
    pairs = tuple(FinishedPair(members, place, index in withdrawn) for index, (members, place) in enumerate(places))
    return FinishedTournament(number, START + timedelta(days=7 * number), pairs)


def test_n_pairs_give_the_champions_n_and_the_last_pair_1() -> None:
    event = tournament(1, (("a", "b"), 1), (("c", "d"), 2), (("e", "f"), 3), (("g", "h"), 4))
    assert [place_points(pair, event.pairs, SeasonScoring()) for pair in event.pairs] == [4, 3, 2, 1]


def test_shared_places_and_a_withdrawn_pair() -> None:
    event = tournament(1, (("a", "b"), 1), (("c", "d"), 2), (("e", "f"), 3), (("g", "h"), 3), (("i", "j"), 2),
                       withdrawn=(4,))
    points = [place_points(pair, event.pairs, SeasonScoring()) for pair in event.pairs]
    assert points == [5, 4, 2, 2, 1]  # the withdrawn pair: 1, and below every pair still in


def test_a_points_table_by_place_and_its_last_entry_beyond() -> None:
    event = tournament(1, (("a", "b"), 1), (("c", "d"), 2), (("e", "f"), 3), (("g", "h"), 4))
    scoring = SeasonScoring(points_table=(10, 6, 3))
    assert [place_points(pair, event.pairs, scoring) for pair in event.pairs] == [10, 6, 3, 3]


def test_best_n_sums_the_best_results_and_ranks_by_points_then_rating() -> None:
    events = [tournament(1, (("a", "b"), 1), (("c", "d"), 2)), tournament(2, (("a", "c"), 2), (("b", "d"), 1)),
              tournament(3, (("a", "d"), 1), (("b", "c"), 2))]
    rows = ladder(events, SeasonScoring(best=2), {"a": 1.0, "b": 3.0, "c": 0.5, "d": 2.0})
    by = {row.member: row for row in rows}
    assert by["a"].points == 4 and by["a"].events == 3 and by["a"].best_place == 1
    assert by["b"].points == 4 and by["d"].points == 4 and by["c"].points == 2
    assert [row.member for row in rows] == ["b", "d", "a", "c"]  # equal points: the better rating first
    assert [row.rank for row in rows] == [1, 2, 3, 4]


def test_equal_points_and_rating_share_a_rank() -> None:
    rows = ladder([tournament(1, (("a", "b"), 1), (("c", "d"), 2))], SeasonScoring(), {})
    assert [(row.member, row.rank) for row in rows] == [("a", 1), ("b", 1), ("c", 3), ("d", 3)]


def test_the_season_window_holds_its_start_not_its_end() -> None:
    window = SeasonWindow(START, START + timedelta(days=1))
    assert window.holds(START) and not window.holds(START + timedelta(days=1))
    assert SeasonWindow(START).holds(START + timedelta(days=3650))


@given(st.lists(st.lists(st.integers(min_value=1, max_value=8), min_size=2, max_size=8), min_size=1, max_size=6),
       st.one_of(st.none(), st.integers(min_value=1, max_value=4)))
def test_a_later_tournament_never_lowers_anyones_points(events: list[list[int]], best: int | None) -> None:
    scoring = SeasonScoring(best=best)
    finished = [tournament(number, *(((f"p{place_index}", f"q{place_index}"), place)
                                     for place_index, place in enumerate(places)))
                for number, places in enumerate(events, start=1)]
    before: dict[str, int] = {}
    for count in range(1, len(finished) + 1):
        now = {row.member: row.points for row in ladder(finished[:count], scoring, {})}
        assert all(now.get(member, 0) >= points for member, points in before.items())
        before = now
