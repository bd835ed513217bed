import json
import random

import pytest

from bot.tournament.bracket import Bracket, BracketOptions, FinalFormat, ThirdPlace
from bot.tournament.outcome import Outcome
from bot.tournament.results import report
from bot.tournament.snapshot import (
    changed_matches,
    games_json,
    read_games,
    read_reports,
    reports_json,
    restore_bracket,
    stored_matches,
    team_lines,
)
from tests.support.bracket_invariants import check_bracket
from tests.tournament.bracket_helpers import AT, VARIANT, left_player, make_bracket, play_out


def restored(bracket: Bracket) -> Bracket:
    """Through JSON, as storage keeps it."""
    rows = [match._replace(games=read_games(json.loads(json.dumps(games_json(match.games)))),
                           reports=read_reports(json.loads(json.dumps(reports_json(match.reports)))))
            for match in stored_matches(bracket)]
    return restore_bracket(bracket.options, bracket.teams, team_lines(bracket), reversed(rows))


def assert_same(original: Bracket, copy: Bracket) -> None:
    assert check_bracket(copy) == []
    assert list(copy.matches()) == list(original.matches())
    assert (copy.tables, copy.current_round, copy.open_matches, copy.lines, copy.finished) == (
        original.tables, original.current_round, original.open_matches, original.lines, original.finished)


@pytest.mark.parametrize("pairs", [2, 3, 5, 8, 13])
@pytest.mark.parametrize("options", [BracketOptions(), BracketOptions(ThirdPlace.PLAYOFF, FinalFormat.BEST_OF_THREE)])
def test_every_state_of_a_played_bracket_restores_exactly(pairs: int, options: BracketOptions) -> None:
    bracket = make_bracket(pairs, seed=pairs, options=options)
    assert_same(bracket, restored(bracket))
    states = [bracket]
    play_out(bracket, random.Random(pairs), forfeit_rate=0.3, after_each=states.append)
    for state in states:
        assert_same(state, restored(state))


def test_a_standing_report_survives_the_round_trip() -> None:
    bracket = make_bracket(4)
    match = bracket.at_table(1)
    reported = report(bracket, 1, left_player(match), Outcome.parse("K A+"), AT, VARIANT).stage
    copy = restored(reported)
    assert copy.at_table(1).reports == reported.at_table(1).reports
    assert copy.at_table(1).reports[0].score is not None


def test_changed_matches_are_exactly_those_a_change_touched() -> None:
    bracket = make_bracket(5, seed=3)
    steps = [bracket]
    play_out(bracket, random.Random(1), after_each=steps.append)
    for before, after in zip(steps, steps[1:], strict=False):
        changed = {match.match_id for match in changed_matches(before, after)}
        expected = {number for number in range(1, len(after.store) + 1)
                    if after.store[number - 1] is not None and after.store[number - 1] != before.store[number - 1]}
        assert changed == expected and changed
