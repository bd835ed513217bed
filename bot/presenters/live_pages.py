"""A live page as data.

The JSON of ``GET /t/<public id>.json`` (and of every ``update`` event), which the HTML pages are also drawn from.

The JSON (a contract, documented in the README)::

    {"tournament": "周五杯", "status": "drawn", "format": "swiss", "language": "zh",
     "round": 3, "rounds": 5,
     "tables": [{"table": 1, "left": "张三 / 李四", "right": "王五 / 赵六", "state": "reported",
                 "result": "A+ : 10", "winner": "left"}, …],
     "standings": [{"rank": 1, "name": "张三 / 李四", "points": 6, "opponent_points": 9, …}, …],
     "bracket": [{"round": 1, "matches": [{"table": 1, "left": …, "right": …, "state": …, "result": …,
                                           "winner": …}]}, …],
     "next_round": {"round": 4, "starts_at": "2026-12-06T20:00:00+08:00"},
     "updated_at": "2026-12-06T11:52:03.120000+00:00"}

``state`` is a match state (``pending``, ``reported``, ``disputed``, ``confirmed``, ``bye``, ``walkover``,
``void``); ``result`` the levels with the left pair's first (``A+ : 10``; ``10 : 10`` a draw), ``forfeit left``,
``forfeit right`` or ``forfeit both``, ``null`` while nothing is reported (a reported result stands there with
state ``reported`` until the other pair confirms); ``winner`` ``left``, ``right`` or ``null``. ``standings`` rows
carry the columns of ``standings.csv``. ``bracket`` is empty for a Swiss tournament or group stage without a knockout;
``round`` and ``rounds`` are ``null`` before the draw; ``next_round`` is ``null`` without a start ahead.
"""

from __future__ import annotations

from typing import Any

from bot.ruleset.scoring import Side
from bot.services.live_pages import LivePage
from bot.tournament.matches import Match, MatchState
from bot.tournament.outcome import Outcome, OutcomeKind


def outcome_words(outcome: Outcome) -> str:
    """``A+ : 10`` (left pair's level first), ``forfeit left|right|both``."""
    if outcome.kind is OutcomeKind.DOUBLE_FORFEIT:
        return "forfeit both"
    if outcome.kind is OutcomeKind.FORFEIT:
        assert outcome.winner is not None
        return f"forfeit {outcome.winner.other.value}"
    return f"{outcome.left_level} : {outcome.right_level}"


def match_result(match: Match) -> tuple[str | None, Side | None]:
    """The result a table shows and its winner.

    The confirmed games (``, ``-joined for a best of three), else the standing report."""
    if match.games:
        return ", ".join(outcome_words(game.outcome) for game in match.games), match.winner
    if match.state is MatchState.REPORTED and match.reports:
        report = match.reports[0].outcome
        return outcome_words(report), report.winner
    return None, match.winner


def match_json(match: Match) -> dict[str, Any]:
    result, winner = match_result(match)
    return {"table": match.table, "left": match.left.name if match.left else None,
            "right": match.right.name if match.right else None, "state": match.state.value, "result": result,
            "winner": winner.value if winner is not None else None}


def live_json(page: LivePage) -> dict[str, Any]:
    """The page as the JSON above."""
    state = page.state
    bracket = []
    if state.bracket is not None:
        for number in range(1, state.bracket.current_round + 1):
            matches = [match_json(match) for match in state.bracket.round_matches(number)
                       if match.left is not None or match.right is not None]
            bracket.append({"round": number, "matches": matches})
    start = page.next_start
    return {
        "tournament": state.record.name,
        "status": state.record.status.value,
        "format": state.record.settings.format.value,
        "language": page.language.value,
        "round": page.round.round if page.round else None,
        "rounds": page.round.rounds if page.round else None,
        "tables": [match_json(match) for match in page.round.matches] if page.round else [],
        "standings": [{"rank": row.rank, "name": row.name, "points": row.points,
                       "opponent_points": row.opponent_points, "level_difference": row.level_difference,
                       "played": row.played, "won": row.won, "drawn": row.drawn, "lost": row.lost,
                       "byes": row.byes, "group": row.group, "wins": row.won + row.byes if row.wins is None
                       else row.wins, "levels_reached": row.levels_reached, "withdrawn": row.withdrawn}
                      for row in page.standings],
        "bracket": bracket,
        "next_round": None if start is None else {
            "round": start.round, "starts_at": start.starts_at.astimezone(page.zone).isoformat()},
        "updated_at": page.updated_at.isoformat(),
    }


__all__ = ["live_json", "match_json", "match_result", "outcome_words"]
