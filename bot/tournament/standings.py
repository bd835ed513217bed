"""Placings of a knockout bracket, final or so far, with each pair's total match points.

Rule (notice 000: 决出冠军一组，亚军一组，季军两组 — champion, runner-up and two third places when shared; with a
playoff (季军通过…单轮淘汰决出) third and fourth; notice 002 共 … 决出1至8名: below that, pairs share the place
of the round in which they lost). A pair that lost in round ``r`` before the semi-finals is placed
``size / 2^r + 1`` (in 16 lines: round 1 → 9th, quarter-finals → 5th), whatever happens later, so places are
final as soon as they are known. A double forfeit places both pairs as losers of that round without a title
(in a semi-final with a playoff: 4th, as they do not play for third). Points: the sum of the pair's match points
(:mod:`bot.ruleset.scoring`) over its confirmed games; byes and walkovers score nothing.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.ruleset.scoring import Side
from bot.tournament.bracket import Bracket, ThirdPlace
from bot.tournament.matches import MatchKind, MatchState
from bot.tournament.teams import Team


class Finish(enum.StrEnum):
    CHAMPION = "champion"
    RUNNER_UP = "runner_up"
    THIRD = "third"
    FOURTH = "fourth"
    ELIMINATED = "eliminated"
    PLAYING = "playing"  # still in the bracket (or waiting to play for third place)


@dataclass(frozen=True, slots=True)
class Placing:
    """One pair's line in the standings; ``place`` is None while the pair is still playing."""

    team: Team
    place: int | None
    finish: Finish
    lost_in_round: int | None
    matches: int
    won: int
    points: int


@dataclass(frozen=True, slots=True)
class Standings:
    champion: Team | None
    runner_up: Team | None
    third: tuple[Team, ...]
    placings: tuple[Placing, ...]
    finished: bool


@dataclass(slots=True)
class _Tally:
    place: int | None = None
    finish: Finish = Finish.PLAYING
    lost_in_round: int | None = None
    matches: int = 0
    won: int = 0
    points: int = 0
    best_possible: int = 1


def standings(bracket: Bracket) -> Standings:
    """Placings in order (places, then points, then pair id); works at any moment of the tournament."""
    tallies = {team.team_id: _Tally() for team in bracket.teams}
    rounds, playoff = bracket.rounds, bracket.has_third_place_match
    champion: Team | None = None
    runner_up: Team | None = None
    third: list[Team] = []
    for match in bracket.matches():
        for side in Side:
            team = match.team(side)
            if team is not None:
                tallies[team.team_id].points += match.points(side)
        if match.state is not MatchState.CONFIRMED:
            if match.kind is MatchKind.MAIN and match.round == rounds and match.winning_team is not None:
                champion = match.winning_team  # by walkover
                _place(tallies[champion.team_id], 1, Finish.CHAMPION, None)
            elif match.kind is MatchKind.THIRD_PLACE and match.winning_team is not None:
                third.append(match.winning_team)
                _place(tallies[match.winning_team.team_id], 3, Finish.THIRD, None)
            continue
        losers = [team for side in Side if (team := match.team(side)) is not None and side is not match.winner]
        for team in (match.left, match.right):
            if team is not None:
                tallies[team.team_id].matches += 1
        winner = match.winning_team
        if winner is not None:
            tallies[winner.team_id].won += 1
        if match.kind is MatchKind.THIRD_PLACE:
            if winner is not None:
                third.append(winner)
                _place(tallies[winner.team_id], 3, Finish.THIRD, None)
            for team in losers:
                _place(tallies[team.team_id], 4, Finish.FOURTH, None)
            continue
        if match.round == rounds:
            if winner is not None:
                champion = winner
                runner_up = losers[0]
                _place(tallies[winner.team_id], 1, Finish.CHAMPION, None)
            for team in losers:
                _place(tallies[team.team_id], 2, Finish.RUNNER_UP if winner else Finish.ELIMINATED, rounds)
        elif match.round == rounds - 1:
            for team in losers:
                tally = tallies[team.team_id]
                if winner is None:
                    _place(tally, 4 if playoff else 3, Finish.ELIMINATED, match.round)
                elif playoff:
                    tally.lost_in_round, tally.best_possible = match.round, 3
                else:
                    third.append(team)
                    _place(tally, 3, Finish.THIRD, match.round)
        else:
            for team in losers:
                _place(tallies[team.team_id], (bracket.size >> match.round) + 1, Finish.ELIMINATED, match.round)

    placings = [
        Placing(team, tally.place, tally.finish, tally.lost_in_round, tally.matches, tally.won, tally.points)
        for team in bracket.teams
        for tally in (tallies[team.team_id],)
    ]
    placings.sort(key=lambda line: (
        line.place if line.place is not None else tallies[line.team.team_id].best_possible,
        -line.points,
        line.team.team_id,
    ))
    shared = bracket.options.third_place is ThirdPlace.SHARED
    return Standings(champion, runner_up, tuple(sorted(third, key=lambda team: team.team_id) if shared else third),
                     tuple(placings), bracket.finished)


def _place(tally: _Tally, place: int, finish: Finish, lost_in_round: int | None) -> None:
    tally.place, tally.finish = place, finish
    if lost_in_round is not None:
        tally.lost_in_round = lost_in_round
