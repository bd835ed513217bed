"""One match of a knockout bracket: who plays, at which table, what was reported and what stands.

:class:`Match`, :class:`Game` and :class:`Report` are immutable named tuples rather than frozen dataclasses: a
10,000-pair draw builds thousands of matches inside the draw's time budget and every result builds a few more,
where a frozen dataclass costs several times as much to build.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from bot.ruleset.scoring import MatchScore, Side
from bot.tournament.outcome import Outcome
from bot.tournament.teams import Team


class MatchKind(enum.StrEnum):
    MAIN = "main"
    THIRD_PLACE = "third_place"
    SWISS = "swiss"  # a table of a Swiss round (bot.tournament.points_stage)
    GROUP = "group"  # a table of a round-robin group round


class MatchState(enum.StrEnum):
    WAITING = "waiting"  # its round has not started: the pairs are not all known yet
    PENDING = "pending"  # playable, nothing reported
    REPORTED = "reported"  # one pair reported, the other has not confirmed yet
    DISPUTED = "disputed"  # the pairs disagree: an official decides
    CONFIRMED = "confirmed"  # decided by play or forfeit
    BYE = "bye"  # round 1, one pair and a bye (轮空): that pair advances without playing
    WALKOVER = "walkover"  # later round, the opponent never came (double forfeit before): advances without playing
    VOID = "void"  # nobody arrived from either side

    @property
    def decided(self) -> bool:
        return self in _DECIDED

    @property
    def open(self) -> bool:
        """Waiting for a result now."""
        return self in _OPEN


_DECIDED = frozenset({MatchState.CONFIRMED, MatchState.BYE, MatchState.WALKOVER, MatchState.VOID})
_OPEN = frozenset({MatchState.PENDING, MatchState.REPORTED, MatchState.DISPUTED})


class Report(NamedTuple):
    """A result as one pair (``side``) or an official (``side`` None) stated it, scored when it was made."""

    actor: str
    side: Side | None
    outcome: Outcome
    score: MatchScore | None


class Game(NamedTuple):
    """A confirmed result: the whole match, or one game of a best-of-three."""

    outcome: Outcome
    score: MatchScore | None

    @property
    def winner(self) -> Side | None:
        return self.outcome.winner

    def points(self, side: Side) -> int:
        return self.score.points(side) if self.score is not None else 0


class Match(NamedTuple):
    """A match; ``left``/``right`` None means no pair (yet, while ``WAITING``; for good once its round started).

    ``games`` holds the confirmed results (one, or up to three in a best-of-three), ``reports`` the unconfirmed
    ones for the game being played. ``winner`` is set once the match is decided (None after a double forfeit).
    """

    match_id: int
    round: int
    slot: int
    kind: MatchKind
    best_of: int
    left: Team | None = None
    right: Team | None = None
    state: MatchState = MatchState.WAITING
    table: int | None = None
    games: tuple[Game, ...] = ()
    reports: tuple[Report, ...] = ()
    winner: Side | None = None

    # Specific copies: cheaper than the generic ``_replace`` on the path of every result.
    def with_team(self, side: Side, team: Team | None) -> Match:
        left, right = (team, self.right) if side is Side.LEFT else (self.left, team)
        return Match(self.match_id, self.round, self.slot, self.kind, self.best_of, left, right, self.state,
                     self.table, self.games, self.reports, self.winner)

    def with_reports(self, state: MatchState, reports: tuple[Report, ...]) -> Match:
        return Match(self.match_id, self.round, self.slot, self.kind, self.best_of, self.left, self.right, state,
                     self.table, self.games, reports, self.winner)

    def started(self, table: int) -> Match:
        return Match(self.match_id, self.round, self.slot, self.kind, self.best_of, self.left, self.right,
                     MatchState.PENDING, table, self.games, self.reports, self.winner)

    def with_games(self, state: MatchState, games: tuple[Game, ...], reports: tuple[Report, ...],
                   winner: Side | None) -> Match:
        return Match(self.match_id, self.round, self.slot, self.kind, self.best_of, self.left, self.right, state,
                     self.table, games, reports, winner)

    def team(self, side: Side) -> Team | None:
        return self.left if side is Side.LEFT else self.right

    def side_of(self, person: str) -> Side | None:
        """Which pair ``person`` plays for at this table, if any."""
        if self.left is not None and person in self.left.members:
            return Side.LEFT
        if self.right is not None and person in self.right.members:
            return Side.RIGHT
        return None

    def report_by(self, side: Side) -> Report | None:
        for report in self.reports:
            if report.side is side:
                return report
        return None

    @property
    def winning_team(self) -> Team | None:
        return None if self.winner is None else self.team(self.winner)

    @property
    def losing_team(self) -> Team | None:
        """The pair beaten in play or by forfeit (not a bye, a walkover or a double forfeit)."""
        if self.state is not MatchState.CONFIRMED or self.winner is None:
            return None
        return self.team(self.winner.other)

    @property
    def wins(self) -> tuple[int, int]:
        """Games won by left and right (best of three)."""
        left = sum(1 for game in self.games if game.winner is Side.LEFT)
        right = sum(1 for game in self.games if game.winner is Side.RIGHT)
        return left, right

    @property
    def current_game(self) -> int:
        """Number (1-based) of the game a report now applies to."""
        return len(self.games) + 1

    def points(self, side: Side) -> int:
        return sum(game.points(side) for game in self.games)
