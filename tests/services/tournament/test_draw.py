import pytest

from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.draw import make_draw
from bot.services.tournament.setup import change_mode, change_setting, create_tournament
from bot.services.tournament.signup import SignUpRequest, sign_up
from bot.services.tournament.state import read_state
from bot.tournament.draw_file import verify
from bot.tournament.entries import Gender, RegistrationMode
from bot.tournament.pairing import TooFewEntriesError
from bot.tournament.record import TournamentStatus
from bot.tournament.registration import AlreadyDrawnError, RegistrationState
from storage import history, tournaments
from tests.services.conftest import GROUP, player
from tests.services.tournament_helpers import singles_tournament
from tests.support.bracket_invariants import check_bracket


async def test_nine_men_and_twelve_women_make_nine_pairs(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "男女混双")
    await change_mode(services, admin, RegistrationMode.MIXED)
    for number in range(1, 22):
        await sign_up(services, player(number), SignUpRequest(gender=Gender.MALE if number <= 9 else Gender.FEMALE))
    made = await make_draw(services, admin)
    bracket = made.state.require_bracket()
    assert (len(made.draw.teams), len(made.draw.reserves), bracket.byes, len(bracket.table_matches(1))) == (
        9, 3, 7, 1)
    assert all(person.gender is Gender.FEMALE for person in made.draw.reserves)
    assert made.state.record.status is TournamentStatus.DRAWN
    assert made.state.registration.state is RegistrationState.DRAWN
    assert verify(made.draw_file).matches
    assert check_bracket(bracket) == []


async def test_the_commitment_is_recorded_before_the_seed_is_revealed(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 5)
    made = await make_draw(services, admin)
    async with services.storage.read() as tx:
        events = await history.for_tournament(tx, made.state.tournament_id)
        stored = await tournaments.draw_file(tx, made.state.tournament_id)
    kinds = [event.kind for event in events]
    assert kinds.index("draw.committed") < kinds.index("draw.made") < kinds.index("round.started")
    committed = next(event for event in events if event.kind == "draw.committed")
    made_event = next(event for event in events if event.kind == "draw.made")
    assert committed.details["commitment"] == made.draw.commitment == made.state.record.commitment
    assert "seed" not in committed.details and made_event.details["seed"] == made.draw.seed.hex
    assert stored == made.draw_file
    assert len(made.state.reserves) == 1  # five singles: two pairs by lot, one reserve


async def test_the_drawn_bracket_reads_back_the_same(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 26)
    made = await make_draw(services, admin)
    services.tournaments.forget(made.state.tournament_id)
    again = await read_state(services, GROUP)
    assert again.bracket is not None and list(again.bracket.matches()) == list(made.draw.bracket.matches())
    assert again.teams == made.draw.teams and again.reserves == made.draw.reserves


async def test_capacity_leftovers_wait_as_reserves(services: Services, admin: Caller) -> None:
    await create_tournament(services, admin, "Cup")
    await change_setting(services, admin, "capacity", "2")
    for number in range(1, 7):
        await sign_up(services, player(number), SignUpRequest())
    made = await make_draw(services, admin)
    assert [entry.entry_id for entry in made.waiting] == [5, 6]
    assert len(made.draw.teams) == 2


async def test_too_few_entries_change_nothing(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 3)
    before = await read_state(services, GROUP)
    with pytest.raises(TooFewEntriesError):
        await make_draw(services, admin)
    after = await read_state(services, GROUP)
    # The commitment was published when the tournament opened; the seed stays sealed.
    assert after == before and after.record.commitment is not None and after.record.seed is None
    async with services.storage.read() as tx:
        assert "draw.made" not in {event.kind for event in await history.for_tournament(tx, after.tournament_id)}
    await sign_up(services, player(4), SignUpRequest())
    assert (await make_draw(services, admin)).state.record.status is TournamentStatus.DRAWN


async def test_a_second_draw_is_refused(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 4)
    first = await make_draw(services, admin)
    with pytest.raises(AlreadyDrawnError):
        await make_draw(services, admin)
    assert (await read_state(services, GROUP)).record.seed == first.draw.seed.hex
