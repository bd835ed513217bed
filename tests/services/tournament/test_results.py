import asyncio
import random

import pytest

from bot.ruleset.scoring import Side
from bot.services import Services
from bot.services.caller import Caller, ChatUser
from bot.services.tournament.draw import make_draw
from bot.services.tournament.results import (
    ResultKind,
    TableRef,
    confirm_result,
    dispute_result,
    record_result,
)
from bot.services.tournament.roles import RefereeTarget, TournamentRoles, add_referee
from bot.services.tournament.setup import change_setting
from bot.services.tournament.state import NotDrawnYetError, StaleButtonError
from bot.tournament.matches import MatchState
from bot.tournament.outcome import Outcome
from bot.tournament.record import TournamentStatus
from bot.tournament.results import MatchFinishedError, NotAtTableError, OwnReportError
from bot.tournament.standings import Finish, standings
from storage import history
from tests.services.conftest import GROUP, in_group
from tests.services.tournament_helpers import play_round, play_to_the_end, seat, singles_tournament, state_of
from tests.support.bracket_invariants import check_bracket

REFEREE = in_group(ChatUser(77, "Referee", "ref"))
K_APLUS = Outcome.parse("K A+")


@pytest.fixture
async def drawn_eight(services: Services, admin: Caller) -> Services:
    """Eight pairs by lot (sixteen singles), drawn: four tables in round 1, no byes."""
    await singles_tournament(services, admin, 16)
    await make_draw(services, admin)
    return services


async def first_table(services: Services) -> tuple[Caller, Caller, Caller, Caller]:
    match = (await state_of(services)).require_bracket().at_table(1)
    return seat(match, Side.LEFT), seat(match, Side.LEFT, 1), seat(match, Side.RIGHT), seat(match, Side.RIGHT, 1)


async def kinds(services: Services) -> list[str]:
    state = await state_of(services)
    async with services.storage.read() as tx:
        return [event.kind for event in await history.for_tournament(tx, state.tournament_id)]


async def test_a_report_waits_for_the_other_pair(drawn_eight: Services) -> None:
    left, partner, right, _ = await first_table(drawn_eight)
    reported = await record_result(drawn_eight, left, TableRef(1), K_APLUS)
    assert (reported.kind, reported.match.state, reported.revision, reported.started_round) == (
        ResultKind.REPORTED, MatchState.REPORTED, 2, None)
    with pytest.raises(OwnReportError):
        await confirm_result(drawn_eight, partner, TableRef(1))
    confirmed = await confirm_result(drawn_eight, right, TableRef(1))
    assert confirmed.kind is ResultKind.CONFIRMED and confirmed.match.winner is Side.RIGHT
    assert confirmed.match.games[0].score is not None and confirmed.match.games[0].score.right_points == 15


async def test_the_same_report_from_both_pairs_confirms(drawn_eight: Services) -> None:
    left, _, right, _ = await first_table(drawn_eight)
    await record_result(drawn_eight, left, TableRef(1), K_APLUS)
    again = await record_result(drawn_eight, right, TableRef(1), Outcome.parse("k a+"))
    assert again.kind is ResultKind.CONFIRMED


async def test_a_different_report_disputes_and_a_referee_decides(drawn_eight: Services, admin: Caller) -> None:
    await add_referee(drawn_eight, admin, RefereeTarget(77, "ref", "Referee"))
    left, _, right, _ = await first_table(drawn_eight)
    await record_result(drawn_eight, left, TableRef(1), K_APLUS)
    disputed = await record_result(drawn_eight, right, TableRef(1), Outcome.parse("A+ Q"))
    assert disputed.kind is ResultKind.DISPUTED and [referee.user_id for referee in disputed.referees] == [77]
    decided = await record_result(drawn_eight, REFEREE, TableRef(1), Outcome.parse("A+ K"))
    assert decided.kind is ResultKind.DECIDED and decided.match.winner is Side.LEFT


async def test_the_dispute_button_and_stale_presses(drawn_eight: Services) -> None:
    left, _, right, other = await first_table(drawn_eight)
    reported = await record_result(drawn_eight, left, TableRef(1), K_APLUS)
    button = TableRef(1, match_id=reported.match.match_id)
    with pytest.raises(StaleButtonError):
        await confirm_result(drawn_eight, right, button, revision=reported.revision - 1)
    disputed = await dispute_result(drawn_eight, other, button, revision=reported.revision)
    assert disputed.match.state is MatchState.DISPUTED
    with pytest.raises(StaleButtonError):  # the Confirm button of the report is stale now
        await confirm_result(drawn_eight, right, button, revision=reported.revision)
    assert (await state_of(drawn_eight)).require_bracket().at_table(1).state is MatchState.DISPUTED


async def test_only_the_table_or_an_official_may_act(drawn_eight: Services) -> None:
    match = (await state_of(drawn_eight)).require_bracket().at_table(2)
    stranger = seat(match, Side.LEFT)
    with pytest.raises(NotAtTableError):
        await record_result(drawn_eight, stranger, TableRef(1), K_APLUS)
    with pytest.raises(NotAtTableError):
        await record_result(drawn_eight, REFEREE, TableRef(1), K_APLUS)  # not named a referee
    assert (await state_of(drawn_eight)).require_bracket().at_table(1).state is MatchState.PENDING


async def test_an_organiser_decides_and_corrects_an_earlier_round(drawn_eight: Services, admin: Caller) -> None:
    decided = await record_result(drawn_eight, admin, TableRef(1), K_APLUS)
    assert decided.kind is ResultKind.DECIDED
    await play_round(drawn_eight, random.Random(1))
    state = await state_of(drawn_eight)
    assert state.require_bracket().current_round == 2
    corrected = await record_result(drawn_eight, admin, TableRef(1, round=1), Outcome.parse("A+ K"))
    assert corrected.kind is ResultKind.CORRECTED and corrected.match.winner is Side.LEFT
    bracket = corrected.state.require_bracket()
    assert check_bracket(bracket) == []
    assert bracket.at_table(1).left == corrected.match.left


async def test_forfeits_and_a_walkover(drawn_eight: Services, admin: Caller) -> None:
    await record_result(drawn_eight, admin, TableRef(1), Outcome.parse("forfeit both"))
    left, _, _, _ = await first_table(drawn_eight)
    await record_result(drawn_eight, admin, TableRef(2), Outcome.parse("forfeit left"))
    for table in (3, 4):
        await record_result(drawn_eight, admin, TableRef(table), K_APLUS)
    bracket = (await state_of(drawn_eight)).require_bracket()
    assert bracket.current_round == 2 and bracket.round_matches(2)[0].state is MatchState.WALKOVER
    assert len(bracket.table_matches(2)) == 1
    assert "match.walkover" in await kinds(drawn_eight)


@pytest.mark.parametrize("third_place", ["playoff", "shared"])
async def test_played_to_a_champion_with_either_third_place(services: Services, admin: Caller,
                                                            third_place: str) -> None:
    await singles_tournament(services, admin, 10)
    await change_setting(services, admin, "third_place", third_place)
    await make_draw(services, admin)
    state = await play_to_the_end(services, random.Random(5))
    table = standings(state.require_bracket())
    assert state.record.status is TournamentStatus.FINISHED and table.champion is not None
    thirds = [placing for placing in table.placings if placing.place == 3]
    assert len(thirds) == (1 if third_place == "playoff" else 2)
    assert (Finish.FOURTH in {placing.finish for placing in table.placings}) is (third_place == "playoff")
    assert (await kinds(services))[-1] == "tournament.finished"


async def test_a_best_of_three_final(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 8)
    await change_setting(services, admin, "final", "bo3")
    await make_draw(services, admin)
    await record_result(services, admin, TableRef(1), K_APLUS)
    first = await record_result(services, admin, TableRef(2), K_APLUS)
    assert first.started_round == 2
    game_one = await record_result(services, admin, TableRef(1), Outcome.parse("A+ K"))
    assert game_one.match.state is MatchState.PENDING and len(game_one.match.games) == 1
    game_two = await record_result(services, admin, TableRef(1), Outcome.parse("2 A+"))
    assert game_two.match.wins == (1, 1) and not game_two.finished
    final = await record_result(services, admin, TableRef(1), Outcome.parse("A+ 3"))
    assert final.finished and final.match.winner is Side.LEFT and final.match.wins == (2, 1)


async def test_a_finished_final_can_still_be_corrected_by_an_official(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 4)
    await make_draw(services, admin)
    await play_to_the_end(services, random.Random(2))
    final = (await state_of(services)).require_bracket().at_table(1)
    asked = await record_result(services, admin, TableRef(1), Outcome.parse("A+ K"))
    assert asked.kind is ResultKind.CORRECTION_PENDING  # the champion was announced: nothing changes yet
    corrected = await record_result(services, admin, TableRef(1), Outcome.parse("A+ K"), confirmed=True)
    assert corrected.kind is ResultKind.CORRECTED and corrected.state.record.status is TournamentStatus.FINISHED
    assert corrected.state.require_bracket().champion == final.left
    with pytest.raises(MatchFinishedError):
        await record_result(services, seat(final, Side.LEFT), TableRef(1), K_APLUS)


async def test_results_before_the_draw(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 4)
    with pytest.raises(NotDrawnYetError):
        await record_result(services, admin, TableRef(1), K_APLUS)


async def test_racing_confirmations_advance_the_bracket_once(drawn_eight: Services) -> None:
    left, _, right, right_partner = await first_table(drawn_eight)
    await record_result(drawn_eight, left, TableRef(1), K_APLUS)
    outcomes = await asyncio.gather(confirm_result(drawn_eight, right, TableRef(1)),
                                    confirm_result(drawn_eight, right_partner, TableRef(1)),
                                    return_exceptions=True)
    assert sum(1 for outcome in outcomes if isinstance(outcome, MatchFinishedError)) == 1
    assert (await kinds(drawn_eight)).count("result.confirmed") == 1
    assert check_bracket((await state_of(drawn_eight)).require_bracket()) == []


async def test_racing_last_results_start_the_next_round_once(drawn_eight: Services, admin: Caller) -> None:
    for table in (1, 2, 3):
        await record_result(drawn_eight, admin, TableRef(table), K_APLUS)
    match = (await state_of(drawn_eight)).require_bracket().at_table(4)
    await record_result(drawn_eight, seat(match, Side.LEFT), TableRef(4), K_APLUS)
    outcomes = await asyncio.gather(confirm_result(drawn_eight, seat(match, Side.RIGHT), TableRef(4)),
                                    confirm_result(drawn_eight, admin, TableRef(4)), return_exceptions=True)
    started = [outcome for outcome in outcomes if not isinstance(outcome, BaseException)]
    assert len(started) == 1 and started[0].started_round == 2
    assert (await kinds(drawn_eight)).count("round.started") == 2  # round 1 at the draw, round 2 once
    bracket = (await state_of(drawn_eight)).require_bracket()
    assert bracket.current_round == 2 and check_bracket(bracket) == []


async def test_everything_is_still_there_after_a_restart(drawn_eight: Services) -> None:
    left, _, right, _ = await first_table(drawn_eight)
    await record_result(drawn_eight, left, TableRef(1), K_APLUS)
    before = await state_of(drawn_eight)
    await drawn_eight.storage.close()
    drawn_eight.tournaments.forget(before.tournament_id)
    await drawn_eight.storage.open()
    after = await state_of(drawn_eight)
    assert after == before and after.require_bracket().at_table(1).state is MatchState.REPORTED
    assert (await confirm_result(drawn_eight, right, TableRef(1))).kind is ResultKind.CONFIRMED
    assert after.record.chat_id == GROUP


async def test_the_referee_is_decided_in_the_results_transaction(
    drawn_eight: Services, admin: Caller, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No separate read of the roles before the change: the referee named a moment ago counts, read in the
    transaction that records the decision."""
    await add_referee(drawn_eight, admin, RefereeTarget(77, "ref", "Referee"))

    async def no_read_of_its_own(*args: object) -> None:
        raise AssertionError("the roles were read outside the change's transaction")

    monkeypatch.setattr(TournamentRoles, "roles_of", no_read_of_its_own)
    decided = await record_result(drawn_eight, REFEREE, TableRef(1), K_APLUS)
    assert decided.kind is ResultKind.DECIDED
