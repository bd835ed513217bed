"""The bracket and standings pictures of a tournament, drawn from the same rows ``/export`` writes.

The bracket picture is drawn from :func:`bot.services.tournament.export.match_rows` — the rows of ``matches.csv``
— so the picture in the chat and ``python -m bot render`` on the exported file show the same bracket. Standings
rows (:func:`standing_rows`) feed both the picture and the ``standings`` sheet of ``tournament.xlsx``.

Drawing runs in the worker thread (:mod:`bot.services.worker`). The last few pictures are kept by their content
(rows, language, title, highlighted round), so asking twice for an unchanged bracket draws it once.
"""

from __future__ import annotations

import functools

from bot.i18n import Language, t
from bot.pictures.bracket_picture import render_bracket
from bot.pictures.picture import Picture
from bot.pictures.standings import render_standings
from bot.services.tournament.export import match_rows
from bot.services.tournament.state import TournamentState
from bot.services.worker import in_worker
from bot.sheets.matches import MatchRow
from bot.sheets.standings import StandingRow
from bot.tournament.bracket import round_name
from bot.tournament.standings import Finish, Placing, Standings

PICTURES_KEPT = 16
"""Drawn picture sets kept for repeated requests (a 256-pair bracket is about 0.7 MB of PNG)."""


def standing_rows(state: TournamentState, table: Standings, lang: Language) -> list[StandingRow]:
    """One row per pair in standings order: place (none while still playing), name, match points, how it ended,
    matches played and won."""
    rounds = state.require_bracket().rounds
    return [StandingRow(placing.place, placing.team.name, placing.points, finish_note(placing, rounds, lang),
                        placing.matches, placing.won)
            for placing in table.placings]


def finish_note(placing: Placing, rounds: int, lang: Language) -> str:
    """冠军, 亚军, 季军, 第四名, "out in the semi-finals", or "still playing"."""
    if placing.finish is Finish.ELIMINATED and placing.lost_in_round is not None:
        key, params = round_name(rounds, placing.lost_in_round)
        return t("pictures.finish.out_in", lang, round=t(key, lang, **params))
    return t(f"pictures.finish.{placing.finish.value}", lang)


async def bracket_pictures(state: TournamentState, lang: Language) -> tuple[Picture, ...]:
    """The bracket as one picture, or one per region followed by the finals; the current round highlighted."""
    bracket = state.require_bracket()
    current = None if bracket.finished else bracket.current_round
    return await in_worker(_draw_bracket, tuple(match_rows(bracket)), lang, state.record.name, current)


async def standings_pictures(state: TournamentState, table: Standings, lang: Language) -> tuple[Picture, ...]:
    """The standings as pictures of 40 pairs each."""
    key = "pictures.standings_final" if table.finished else "pictures.standings_so_far"
    title = t(key, lang, name=state.record.name)
    return await in_worker(_draw_standings, tuple(standing_rows(state, table, lang)), lang, title)


@functools.lru_cache(maxsize=PICTURES_KEPT)
def _draw_bracket(rows: tuple[MatchRow, ...], lang: Language, title: str, current: int | None) -> tuple[Picture, ...]:
    return render_bracket(rows, lang=lang, title=title, current_round=current)


@functools.lru_cache(maxsize=PICTURES_KEPT)
def _draw_standings(rows: tuple[StandingRow, ...], lang: Language, title: str) -> tuple[Picture, ...]:
    return render_standings(rows, lang=lang, title=title)
