"""Ratings: the replay is openskill's PlackettLuce with its defaults, winners first, draws tied; tiers by percentile."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.season.ratings import RatedTable, replay, tiers


def test_the_replay_is_openskill_in_order_with_draws_tied() -> None:
    tables = [RatedTable(1, 1, 1, ("a", "b"), ("c", "d")), RatedTable(1, 1, 2, ("a", "c"), ("b", "d"), draw=True),
              RatedTable(1, 2, 1, ("d", "b"), ("a", "c"))]
    model = PlackettLuce()
    people = {key: model.rating() for key in "abcd"}
    for table in tables:
        teams = [[people[key] for key in table.winners], [people[key] for key in table.losers]]
        rated = model.rate(teams, ranks=[0, 0] if table.draw else [0, 1])
        for side, new_side in zip((table.winners, table.losers), rated, strict=True):
            for key, new in zip(side, new_side, strict=True):
                people[key] = new
    found = replay(tables)
    for key, expected in people.items():
        assert abs(found[key].mu - expected.mu) < 1e-12 and abs(found[key].sigma - expected.sigma) < 1e-12
        assert abs(found[key].ordinal - expected.ordinal()) < 1e-12
        assert found[key].games == 3
    assert [change.won for change in found["a"].changes] == [True, None, False]


def test_a_table_with_one_person_in_two_seats_is_not_rated() -> None:
    assert replay([RatedTable(1, 1, 1, ("a", "b"), ("a", "c"))]) == {}


def test_only_the_last_ten_changes_are_kept() -> None:
    found = replay([RatedTable(1, number, 1, ("a", "b"), ("c", "d")) for number in range(1, 13)])
    assert [change.round for change in found["a"].changes] == list(range(3, 13))


def test_tiers_by_percentile_equal_ratings_share_one() -> None:
    ratings = [(f"p{number}", float(number)) for number in range(10)]
    found = tiers(ratings)
    assert found["p0"] == "novice" and found["p9"] == "diamond" and found["p5"] == "silver"
    assert set(tiers([("a", 1.0), ("b", 1.0)]).values()) == {"novice"}
