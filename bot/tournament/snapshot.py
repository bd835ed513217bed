"""A bracket as rows and back: what storage keeps of every match, and rebuilding the :class:`Bracket` from it.

Storage keeps one row per match (``storage.tournament_bracket``); the JSON parts are the confirmed games and the
standing reports::

    games   = [{"outcome": "K A+", "left": 10, "right": 16}, ...]           # points as scored then (null: none)
    reports = [{"actor": "tg:1001", "side": "left", "outcome": "K A+", "left": 10, "right": 16}, ...]

``outcome`` is the text form of :class:`~bot.tournament.outcome.Outcome`. Points are kept as they were scored,
so a record never changes when read back. Storage keeps exactly the matches the engine stores (those of started
rounds, round-1 byes excepted) plus every pair's draw line; :func:`restore_bracket` rebuilds the bracket from
them: the started rounds' tables from the table numbers, the current round from the latest round stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.ruleset.scoring import MatchScore, Side
from bot.tournament.bracket import Bracket, BracketFrame, BracketOptions, ThirdPlace
from bot.tournament.bracket_layout import bracket_size, has_third_place_slot
from bot.tournament.matches import Game, Match, Report
from bot.tournament.outcome import Outcome
from bot.tournament.shared_vector import SharedVector
from bot.tournament.teams import Team


def _points(score: MatchScore | None) -> dict[str, int | None]:
    if score is None:
        return {"left": None, "right": None}
    return {"left": score.left_points, "right": score.right_points}


def _score(outcome: Outcome, record: Mapping[str, Any]) -> MatchScore | None:
    left, right = record.get("left"), record.get("right")
    if outcome.winner is None or left is None or right is None:
        return None
    return MatchScore(outcome.winner, int(left), int(right))


def games_json(games: Iterable[Game]) -> list[dict[str, Any]]:
    return [{"outcome": str(game.outcome), **_points(game.score)} for game in games]


def reports_json(reports: Iterable[Report]) -> list[dict[str, Any]]:
    return [
        {"actor": report.actor, "side": None if report.side is None else report.side.value,
         "outcome": str(report.outcome), **_points(report.score)}
        for report in reports
    ]


def read_games(records: Iterable[Mapping[str, Any]]) -> tuple[Game, ...]:
    games = []
    for record in records:
        outcome = Outcome.parse(str(record["outcome"]))
        games.append(Game(outcome, _score(outcome, record)))
    return tuple(games)


def read_reports(records: Iterable[Mapping[str, Any]]) -> tuple[Report, ...]:
    reports = []
    for record in records:
        outcome = Outcome.parse(str(record["outcome"]))
        side = None if record.get("side") is None else Side(record["side"])
        reports.append(Report(str(record["actor"]), side, outcome, _score(outcome, record)))
    return tuple(reports)


def restore_bracket(options: BracketOptions, teams: Sequence[Team], lines: Mapping[int, int],
                    stored: Iterable[Match]) -> Bracket:
    """The bracket of ``teams`` drawn on ``lines`` rebuilt from its ``stored`` matches.

    ``teams`` in team id order, ``lines`` team id → draw line; ``stored`` holds the matches of the started rounds except
    round-1 byes, as the engine keeps them (the others are derived from these, see ``Bracket._implicit``)."""
    size = bracket_size(len(teams))
    drawn: list[Team | None] = [None] * size
    for team in teams:
        drawn[lines[team.team_id]] = team
    playoff = options.third_place is ThirdPlace.PLAYOFF and has_third_place_slot(size)
    store: list[Match | None] = [None] * (size if playoff else size - 1)
    current_round = 1
    tables: dict[int, list[tuple[int, int]]] = {}
    for match in stored:
        store[match.match_id - 1] = match
        current_round = max(current_round, match.round)
        if match.table is not None:
            tables.setdefault(match.round, []).append((match.table, match.match_id))
    round_tables = tuple(
        tuple(ident for _, ident in sorted(tables.get(number, []))) for number in range(1, current_round + 1)
    )
    members = {person: team.team_id for team in teams for person in team.members}
    frame = BracketFrame(options, tuple(teams), size, tuple(drawn), members)
    bracket = Bracket(frame, SharedVector(store), round_tables, current_round, 0)
    undecided = sum(1 for match in bracket.round_matches(current_round) if not match.state.decided)
    return bracket.evolve(bracket.store, undecided)


def stored_matches(bracket: Bracket) -> list[Match]:
    """The matches the engine keeps (see :func:`restore_bracket`): what storage writes at the draw."""
    return [match for match in bracket.store if match is not None]


def team_lines(bracket: Bracket) -> dict[int, int]:
    """Each pair's draw line (team id → line)."""
    return {team.team_id: line for line, team in enumerate(bracket.lines) if team is not None}


def changed_matches(before: Bracket, after: Bracket) -> list[Match]:
    """Stored matches of ``after`` that are not the very objects of ``before``.

    Brackets share every unchanged match between versions, so an identity test finds what a change touched (new rounds'
    matches included)."""
    changed = []
    for index in range(len(after.store)):
        match = after.store[index]
        if match is not None and match is not before.store[index]:
            changed.append(match)
    return changed
