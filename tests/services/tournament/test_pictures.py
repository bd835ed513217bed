"""Pictures from the export's rows: what ``matches.csv`` holds is what the picture shows, for real tournaments."""

from __future__ import annotations

import io
import random
import threading

import pytest
from PIL import Image

from bot.i18n import Language
from bot.pictures import bracket_picture
from bot.pictures.bracket import build_bracket
from bot.pictures.bracket_picture import render_bracket
from bot.pictures.standings import WIDTH
from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament import pictures as tournament_pictures
from bot.services.tournament.draw import make_draw
from bot.services.tournament.export import export_tournament, match_rows
from bot.services.tournament.pictures import bracket_pictures, standing_rows, standings_pictures
from bot.services.tournament.results import TableRef, record_result
from bot.services.tournament.setup import change_setting
from bot.services.worker import WORKER_THREAD_NAME
from bot.sheets.matches import MatchStatus, Stage
from bot.sheets.matches_csv import read_matches_csv
from bot.sheets.standings import StandingRow
from bot.tournament.outcome import Outcome
from bot.tournament.standings import standings
from tests.services.tournament_helpers import play_to_the_end, singles_tournament, state_of


async def test_a_finished_best_of_three_tournament_exports_and_draws_the_same_bracket(
    services: Services, admin: Caller
) -> None:
    await singles_tournament(services, admin, 10)  # five pairs: three byes, a semi-final round, a final
    await change_setting(services, admin, "final", "bo3")
    await change_setting(services, admin, "third_place", "playoff")
    await make_draw(services, admin)
    state = await play_to_the_end(services, random.Random(5))
    bracket = state.require_bracket()

    exported = await export_tournament(services, admin)
    rows = read_matches_csv(exported.matches_csv)
    assert rows == tuple(match_rows(bracket))
    final = bracket.round_matches(bracket.rounds)[0]
    final_rows = [row for row in rows if row.round == bracket.rounds and row.stage is Stage.MAIN]
    assert len(final_rows) == len(final.games) >= 2
    assert {(row.table, row.left, row.right) for row in final_rows} == {
        (final.table, final.left.name, final.right.name)}  # type: ignore[union-attr]

    drawn = build_bracket(rows)
    assert drawn.champion == bracket.champion.name  # type: ignore[union-attr]
    assert drawn.final is not None and drawn.final.best_of_three
    assert drawn.third_place is not None and drawn.third_place.winner_name() in {
        team.name for team in standings(bracket).third}
    assert drawn.current_round is None and drawn.pair_count == len(bracket.teams)

    sent = await bracket_pictures(state, Language.EN)
    assert sent == render_bracket(rows, lang="en", title=state.record.name)


async def test_a_walkover_exports_and_draws(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 12)  # six pairs: two byes, two tables in round 1
    await make_draw(services, admin)
    await record_result(services, admin, TableRef(1), Outcome.parse("forfeit both"))
    await record_result(services, admin, TableRef(2), Outcome.parse("K A+"))
    state = await state_of(services)
    rows = read_matches_csv((await export_tournament(services, admin)).matches_csv)
    walkover = next(row for row in rows if row.status is MatchStatus.WALKOVER)
    assert walkover.table is None and walkover.right == "" and walkover.round == 2
    drawn = build_bracket(rows)
    assert drawn.pair_count == 6 and drawn.current_round == 2
    (picture,) = await bracket_pictures(state, Language.ZH)
    assert Image.open(io.BytesIO(picture.png)).size == (picture.width, picture.height)


async def test_standings_rows_follow_the_placings(services: Services, admin: Caller) -> None:
    await singles_tournament(services, admin, 10)
    await make_draw(services, admin)
    state = await state_of(services)
    table = standings(state.require_bracket())
    rows = standing_rows(state, table, Language.ZH)
    assert [row.name for row in rows] == [placing.team.name for placing in table.placings]
    assert {row.place for row in rows} == {None} and {row.note for row in rows} == {"比赛中"}

    state = await play_to_the_end(services, random.Random(2))
    table = standings(state.require_bracket())
    rows = standing_rows(state, table, Language.EN)
    champion = table.champion
    assert champion is not None
    assert rows[0] == StandingRow(1, champion.name, table.placings[0].points, "Champion",
                                  table.placings[0].matches, table.placings[0].won)
    # The picture shows played and won, as the text does.
    assert [(row.played, row.won) for row in rows] == [(placing.matches, placing.won) for placing in table.placings]
    assert rows[1].note == "Runner-up" and [row.note for row in rows[2:4]] == ["Third place"] * 2
    assert rows[-1].place == 5 and rows[-1].note == "Out in Quarter-finals"  # five pairs: eight lines
    (picture,) = await standings_pictures(state, table, Language.EN)
    assert picture.width == WIDTH >= 1080


async def test_drawing_happens_in_the_one_worker_thread(
    services: Services, admin: Caller, monkeypatch: pytest.MonkeyPatch
) -> None:
    await singles_tournament(services, admin, 6)
    await make_draw(services, admin)
    state = await state_of(services)
    threads: list[str] = []
    real = bracket_picture.render_bracket

    def spying(*args: object, **kwargs: object) -> object:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("bot.services.tournament.pictures.render_bracket", spying)
    tournament_pictures._draw_bracket.cache_clear()  # an identical bracket of another test may be kept
    first = await bracket_pictures(state, Language.EN)
    await bracket_pictures(state, Language.ZH)
    again = await bracket_pictures(state, Language.EN)  # unchanged: drawn once
    assert again == first
    assert len(threads) == 2 and all(name.startswith(WORKER_THREAD_NAME) for name in threads)
    assert threading.current_thread().name not in threads
