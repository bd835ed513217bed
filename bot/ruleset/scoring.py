"""Match scoring by level difference (级差积分) and the winner of a match.

Rule (notice 002, 积分算法): each pair's final level has a value, 2..14 (A = 14) and 15 for a pair that passed A;
the level difference ``d`` decides the points: on the 26 scale the winner scores 13 + d and the loser 13 − d
(example: 2 against passed A → 0 : 26; both on A → 13 : 13); the 28 scale (notice 001, 28分制) uses 14.
The 3-2-1 scale (场分 of the national competition rules, NOTES-EVENTS.md) gives the winner 3 and the loser 1
whatever the difference, a walkover 3 : 0 (its draw, 2 : 2, is ``bot.tournament.points``'s).
A forfeit gives the other side the walkover points and the forfeiting side 0; a double forfeit 0 : 0.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.errors import RuleError
from bot.ruleset.cards import LEVEL_RANKS, Rank
from bot.ruleset.variants import RuleVariant, ScoringScale

PASSED_A_VALUE = 15
MATCH_WIN_POINTS, MATCH_DRAW_POINTS, MATCH_LOSS_POINTS = 3, 2, 1
"""场分 (``ScoringScale.MATCH_POINTS``): a win, a draw on equal levels at time, a loss that was played."""


class Side(enum.StrEnum):
    LEFT = "left"
    RIGHT = "right"

    @property
    def other(self) -> Side:
        return Side.RIGHT if self is Side.LEFT else Side.LEFT


class UnknownLevelError(RuleError):
    key = "scoring.unknown_level"


class WinnerNeededError(RuleError):
    """Equal levels: the reporter must say who won under the tournament's tie-break."""

    key = "scoring.winner_needed"


class WinnerContradictsLevelsError(RuleError):
    key = "scoring.winner_contradicts_levels"


@dataclass(frozen=True, slots=True, order=True)
class MatchLevel:
    """A pair's level at the end of a match: the rank it was playing, or A passed (``A+``)."""

    rank: Rank
    passed_a: bool = False

    def __post_init__(self) -> None:
        if self.rank.is_joker or (self.passed_a and self.rank != Rank.ACE):
            raise ValueError(f"not a match level: {self.rank!r} passed_a={self.passed_a}")

    @property
    def value(self) -> int:
        return PASSED_A_VALUE if self.passed_a else int(self.rank)

    @classmethod
    def parse(cls, text: str) -> MatchLevel:
        """``2``–``10``, ``J Q K A`` or ``A+`` (also ``过A``); raise :class:`UnknownLevelError`."""
        cleaned = text.strip().upper().replace("＋", "+")
        if cleaned in {"A+", "过A", "PASSED"}:
            return cls(Rank.ACE, passed_a=True)
        try:
            rank = Rank.from_label(cleaned.removeprefix("打"))
        except KeyError:
            raise UnknownLevelError(level=text) from None
        if rank not in LEVEL_RANKS:
            raise UnknownLevelError(level=text)
        return cls(rank)

    def __str__(self) -> str:
        return "A+" if self.passed_a else self.rank.label


@dataclass(frozen=True, slots=True)
class MatchScore:
    winner: Side
    left_points: int
    right_points: int

    def points(self, side: Side) -> int:
        return self.left_points if side is Side.LEFT else self.right_points


def match_winner(left: MatchLevel, right: MatchLevel, stated: Side | None = None) -> Side:
    """The higher level wins (a pair that passed A always has the higher level).

    Rule (notices 002 and 004, time limit): when time runs out the pair on the higher level wins; on equal levels the
    tournament's tie-break (``RuleVariant.tie_break``) decides, which only the reporter knows, so ``stated`` is
    required then. A stated winner that contradicts unequal levels is refused.
    """
    if left.value == right.value:
        if stated is None:
            raise WinnerNeededError(level=str(left))
        return stated
    derived = Side.LEFT if left.value > right.value else Side.RIGHT
    if stated is not None and stated is not derived:
        raise WinnerContradictsLevelsError(winner=stated.value, left=str(left), right=str(right))
    return derived


def walkover_points(variant: RuleVariant) -> int:
    if variant.walkover_points is not None:
        return variant.walkover_points
    return {ScoringScale.SCALE_26: 16, ScoringScale.SCALE_28: 20, ScoringScale.WIN_LOSS: 1,
            ScoringScale.MATCH_POINTS: MATCH_WIN_POINTS}[variant.scoring]


def score_match(
    left: MatchLevel, right: MatchLevel, variant: RuleVariant, stated_winner: Side | None = None
) -> MatchScore:
    """Points of both pairs from their final levels under ``variant.scoring`` (26, 28 or win/loss)."""
    winner = match_winner(left, right, stated_winner)
    difference = abs(left.value - right.value)
    if variant.scoring is ScoringScale.WIN_LOSS:
        winner_points, loser_points = 1, 0
    elif variant.scoring is ScoringScale.MATCH_POINTS:
        winner_points, loser_points = MATCH_WIN_POINTS, MATCH_LOSS_POINTS
    else:
        base = 13 if variant.scoring is ScoringScale.SCALE_26 else 14
        winner_points, loser_points = base + difference, base - difference
    if winner is Side.LEFT:
        return MatchScore(winner, winner_points, loser_points)
    return MatchScore(winner, loser_points, winner_points)


def score_forfeit(forfeiting: Side, variant: RuleVariant) -> MatchScore:
    """One side forfeits (弃权): the other side scores the walkover points, the forfeiting side 0."""
    points = walkover_points(variant)
    if forfeiting is Side.LEFT:
        return MatchScore(Side.RIGHT, 0, points)
    return MatchScore(Side.LEFT, points, 0)
