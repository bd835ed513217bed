"""The playing side of a tournament as localized chat text (Telegram HTML): the draw posts, a round's tables,
``/tables``, the bracket, results and standings. Names are escaped; long lists end with a pointer to ``/export``."""

from __future__ import annotations

from bot.i18n import Language, t
from bot.presenters import points_tables as points
from bot.presenters.tournaments import capped, mention, say
from bot.richtext import escape
from bot.ruleset.scoring import Side
from bot.services.tournament.draw import DrawMade
from bot.services.tournament.results import ResultKind, ResultRecorded
from bot.services.tournament.state import TournamentState
from bot.services.tournament.views import RoundTables
from bot.tournament.bracket import Bracket, round_name
from bot.tournament.matches import Match, MatchKind, MatchState
from bot.tournament.outcome import Outcome, OutcomeKind
from bot.tournament.points_event import points_standings
from bot.tournament.standings import Placing, Standings, standings
from bot.tournament.teams import Team

_MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def round_title(bracket: Bracket, round_number: int, lang: Language) -> str:
    key, params = round_name(bracket.rounds, round_number)
    return t(key, lang, **params)


def _name(team: Team | None, lang: Language) -> str:
    return escape(team.name) if team is not None else t("tables.unknown_pair", lang)


def outcome_text(match: Match, outcome: Outcome, lang: Language) -> str:
    """``K : A+`` (left pair's level first), or who forfeited."""
    if outcome.kind is OutcomeKind.DOUBLE_FORFEIT:
        return t("tables.outcome.double_forfeit", lang)
    if outcome.kind is OutcomeKind.FORFEIT:
        assert outcome.winner is not None
        return say("tables.outcome.forfeit", lang, raw={"name": _name(match.team(outcome.winner.other), lang)})
    return say("tables.outcome.levels", lang, left=str(outcome.left_level), right=str(outcome.right_level))


def _winner(match: Match, side: Side | None, lang: Language) -> str:
    if side is None:
        return t("tables.nobody", lang)
    return _name(match.team(side), lang)


# The draw ----------------------------------------------------------------------------------------------------


def draw_commitment(made: DrawMade, lang: Language) -> str:
    return say("tables.draw.closed", lang, name=made.state.record.name, entries=len(made.draw.entries),
               commitment=made.draw.commitment)


def draw_pairs(made: DrawMade, lang: Language) -> str:
    lines = [say("tables.draw.pairs_title", lang, count=len(made.draw.teams))]
    lines += capped([say("signup.line.team", lang, number=team.team_id, name=team.name)
                     for team in made.draw.teams], lang)
    reserves = [entry.name for entry in made.waiting] + [person.name for person in made.draw.reserves]
    if reserves:
        lines.append(say("signup.list.reserves", lang, count=len(reserves), names=", ".join(reserves)))
    lines.append(say("tables.draw.seed", lang, seed=made.draw.seed.hex))
    return "\n".join(lines)


def draw_file_caption(made: DrawMade, lang: Language) -> str:
    return say("tables.draw.file_caption", lang, name=made.state.record.name)


def draw_file_name(made: DrawMade) -> str:
    return f"draw-{made.state.tournament_id}.json"


# Rounds and tables -------------------------------------------------------------------------------------------


def _match_label(match: Match, lang: Language) -> str:
    if match.kind is MatchKind.THIRD_PLACE:
        return " " + t("tables.third_place_mark", lang)
    return ""


def round_text(state: TournamentState, round_number: int, lang: Language) -> str:
    """A round as it starts: its tables, its byes (round 1) and walkovers, and how to report. In a Swiss or groups
    tournament its rounds come first; the knockout after the groups counts on from them."""
    event = state.event
    if event is not None:
        if state.bracket is None or round_number <= event.rounds:
            return points.points_round_text(state, event, round_number, lang)
        round_number -= event.rounds
    bracket = state.require_bracket()
    tables = bracket.table_matches(round_number)
    lines = [say("tables.round.title", lang, raw={"round": escape(round_title(bracket, round_number, lang))},
                 name=state.record.name, count=len(tables))]
    lines += capped([
        say("tables.round.table", lang, raw={"left": _name(match.left, lang), "right": _name(match.right, lang),
                                              "mark": _match_label(match, lang)}, table=match.table or 0)
        for match in tables], lang)
    matches = bracket.round_matches(round_number)
    byes = [_name(match.winning_team, lang) for match in matches if match.state is MatchState.BYE]
    walkovers = [_name(match.winning_team, lang) for match in matches if match.state is MatchState.WALKOVER]
    if byes:
        lines.append(say("tables.round.byes", lang, raw={"names": ", ".join(capped(byes, lang))}, count=len(byes)))
    if walkovers:
        lines.append(say("tables.round.walkovers", lang, raw={"names": ", ".join(walkovers)}))
    if tables:
        lines.append(t("tables.round.hint", lang))
    return "\n".join(lines)


def _state_text(match: Match, lang: Language) -> str:
    if match.state is MatchState.REPORTED and match.reports:
        report = match.reports[0]
        by = _name(match.team(report.side), lang) if report.side is not None else t("tables.official", lang)
        text = say("tables.state.reported", lang, raw={"outcome": outcome_text(match, report.outcome, lang),
                                                       "by": by})
    else:
        text = t(f"bracket.state.{match.state.value}", lang)
    if match.best_of > 1 and not match.state.decided:
        left, right = match.wins
        text = say("tables.state.game", lang, game=match.current_game, left=left, right=right) + ", " + text
    return text


def tables_text(view: RoundTables, lang: Language) -> str:
    event = view.state.event
    if event is not None and view.state.bracket is None:
        return points.points_tables_text(view.state, event, lang, _state_text)
    bracket = view.state.require_bracket()
    title = escape(round_title(bracket, view.round, lang))
    lines = [say("tables.list.title", lang, raw={"round": title}, name=view.state.record.name,
                 open=len(view.open), count=len(view.matches))]
    if not view.open:
        lines.append(t("tables.list.done", lang))
    lines += capped([
        say("tables.list.line", lang, raw={"left": _name(match.left, lang), "right": _name(match.right, lang),
                                            "mark": _match_label(match, lang), "state": _state_text(match, lang)},
            table=match.table or 0)
        for match in view.open], lang)
    return "\n".join(lines)


# The bracket -------------------------------------------------------------------------------------------------


def _bracket_line(match: Match, lang: Language) -> str | None:
    if match.state is MatchState.VOID:
        return None
    if match.state in (MatchState.BYE, MatchState.WALKOVER):
        return say(f"tables.bracket.{match.state.value}", lang, raw={"name": _name(match.winning_team, lang)})
    pair = {"left": _name(match.left, lang), "right": _name(match.right, lang), "mark": _match_label(match, lang)}
    if match.state is MatchState.WAITING:
        return say("tables.bracket.waiting", lang, raw=pair)
    if match.state is MatchState.CONFIRMED:
        games = " ".join(outcome_text(match, game.outcome, lang) for game in match.games)
        return say("tables.bracket.decided", lang, raw=pair | {"outcome": games,
                                                              "winner": _winner(match, match.winner, lang)},
                   table=match.table or 0)
    return say("tables.bracket.open", lang, raw=pair | {"state": _state_text(match, lang)}, table=match.table or 0)


def bracket_text(state: TournamentState, lang: Language) -> str:
    """The bracket; a Swiss event's round with its results, a group stage's group tables (then the knockout after
    it, once drawn)."""
    event = state.event
    if event is not None:
        overview = points.points_overview_text(state, event, lang, outcome_text)
        if state.bracket is None:
            return overview
        return overview + "\n\n" + t("points.overview.knockout", lang) + "\n" + _knockout_text(state, lang)
    return _knockout_text(state, lang)


def _knockout_text(state: TournamentState, lang: Language) -> str:
    bracket = state.require_bracket()
    lines = [say("tables.bracket.title", lang, name=state.record.name, pairs=len(bracket.teams),
                 rounds=bracket.rounds, byes=bracket.byes)]
    body: list[str] = []
    for round_number in range(1, bracket.rounds + 1):
        body.append("<b>" + escape(round_title(bracket, round_number, lang)) + "</b>")
        for match in bracket.round_matches(round_number):
            line = _bracket_line(match, lang)
            if line is not None:
                body.append(line)
    champion = bracket.champion
    if champion is not None:
        body.append(say("tables.bracket.champion", lang, name=champion.name))
    return "\n".join(lines + capped(body, lang, limit=150))


# Results -----------------------------------------------------------------------------------------------------


def _table_ref(recorded: ResultRecorded, lang: Language) -> str:
    """"Table 3" for a table of the round being played (also the one this result just completed), else the
    round too (a correction of an earlier round)."""
    match = recorded.match
    if match.round == recorded.round_played and recorded.kind is not ResultKind.CORRECTED:
        return say("tables.ref.current", lang, table=match.table or 0)
    return say("tables.ref.earlier", lang, round=match.round, table=match.table or 0)


def result_text(recorded: ResultRecorded, lang: Language) -> str:
    match = recorded.match
    where = _table_ref(recorded, lang)
    if recorded.kind is ResultKind.REPORTED:
        report = match.reports[-1]
        assert report.side is not None
        key = "points.result.reported" if report.outcome.is_draw else "tables.result.reported"
        return say(key, lang, raw={
            "where": where, "by": _name(match.team(report.side), lang),
            "outcome": outcome_text(match, report.outcome, lang), "winner": _winner(match, report.outcome.winner, lang),
            "other": _name(match.team(report.side.other), lang)}, table=match.table or 0)
    if recorded.kind is ResultKind.DISPUTED:
        officials = ", ".join(mention(referee.user_id, referee.username, referee.display_name)
                              for referee in recorded.referees) or t("tables.result.organisers", lang)
        return say("tables.result.disputed", lang, raw={"where": where, "referees": officials},
                   table=match.table or 0)
    game = match.games[-1] if match.games else None
    outcome = outcome_text(match, game.outcome, lang) if game else ""
    key = {ResultKind.CONFIRMED: "tables.result.confirmed", ResultKind.DECIDED: "tables.result.decided",
           ResultKind.CORRECTED: "tables.result.corrected"}[recorded.kind]
    if game is not None and game.outcome.is_draw:
        key = key.replace("tables.", "points.", 1)
    winner = match.winner if match.state.decided else (game.winner if game else None)
    text = say(key, lang, raw={"where": where, "outcome": outcome, "winner": _winner(match, winner, lang)})
    if match.best_of > 1:
        left, right = match.wins
        if match.state.decided:
            text += "\n" + say("tables.result.series_won", lang, left=left, right=right,
                               raw={"winner": _winner(match, match.winner, lang)})
        else:
            text += "\n" + say("tables.result.next_game", lang, game=match.current_game, left=left, right=right)
    return text


# Standings ---------------------------------------------------------------------------------------------------


def _placing_line(placing: Placing, lang: Language) -> str:
    if placing.place is None:
        return say("tables.standings.playing", lang, name=placing.team.name, points=placing.points,
                   won=placing.won, matches=placing.matches)
    return say("tables.standings.line", lang, mark=_MEDALS.get(placing.place, f"{placing.place}."),
               name=placing.team.name, points=placing.points, won=placing.won, matches=placing.matches)


def standings_text(state: TournamentState, standings: Standings, lang: Language) -> str:
    key = "tables.standings.final" if standings.finished else "tables.standings.so_far"
    lines = [say(key, lang, name=state.record.name)]
    lines += capped([_placing_line(placing, lang) for placing in standings.placings], lang)
    return "\n".join(lines)


def points_standings_text(state: TournamentState, lang: Language) -> str:
    """``/standings`` of a Swiss or groups tournament: the points standings with their tie-break columns; after the
    groups' knockout is drawn, its placings first."""
    event = state.event
    assert event is not None
    text = points.points_standings_text(state, event, points_standings(event), lang)
    if state.bracket is None:
        return text
    return standings_text(state, standings(state.bracket), lang) + "\n\n" + text


def final_text(state: TournamentState, lang: Language) -> str:
    """What the group sees when the tournament ends: the champion and the final ranking, for every format."""
    if state.event is not None and state.bracket is None:
        return points.points_finished_text(state, state.event, lang)
    return finished_text(state, standings(state.require_bracket()), lang)


def knockout_drawn_text(state: TournamentState, lang: Language) -> str:
    return points.knockout_drawn_text(state, lang)


def repaired_text(state: TournamentState, round_number: int, lang: Language) -> str:
    event = state.event
    assert event is not None
    return points.repaired_text(event, round_number, lang) + "\n" + round_text(state, round_number, lang)


def finished_text(state: TournamentState, standings: Standings, lang: Language) -> str:
    champion = standings.champion
    lines = [say("tables.finished", lang, name=state.record.name,
                 champion=champion.name if champion else t("tables.nobody", lang))]
    if standings.runner_up is not None:
        lines.append(say("tables.finished_runner_up", lang, name=standings.runner_up.name))
    if standings.third:
        lines.append(say("tables.finished_third", lang, names=", ".join(team.name for team in standings.third)))
    lines.append("")
    lines.append(standings_text(state, standings, lang))
    return "\n".join(lines)

