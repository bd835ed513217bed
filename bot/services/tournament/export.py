"""``/export``: ``entries.csv``, ``matches.csv`` and ``standings.csv``.

UTF-8 with a byte order mark, so Excel reads Chinese names.

``entries.csv`` — ``name,members,unit,status,gender``. Before the draw: one row per entry ever made, ``status`` ``pair``
(an active pair), ``single`` (an active single, to be paired by lot), ``reserve`` (on the waiting list) or
``withdrawn``. After the draw: one row per pair of the bracket (``pair``) and one per reserve: entries the capacity
left waiting, then the people the pairing left out. ``name`` is the entry's (or pair's) name, ``members`` its
members' display names joined by `` / `` (the same text for these entries; one name for a single), ``gender``
their genders in the same order (``m / f``; empty when nobody's is known). ``/import`` reads the file back: the
members become the roster's people again (:mod:`bot.sheets.roster`).

``/export zh`` writes every file with headers and words in that language (:mod:`bot.sheets.labels`); the default is
the contract's English.

``matches.csv`` — ``round,stage,table,left,right,left_level,right_level,winner,status,group,left_points,right_points``
— one row per match of every started round, in bracket order (the third-place playoff after the final); a Swiss
or groups tournament first has one row per table of every started round in table order (``stage`` ``swiss`` or
``group``, ``group`` the group's letter), then each round's byes (``right`` ``BYE``), then the rows of the knockout
after the groups; a draw has ``winner`` ``draw`` (``bot.sheets.matches``):

* a round-1 bye: ``table`` empty, ``right`` ``BYE``, ``winner`` ``left``, ``status`` ``bye``;
* a walkover (the opponent's feeder ended in a double forfeit): ``table`` empty, ``right`` empty, ``winner``
  ``left``, ``status`` ``walkover``; a match nobody reached (both feeders double forfeits) has no row;
* played: ``confirmed`` with both levels and the winner; ``reported`` with the levels of the report waiting for
  confirmation; ``disputed`` and ``pending`` without levels;
* a forfeit: ``forfeit``, no levels, ``winner`` the other side (empty when both forfeited).

``left_points`` and ``right_points``: what each pair scored for a confirmed result (a forfeit's walkover points
too) and, in a Swiss or group round, a bye's points (left); empty while a result is not confirmed and for a
knockout's byes and walkovers, which score nothing.

A best-of-three match (``final bo3``) has one row per game, all with the same ``round``, ``stage`` and ``table``:
its confirmed games in order, then, while it is undecided, the game being played (``pending``/``reported``/
``disputed``). The match winner is the side that won two games (or the side whose opponent forfeited).

``standings.csv`` — ``rank,name,points,opponent_points,level_difference,played,won,drawn,lost,byes,group,wins,
levels_reached,withdrawn`` (``bot.sheets.standings_csv``), before the draw its header only. ``python -m bot
export`` writes the same three files (:func:`export_files`).

In every file a name or unit that would start a spreadsheet formula is written as text, with a leading ``'``
(``bot.sheets.csv_cells``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from bot.i18n import Language
from bot.ruleset.scoring import Side
from bot.services import Services
from bot.services.caller import Caller
from bot.services.tournament.state import TournamentState, read_state
from bot.sheets.entries import EntryRow, EntryStatus, write_entries_csv
from bot.sheets.matches import MatchRow, MatchStatus, Stage
from bot.sheets.matches_csv import write_matches_csv
from bot.sheets.standings_csv import StandingsCsvRow, write_standings_csv
from bot.tournament.bracket import Bracket
from bot.tournament.entries import EntryStatus as RegistrationStatus
from bot.tournament.entries import Person
from bot.tournament.field_ranking import whole_field
from bot.tournament.matches import Match, MatchKind, MatchState
from bot.tournament.outcome import Outcome, OutcomeKind
from bot.tournament.points import bye_points, table_points
from bot.tournament.points_stage import PointsStage, points_standings
from bot.tournament.round_robin import WithdrawnResults, group_label
from bot.tournament.standings import standings
from bot.tournament.teams import Team


@dataclass(frozen=True, slots=True)
class Export:
    state: TournamentState
    entries_csv: bytes
    matches_csv: bytes
    standings_csv: bytes = b""


async def export_tournament(services: Services, caller: Caller, language: Language | None = None) -> Export:
    """Both files of the chat's latest tournament; in ``language`` when asked (``/export zh``)."""
    state = await read_state(services, caller.chat_id, claim=caller.claim)
    return export_files(state, language)


def export_files(state: TournamentState, language: Language | None = None) -> Export:
    """The three CSV files of ``state``: what ``/export`` sends and ``python -m bot export`` writes."""
    return Export(state, write_entries_csv(entry_rows(state), language),
                  write_matches_csv(state_match_rows(state), language),
                  write_standings_csv(standings_csv_rows(state), language))


def genders(people: Iterable[Person | None]) -> str:
    """``m / f`` in the members' order; empty when nobody's gender is known."""
    found = [None if person is None else person.gender for person in people]
    if all(gender is None for gender in found):
        return ""
    return " / ".join("" if gender is None else gender.value for gender in found)


def state_match_rows(state: TournamentState) -> list[MatchRow]:
    """Every row of ``matches.csv``: the points stage's tables and byes, then the bracket's matches."""
    rows = [] if state.points_stage is None else points_match_rows(state.points_stage)
    return rows + match_rows(state.bracket)


def points_match_rows(stage: PointsStage) -> list[MatchRow]:
    kind = Stage.SWISS if stage.swiss is not None else Stage.GROUP
    groups = stage.groups
    # A group stage that voids the results against pairs that withdrew: their tables score 0 : 0, as counted.
    void = groups.withdrawn if groups is not None and groups.withdrawn_results is WithdrawnResults.VOID \
        else frozenset()
    rows: list[MatchRow] = []
    for number in range(1, len(stage.tables) + 1):
        for match in stage.table_matches(number):
            if match.state is MatchState.WAITING:
                continue
            # A points table scores by the tournament's scale (draws too): bot.tournament.points.table_points.
            scored = table_points(match.games[-1].outcome, stage.core.variant) \
                if match.state is MatchState.CONFIRMED and match.games else None
            if scored is not None and any(team is not None and team.team_id in void
                                          for team in (match.left, match.right)):
                scored = (0, 0)
            rows.extend(replace(row, group=stage.group_label_of(match),
                                left_points=None if scored is None else scored[0],
                                right_points=None if scored is None else scored[1]) for row in _rows(match, kind))
        for team in stage.byes(number):
            if number <= stage.current_round:  # a bye scores as a walkover win (bot.tournament.points)
                rows.append(replace(MatchRow.bye(number, team.name, kind, _bye_group(stage, number, team)),
                                    left_points=bye_points(stage.core.variant)))
    return rows


def _bye_group(stage: PointsStage, number: int, team: Team) -> str:
    group_stage = stage.groups
    if group_stage is None:
        return ""
    return next(group_label(group) for group, resting in group_stage.round(number).byes if resting is team)


def standings_csv_rows(state: TournamentState) -> list[StandingsCsvRow]:
    """``standings.csv``: a points stage's standings or a knockout's placings.

    A points stage's standings with their tie-break columns, or a knockout's placings; a groups → knockout tournament's
    whole field ranked 1…N (:func:`field_csv_rows`)."""
    if state.points_stage is not None and state.bracket is not None:
        return field_csv_rows(state)
    if state.points_stage is not None:
        out = state.points_stage.withdrawn  # pairs that left after the draw: their rows stay, marked
        return [StandingsCsvRow(row.rank, row.name, row.points, row.opponent_points, row.level_difference,
                                row.played, row.won, row.drawn, row.lost, row.byes, row.group or "", row.wins,
                                row.levels_reached, row.team.team_id in out)
                for row in points_standings(state.points_stage)]
    if state.bracket is None:
        return []
    bracket = state.bracket
    byes = _knockout_byes(bracket)
    return [StandingsCsvRow(placing.place, placing.team.name, placing.points, None, None, placing.matches,
                            placing.won, None, placing.matches - placing.won, byes.get(placing.team.team_id, 0))
            for placing in standings(bracket).placings]


def _knockout_byes(bracket: Bracket) -> dict[int, int]:
    """Byes and walkovers of each pair in a knockout, by team id."""
    byes: dict[int, int] = {}
    for match in bracket.matches():
        if match.state in (MatchState.BYE, MatchState.WALKOVER) and match.winning_team is not None:
            byes[match.winning_team.team_id] = byes.get(match.winning_team.team_id, 0) + 1
    return byes


def field_csv_rows(state: TournamentState) -> list[StandingsCsvRow]:
    """A groups → knockout tournament's whole field (:mod:`bot.tournament.field_ranking`).

    ``rank`` 1…N (empty for a pair still playing), the group stage's points and tie-break columns, ``played``, ``won``,
    ``drawn``, ``lost`` and ``byes`` over both stages, ``group`` the pair's group."""
    stage, bracket = state.points_stage, state.require_bracket()
    assert stage is not None
    knockout_byes = _knockout_byes(bracket)
    rows = []
    out = stage.withdrawn
    for place in whole_field(points_standings(stage), standings(bracket), out):
        group, placing = place.group_row, place.placing
        played, won = group.played, group.won
        lost, byes = group.lost, group.byes
        if placing is not None:
            played, won = played + placing.matches, won + placing.won
            lost, byes = lost + placing.matches - placing.won, byes + knockout_byes.get(place.team.team_id, 0)
        rows.append(StandingsCsvRow(place.rank, place.team.name, group.points, group.opponent_points,
                                    group.level_difference, played, won, group.drawn, lost, byes, group.group or "",
                                    levels_reached=group.levels_reached, withdrawn=place.team.team_id in out))
    return rows


def entry_rows(state: TournamentState) -> list[EntryRow]:
    registration = state.registration
    if not state.drawn:
        rows = []
        for entry in registration.entries:
            if entry.status is RegistrationStatus.WITHDRAWN:
                status = EntryStatus.WITHDRAWN
            elif entry.status is RegistrationStatus.WAITING:
                status = EntryStatus.RESERVE
            else:
                status = EntryStatus.SINGLE if entry.is_single else EntryStatus.PAIR
            rows.append(EntryRow(entry.name, entry.name, entry.unit or "", status, genders(entry.members)))
        return rows
    people = {person.key: person for entry in registration.entries for person in entry.members}
    pairs = [EntryRow(team.name, team.name, team.unit or "", EntryStatus.PAIR,
                      genders(people.get(key) for key in team.members)) for team in state.teams]
    waiting = [EntryRow(entry.name, entry.name, entry.unit or "", EntryStatus.RESERVE, genders(entry.members))
               for entry in registration.waiting]
    left_out = [EntryRow(person.name, person.name, person.unit or "", EntryStatus.RESERVE, genders((person,)))
                for person in state.reserves]
    return pairs + waiting + left_out


def match_rows(bracket: Bracket | None) -> list[MatchRow]:
    if bracket is None:
        return []
    rows: list[MatchRow] = []
    for round_number in range(1, bracket.current_round + 1):
        for match in bracket.round_matches(round_number):
            rows.extend(_rows(match))
    return rows


def _stage(match: Match) -> Stage:
    return Stage.THIRD_PLACE if match.kind is MatchKind.THIRD_PLACE else Stage.MAIN


def _rows(match: Match, stage: Stage | None = None) -> Iterator[MatchRow]:
    stage = _stage(match) if stage is None else stage
    if match.state in (MatchState.BYE, MatchState.WALKOVER):
        team = match.winning_team
        assert team is not None
        if match.state is MatchState.BYE:
            yield MatchRow.bye(match.round, team.name, stage)
        else:
            yield MatchRow(match.round, stage, None, team.name, "", winner=match.winner, status=MatchStatus.WALKOVER)
        return
    if match.state in (MatchState.VOID, MatchState.WAITING) or match.left is None or match.right is None:
        return
    names = (match.left.name, match.right.name)
    for game in match.games:
        row = _played(match, stage, names, game.outcome, confirmed=True)
        if game.score is not None:
            row = replace(row, left_points=game.score.points(Side.LEFT), right_points=game.score.points(Side.RIGHT))
        yield row
    if not match.state.decided:
        if match.state is MatchState.REPORTED and match.reports:
            yield _played(match, stage, names, match.reports[0].outcome, confirmed=False)
        else:
            status = MatchStatus.DISPUTED if match.state is MatchState.DISPUTED else MatchStatus.PENDING
            yield MatchRow(match.round, stage, match.table, *names, status=status)


def _played(match: Match, stage: Stage, names: tuple[str, str], outcome: Outcome, *, confirmed: bool) -> MatchRow:
    if outcome.is_draw:
        return MatchRow(match.round, stage, match.table, *names, left_level=outcome.left_level,
                        right_level=outcome.right_level, draw=True,
                        status=MatchStatus.CONFIRMED if confirmed else MatchStatus.REPORTED)
    if outcome.kind is not OutcomeKind.PLAYED:
        status = MatchStatus.FORFEIT if confirmed else MatchStatus.REPORTED
        return MatchRow(match.round, stage, match.table, *names, winner=outcome.winner, status=status)
    return MatchRow(match.round, stage, match.table, *names, left_level=outcome.left_level,
                    right_level=outcome.right_level, winner=outcome.winner,
                    status=MatchStatus.CONFIRMED if confirmed else MatchStatus.REPORTED)

