"""Recording results: the report → confirm flow, disputes, officials, misuse errors, round progress."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.errors import GuandanError, PermissionDenied
from bot.ruleset.scoring import Side
from bot.tournament.bracket import Bracket, MatchId, UnknownTableError
from bot.tournament.matches import MatchState
from bot.tournament.results import (
    DisputedError,
    DisputeNeedsOutcomeError,
    MatchFinishedError,
    MatchNotPlayableError,
    NotAtTableError,
    NothingToConfirmError,
    NothingToDisputeError,
    OfficialsDecideError,
    OfficialsOnlyError,
    Outcome,
    OwnReportError,
    confirm,
    decide,
    dispute,
    report,
)
from bot.tournament.teams import Actor
from tests.tournament.bracket_helpers import (
    AT,
    REFEREE,
    VARIANT,
    agree,
    assert_valid,
    left_player,
    make_bracket,
    right_player,
)

LEFT_WINS, RIGHT_WINS = Outcome.parse("A+ K"), Outcome.parse("K A+")


@pytest.fixture
def eight_pairs() -> Bracket:
    """8 pairs, no byes: four round-1 tables."""
    return make_bracket(8)


@pytest.fixture
def reported_at_table_one(eight_pairs: Bracket) -> Bracket:
    """Table 1: the left pair reported that it won (A+ against K)."""
    match = eight_pairs.at_table(1)
    return report(eight_pairs, 1, left_player(match), LEFT_WINS, AT, VARIANT).stage


@pytest.fixture
def disputed_at_table_one(reported_at_table_one: Bracket) -> Bracket:
    """Table 1: the right pair reported the opposite result."""
    match = reported_at_table_one.at_table(1)
    return report(reported_at_table_one, 1, right_player(match), RIGHT_WINS, AT, VARIANT).stage


def test_report_then_confirm(eight_pairs: Bracket) -> None:
    match = eight_pairs.at_table(1)
    reported = report(eight_pairs, 1, left_player(match), LEFT_WINS, AT, VARIANT)
    assert reported.stage.at_table(1).state is MatchState.REPORTED
    assert [event.kind for event in reported.events] == ["result.reported"]
    assert reported.events[0].details == {"match": "1", "round": "1", "table": "1", "seat": "left",
                                          "outcome": "A+ K"}
    confirmed = confirm(reported.stage, 1, right_player(match), AT)
    decided = confirmed.stage.at_table(1)
    assert (decided.state, decided.winner, decided.winning_team) == (MatchState.CONFIRMED, Side.LEFT, match.left)
    assert [event.kind for event in confirmed.events] == ["result.confirmed"]
    assert confirmed.events[0].actor == right_player(match).key
    assert confirmed.stage.round_matches(2)[0].left == match.left
    assert (decided.points(Side.LEFT), decided.points(Side.RIGHT)) == (15, 11)
    assert eight_pairs.at_table(1).state is MatchState.PENDING  # the old bracket is untouched
    assert_valid(confirmed.stage)


def test_the_other_pair_reporting_the_same_result_confirms_it(reported_at_table_one: Bracket) -> None:
    match = reported_at_table_one.at_table(1)
    change = report(reported_at_table_one, 1, right_player(match), Outcome.parse("A+ K left"), AT, VARIANT)
    assert change.stage.at_table(1).state is MatchState.CONFIRMED
    assert [event.kind for event in change.events] == ["result.reported", "result.confirmed"]


def test_a_pair_may_replace_its_own_report(reported_at_table_one: Bracket) -> None:
    match = reported_at_table_one.at_table(1)
    partner = Actor(match.left.members[1]) if match.left else None  # the reporter's partner
    assert partner is not None
    change = report(reported_at_table_one, 1, partner, Outcome.parse("A Q"), AT, VARIANT)
    assert change.stage.at_table(1).state is MatchState.REPORTED
    assert [report.outcome.text for report in change.stage.at_table(1).reports] == ["A Q"]


def test_a_different_report_disputes_and_an_official_decides(disputed_at_table_one: Bracket) -> None:
    assert disputed_at_table_one.at_table(1).state is MatchState.DISPUTED
    assert len(disputed_at_table_one.at_table(1).reports) == 2
    change = decide(disputed_at_table_one, 1, REFEREE, RIGHT_WINS, AT, VARIANT)
    assert change.stage.at_table(1).winner is Side.RIGHT
    assert [event.kind for event in change.events] == ["result.decided"]
    assert change.events[0].details["seat"] == "official"


def test_disputing_pairs_can_still_agree(disputed_at_table_one: Bracket) -> None:
    match = disputed_at_table_one.at_table(1)
    change = report(disputed_at_table_one, 1, left_player(match), RIGHT_WINS, AT, VARIANT)
    assert (change.stage.at_table(1).state, change.stage.at_table(1).winner) == (MatchState.CONFIRMED, Side.RIGHT)


def test_dispute_without_a_counter_report_then_amend(reported_at_table_one: Bracket) -> None:
    match = reported_at_table_one.at_table(1)
    disputed = dispute(reported_at_table_one, 1, right_player(match), AT)
    assert disputed.stage.at_table(1).state is MatchState.DISPUTED
    assert [event.kind for event in disputed.events] == ["result.disputed"]
    amended = report(disputed.stage, 1, left_player(match), Outcome.parse("A Q"), AT, VARIANT)
    assert amended.stage.at_table(1).state is MatchState.REPORTED
    confirmed = confirm(amended.stage, 1, right_player(match), AT)
    assert confirmed.stage.at_table(1).games[0].outcome.text == "A Q"


def test_an_official_confirms_a_single_report_or_reports_with_final_effect(reported_at_table_one: Bracket) -> None:
    assert confirm(reported_at_table_one, 1, REFEREE, AT).stage.at_table(1).state is MatchState.CONFIRMED
    change = report(reported_at_table_one, 2, REFEREE, RIGHT_WINS, AT, VARIANT)
    assert change.stage.at_table(2).state is MatchState.CONFIRMED
    assert [event.kind for event in change.events] == ["result.decided"]


def test_an_official_who_plays_at_the_table_acts_as_a_player(eight_pairs: Bracket) -> None:
    match = eight_pairs.at_table(1)
    assert match.left is not None
    playing_organiser = Actor(match.left.members[0], official=True)
    change = report(eight_pairs, 1, playing_organiser, LEFT_WINS, AT, VARIANT)
    assert change.stage.at_table(1).state is MatchState.REPORTED
    with pytest.raises(OfficialsOnlyError):
        decide(eight_pairs, 1, playing_organiser, LEFT_WINS, AT, VARIANT)


def test_equal_levels_with_a_stated_winner(eight_pairs: Bracket) -> None:
    change = agree(eight_pairs, 1, "A A right")
    match = change.stage.round_matches(1)[0]
    assert (match.winner, match.points(Side.LEFT), match.points(Side.RIGHT)) == (Side.RIGHT, 13, 13)


Misuse = Callable[[Bracket], object]


def _left(bracket: Bracket, table: int = 1) -> Actor:
    return left_player(bracket.at_table(table))


def _right(bracket: Bracket, table: int = 1) -> Actor:
    return right_player(bracket.at_table(table))


@pytest.mark.parametrize(
    ("fixture", "misuse", "error"),
    [
        ("eight_pairs", lambda b: report(b, 9, _left(b), LEFT_WINS, AT, VARIANT), UnknownTableError),
        ("eight_pairs", lambda b: report(b, 1, _left(b, 2), LEFT_WINS, AT, VARIANT), NotAtTableError),
        ("eight_pairs", lambda b: report(b, 1, Actor("stranger"), LEFT_WINS, AT, VARIANT), NotAtTableError),
        ("eight_pairs", lambda b: confirm(b, 1, _right(b), AT), NothingToConfirmError),
        ("eight_pairs", lambda b: dispute(b, 1, _right(b), AT), NothingToDisputeError),
        ("eight_pairs", lambda b: report(b, MatchId(5), REFEREE, LEFT_WINS, AT, VARIANT), MatchNotPlayableError),
        ("eight_pairs", lambda b: decide(b, 1, _left(b), LEFT_WINS, AT, VARIANT), OfficialsOnlyError),
        ("reported_at_table_one", lambda b: confirm(b, 1, _left(b), AT), OwnReportError),
        ("reported_at_table_one", lambda b: dispute(b, 1, _left(b), AT), OwnReportError),
        ("reported_at_table_one", lambda b: dispute(b, 1, REFEREE, AT), OfficialsDecideError),
        ("reported_at_table_one", lambda b: dispute(b, 1, Actor("stranger"), AT), NotAtTableError),
        ("disputed_at_table_one", lambda b: confirm(b, 1, _right(b), AT), DisputedError),
        ("disputed_at_table_one", lambda b: dispute(b, 1, _right(b), AT), DisputedError),
        ("disputed_at_table_one", lambda b: confirm(b, 1, REFEREE, AT), DisputeNeedsOutcomeError),
        ("disputed_at_table_one", lambda b: decide(b, 1, Actor("boss"), LEFT_WINS, AT, VARIANT), OfficialsOnlyError),
    ],
)
def test_misuse_raises_its_own_error(fixture: str, misuse: Misuse, error: type[GuandanError],
                                     request: pytest.FixtureRequest) -> None:
    bracket: Bracket = request.getfixturevalue(fixture)
    with pytest.raises(error) as raised:
        misuse(bracket)
    assert raised.value.key.split(".")[0] in {"bracket", "results"}


def test_a_confirmed_match_takes_no_more_results(eight_pairs: Bracket) -> None:
    done = agree(eight_pairs, 1, "A+ K").stage
    for misuse in (
        lambda: report(done, 1, _left(done), LEFT_WINS, AT, VARIANT),
        lambda: confirm(done, 1, _right(done), AT),
        lambda: decide(done, 1, REFEREE, RIGHT_WINS, AT, VARIANT),
    ):
        with pytest.raises(MatchFinishedError):
            misuse()


def test_a_bye_takes_no_result() -> None:
    bracket = make_bracket(5)
    bye = bracket.round_matches(1)[0]
    assert bye.state is MatchState.BYE
    with pytest.raises(MatchFinishedError):
        report(bracket, MatchId(bye.match_id), REFEREE, LEFT_WINS, AT, VARIANT)


def test_officials_only_is_a_permission_error() -> None:
    assert issubclass(OfficialsOnlyError, PermissionDenied)


def test_a_round_starts_when_its_last_match_is_decided(eight_pairs: Bracket) -> None:
    bracket = eight_pairs
    winners = []
    for table, text in ((1, "A+ K"), (2, "K A+"), (3, "A+ K")):
        bracket = agree(bracket, table, text).stage
        winners.append(bracket.at_table(table).winning_team)
    assert bracket.current_round == 1 and [match.table for match in bracket.playable()] == [4]
    last = agree(bracket, 4, "K A+")
    winners.append(last.stage.at_table(4, round_number=1).winning_team)
    assert [event.kind for event in last.events] == ["result.reported", "result.confirmed", "round.started"]
    assert last.events[-1].details == {"round": "2", "tables": "2"}
    second = last.stage
    assert second.current_round == 2
    # tables are numbered afresh, in bracket order: winners of tables 1 and 2 meet at table 1
    assert [(match.table, match.left, match.right) for match in second.playable()] == [
        (1, winners[0], winners[1]), (2, winners[2], winners[3])]
    assert second.at_table(2, round_number=1).winning_team == winners[1]
    assert_valid(second)
