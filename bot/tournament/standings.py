"""Placings of a knockout bracket, final or so far, with each pair's total match points.

Rule (notice 000: 决出冠军一组，亚军一组，季军两组 — champion, runner-up and two third places when shared; with a
playoff (季军通过…单轮淘汰决出) third and fourth; notice 002 共 … 决出1至8名: below that, pairs share the place
of the round in which they lost). A pair that lost in round ``r`` before the semi-finals is placed
``size / 2^r + 1`` (in 16 lines: round 1 → 9th, quarter-finals → 5th), whatever happens later, so places are
final as soon as they are known. A double forfeit places both pairs as losers of that round without a title
(in a semi-final with a playoff: 4th, as they do not play for third). Points: the sum of the pair's match points
(:mod:`bot.ruleset.scoring`) over its confirmed games; byes and walkovers score nothing. A game won because the
other pair forfeited scores the walkover points (16 on the 26 scale), which can outscore a close real win, so each
line counts those games (``forfeit_wins``) for the standings to say so.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.ruleset.scoring import Side
from bot.tournament.bracket import Bracket, ThirdPlace
from bot.tournament.matches import Match, MatchKind, MatchState
from bot.tournament.outcome import OutcomeKind
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
    forfeit_wins: int = 0
    """Games this pair won because the other pair forfeited: their walkover points are in ``points``."""


@dataclass(frozen=True, slots=True)
class Standings:
    champion: Team | None
    runner_up: Team | None
    third: tuple[Team, ...]
    placings: tuple[Placing, ...]
    finished: bool


@dataclass(slots=True)
class _Tally:
    """One pair's line while it is being worked out."""

    place: int | None = None
    finish: Finish = Finish.PLAYING
    lost_in_round: int | None = None
    matches: int = 0
    won: int = 0
    points: int = 0
    forfeit_wins: int = 0
    best_possible: int = 1
    """The best place still open to a pair that is playing (3 for a semi-final loser waiting for the playoff)."""

    def place_at(self, place: int, finish: Finish, lost_in_round: int | None) -> None:
        self.place, self.finish = place, finish
        if lost_in_round is not None:
            self.lost_in_round = lost_in_round


@dataclass(slots=True)
class _Podium:
    champion: Team | None = None
    runner_up: Team | None = None
    third: list[Team] = field(default_factory=list)


def standings(bracket: Bracket) -> Standings:
    """Placings in order (places, then points, then pair id); works at any moment of the tournament."""
    tallies = {team.team_id: _Tally() for team in bracket.teams}
    _count_results(bracket, tallies)
    podium = _place_pairs(bracket, tallies)
    return Standings(podium.champion, podium.runner_up, _third_places(podium.third, bracket.options.third_place),
                     _ranked(bracket.teams, tallies), bracket.finished)


def _count_results(bracket: Bracket, tallies: dict[int, _Tally]) -> None:
    """Each pair's points, matches and wins.

    Points (notice 002, :mod:`bot.ruleset.scoring`) are the sum of its match points over every confirmed game, so a
    best-of-three final counts its games as they are confirmed; byes and walkovers score nothing. Matches and wins count
    decided matches only (a forfeit is one; a bye is not)."""
    for match in bracket.matches():
        decided = match.state is MatchState.CONFIRMED
        for side in Side:
            team = match.team(side)
            if team is None:
                continue
            tally = tallies[team.team_id]
            tally.points += match.points(side)
            tally.forfeit_wins += sum(1 for game in match.games
                                      if game.outcome.kind is OutcomeKind.FORFEIT and game.winner is side)
            if decided:
                tally.matches += 1
                if side is match.winner:
                    tally.won += 1


def _place_pairs(bracket: Bracket, tallies: dict[int, _Tally]) -> _Podium:
    """The places known so far and who is on the podium.

    Match by match in bracket order, the third-place playoff last; a place, once known, never changes."""
    podium = _Podium()
    rounds = bracket.rounds
    for match in bracket.matches():
        if match.state is not MatchState.CONFIRMED:
            _place_walkover_winner(match, rounds, tallies, podium)
        elif match.kind is MatchKind.THIRD_PLACE:
            _place_third_place_playoff(match, tallies, podium)
        elif match.round == rounds:
            _place_final(match, rounds, tallies, podium)
        elif match.round == rounds - 1:
            _place_semi_final(match, bracket.has_third_place_match, tallies, podium)
        else:
            _place_early_losers(match, bracket.size, tallies)
    return podium


def _losers(match: Match) -> list[Team]:
    """The pairs that did not win a decided match: one, or both after a double forfeit."""
    return [team for side in Side if (team := match.team(side)) is not None and side is not match.winner]


def _place_walkover_winner(match: Match, rounds: int, tallies: dict[int, _Tally], podium: _Podium) -> None:
    """A final or third-place playoff won without playing places its winner.

    Notice 000: 弃权 … 另一对直接进级 — the other pair goes through, as champion or third. Any other undecided match
    places nobody yet."""
    winner = match.winning_team
    if winner is None:
        return
    if match.kind is MatchKind.MAIN and match.round == rounds:
        podium.champion = winner
        tallies[winner.team_id].place_at(1, Finish.CHAMPION, None)
    elif match.kind is MatchKind.THIRD_PLACE:
        podium.third.append(winner)
        tallies[winner.team_id].place_at(3, Finish.THIRD, None)


def _place_third_place_playoff(match: Match, tallies: dict[int, _Tally], podium: _Podium) -> None:
    """Notice 000 (季军通过…单轮淘汰决出).

    The semi-final losers play for third; the winner is third, the loser fourth (both after a double forfeit). Their
    ``lost_in_round`` stays the semi-final's."""
    winner = match.winning_team
    if winner is not None:
        podium.third.append(winner)
        tallies[winner.team_id].place_at(3, Finish.THIRD, None)
    for team in _losers(match):
        tallies[team.team_id].place_at(4, Finish.FOURTH, None)


def _place_final(match: Match, rounds: int, tallies: dict[int, _Tally], podium: _Podium) -> None:
    """Notice 000 (决出冠军一组，亚军一组).

    The winner is champion, the loser runner-up; after a double forfeit both pairs are second without a title."""
    winner = match.winning_team
    losers = _losers(match)
    if winner is not None:
        podium.champion, podium.runner_up = winner, losers[0]
        tallies[winner.team_id].place_at(1, Finish.CHAMPION, None)
    for team in losers:
        tallies[team.team_id].place_at(2, Finish.RUNNER_UP if winner else Finish.ELIMINATED, rounds)


def _place_semi_final(match: Match, playoff: bool, tallies: dict[int, _Tally], podium: _Podium) -> None:
    """Notice 000 (季军两组, or a playoff among the semi-final losers).

    Without a playoff the loser is third at once (shared); with one it waits for the playoff, third at best. After a
    double forfeit both pairs are out without a title: third, or fourth with a playoff (they do not play for third)."""
    for team in _losers(match):
        tally = tallies[team.team_id]
        if match.winner is None:
            tally.place_at(4 if playoff else 3, Finish.ELIMINATED, match.round)
        elif playoff:
            tally.lost_in_round, tally.best_possible = match.round, 3
        else:
            podium.third.append(team)
            tally.place_at(3, Finish.THIRD, match.round)


def _place_early_losers(match: Match, size: int, tallies: dict[int, _Tally]) -> None:
    """Notice 002 (共 … 决出1至8名).

    Below the semi-finals a pair shares the place of the round in which it lost, ``size / 2^round + 1`` (in 16 lines:
    round 1 → 9th, quarter-finals → 5th), whatever happens later."""
    for team in _losers(match):
        tallies[team.team_id].place_at((size >> match.round) + 1, Finish.ELIMINATED, match.round)


def _ranked(teams: Iterable[Team], tallies: dict[int, _Tally]) -> tuple[Placing, ...]:
    """Every pair's line.

    By place (a pair still playing by the best place open to it), then more points, then the pair id, so pairs sharing a
    place are listed by how they played."""
    placings = [
        Placing(team, tally.place, tally.finish, tally.lost_in_round, tally.matches, tally.won, tally.points,
                tally.forfeit_wins)
        for team in teams
        for tally in (tallies[team.team_id],)
    ]
    placings.sort(key=lambda line: (
        line.place if line.place is not None else tallies[line.team.team_id].best_possible,
        -line.points,
        line.team.team_id,
    ))
    return tuple(placings)


def _third_places(third: list[Team], option: ThirdPlace) -> tuple[Team, ...]:
    """Shared third places (notice 000: 季军两组) by pair id; a playoff's third as decided."""
    return tuple(sorted(third, key=lambda team: team.team_id) if option is ThirdPlace.SHARED else third)
