"""Levels through a match: level-up after each deal and the A rule (打A / 过A).

Rules, as the seed documents state them (notice 000 篇1 竞赛方法 3 and 篇3 附件; notice 001 六; notice 004 第七章):

* Both pairs start at 2; each deal is played at the level of the pair that won the previous deal (the declarer,
  主打方; notice 004 §6 "以主打方赢得本轮比赛"). The first deal is played at 2.
* The pair of first place (头游) goes up 3 levels when the partner is second (双下), 2 when third, 1 when last.
  Levels run 2 … A and never past A (从2打到A).
* A must be played (A必打): a pair reaching A stays there until it wins a deal played at its own A. That deal is
  passed (过A, the match is won) when first place's partner is not last (notice 000 篇3 附件 "一家头游且对家不是末游";
  notice 004 第二十七条); ``RuleVariant.a_pass`` names the variants (any first place, only a double down).
* Every other deal played at a pair's A is a failed attempt (打A不过), whoever wins it. After
  ``RuleVariant.a_failure_limit`` failures (default 3: notice 000 篇3 "三次打A不过，退到2重打"; notice 004: 2) the
  ``RuleVariant.a_failure_outcome`` applies: back to 2 (default), back to J (notice 000 篇3 "从J开始再打") or the
  opponents win the match (notice 002 篇8 "3次不过判对方胜").
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from bot.errors import RuleError
from bot.ruleset.cards import LEVEL_RANKS, Rank
from bot.ruleset.scoring import MatchLevel, UnknownLevelError
from bot.ruleset.seats import FinishingOrder, Pair
from bot.ruleset.variants import DEFAULT_VARIANT, AFailureOutcome, APass, RuleVariant


class MatchOverError(RuleError):
    """A deal reported after one pair has already won the match."""

    key = "levels.match_over"


class AFailuresOverLimitError(RuleError):
    key = "levels.a_failures_over_limit"


def parse_level(text: str) -> Rank:
    """A level as typed: ``2``–``10``, ``J Q K A`` (also ``打J``); raise :class:`UnknownLevelError`."""
    level = MatchLevel.parse(text)
    if level.passed_a:
        raise UnknownLevelError(level=text)
    return level.rank


def raise_level(level: Rank, steps: int) -> Rank:
    """``level`` up by ``steps``, never past A (从2打到A)."""
    if level not in LEVEL_RANKS or steps < 0:
        raise ValueError(f"cannot raise {level!r} by {steps}")
    return Rank(min(int(level) + steps, int(Rank.ACE)))


@dataclass(frozen=True, slots=True)
class PairState:
    """One pair's level and how many deals it has played at its A without passing."""

    level: Rank = Rank.TWO
    a_failures: int = 0

    def __post_init__(self) -> None:
        if self.level not in LEVEL_RANKS:
            raise ValueError(f"not a level: {self.level!r}")
        if self.a_failures < 0 or (self.a_failures and self.level is not Rank.ACE):
            raise ValueError(f"{self.a_failures} A failures at level {self.level.label}")


class AResult(enum.StrEnum):
    """What a deal played at a pair's A did to that pair."""

    PASSED = "passed"  # 过A: the match is won
    FAILED = "failed"  # one more failure, still at A
    SENT_BACK = "sent_back"  # the failure limit was reached: back to 2 (or J)
    MATCH_LOST = "match_lost"  # the failure limit was reached and the opponents win the match


@dataclass(frozen=True, slots=True)
class LevelsState:
    """Where a match stands in levels.

    Both pairs' levels and A attempts, whose level the next deal is played at, and the winner once the match is over.
    (Not a table's match in a bracket: that is :class:`bot.tournament.matches.Match` with its
    :class:`~bot.tournament.matches.MatchState`.)"""

    north_south: PairState = PairState()
    east_west: PairState = PairState()
    declarer: Pair | None = None
    """The pair whose level the next deal is played at (won the last deal); ``None`` before the first deal."""
    winner: Pair | None = None
    passed_a: bool = False
    """The winner passed A (rather than winning because the other pair failed A too often)."""

    def __post_init__(self) -> None:
        if self.declarer is None and self.north_south.level != self.east_west.level:
            raise ValueError("without a declarer both pairs must be on the same level")
        if self.passed_a and self.winner is None:
            raise ValueError("passed_a needs a winner")

    def pair(self, pair: Pair) -> PairState:
        return self.north_south if pair is Pair.NORTH_SOUTH else self.east_west

    @property
    def deal_level(self) -> Rank:
        """The level the next deal is played at: the declarer's level (2 for the first deal)."""
        return self.pair(self.declarer or Pair.NORTH_SOUTH).level

    def match_level(self, pair: Pair) -> MatchLevel:
        """The pair's level for match scoring (``bot.ruleset.scoring``): ``A+`` for a pair that passed A."""
        passed = self.passed_a and self.winner is pair
        return MatchLevel(self.pair(pair).level, passed_a=passed)

    def _with(self, pair: Pair, state: PairState, declarer: Pair) -> LevelsState:
        if pair is Pair.NORTH_SOUTH:
            return replace(self, north_south=state, declarer=declarer)
        return replace(self, east_west=state, declarer=declarer)


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """The levels state after one deal and what happened on the way."""

    state: LevelsState
    winners: Pair
    levels_gained: int
    """Levels the winners actually went up (0 when the deal was played at their own A)."""
    a_pair: Pair | None = None
    """The pair whose A was played in this deal, if any."""
    a_result: AResult | None = None

    @property
    def match_winner(self) -> Pair | None:
        return self.state.winner

    @property
    def match_won(self) -> bool:
        return self.state.winner is not None


def passes_a(order: FinishingOrder, rule: APass) -> bool:
    """Whether a deal won with ``order`` passes A under ``rule`` (``RuleVariant.a_pass``).

    Default (notice 000 篇3 附件; notice 004 第二十七条; notice 002 篇14 §8): first place and the partner not last.
    Variants: any first place (notice 002 篇11), only a double down (notice 000 篇5 "打成双下才算过A").
    """
    if rule is APass.ANY_FIRST:
        return True
    if rule is APass.DOUBLE_DOWN:
        return order.is_double_down
    return order.partner_place != 4


def _fail_a(state: LevelsState, pair: Pair, variant: RuleVariant) -> tuple[LevelsState, AResult]:
    declarer = state.declarer or pair
    failures = state.pair(pair).a_failures + 1
    if failures < variant.a_failure_limit:
        return state._with(pair, PairState(Rank.ACE, failures), declarer), AResult.FAILED
    if variant.a_failure_outcome is AFailureOutcome.OPPONENTS_WIN:
        return replace(state, winner=pair.other), AResult.MATCH_LOST
    restart = Rank.JACK if variant.a_failure_outcome is AFailureOutcome.BACK_TO_JACK else Rank.TWO
    return state._with(pair, PairState(restart), declarer), AResult.SENT_BACK


def settle_deal(state: LevelsState, order: FinishingOrder, variant: RuleVariant = DEFAULT_VARIANT) -> DealOutcome:
    """Apply one deal's finishing order to the match: level-up, the A rule and failed A attempts.

    Reads ``variant.a_pass``, ``variant.a_failure_limit`` and ``variant.a_failure_outcome`` (rules in the module
    docstring). Raise :class:`MatchOverError` after the match is won and :class:`AFailuresOverLimitError` for a state
    that already holds as many failures as the limit allows.
    """
    if state.winner is not None:
        raise MatchOverError(winner=state.winner.value)
    for pair in Pair:
        if state.pair(pair).a_failures >= variant.a_failure_limit:
            raise AFailuresOverLimitError(
                pair=pair.value, failures=state.pair(pair).a_failures, limit=variant.a_failure_limit
            )
    winners = order.winners
    at_a = state.declarer if state.declarer and state.pair(state.declarer).level is Rank.ACE else None
    if at_a is winners and passes_a(order, variant.a_pass):
        won = replace(state, declarer=winners, winner=winners, passed_a=True)
        return DealOutcome(won, winners, 0, a_pair=winners, a_result=AResult.PASSED)
    if at_a is winners:
        failed, result = _fail_a(replace(state, declarer=winners), winners, variant)
        return DealOutcome(failed, winners, 0, a_pair=winners, a_result=result)
    before = state.pair(winners)
    raised = PairState(raise_level(before.level, order.levels_gained), before.a_failures)
    after = state._with(winners, raised, winners)
    gained = int(raised.level) - int(before.level)
    if at_a is None:
        return DealOutcome(after, winners, gained)
    failed, result = _fail_a(after, at_a, variant)
    return DealOutcome(failed, winners, gained, a_pair=at_a, a_result=result)
