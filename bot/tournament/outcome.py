"""What a table reports: both pairs' final levels (and the winner when the levels are equal), or a forfeit.

Sides are the match's own: ``left`` is the pair listed first at the table, ``right`` the other.
Text form (used in the history and accepted by :meth:`Outcome.parse`): ``K A+`` (levels left then right),
``A A left`` (equal levels and the stated winner), ``forfeit left`` / ``forfeit right`` / ``forfeit both``, and in
a Swiss or group round ``K K draw`` (equal levels, nobody named winner: a draw, 平局). A knockout never
takes a draw (its services refuse one: a knockout needs a winner).

A pair may also tell its result from its own side (:class:`OwnResult`: "we won A+ to K"), which the table's seats
turn into an :class:`Outcome`. :func:`check_possible` refuses results no match can end with (both pairs past A;
without a time limit, a winner that did not pass A).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from bot.errors import TournamentError
from bot.ruleset.scoring import (
    PASSED_A_VALUE,
    MatchLevel,
    MatchScore,
    Side,
    match_winner,
    score_forfeit,
    score_match,
)
from bot.ruleset.variants import RuleVariant


class OutcomeSyntaxError(TournamentError):
    key = "results.outcome_syntax"


class BothPassedAError(TournamentError):
    """A match ends when one pair passes A, so two pairs past A is no result."""

    key = "results.both_passed_a"


class WinnerBelowAError(TournamentError):
    """Without a time limit a match is played until a pair passes A: its winner ends on A+."""

    key = "results.winner_below_a"


class DrawWithoutTimeLimitError(TournamentError):
    """Without a time limit a match is played until a pair passes A: it cannot end level (a draw)."""

    key = "results.draw_without_time_limit"


class OutcomeKind(enum.StrEnum):
    PLAYED = "played"
    FORFEIT = "forfeit"  # one side forfeits (弃权): the other side wins
    DOUBLE_FORFEIT = "double_forfeit"  # both forfeit: nobody advances, the next opponent gets a walkover
    DRAW = "draw"  # equal levels and no winner (平局): only in a Swiss or group round


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one match (or one game of a best-of-three); build it with the class methods.

    ``winner`` is always stored, derived from the levels when they differ, so two reports of the same result
    compare equal however they were typed.
    """

    kind: OutcomeKind
    winner: Side | None
    left_level: MatchLevel | None = None
    right_level: MatchLevel | None = None
    text: str = field(init=False, repr=False, compare=False)
    """The text form, made once: every event of the history carries it."""

    def __post_init__(self) -> None:
        played = self.kind in (OutcomeKind.PLAYED, OutcomeKind.DRAW)
        if played != (self.left_level is not None and self.right_level is not None) or (
            not played and (self.left_level is not None or self.right_level is not None)
        ):
            raise ValueError(f"levels do not fit a {self.kind} outcome")
        if (self.winner is None) != (self.kind in (OutcomeKind.DOUBLE_FORFEIT, OutcomeKind.DRAW)):
            raise ValueError(f"a {self.kind} outcome {'needs' if self.winner is None else 'has no'} winner")
        if self.kind is OutcomeKind.DRAW and not self.levels_equal:
            raise ValueError("a draw needs equal levels")
        object.__setattr__(self, "text", self._format())

    @classmethod
    def played(cls, left: MatchLevel, right: MatchLevel, winner: Side | None = None) -> Outcome:
        """Final levels; ``winner`` only when they are equal (raises the scoring errors otherwise)."""
        return cls(OutcomeKind.PLAYED, match_winner(left, right, winner), left, right)

    @classmethod
    def forfeit(cls, forfeiting: Side) -> Outcome:
        return cls(OutcomeKind.FORFEIT, forfeiting.other)

    @classmethod
    def double_forfeit(cls) -> Outcome:
        return cls(OutcomeKind.DOUBLE_FORFEIT, None)

    @classmethod
    def draw(cls, level: MatchLevel) -> Outcome:
        """Both pairs ended on ``level`` and nobody was named winner (平局; Swiss and group rounds only)."""
        return cls(OutcomeKind.DRAW, None, level, level)

    @property
    def is_draw(self) -> bool:
        return self.kind is OutcomeKind.DRAW

    @property
    def levels_equal(self) -> bool:
        return self.left_level is not None and self.right_level is not None and (
            self.left_level.value == self.right_level.value
        )

    def mirrored(self) -> Outcome:
        """The same result written with the pairs the other way round (the right pair's level first)."""
        if self.kind is OutcomeKind.DOUBLE_FORFEIT:
            return self
        assert self.winner is not None
        if self.kind is OutcomeKind.FORFEIT:
            return Outcome.forfeit(self.winner)
        assert self.left_level is not None and self.right_level is not None
        return Outcome(OutcomeKind.PLAYED, self.winner.other, self.right_level, self.left_level)

    def score(self, variant: RuleVariant) -> MatchScore | None:
        """Match points under ``variant.scoring`` (notice 002).

        ``None`` for a double forfeit, which scores 0 : 0, and for a draw, which has no winner (its points:
        :func:`bot.tournament.points.table_points`)."""
        if self.kind is OutcomeKind.DOUBLE_FORFEIT or self.winner is None:
            return None
        if self.kind is OutcomeKind.FORFEIT:
            return score_forfeit(self.winner.other, variant)
        assert self.left_level is not None and self.right_level is not None
        return score_match(self.left_level, self.right_level, variant, self.winner)

    def __str__(self) -> str:
        return self.text

    def _format(self) -> str:
        if self.kind is OutcomeKind.DOUBLE_FORFEIT:
            return "forfeit both"
        if self.kind is OutcomeKind.DRAW:
            return f"{self.left_level} {self.right_level} draw"
        assert self.winner is not None
        if self.kind is OutcomeKind.FORFEIT:
            return f"forfeit {self.winner.other.value}"
        text = f"{self.left_level} {self.right_level}"
        return f"{text} {self.winner.value}" if self.levels_equal else text

    @classmethod
    def parse(cls, text: str) -> Outcome:
        """Read the text form (see the module docstring); raise :class:`OutcomeSyntaxError` or a scoring error."""
        words = text.lower().split()
        if len(words) == 2 and words[0] == "forfeit":
            if words[1] == "both":
                return cls.double_forfeit()
            if words[1] in (Side.LEFT.value, Side.RIGHT.value):
                return cls.forfeit(Side(words[1]))
        elif len(words) in (2, 3):
            stated: Side | None = None
            if len(words) == 3 and words[2] == OutcomeKind.DRAW.value:
                left, right = MatchLevel.parse(words[0]), MatchLevel.parse(words[1])
                if left.value != right.value:
                    raise OutcomeSyntaxError(text=text)
                return cls.draw(left)
            if len(words) == 3:
                if words[2] not in (Side.LEFT.value, Side.RIGHT.value):
                    raise OutcomeSyntaxError(text=text)
                stated = Side(words[2])
            return cls.played(MatchLevel.parse(words[0]), MatchLevel.parse(words[1]), stated)
        raise OutcomeSyntaxError(text=text)


def is_mirror_report(first: Outcome, second: Outcome) -> bool:
    """Whether ``second`` is ``first`` with the pairs' levels swapped.

    What a pair that wrote its own level first reports against a correct report (only played results with different
    levels can be read both ways)."""
    return (first.kind is OutcomeKind.PLAYED and not first.levels_equal and second != first
            and second == first.mirrored())


@dataclass(frozen=True, slots=True)
class OwnResult:
    """A result as a pair tells it from its side.

    ``/result 3 赢 A+ K`` (we won, we ended on A+, they on K) or ``/result 3 输 K A+`` (we lost, we on K, they on A+).
    Unambiguous whoever is listed first at the table."""

    won: bool
    own: MatchLevel
    theirs: MatchLevel

    def for_side(self, side: Side) -> Outcome:
        """The table's result when the pair telling it plays on ``side``.

        A stated win or loss that contradicts the levels raises
        :class:`~bot.ruleset.scoring.WinnerContradictsLevelsError`."""
        winner = side if self.won else side.other
        left, right = (self.own, self.theirs) if side is Side.LEFT else (self.theirs, self.own)
        return Outcome.played(left, right, winner)

    @property
    def text(self) -> str:
        return f"{'won' if self.won else 'lost'} {self.own} {self.theirs}"


@dataclass(frozen=True, slots=True)
class WhoWon:
    """The answer to "who won?" when two reports of a table mirror each other.

    Each pair may have written its own level first, so nobody can tell which report is right. ``won`` as a pair tells it
    from its side (``/result 3 赢``), or ``winner`` the side a button names. The levels are the reports' own; only the
    winner is asked."""

    won: bool | None = None
    winner: Side | None = None

    @property
    def text(self) -> str:
        if self.winner is not None:
            return f"winner {self.winner.value}"
        return "won" if self.won else "lost"


def check_possible(outcome: Outcome, *, time_limited: bool, draws: bool = True) -> None:
    """Refuse a played result no match can end with (seed 002: 规定时间内最先打过A一方获胜, 一方获胜本轮比赛即结束):
    both pairs past A (:class:`BothPassedAError`, a draw at A+ too); without a time limit, a winner that did not pass
    A (:class:`WinnerBelowAError`) — play stops only when a pair passes A; so, without a time limit, no draw either
    (:class:`DrawWithoutTimeLimitError`: a draw exists only when time ends a Swiss or group match). ``draws``
    ``False``: the caller refuses any draw itself (a knockout needs a winner), after the check of both A+."""
    if outcome.kind not in (OutcomeKind.PLAYED, OutcomeKind.DRAW):
        return
    assert outcome.left_level is not None and outcome.right_level is not None
    if outcome.left_level.value == outcome.right_level.value == PASSED_A_VALUE:
        raise BothPassedAError()
    # The refusals quote the levels alone: ``outcome.text`` ends in an English word (``K K draw``, ``K K left``)
    # that a Chinese reply must not carry.
    levels = f"{outcome.left_level} {outcome.right_level}"
    if outcome.kind is OutcomeKind.DRAW:
        if draws and not time_limited:
            raise DrawWithoutTimeLimitError(level=str(outcome.left_level), outcome=levels)
        return
    assert outcome.winner is not None
    winner_level = outcome.left_level if outcome.winner is Side.LEFT else outcome.right_level
    if not time_limited and winner_level.value != PASSED_A_VALUE:
        raise WinnerBelowAError(level=str(winner_level), outcome=levels)

