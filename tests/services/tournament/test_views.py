import random

import pytest

from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.draw import make_draw
from bot.services.tournament.results import TableRef, record_result
from bot.services.tournament.setup import create_tournament
from bot.services.tournament.state import NotDrawnYetError, NoTournamentYetError
from bot.services.tournament.views import (
    bracket_view,
    entries_view,
    round_tables,
    standings_view,
    tables_view,
)
from bot.tournament.outcome import Outcome
from tests.services.tournament_helpers import play_to_the_end, singles_tournament


async def test_before_the_draw_only_the_entries(services: Services, admin: Caller) -> None:
    with pytest.raises(NoTournamentYetError):
        await entries_view(services, admin)
    await singles_tournament(services, admin, 3)
    assert len((await entries_view(services, admin)).state.registration.active) == 3
    for view in (bracket_view, tables_view, standings_view):
        with pytest.raises(NotDrawnYetError):
            await view(services, admin)


async def test_tables_of_the_current_round_and_by_tournament_id(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 10)
    made = await make_draw(services, admin)
    tables = await tables_view(services, admin)
    assert (tables.round, tables.rounds, len(tables.matches), len(tables.open)) == (1, 3, 1, 1)
    await record_result(services, admin, TableRef(1), Outcome.parse("K A+"))
    now = await round_tables(services, made.state.tournament_id)
    assert (now.round, len(now.matches), len(now.open)) == (2, 2, 2)
    earlier = await round_tables(services, made.state.tournament_id, 1)
    assert earlier.open == () and earlier.matches[0].winner is not None
    with pytest.raises(NoTournamentYetError):
        await round_tables(services, 999)


async def test_after_the_final_the_views_show_the_finished_tournament(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 6)
    await make_draw(services, admin)
    await play_to_the_end(services, random.Random(8))
    standing = await standings_view(services, admin)
    assert standing.standings.finished and standing.standings.champion is not None
    assert (await bracket_view(services, admin)).bracket.finished
    await create_tournament(services, admin, "Next")
    assert (await entries_view(services, admin)).state.record.name == "Next"
