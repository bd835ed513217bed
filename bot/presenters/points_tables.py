"""Swiss rounds and round-robin groups as localized chat text (Telegram HTML).

A round as it starts (tables by rank, the bye, tables no pairing could keep clean), ``/tables``, the overview
``/bracket`` shows, standings with their tie-break columns explained in plain words, and the end of the points stage.
Names are escaped."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import Language, t
from bot.presenters.standings_order import standings_order_text
from bot.presenters.tournaments import LIST_LIMIT, called, capped, listed, mentions_fit, say
from bot.richtext import escape
from bot.ruleset.scoring import Side
from bot.ruleset.variants import RankingCriterion
from bot.services.tournament.state import TournamentState
from bot.tournament.matches import Match, MatchState
from bot.tournament.outcome import Outcome
from bot.tournament.points import bye_points, table_points
from bot.tournament.points_stage import (
    PointsStage,
    RoundPairings,
    forfeit_wins,
    points_standings,
    standings_after,
    standings_moment,
)
from bot.tournament.ranking import StandingRow, ranking_order
from bot.tournament.round_robin import group_label, group_standings
from bot.tournament.teams import Team

OutcomeText = Callable[[Match, Outcome, Language], str]
"""How a result reads (``bot.presenters.tournament_tables.outcome_text``)."""
StateText = Callable[[Match, Language], str]
"""How an open table stands (reported, disputed …)."""


def _name(team: Team | None, lang: Language) -> str:
    return escape(team.name) if team is not None else t("tables.unknown_pair", lang)


def points_round_title(stage: PointsStage, round_number: int, lang: Language) -> str:
    key = "points.swiss_round" if stage.swiss is not None else "points.group_round"
    return t(key, lang, round=round_number, rounds=stage.rounds)


def _flaw_mark(stage: PointsStage, match: Match, lang: Language) -> str:
    return "".join(t(f"points.round.{flaw.value}", lang) for flaw in stage.flaws(match))


def points_round_text(state: TournamentState, stage: PointsStage, round_number: int, lang: Language,
                      limit: int | None = LIST_LIMIT) -> str:
    """A Swiss or group round as it starts.

    Its tables (a Swiss round's numbered by rank, flawed ones marked and explained), its byes, and how to report (draws
    included); ``limit`` lines of a list (``None``: all)."""
    tables = stage.table_matches(round_number)
    title = escape(points_round_title(stage, round_number, lang))
    key = "points.round.title" if stage.swiss is not None else "points.round.group_title"
    lines = [say(key, lang, raw={"round": title}, name=state.record.name, count=len(tables))]
    # The players are @-mentioned at their table, so each is told the round started (a chat message, not a file).
    calls = limit is not None and mentions_fit(side for match in tables for side in (match.left, match.right))

    def pair(team: Team | None) -> str:
        return called(team, mentions=calls) if team is not None else _name(team, lang)

    if stage.swiss is not None:
        lines += capped([say("points.round.table", lang, raw={
            "left": pair(match.left), "right": pair(match.right),
            "mark": _flaw_mark(stage, match, lang)}, table=match.table or 0) for match in tables], lang, limit)
    else:
        lines += capped([say("points.round.group_table", lang, raw={
            "left": pair(match.left), "right": pair(match.right)}, table=match.table or 0,
            group=stage.group_label_of(match)) for match in tables], lang, limit)
    flaws = [say(f"points.round.flaw_{flaw.value}", lang, table=match.table or 0)
             for match in tables for flaw in stage.flaws(match)]
    if flaws:
        lines.append(say("points.round.flaws", lang, raw={"tables": "; ".join(flaws)}))
    lines += _bye_lines(stage, round_number, lang)
    if tables:
        lines.append(t("points.round.hint", lang))
    return "\n".join(lines)


def repaired_text(stage: PointsStage, round_number: int, lang: Language) -> str:
    return say("points.round.repaired", lang, round=round_number - 1, next=round_number)


def repaired_changes_text(state: TournamentState, stage: PointsStage, before: RoundPairings,
                          lang: Language) -> str:
    """A Swiss round paired again after a correction: only what changed.

    Compared with its pairings before: that nothing changed, or only the tables (and the bye) that did, their players
    @-mentioned — not the whole round again."""
    number = before.round
    changed = frozenset(before.changed_tables(stage))
    byes_changed = before.byes_changed(stage)
    if not changed and not byes_changed:
        return say("points.round.repaired_same", lang, round=number - 1, next=number)
    tables = [match for match in stage.table_matches(number) if (match.table or 0) in changed]
    calls = mentions_fit(side for match in tables for side in (match.left, match.right))

    def pair(team: Team | None) -> str:
        return called(team, mentions=calls) if team is not None else _name(team, lang)

    lines = [say("points.round.repaired_changed", lang, round=number - 1, next=number, count=len(tables))]
    lines += [say("points.round.table", lang, raw={"left": pair(match.left), "right": pair(match.right),
                                                   "mark": _flaw_mark(stage, match, lang)}, table=match.table or 0)
              for match in tables]
    if byes_changed:
        lines += _bye_lines(stage, number, lang)
    return "\n".join(lines)


def points_tables_text(state: TournamentState, stage: PointsStage, lang: Language, state_text: StateText,
                       limit: int | None = LIST_LIMIT) -> str:
    """``/tables``: the open tables of the round being played (``state_text(match, lang)`` says how each stands)."""
    matches = stage.table_matches()
    open_tables = [match for match in matches if match.state.open]
    title = escape(points_round_title(stage, stage.current_round, lang))
    lines = [say("points.list.title", lang, raw={"round": title}, name=state.record.name, open=len(open_tables),
                 count=len(matches))]
    if not open_tables:
        lines.append(t("tables.list.done", lang))
    lines += capped([say("points.list.line", lang, raw={
        "left": _name(match.left, lang), "right": _name(match.right, lang), "state": state_text(match, lang)},
        table=match.table or 0) for match in open_tables], lang, limit)
    return "\n".join(lines)


def played_line(match: Match, lang: Language, outcome_text: OutcomeText) -> str:
    """A table with its result once decided (its state before), as a round looked back on lists it."""
    return _played_line(match, lang, outcome_text)


def _played_line(match: Match, lang: Language, outcome_text: OutcomeText) -> str:
    if match.state is MatchState.CONFIRMED and match.games:
        outcome = outcome_text(match, match.games[-1].outcome, lang)
        return say("points.list.decided", lang, raw={"left": _name(match.left, lang),
                                                      "right": _name(match.right, lang), "outcome": outcome},
                   table=match.table or 0)
    return say("points.list.line", lang, raw={"left": _name(match.left, lang), "right": _name(match.right, lang),
                                               "state": t(f"bracket.state.{match.state.value}", lang)},
               table=match.table or 0)


def points_overview_text(state: TournamentState, stage: PointsStage, lang: Language,
                         outcome_text: OutcomeText, limit: int | None = LIST_LIMIT) -> str:
    """``/bracket`` of a points stage.

    A Swiss tournament's current round with every result so far; a group stage's group tables (standings per group, then
    the round being played)."""
    teams = len(stage.teams)
    if stage.swiss is not None:
        lines = [say("points.overview.swiss_title", lang, name=state.record.name, pairs=teams, rounds=stage.rounds,
                     current=stage.current_round)]
        lines.append("<b>" + escape(points_round_title(stage, stage.current_round, lang)) + "</b>")
        lines += capped([_played_line(match, lang, outcome_text) for match in stage.table_matches()], lang, limit)
        return "\n".join(lines)
    group_stage = stage.groups
    assert group_stage is not None
    key = "points.overview.groups_title" if group_stage.advance else "points.overview.groups_only_title"
    lines = [say(key, lang, name=state.record.name, pairs=teams, groups=len(group_stage.groups),
                 advance=group_stage.advance)]
    body: list[str] = []
    for index, rows in enumerate(group_standings(group_stage)):
        body.append(say("points.standings.group", lang, group=group_label(index)))
        body += [say("points.overview.group_line", lang, rank=row.rank, name=row.name, points=row.points,
                     won=row.won, drawn=row.drawn, lost=row.lost) for row in rows]
    return "\n".join(lines + capped(body, lang, None if limit is None else max(limit, 150)))


def points_overview_summary(state: TournamentState, stage: PointsStage, lang: Language) -> str:
    """The overview's title when the overview is too long for one message (the pictures show it)."""
    if stage.swiss is not None:
        head = say("points.overview.swiss_title", lang, name=state.record.name, pairs=len(stage.teams),
                   rounds=stage.rounds, current=stage.current_round)
    else:
        group_stage = stage.groups
        assert group_stage is not None
        key = "points.overview.groups_title" if group_stage.advance else "points.overview.groups_only_title"
        head = say(key, lang, name=state.record.name, pairs=len(stage.teams), groups=len(group_stage.groups),
                   advance=group_stage.advance)
    return head + "\n" + t("points.overview.too_long", lang)


def standings_heading(stage: PointsStage, lang: Language, name: str, prefix: str) -> str:
    """The standings heading for where the stage stands: so far, playing, or nothing yet.

    ``{prefix}.so_far`` after whole rounds, ``{prefix}.playing`` during a round with some results in, or
    ``{prefix}.nothing_yet`` before any result (``prefix``: the chat's keys or the picture's)."""
    moment = standings_moment(stage)
    if moment.playing is not None:
        return say(f"{prefix}.playing", lang, name=name, round=moment.playing, done=moment.done, count=moment.count)
    if moment.completed == 0:
        return say(f"{prefix}.nothing_yet", lang, name=name)
    return say(f"{prefix}.so_far", lang, name=name, round=moment.completed)


def standing_marks(row: StandingRow, forfeits: dict[int, int], lang: Language) -> str:
    """What a pair's points include beyond its played tables: walkover wins and byes."""
    marks = []
    if forfeits.get(row.team.team_id):
        marks.append(t("points.standings.mark_walkover", lang, count=forfeits[row.team.team_id]))
    if row.byes:
        marks.append(t("points.standings.mark_bye", lang, count=row.byes))
    return t("points.standings.marks", lang, marks="，".join(marks) if lang is Language.ZH
             else ", ".join(marks)) if marks else ""


def standings_notes(rows: Sequence[StandingRow], forfeits: dict[int, int], lang: Language) -> list[str]:
    """The lines under standings that explain the marks in use."""
    notes = []
    if any(row.byes for row in rows):
        notes.append(t("points.standings.byes_note", lang))
    if any(forfeits.get(row.team.team_id) for row in rows):
        notes.append(t("points.standings.walkover_note", lang))
    return notes


def _standing_line(row: StandingRow, lang: Language, forfeits: dict[int, int], *, levels: bool = False) -> str:
    """A pair's line; ``levels``: with its levels reached (累积小分), when the order looks at them."""
    line = say("points.standings.line", lang, rank=row.rank, name=row.name, points=row.points,
               opponent_points=row.opponent_points, level_difference=f"{row.level_difference:+d}",
               won=row.won, drawn=row.drawn, lost=row.lost)
    if levels:
        line += say("points.standings.levels", lang, levels=row.levels_reached)
    return line + standing_marks(row, forfeits, lang)


def _shows_levels(stage: PointsStage) -> bool:
    return RankingCriterion.LEVELS_REACHED in ranking_order(stage.core.variant, swiss=stage.swiss is not None)


def _order_text(stage: PointsStage, lang: Language) -> str:
    return standings_order_text(stage.core.variant, lang, swiss=stage.swiss is not None)


def points_standings_text(state: TournamentState, stage: PointsStage, rows: Sequence[StandingRow],
                          lang: Language, limit: int | None = LIST_LIMIT, *, after_round: int | None = None) -> str:
    """Standings with the tie-break columns and what they mean; a group stage group by group. ``after_round``:
    ``rows`` are the standings after that round (``/standings 2``)."""
    forfeits = forfeit_wins(stage, after_round)
    notes = standings_notes(rows, forfeits, lang)
    if after_round is not None:
        lines = [say("points.standings.so_far", lang, name=state.record.name, round=after_round),
                 _order_text(stage, lang), *notes]
        return "\n".join(lines + capped(_grouped_lines(rows, lang, forfeits, levels=_shows_levels(stage),
                                                    out=stage.withdrawn), lang,
                                         None if limit is None else max(limit, 150)))
    if stage.swiss is not None:
        heading = say("points.standings.final", lang, name=state.record.name) if stage.finished \
            else standings_heading(stage, lang, state.record.name, "points.standings")
        lines = [heading, _order_text(stage, lang), *notes]
        levels = _shows_levels(stage)
        out = stage.withdrawn
        lines += capped([_standing_line(row, lang, forfeits, levels=levels) + (t("pair_changes.withdrawn_mark", lang)
                                                                               if row.team.team_id in out else "")
                         for row in rows], lang, limit)
        return "\n".join(lines)
    key = "points.standings.final" if stage.finished and not (stage.groups and stage.groups.advance) \
        else "points.standings.group_so_far"
    lines = [say(key, lang, name=state.record.name, round=stage.current_round), _order_text(stage, lang),
             *notes]
    return "\n".join(lines + capped(_grouped_lines(rows, lang, forfeits, levels=_shows_levels(stage),
                                                    out=stage.withdrawn), lang,
                                     None if limit is None else max(limit, 150)))


def _grouped_lines(rows: Sequence[StandingRow], lang: Language, forfeits: dict[int, int], *,
                   levels: bool = False, out: frozenset[int] = frozenset()) -> list[str]:
    """Standing lines, each group under its heading (a Swiss tournament has no group headings).

    ``levels``: with the levels reached; ``out``: the pairs that withdrew, marked."""
    body: list[str] = []
    group = None
    for row in rows:
        if row.group and row.group != group:
            group = row.group
            body.append(say("points.standings.group", lang, group=group))
        body.append(_standing_line(row, lang, forfeits, levels=levels)
                    + (t("pair_changes.withdrawn_mark", lang) if row.team.team_id in out else ""))
    return body


def points_round_list_text(state: TournamentState, stage: PointsStage, round_number: int, lang: Language,
                           outcome_text: OutcomeText, limit: int | None = LIST_LIMIT) -> str:
    """An earlier (or the current) round looked back on (``/tables 2``, ``/bracket 2``).

    Every table with its result or how it stands, then the round's byes."""
    tables = stage.table_matches(round_number)
    title = escape(points_round_title(stage, round_number, lang))
    lines = [say("points.list.round_title", lang, raw={"round": title}, name=state.record.name, count=len(tables))]
    lines += capped([_played_line(match, lang, outcome_text) for match in tables], lang, limit)
    lines += _bye_lines(stage, round_number, lang)
    return "\n".join(lines)


def pair_evening_text(state: TournamentState, stage: PointsStage, team: Team, lang: Language,
                      outcome_text: OutcomeText) -> str:
    """``/pair``: one pair's evening, round by round.

    Table, opponent, result, points, running total and rank after the round (a cross-table row)."""
    variant = stage.core.variant
    lines = [say("points.pair.title", lang, name=team.name, tournament=state.record.name)]
    total = 0
    for number in range(1, len(stage.tables) + 1):
        rank = next((row.rank for row in standings_after(stage, number) if row.team.team_id == team.team_id), None)
        match = next((match for match in stage.table_matches(number)
                      if any(side is not None and side.team_id == team.team_id for side in (match.left, match.right))),
                     None)
        if match is None:
            if any(bye.team_id == team.team_id for bye in stage.byes(number)):
                total += bye_points(variant)
                lines.append(say("points.pair.bye", lang, round=number, points=bye_points(variant), total=total,
                                 rank=rank or "–"))
            continue
        own = Side.LEFT if match.left is not None and match.left.team_id == team.team_id else Side.RIGHT
        opponent = _name(match.team(own.other), lang)
        if match.state is MatchState.CONFIRMED and match.games:
            outcome = match.games[-1].outcome
            scored = table_points(outcome, variant)[0 if own is Side.LEFT else 1]
            total += scored
            verdict = t(f"points.pair.{_verdict(outcome, own)}", lang)
            lines.append(say("points.pair.played", lang, raw={"opponent": opponent,
                                                              "outcome": outcome_text(match, outcome, lang)},
                             round=number, table=match.table or 0, verdict=verdict, points=scored, total=total,
                             rank=rank or "–"))
        else:
            lines.append(say("points.pair.open", lang, raw={"opponent": opponent},
                             round=number, table=match.table or 0,
                             state=t(f"bracket.state.{match.state.value}", lang)))
    return "\n".join(lines)


def _verdict(outcome: Outcome, side: Side) -> str:
    if outcome.is_draw:
        return "drawn"
    return "won" if outcome.winner is side else "lost"


def _finished_head(state: TournamentState, stage: PointsStage, rows: Sequence[StandingRow], lang: Language, *,
                   corrected: bool) -> str:
    if stage.swiss is not None:
        key = "points.finished.swiss_corrected" if corrected else "points.finished.swiss"
        return say(key, lang, name=state.record.name, rounds=stage.rounds,
                   raw={"champion": called(rows[0].team) if rows else t("tables.nobody", lang)})
    winners = listed((called(row.team) for row in rows if row.rank == 1), lang)
    key = "points.finished.groups_corrected" if corrected else "points.finished.groups"
    return say(key, lang, name=state.record.name, raw={"winners": winners})


def points_finished_text(state: TournamentState, stage: PointsStage, lang: Language, *,
                         corrected: bool = False) -> str:
    """The end of a Swiss or group-only tournament: the winner, then the final standings.

    ``corrected``: a correction after the end changed the standings' top."""
    rows = points_standings(stage)
    head = _finished_head(state, stage, rows, lang, corrected=corrected)
    return head + "\n\n" + points_standings_text(state, stage, rows, lang)


def points_finished_summary(state: TournamentState, stage: PointsStage, lang: Language, *,
                            corrected: bool = False) -> str:
    """:func:`points_finished_text` too long for one message: the winner, and where to see the standings."""
    rows = points_standings(stage)
    return _finished_head(state, stage, rows, lang, corrected=corrected) + "\n" + t("tables.long.final_ranking", lang)


def knockout_drawn_text(state: TournamentState, lang: Language) -> str:
    bracket = state.require_bracket()
    return say("points.finished.knockout_drawn", lang, name=state.record.name, count=len(bracket.teams),
               names=listed((team.name for team in bracket.teams), lang))


def _bye_lines(stage: PointsStage, round_number: int, lang: Language) -> list[str]:
    """The round's byes: a Swiss round's one bye with its points, or a group round's pairs sitting out."""
    byes = stage.byes(round_number)
    if not byes:
        return []
    if stage.swiss is not None:
        return [say("points.round.bye", lang, raw={"name": _name(byes[0], lang)},
                    points=bye_points(stage.swiss.variant))]
    return [say("points.round.group_byes", lang, raw={"names": listed((_name(team, lang) for team in byes), lang)})]
