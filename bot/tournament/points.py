"""Match points of a points stage (Swiss rounds and round-robin groups), where a match may end in a draw.

Rules (seed 002 篇3 §4.2 积分算法):

* 26 scale: the winner scores 13 + d and the loser 13 − d, d = the level difference (2 … A = 2 … 14, passed A = 15;
  例: 2 against passed A → 0 : 26); equal levels are a draw, 13 : 13 (若甲乙双方均打到A … 各积13分). The 28 scale
  is the same around 14. These come from :func:`bot.ruleset.scoring.score_match`, as in a knockout.
* A walkover (对手弃权) scores the tournament's walkover points (16 on the 26 scale, 20 on the 28 scale, or the
  organiser's choice) against 0; a double forfeit (两方同时弃权) 0 : 0 (:func:`bot.ruleset.scoring.walkover_points`).
* Win/loss: win :data:`WIN_POINTS`, draw :data:`DRAW_POINTS`, loss 0; a walkover is a win (seed 002 篇1: 胜方得2分
  … 有弃权的，则胜方得2分，弃权方不得分). A knockout keeps its own win/loss count (1 : 0).
* 3-2-1 (场分 of the national competition rules and the big club events, NOTES-EVENTS.md): win 3, draw (equal levels
  when time is called) 2, a played loss 1, a walkover 3 : 0 (对手缺席 3:0), a bye 3 (轮空 3 分).
* A bye (轮空) scores what a walkover win scores.

Equal levels at time (``/set equal_levels``): with ``draw`` (the default) equal levels with no winner named are a
draw; under a deciding rule (reached first, the pair playing its own level, the last deal's first place) they are
refused with the rule's question (:func:`refuse_undecided_equal_levels`), so the report names the winner.

Equal levels with no winner named are a draw (``Outcome.draw``); naming a winner on equal levels (a tournament that
breaks such ties, ``RuleVariant.tie_break``) still makes an :class:`~bot.tournament.outcome.Outcome` with that
winner — on the 26 and 28 scales it scores 13 : 13 (14 : 14) all the same, but counts as a win and a loss.
"""

from __future__ import annotations

import enum

from bot.errors import TournamentError
from bot.ruleset.scoring import MATCH_DRAW_POINTS, MatchLevel, Side, score_match, walkover_points
from bot.ruleset.variants import RuleVariant, ScoringScale, TieBreak
from bot.tournament.outcome import Outcome, OutcomeKind, OutcomeSyntaxError

WIN_POINTS, DRAW_POINTS, LOSS_POINTS = 2, 1, 0
DRAW_WORDS = frozenset({"draw", "平", "平局", "和"})


class EqualLevelsReachedFirstError(TournamentError):
    """Equal levels under ``equal_levels first`` (安庆, 通州湾: the pair that reached the level first wins).

    Who got there first?"""

    key = "results.equal_levels.reached_first"


class EqualLevelsDeclarerError(TournamentError):
    """Equal levels under ``equal_levels leading`` (篇14 §6: the pair playing its own level wins).

    Whose level was the last deal played at?"""

    key = "results.equal_levels.declarer"


class EqualLevelsLastDealError(TournamentError):
    """Equal levels under ``equal_levels last_deal`` (合肥电大: first place in the last deal wins): who took it?"""

    key = "results.equal_levels.last_deal_first"


_WINNER_QUESTIONS: dict[TieBreak, type[TournamentError]] = {
    TieBreak.REACHED_FIRST: EqualLevelsReachedFirstError,
    TieBreak.DECLARER: EqualLevelsDeclarerError,
    TieBreak.LAST_DEAL_FIRST: EqualLevelsLastDealError,
}


def refuse_undecided_equal_levels(result: Outcome, variant: RuleVariant, *, table: int | str) -> None:
    """Under a deciding rule (``variant.tie_break`` other than ``draw``) equal levels are no draw.

    Raise the rule's question, so the report names the winner. Knockouts and points stages alike."""
    if result.is_draw and variant.tie_break is not TieBreak.DRAW:
        raise _WINNER_QUESTIONS[variant.tie_break](level=str(result.left_level), table=table)


TableResult = Outcome
"""What a table of a points stage ends with: a result as in a knockout, or a draw (``Outcome.draw``)."""


class Verdict(enum.StrEnum):
    """One pair's result at a table, for the won / drawn / lost columns."""

    WON = "won"
    DRAWN = "drawn"
    LOST = "lost"  # also a forfeit, and both pairs of a double forfeit


def table_result(left: MatchLevel, right: MatchLevel, winner: Side | None = None) -> TableResult:
    """The result of final levels.

    A draw on equal levels with no winner named, else the played outcome (which refuses a named winner that contradicts
    unequal levels)."""
    if winner is None and left.value == right.value:
        return Outcome.draw(left)
    return Outcome.played(left, right, winner)


def parse_table_result(text: str) -> TableResult:
    """The text form of an outcome, where equal levels without a winner are a draw.

    The outcome as :class:`~bot.tournament.outcome.Outcome` writes it (``K A+``, ``A A left``, ``forfeit right`` …); ``K
    K`` and ``K K draw`` are draws. Raise :class:`~bot.tournament.outcome.OutcomeSyntaxError` or a scoring error."""
    words = text.split()
    if len(words) == 3 and words[2].casefold() in DRAW_WORDS:
        left, right = MatchLevel.parse(words[0]), MatchLevel.parse(words[1])
        if left.value != right.value:
            raise OutcomeSyntaxError(text=text)
        return Outcome.draw(left)
    if len(words) == 2 and words[0].casefold() != "forfeit":
        return table_result(MatchLevel.parse(words[0]), MatchLevel.parse(words[1]))
    return Outcome.parse(text)


def walkover_win(variant: RuleVariant) -> int:
    """Points of a walkover win, and of a bye."""
    if variant.scoring is ScoringScale.WIN_LOSS and variant.walkover_points is None:
        return WIN_POINTS
    return walkover_points(variant)


def bye_points(variant: RuleVariant) -> int:
    return walkover_win(variant)


def table_points(result: TableResult, variant: RuleVariant) -> tuple[int, int]:
    """Points of the left and the right pair under ``variant.scoring`` (see the module docstring)."""
    if result.is_draw:
        assert result.left_level is not None
        if variant.scoring is ScoringScale.WIN_LOSS:
            return DRAW_POINTS, DRAW_POINTS
        if variant.scoring is ScoringScale.MATCH_POINTS:
            return MATCH_DRAW_POINTS, MATCH_DRAW_POINTS
        level = score_match(result.left_level, result.left_level, variant, Side.LEFT)
        return level.left_points, level.right_points
    if result.kind is OutcomeKind.DOUBLE_FORFEIT or result.winner is None:
        return 0, 0
    if result.kind is OutcomeKind.FORFEIT:
        points = (walkover_win(variant), 0)
    elif variant.scoring is ScoringScale.WIN_LOSS:
        points = (WIN_POINTS, LOSS_POINTS)
    else:
        assert result.left_level is not None and result.right_level is not None
        score = score_match(result.left_level, result.right_level, variant, result.winner)
        return score.left_points, score.right_points
    return points if result.winner is Side.LEFT else (points[1], points[0])


def level_difference(result: TableResult) -> int:
    """The left pair's level minus the right pair's (级差) in a played match; 0 after a forfeit."""
    if result.left_level is None or result.right_level is None:
        return 0
    return result.left_level.value - result.right_level.value


def verdict(result: TableResult, side: Side) -> Verdict:
    if result.winner is None:
        return Verdict.DRAWN if result.is_draw else Verdict.LOST
    return Verdict.WON if result.winner is side else Verdict.LOST


def levels_reached(result: TableResult, side: Side) -> int:
    """Levels ``side`` climbed in a played match (累积小分).

    Its level minus 2, passed A one more (A 12, A+ 13); 0 after a forfeit."""
    level = result.left_level if side is Side.LEFT else result.right_level
    return 0 if level is None else level.value - 2


def played_at_table(result: TableResult) -> bool:
    """Whether the match was played (levels recorded) rather than forfeited."""
    return result.kind in (OutcomeKind.PLAYED, OutcomeKind.DRAW)
