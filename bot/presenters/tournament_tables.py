"""The playing side of a tournament as localized chat text (Telegram HTML).

The draw posts, a round's tables, ``/tables``, the bracket, results and standings. Names are escaped; long lists end
with a pointer to ``/export``."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from bot.i18n import Language, command_text, t
from bot.match_clock.local_time import local_text
from bot.presenters import points_tables as points
from bot.presenters.corrections import correction_detail
from bot.presenters.tournaments import (
    LIST_LIMIT,
    called,
    capped,
    has_account,
    listed,
    mention,
    mentions_fit,
    say,
)
from bot.richtext import escape
from bot.ruleset.scoring import Side
from bot.services.tournament.draw import DrawMade, DrawUndone, DrawWarnings, Sealed
from bot.services.tournament.results import ResultKind, ResultRecorded
from bot.services.tournament.state import TournamentState
from bot.services.tournament.views import MyTable, RoundTables, Whereabouts
from bot.tournament.bracket import Bracket, round_name
from bot.tournament.field_ranking import whole_field
from bot.tournament.matches import Match, MatchKind, MatchState, Report
from bot.tournament.outcome import Outcome, OutcomeKind
from bot.tournament.points_stage import RoundPairings, points_standings, standings_after
from bot.tournament.record import TournamentStatus
from bot.tournament.standings import Finish, Placing, Standings, standings
from bot.tournament.teams import Team

_MEDALS = {Finish.CHAMPION: "🥇", Finish.RUNNER_UP: "🥈", Finish.THIRD: "🥉"}
"""By how a pair finished, not by its place: two pairs out of a final both lost by forfeit share second place
without a title, and get no medal (standings never show two 🥈 and no champion)."""


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
    """Sign-up closed.

    The commitment the draw's seed answers to and when it was published (the tournament's opening, or the ``/undraw``
    that sealed it: readers compare it with that message)."""
    record = made.state.record
    if made.sealed is Sealed.AT_DRAW:  # a tournament opened before seeds were sealed at opening
        text = say("tables.draw.closed", lang, name=record.name, entries=len(made.draw.entries),
                   commitment=made.draw.commitment)
    else:
        zone = ZoneInfo(record.settings.timezone)
        key = "tables.draw.closed_sealed" if made.sealed is Sealed.AT_OPENING else "tables.draw.closed_resealed"
        text = say(key, lang, name=record.name, entries=len(made.draw.entries), commitment=made.draw.commitment,
                   published=f"{local_text(made.committed_at, zone)} {zone.key}")
    if made.left_out:
        text += "\n" + say("tables.draw.left_out", lang, names=listed((entry.name for entry in made.left_out), lang))
    return text


def draw_warnings_text(warnings: DrawWarnings, lang: Language) -> str:
    """What to know before the draw, and how to go ahead."""
    lines = [say("tables.draw.warn_title", lang, name=warnings.state.record.name)]
    if warnings.invitations:
        names = listed((f"{invitation.inviter_name} → {invitation.invitee_name}"
                        for invitation in warnings.invitations), lang)
        lines.append(say("tables.draw.warn_invitations", lang, count=len(warnings.invitations), names=names))
    if warnings.genderless:
        lines.append(say("tables.draw.warn_genderless", lang,
                         names=listed((entry.name for entry in warnings.genderless), lang),
                         example=warnings.genderless[0].name))
    lines.append(t("tables.draw.warn_confirm", lang))
    return "\n".join(lines)


def undraw_text(undone: DrawUndone, lang: Language) -> str:
    return say("tables.draw.undone", lang, name=undone.state.record.name, commitment=undone.commitment)


def draw_pairs(made: DrawMade, lang: Language, limit: int | None = LIST_LIMIT) -> str:
    lines = [say("tables.draw.pairs_title", lang, count=len(made.draw.teams))]
    lines += capped([say("signup.line.team", lang, number=team.team_id, name=team.name)
                     for team in made.draw.teams], lang, limit)
    reserves = [entry.name for entry in made.waiting] + [person.name for person in made.draw.reserves]
    if reserves:
        lines.append(say("signup.list.reserves", lang, count=len(reserves), names=listed(reserves, lang)))
    lines.append(say("tables.draw.seed", lang, seed=made.draw.seed.hex))
    return "\n".join(lines)


def draw_summary(made: DrawMade, lang: Language) -> str:
    """The caption of the draw sent as a text document (too long for messages), with the revealed seed."""
    return say("tables.long.draw", lang, name=made.state.record.name, count=len(made.draw.teams),
               seed=made.draw.seed.hex)


def draw_text_name(made: DrawMade) -> str:
    return f"draw-{made.state.tournament_id}.txt"


def draw_file_caption(made: DrawMade, lang: Language) -> str:
    return say("tables.draw.file_caption", lang, name=made.state.record.name)


def draw_file_name(made: DrawMade) -> str:
    return f"draw-{made.state.tournament_id}.json"


# Rounds and tables -------------------------------------------------------------------------------------------


def _match_label(match: Match, lang: Language) -> str:
    if match.kind is MatchKind.THIRD_PLACE:
        return " " + t("tables.third_place_mark", lang)
    return ""


def round_text(state: TournamentState, round_number: int, lang: Language, limit: int | None = LIST_LIMIT) -> str:
    """A round as it starts.

    Its tables, its byes (round 1) and walkovers, and how to report (``limit`` lines of each list; ``None``: all, for a
    document). In a Swiss or groups tournament its rounds come first; the knockout after the groups counts on from them.
    """
    stage = state.points_stage
    if stage is not None:
        if state.bracket is None or round_number <= stage.rounds:
            return points.points_round_text(state, stage, round_number, lang, limit)
        round_number -= stage.rounds
    bracket = state.require_bracket()
    tables = bracket.table_matches(round_number)
    lines = [say("tables.round.title", lang, raw={"round": escape(round_title(bracket, round_number, lang))},
                 name=state.record.name, count=len(tables))]
    # The players are @-mentioned at their table, so each is told the round started (a chat message, not a file).
    calls = limit is not None and mentions_fit(side for match in tables for side in (match.left, match.right))
    lines += capped([
        say("tables.round.table", lang, raw={"left": _called(match.left, lang, mentions=calls),
                                              "right": _called(match.right, lang, mentions=calls),
                                              "mark": _match_label(match, lang)}, table=match.table or 0)
        for match in tables], lang, limit)
    matches = bracket.round_matches(round_number)
    byes = [_name(match.winning_team, lang) for match in matches if match.state is MatchState.BYE]
    walkovers = [_name(match.winning_team, lang) for match in matches if match.state is MatchState.WALKOVER]
    if byes:
        lines.append(say("tables.round.byes", lang, raw={"names": listed(capped(byes, lang, limit), lang)},
                         count=len(byes)))
    if walkovers:
        lines.append(say("tables.round.walkovers", lang, raw={"names": listed(walkovers, lang)}))
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


def _round_place(state: TournamentState, round_number: int, lang: Language) -> tuple[str, int]:
    """A round as the chat counts it.

    Its title and its number of tables (a points stage's rounds first, then the knockout after the groups)."""
    stage = state.points_stage
    if stage is not None and (state.bracket is None or round_number <= stage.rounds):
        return points.points_round_title(stage, round_number, lang), len(stage.table_matches(round_number))
    if stage is not None:
        round_number -= stage.rounds
    bracket = state.require_bracket()
    return round_title(bracket, round_number, lang), len(bracket.table_matches(round_number))


def round_summary(state: TournamentState, round_number: int, lang: Language) -> str:
    """A round that starts with more tables than one message holds: how many, and where to see them."""
    title, count = _round_place(state, round_number, lang)
    return say("tables.long.round", lang, raw={"round": escape(title)}, name=state.record.name, count=count)


def tables_summary(view: RoundTables, lang: Language) -> str:
    stage = view.state.points_stage
    if stage is not None and view.state.bracket is None:
        title = points.points_round_title(stage, stage.current_round, lang)
    else:
        title = round_title(view.state.require_bracket(), view.round, lang)
    return say("tables.long.tables", lang, raw={"round": escape(title)}, name=view.state.record.name,
               open=len(view.open), count=len(view.matches))


def tables_text(view: RoundTables, lang: Language, limit: int | None = LIST_LIMIT) -> str:
    stage = view.state.points_stage
    if stage is not None and view.state.bracket is None:
        return points.points_tables_text(view.state, stage, lang, _state_text, limit)
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
        for match in view.open], lang, limit)
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


BRACKET_LINES = 150


def bracket_summary(state: TournamentState, lang: Language) -> str:
    stage = state.points_stage
    if stage is not None and state.bracket is None:
        return points.points_overview_summary(state, stage, lang)
    bracket = state.require_bracket()
    return say("tables.long.bracket", lang, name=state.record.name, pairs=len(bracket.teams),
               rounds=bracket.rounds, byes=bracket.byes)


def bracket_text(state: TournamentState, lang: Language, limit: int | None = BRACKET_LINES) -> str:
    """The bracket, or a points stage's round or group tables.

    The bracket; a Swiss tournament's round with its results, a group stage's group tables (then the knockout after
    it, once drawn). ``limit`` lines of each list (``None``: all, for a document)."""
    stage = state.points_stage
    if stage is not None:
        overview = points.points_overview_text(state, stage, lang, outcome_text, limit)
        if state.bracket is None:
            return overview
        return overview + "\n\n" + t("points.overview.knockout", lang) + "\n" + _knockout_text(state, lang, limit)
    return _knockout_text(state, lang, limit)


def _knockout_text(state: TournamentState, lang: Language, limit: int | None) -> str:
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
    return "\n".join(lines + capped(body, lang, limit))


# Results -----------------------------------------------------------------------------------------------------


def _table_ref(recorded: ResultRecorded, lang: Language) -> str:
    """How a result names its table: "Table 3", or with its round when it is not the current one.

    "Table 3" for a table of the round being played (also the one this result just completed), else the
    round too (a correction of an earlier round)."""
    match = recorded.match
    if match.round == recorded.round_played and recorded.kind is not ResultKind.CORRECTED:
        return say("tables.ref.current", lang, table=match.table or 0)
    return say("tables.ref.earlier", lang, round=match.round, table=match.table or 0)


def _person(state: TournamentState, key: str, lang: Language) -> str:
    """The name of whoever acted, escaped: a player by their entered name, anyone else as an official."""
    name = state.name_of(key)
    return escape(name) if name is not None else t("tables.official", lang)


def _report_line(recorded: ResultRecorded, report: Report, lang: Language) -> str:
    match = recorded.match
    pair = _name(match.team(report.side), lang) if report.side is not None else t("tables.official", lang)
    return say("tables.result.dispute_line", lang, raw={
        "pair": pair, "outcome": outcome_text(match, report.outcome, lang),
        "winner": _winner(match, report.outcome.winner, lang), "person": _person(recorded.state, report.actor, lang)})


def _dispute_lines(recorded: ResultRecorded, lang: Language) -> list[str]:
    """Both reports, each with the pair it speaks for and who sent it; or the one report and who objected."""
    match = recorded.match
    lines = [_report_line(recorded, report, lang) for report in match.reports]
    if len(match.reports) == 1 and match.reports[0].side is not None:
        objecting = match.reports[0].side.other
        lines.append(say("tables.result.dispute_objection", lang, raw={
            "pair": _name(match.team(objecting), lang), "person": _person(recorded.state, recorded.by, lang)}))
    return lines


def _called(team: Team | None, lang: Language, *, mentions: bool = True) -> str:
    """The pair named so that its members with an account are notified (an @-mention on Telegram and WeCom)."""
    return _name(team, lang) if team is None else called(team, mentions=mentions)


def result_text(recorded: ResultRecorded, lang: Language) -> str:
    match = recorded.match
    where = _table_ref(recorded, lang)
    if recorded.kind is ResultKind.REPORTED:
        report = match.reports[-1]
        assert report.side is not None
        other = match.team(report.side.other)
        if report.outcome.is_draw:
            key = "points.result.reported" if has_account(other) else "points.result.reported_named"
        else:
            key = "tables.result.reported" if has_account(other) else "tables.result.reported_named"
        return say(key, lang, raw={
            "where": where, "by": _name(match.team(report.side), lang),
            "outcome": outcome_text(match, report.outcome, lang), "winner": _winner(match, report.outcome.winner, lang),
            "other": _called(other, lang)}, table=match.table or 0)
    if recorded.kind is ResultKind.DISPUTED:
        officials = listed((mention(referee.user_id, referee.username, referee.display_name)
                            for referee in recorded.referees), lang) or t("tables.result.organisers", lang)
        return say("tables.result.disputed", lang, raw={"where": where, "referees": officials,
                                                         "reports": "\n".join(_dispute_lines(recorded, lang))},
                   table=match.table or 0)
    if recorded.kind is ResultKind.MIRRORED:
        return _mirrored_text(recorded, where, lang)
    if recorded.kind is ResultKind.CORRECTION_PENDING:
        return _correction_pending_text(recorded, lang)
    game = match.games[-1] if match.games else None
    outcome = outcome_text(match, game.outcome, lang) if game else ""
    key = {ResultKind.CONFIRMED: "tables.result.confirmed", ResultKind.DECIDED: _decided_key(recorded),
           ResultKind.CORRECTED: "tables.result.corrected"}[recorded.kind]
    if game is not None and game.outcome.is_draw:
        key = key.replace("tables.", "points.", 1)
    winner = match.winner if match.state.decided else (game.winner if game else None)
    # An official's result over a report waiting for confirmation shows that report too: what it replaces.
    replaced = "\n".join(_report_line(recorded, report, lang) for report in recorded.replaced)
    text = say(key, lang, raw={"where": where, "outcome": outcome, "winner": _winner(match, winner, lang),
                               "reports": replaced})
    if recorded.kind is ResultKind.CORRECTED and recorded.at_points_table:
        detail = correction_detail(recorded, lang)
        text += "\n" + detail if detail else ""
    if recorded.reopened:
        text += "\n" + t("tables.result.reopened", lang)
    if match.best_of > 1:
        left, right = match.wins
        if match.state.decided:
            text += "\n" + say("tables.result.series_won", lang, left=left, right=right,
                               raw={"winner": _winner(match, match.winner, lang)})
        else:
            text += "\n" + say("tables.result.next_game", lang, game=match.current_game, left=left, right=right)
    return text


def _decided_key(recorded: ResultRecorded) -> str:
    """The catalog key of an official's result: a ruling, a replacement or an entry.

    An official's result: a ruling (⚖️) only over a dispute; over a report waiting for confirmation, a
    result that replaces it; else a result entered."""
    if recorded.disputed_before:
        return "tables.result.decided"
    return "tables.result.replaced" if recorded.replaced else "tables.result.entered"


def _mirrored_text(recorded: ResultRecorded, where: str, lang: Language) -> str:
    """Two reports each other's mirror: neither is taken; both pairs are asked who won."""
    match, attempted = recorded.match, recorded.attempted
    reporter = match.side_of(recorded.by)
    standing = match.report_by(reporter.other) if reporter is not None else None
    assert standing is not None and standing.side is not None and attempted is not None
    return say("tables.result.mirrored", lang, raw={
        "where": where, "attempted": outcome_text(match, attempted, lang),
        "by": _name(match.team(standing.side), lang), "outcome": outcome_text(match, standing.outcome, lang),
        "other": _name(match.team(standing.side.other), lang)}, table=match.table or 0)


_TYPED_WORDS = frozenset({"draw", "left", "right", "forfeit", "both"})


def typed_outcome(outcome: Outcome, lang: Language) -> str:
    """``outcome`` as a person types it after ``/result`` in ``lang`` (``K K 平局``, not ``K K draw``, in Chinese)."""
    return " ".join(t(f"tables.typed.{word}", lang) if word in _TYPED_WORDS else word
                    for word in outcome.text.split())


def correction_command(recorded: ResultRecorded, lang: Language) -> str:
    """What an organiser types to confirm a correction, in ``lang``'s words.

    ``/result <round-table> <result> confirm``: what an organiser types to confirm a correction, in ``lang``'s
    words."""
    match, attempted = recorded.match, recorded.attempted
    assert attempted is not None
    return command_text(f"/result {match.round}-{match.table or 0} {typed_outcome(attempted, lang)} "
                        f"{t('tables.typed.confirm', lang)}", lang)


def _correction_pending_text(recorded: ResultRecorded, lang: Language) -> str:
    match, attempted = recorded.match, recorded.attempted
    assert attempted is not None
    where = say("tables.ref.earlier", lang, round=match.round, table=match.table or 0)
    key = "corrections.pending_later" if recorded.later_results and not recorded.finished \
        else "tables.result.correction_pending"
    text = say(key, lang, round=match.round, raw={
        "where": where, "outcome": outcome_text(match, attempted, lang),
        "winner": _winner(match, attempted.winner, lang)}, command=correction_command(recorded, lang))
    if recorded.champion_changes:
        champion = recorded.new_champion
        text += "\n" + say("tables.result.champion_would_change", lang,
                           champion=champion.name if champion is not None else t("tables.nobody", lang))
    return text


# Standings ---------------------------------------------------------------------------------------------------


def _placing_line(placing: Placing, lang: Language) -> str:
    if placing.place is None:
        line = say("tables.standings.playing", lang, name=placing.team.name, points=placing.points,
                   won=placing.won, matches=placing.matches)
    else:
        line = say("tables.standings.line", lang, mark=_MEDALS.get(placing.finish, f"{placing.place}."),
                   name=placing.team.name, points=placing.points, won=placing.won, matches=placing.matches)
    if placing.forfeit_wins:
        line += say("tables.standings.walkover", lang, count=placing.forfeit_wins)
    return line


def standings_text(state: TournamentState, standings: Standings, lang: Language,
                   limit: int | None = LIST_LIMIT) -> str:
    key = "tables.standings.final" if standings.finished else "tables.standings.so_far"
    lines = [say(key, lang, name=state.record.name)]
    lines += capped([_placing_line(placing, lang) for placing in standings.placings], lang, limit)
    return "\n".join(lines)


def standings_summary(state: TournamentState, standings: Standings, lang: Language) -> str:
    key = "tables.long.standings_final" if standings.finished else "tables.long.standings"
    return say(key, lang, name=state.record.name, count=len(standings.placings))


def points_standings_text(state: TournamentState, lang: Language, limit: int | None = LIST_LIMIT, *,
                          after_round: int | None = None) -> str:
    """``/standings`` of a Swiss or groups tournament.

    The points standings with their tie-break columns; after the groups' knockout is drawn, its placings first.
    ``after_round`` (``/standings 2``): as they stood then."""
    stage = state.points_stage
    assert stage is not None
    if after_round is not None:
        return points.points_standings_text(state, stage, standings_after(stage, after_round), lang, limit,
                                            after_round=after_round)
    text = points.points_standings_text(state, stage, points_standings(stage), lang, limit)
    if state.bracket is None:
        return text
    return standings_text(state, standings(state.bracket), lang, limit) + "\n\n" + text


def points_standings_summary(state: TournamentState, lang: Language) -> str:
    """``/standings`` of a Swiss or groups tournament too long for one message: how many, and the pictures."""
    stage = state.points_stage
    assert stage is not None
    finished = state.record.status is TournamentStatus.FINISHED
    key = "tables.long.standings_final" if finished else "tables.long.standings"
    return say(key, lang, name=state.record.name, count=len(stage.teams))


def final_text(state: TournamentState, lang: Language, *, corrected: bool = False) -> str:
    """What the group sees when the tournament ends (or a correction after the end changed its ranking).

    The champion and the final ranking, for every format."""
    if state.points_stage is not None and state.bracket is None:
        return points.points_finished_text(state, state.points_stage, lang, corrected=corrected)
    text = finished_text(state, standings(state.require_bracket()), lang, corrected=corrected)
    if state.points_stage is None:
        return text
    return "\n".join([text, *_out_in_the_groups(state, lang)])


def _out_in_the_groups(state: TournamentState, lang: Language) -> list[str]:
    """The lines of a groups → knockout ranking below the knockout: the pairs out in the groups, ranked on."""
    assert state.points_stage is not None
    field = whole_field(points_standings(state.points_stage), standings(state.require_bracket()))
    return [say("tables.standings.group_out", lang, rank=place.rank or 0, name=place.team.name,
                group=place.group_row.group or "", place=place.group_row.rank, points=place.group_row.points)
            for place in field if place.placing is None]


def final_summary(state: TournamentState, lang: Language, *, corrected: bool = False) -> str:
    """:func:`final_text` too long for one message: who won, and where to see the rest."""
    if state.points_stage is not None and state.bracket is None:
        return points.points_finished_summary(state, state.points_stage, lang, corrected=corrected)
    return finished_summary(state, standings(state.require_bracket()), lang, corrected=corrected)


def knockout_drawn_text(state: TournamentState, lang: Language) -> str:
    return points.knockout_drawn_text(state, lang)


def repaired_text(state: TournamentState, round_number: int, lang: Language,
                  before: RoundPairings | None = None) -> str:
    """A Swiss round paired again after a correction.

    With its pairings ``before``, only what changed (or that nothing did); without them, the whole round."""
    stage = state.points_stage
    assert stage is not None
    if before is not None and before.round == round_number:
        return points.repaired_changes_text(state, stage, before, lang)
    return points.repaired_text(stage, round_number, lang) + "\n" + round_text(state, round_number, lang)


def repaired_summary(state: TournamentState, round_number: int, lang: Language) -> str:
    """:func:`repaired_text` of a round with more tables than one message holds."""
    stage = state.points_stage
    assert stage is not None
    return points.repaired_text(stage, round_number, lang) + "\n" + round_summary(state, round_number, lang)


def _podium(state: TournamentState, standings: Standings, lang: Language, *, corrected: bool = False) -> list[str]:
    champion = standings.champion
    key = "tables.finished_corrected" if corrected else "tables.finished"
    lines = [say(key, lang, name=state.record.name,
                 raw={"champion": called(champion) if champion else t("tables.nobody", lang)})]
    if standings.runner_up is not None:
        lines.append(say("tables.finished_runner_up", lang, name=standings.runner_up.name))
    if standings.third:
        lines.append(say("tables.finished_third", lang, names=listed((team.name for team in standings.third), lang)))
    return lines


def finished_text(state: TournamentState, standings: Standings, lang: Language, *, corrected: bool = False) -> str:
    """The champion and the final ranking (``corrected``: a correction after the final changed them)."""
    lines = _podium(state, standings, lang, corrected=corrected)
    lines.append("")
    lines.append(standings_text(state, standings, lang))
    return "\n".join(lines)


def finished_summary(state: TournamentState, standings: Standings, lang: Language, *,
                     corrected: bool = False) -> str:
    """The end of a tournament whose final ranking is too long for one message.

    The podium, and where to see the rest (``corrected`` as for :func:`finished_text`)."""
    return "\n".join([*_podium(state, standings, lang, corrected=corrected), t("tables.long.final_ranking", lang)])


# /mytable ----------------------------------------------------------------------------------------------------


def _my_points_table_text(mine: MyTable, lang: Language) -> str:
    """``/mytable`` in a Swiss tournament or group stage: the table, the bye or rest, the decided table, the place."""
    stage, row, match = mine.state.points_stage, mine.row, mine.match
    assert stage is not None and row is not None
    title = escape(points.points_round_title(stage, stage.current_round, lang))
    if mine.where is Whereabouts.AT_TABLE:
        assert match is not None
        return say("tables.mine.at_table", lang, raw={
            "round": title, "left": _name(match.left, lang), "right": _name(match.right, lang),
            "mark": "", "state": _state_text(match, lang)}, table=match.table or 0)
    if mine.where is Whereabouts.POINTS_BYE:
        key = "tables.mine.points_bye" if stage.swiss is not None else "tables.mine.group_rest"
        return say(key, lang, raw={"round": title}, name=row.name)
    if mine.where is Whereabouts.PLAYED:
        return say("tables.mine.played", lang, raw={"round": title}, name=row.name)
    if row.group:
        return say("tables.mine.standing_group", lang, name=row.name, place=row.rank, group=row.group,
                   points=row.points)
    return say("tables.mine.standing", lang, name=row.name, place=row.rank, points=row.points)


def my_table_text(mine: MyTable, lang: Language) -> str:
    if mine.row is not None:
        return _my_points_table_text(mine, lang)
    if mine.where in (Whereabouts.RESERVE, Whereabouts.NOT_PLAYING):
        return say(f"tables.mine.{mine.where.value}", lang, name=mine.state.record.name)
    bracket = mine.state.require_bracket()
    match, placing = mine.match, mine.placing
    round_title_text = escape(round_title(bracket, bracket.current_round, lang))
    if mine.where is Whereabouts.AT_TABLE:
        assert match is not None
        return say("tables.mine.at_table", lang, raw={
            "round": round_title_text, "left": _name(match.left, lang), "right": _name(match.right, lang),
            "mark": _match_label(match, lang), "state": _state_text(match, lang)}, table=match.table or 0)
    if mine.where in (Whereabouts.OUT, Whereabouts.FINISHED):
        assert placing is not None and placing.place is not None
        medal = _MEDALS.get(placing.finish, "")
        return say(f"tables.mine.{mine.where.value}", lang, name=placing.team.name, place=placing.place,
                   mark=medal, points=placing.points)
    if mine.where in (Whereabouts.BYE, Whereabouts.THROUGH, Whereabouts.PLAYOFF_NEXT):
        assert placing is not None
        return say(f"tables.mine.{mine.where.value}", lang, raw={"round": round_title_text},
                   name=placing.team.name)
    return say(f"tables.mine.{mine.where.value}", lang, name=mine.state.record.name)


def round_list_text(state: TournamentState, round_number: int, lang: Language, limit: int | None = LIST_LIMIT) -> str:
    """``/tables 2`` or ``/bracket 2`` of a Swiss or groups tournament: that round's tables with their results."""
    stage = state.points_stage
    assert stage is not None
    return points.points_round_list_text(state, stage, round_number, lang, outcome_text, limit)


def completed_round_text(state: TournamentState, round_number: int, lang: Language,
                         limit: int | None = LIST_LIMIT) -> str:
    """A round that one message both started and completed (its tables were never posted).

    Every table with its result — a Swiss or group round as ``/tables 2`` shows it, a knockout round (counted on from
    the group rounds) likewise."""
    stage = state.points_stage
    if stage is not None and (state.bracket is None or round_number <= stage.rounds):
        return round_list_text(state, round_number, lang, limit)
    number = round_number - (0 if stage is None else stage.rounds)
    bracket = state.require_bracket()
    tables = bracket.table_matches(number)
    title = escape(round_title(bracket, number, lang))
    lines = [say("points.list.round_title", lang, raw={"round": title}, name=state.record.name, count=len(tables))]
    lines += capped([points.played_line(match, lang, outcome_text) for match in tables], lang, limit)
    return "\n".join(lines)


def completed_round_summary(state: TournamentState, round_number: int, lang: Language) -> str:
    """:func:`completed_round_text` too long for one message."""
    stage = state.points_stage
    if stage is not None and (state.bracket is None or round_number <= stage.rounds):
        return round_list_summary(state, round_number, lang)
    return round_summary(state, round_number, lang)


def round_list_summary(state: TournamentState, round_number: int, lang: Language) -> str:
    """:func:`round_list_text` too long for one message: which round, and the pictures."""
    stage = state.points_stage
    assert stage is not None
    title = escape(points.points_round_title(stage, round_number, lang))
    return say("points.list.round_title", lang, raw={"round": title}, name=state.record.name,
               count=len(stage.table_matches(round_number))) + "\n" + t("points.overview.too_long", lang)


def pair_text(state: TournamentState, team: Team, lang: Language) -> str:
    """``/pair``: one pair's evening round by round."""
    stage = state.points_stage
    assert stage is not None
    return points.pair_evening_text(state, stage, team, lang, outcome_text)
