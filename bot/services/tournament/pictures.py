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
from bot.pictures.points_stage import PointsLine, TableLine, render_points_standings, render_round_tables
from bot.pictures.standings import render_standings
from bot.ruleset.variants import RankingCriterion
from bot.services.tournament.export import match_rows
from bot.services.tournament.state import TournamentState
from bot.services.worker import in_worker
from bot.sheets.matches import MatchRow
from bot.sheets.standings import StandingRow
from bot.sheets.standings_order import standings_order_text
from bot.tournament.bracket import round_name
from bot.tournament.matches import Match, MatchState
from bot.tournament.points_stage import (
    PointsStage,
    forfeit_wins,
    points_standings,
    standings_after,
    standings_moment,
)
from bot.tournament.ranking import StandingRow as PointsStandingRow
from bot.tournament.ranking import ranking_order
from bot.tournament.standings import Finish, Placing, Standings

PICTURES_KEPT = 16
"""Drawn picture sets kept for repeated requests (a 256-pair bracket is about 0.7 MB of PNG)."""


def standing_rows(state: TournamentState, table: Standings, lang: Language) -> list[StandingRow]:
    """One row per pair in standings order.

    Place (none while still playing), name, match points, how it ended, matches played and won."""
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


# Swiss rounds and groups ------------------------------------------------------------------------------------------


def _table_status(stage: PointsStage, match: Match, lang: Language) -> str:
    if match.state is MatchState.CONFIRMED and match.games:
        outcome = match.games[-1].outcome
        if outcome.left_level is not None and outcome.right_level is not None:
            return f"{outcome.left_level} : {outcome.right_level}"
        return t("bracket.state.confirmed", lang)
    return t(f"bracket.state.{match.state.value}", lang)


def round_table_lines(stage: PointsStage, round_number: int, lang: Language) -> tuple[TableLine, ...]:
    """A round's tables as the list picture shows them, then its byes (no table number)."""
    lines = []
    for match in stage.table_matches(round_number):
        group = stage.group_label_of(match)
        # The chat's warning emoji is not in the pictures' font: the picture marks a flaw with "!".
        mark = " ".join("! " + t(f"points.round.{flaw.value}", lang).replace("⚠️", "").strip()
                        for flaw in stage.flaws(match))
        if group:
            mark = t("points.group", lang, group=group)
        lines.append(TableLine(match.table, "?" if match.left is None else match.left.name,
                               "?" if match.right is None else match.right.name, _table_status(stage, match, lang),
                               mark))
    for team in stage.byes(round_number):
        lines.append(TableLine(None, team.name, "", t("bracket.state.bye", lang)))
    return tuple(lines)


def points_lines(rows: tuple[PointsStandingRow, ...], forfeits: dict[int, int], lang: Language,
                 withdrawn: frozenset[int] = frozenset()) -> tuple[PointsLine, ...]:
    """The picture's rows, each with its levels reached and its note.

    Walkover wins and byes counted in its points, a withdrawal."""
    return tuple(PointsLine(row.rank, row.name, row.points, row.opponent_points, row.level_difference, row.won,
                            row.drawn, row.lost, _note(row, forfeits, lang, row.team.team_id in withdrawn),
                            row.levels_reached) for row in rows)


def standings_notes(stage: PointsStage, rows: tuple[PointsStandingRow, ...], forfeits: dict[int, int],
                    lang: Language) -> tuple[str, ...]:
    """The lines under a standings picture.

    The order the ranks follow in words (the tie-break chain), what the columns mean, then what the marks mean."""
    swiss = stage.swiss is not None
    order = ranking_order(stage.core.variant, swiss=swiss)
    # The order's sentence explains its own criteria; a column the order does not use gets its legend.
    legends = [t(f"points.picture.{key}", lang) for criterion, key in _LEGENDS if criterion not in order]
    return (standings_order_text(stage.core.variant, lang, swiss=swiss, plain=True), *legends,
            *_explained_marks(rows, forfeits, lang))


_LEGENDS = ((RankingCriterion.OPPONENT_POINTS, "legend_opponents"),
            (RankingCriterion.LEVEL_DIFFERENCE, "legend_level"), (RankingCriterion.LEVELS_REACHED, "legend_levels"))


def _standings_heading(stage: PointsStage, lang: Language) -> str:
    """After whole rounds, during a round with some results in, or before any result."""
    moment = standings_moment(stage)
    if moment.playing is not None:
        return t("points.picture.standings.playing", lang, round=moment.playing, done=moment.done,
                 count=moment.count)
    if moment.completed == 0:
        return t("points.picture.standings.nothing_yet", lang)
    return t("points.picture.standings.so_far", lang, round=moment.completed)


def _explained_marks(rows: tuple[PointsStandingRow, ...], forfeits: dict[int, int], lang: Language) -> list[str]:
    notes = []
    if any(row.byes for row in rows):
        notes.append(t("points.standings.byes_note", lang))
    if any(forfeits.get(row.team.team_id) for row in rows):
        notes.append(t("points.standings.walkover_note", lang))
    return notes


def _note(row: PointsStandingRow, forfeits: dict[int, int], lang: Language, withdrawn: bool = False) -> str:
    marks = [t("points.picture.note_withdrawn", lang)] if withdrawn else []
    if forfeits.get(row.team.team_id):
        marks.append(t("points.picture.note_walkover", lang, count=forfeits[row.team.team_id]))
    if row.byes:
        marks.append(t("points.picture.note_bye", lang, count=row.byes))
    return " ".join(marks)


async def round_tables_pictures(state: TournamentState, stage: PointsStage, lang: Language,
                                round_number: int | None = None) -> tuple[Picture, ...]:
    """The round's tables (default: the round being played) as a phone-width list picture."""
    number = stage.current_round if round_number is None else round_number
    kind = "points.swiss_round" if stage.swiss is not None else "points.group_round"
    title = t(kind, lang, round=number, rounds=stage.rounds)
    return await in_worker(_draw_tables, round_table_lines(stage, number, lang), lang, title, state.record.name)


async def points_standings_pictures(state: TournamentState, stage: PointsStage, lang: Language,
                                    after_round: int | None = None) -> tuple[Picture, ...]:
    """Standings with the tie-break columns.

    One table for a Swiss tournament, one per group for a group stage; ``after_round``: as they stood after that round.
    """
    rows = points_standings(stage) if after_round is None else standings_after(stage, after_round)
    forfeits = forfeit_wins(stage, after_round)
    notes = standings_notes(stage, rows, forfeits, lang)
    name = state.record.name
    out = stage.withdrawn
    if after_round is not None and stage.swiss is not None:
        title = t("points.picture.standings.so_far", lang, round=after_round)
        return await in_worker(_draw_points, points_lines(rows, forfeits, lang, out), lang, title, name, notes)
    if stage.swiss is not None:
        title = t("points.picture.final_title", lang) if stage.finished \
            else _standings_heading(stage, lang)
        return await in_worker(_draw_points, points_lines(rows, forfeits, lang, out), lang, title, name, notes)
    pictures: list[Picture] = []
    groups: dict[str, list[PointsStandingRow]] = {}
    for row in rows:
        groups.setdefault(row.group or "", []).append(row)
    for group, members in groups.items():
        title = t("points.picture.group_title", lang, group=group)
        pictures.extend(await in_worker(_draw_points, points_lines(tuple(members), forfeits, lang, out), lang,
                                        title, name, notes))
    return tuple(pictures)


@functools.lru_cache(maxsize=PICTURES_KEPT)
def _draw_tables(lines: tuple[TableLine, ...], lang: Language, title: str, name: str) -> tuple[Picture, ...]:
    return render_round_tables(lines, lang=lang, title=title, name=name)


@functools.lru_cache(maxsize=PICTURES_KEPT)
def _draw_points(rows: tuple[PointsLine, ...], lang: Language, title: str, name: str,
                 notes: tuple[str, ...]) -> tuple[Picture, ...]:
    return render_points_standings(rows, lang=lang, title=title, name=name, notes=notes)
