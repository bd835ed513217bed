"""Where the rule documents disagree, one named choice each, gathered in :class:`RuleVariant`.

The defaults follow the most common reading in ``shared/seeds`` and on the major online platforms. A tournament
stores its own ``RuleVariant``; every rule function takes one and says in its docstring which field it reads.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.ruleset.cards import Rank


class AFailureOutcome(enum.StrEnum):
    """What happens when a pair has failed to pass A ``a_failure_limit`` times."""

    BACK_TO_TWO = "back_to_2"  # most common: start again from 2
    BACK_TO_JACK = "back_to_j"
    OPPONENTS_WIN = "opponents_win"


class APass(enum.StrEnum):
    """Which finishing order passes A for the pair playing its A (打A过A)."""

    PARTNER_NOT_LAST = "partner_not_last"  # most common: first place, partner not last (1-2 or 1-3)
    ANY_FIRST = "any_first"  # notice 002 篇11: any first place passes
    DOUBLE_DOWN = "double_down"  # notice 000 篇5: only a double down (1-2) passes


class DoubleDownTribute(enum.StrEnum):
    """How the two losers of a double down pay tribute and who leads the next deal."""

    LARGER_TO_FIRST = "larger_to_first"  # larger tribute to first place, its payer leads (notices 001, 002 篇2, 004)
    BY_PLACE = "by_place"  # last place pays first, third pays second, last place leads (notice 000 篇3, 002 篇10)


class EqualTributes(enum.StrEnum):
    """Double down with two tributes of equal strength: who pays first place (the player after first leads)."""

    NEXT_PLAYER_TO_FIRST = "next_player"  # notice 000 篇1: first place takes the tribute of the player after them
    LAST_PLACE_TO_FIRST = "last_place"  # pairing by places; notices 001/004 leave the choice to the receivers


class ScoringScale(enum.StrEnum):
    """How a match's final levels become match points (see ``bot.ruleset.scoring``)."""

    SCALE_26 = "26"  # winner 13 + d, loser 13 − d (the 级差积分 table of the notices)
    SCALE_28 = "28"  # winner 14 + d, loser 14 − d (28分制)
    WIN_LOSS = "winloss"  # winner 1, loser 0
    MATCH_POINTS = "3-2-1"  # 场分 of the national rules: win 3, draw 2, loss 1 (NOTES-EVENTS.md)


class TieBreak(enum.StrEnum):
    """Who wins a match stopped by the time limit with both pairs on the same level (``/set equal_levels``)."""

    DRAW = "draw"  # no deciding rule: a draw in a Swiss or group round; a knockout's report names the winner

    REACHED_FIRST = "reached_first"  # the pair that reached the common level first
    LAST_DEAL_FIRST = "last_deal_first"  # the pair that took first place (上游) in the last deal
    DECLARER = "declarer"  # the pair whose level the last deal was played at (主打方; notice 002 篇14 §6)


class RankingCriterion(enum.StrEnum):
    """One step of the order that ranks a points stage's pairs (``bot.tournament.ranking``)."""

    POINTS = "points"
    HEAD_TO_HEAD = "head_to_head"
    OPPONENT_POINTS = "opponent_points"
    WINS = "wins"
    LEVEL_DIFFERENCE = "level_difference"  # 净积小分
    LEVELS_REACHED = "levels_reached"  # 累积小分
    LOT = "lot"


@dataclass(frozen=True, slots=True)
class RuleVariant:
    """Every rule choice a tournament can make, with the documented default."""

    # Plays (bot.ruleset.plays)
    natural_flush_is_also_straight: bool = False
    """Five consecutive natural cards of one suit: a straight flush only (False) or also a plain straight."""
    five_of_a_rank_is_also_full_house: bool = False
    """Five natural cards of one rank: a bomb only (False) or also a full house."""
    joker_pair_in_full_house: bool = True
    """Two big (or two small) jokers may be the pair of a full house."""

    # Levels and the A rule (bot.ruleset.levels)
    a_failure_limit: int = 3
    a_failure_outcome: AFailureOutcome = AFailureOutcome.BACK_TO_TWO
    a_pass: APass = APass.PARTNER_NOT_LAST
    """Which finishing order of a deal played at A wins the match (see :class:`APass`)."""

    # Tribute (bot.ruleset.tribute)
    tribute: bool = True
    """Tribute is paid between deals (False: no tribute, first place leads; notice 002 篇1 本次比赛规则为不进贡)."""
    double_down_tribute: DoubleDownTribute = DoubleDownTribute.LARGER_TO_FIRST
    equal_tributes: EqualTributes = EqualTributes.NEXT_PLAYER_TO_FIRST
    max_return_rank: Rank = Rank.TEN
    """The card returned for a tribute is at most this rank (还贡 不超过10)."""

    # Scoring (bot.ruleset.scoring)
    scoring: ScoringScale = ScoringScale.SCALE_26
    walkover_points: int | None = None
    """Points of the side that wins by forfeit; ``None``: 16 (26 scale), 20 (28 scale), 1 (win/loss)."""
    tie_break: TieBreak = TieBreak.REACHED_FIRST
    ranking: tuple[RankingCriterion, ...] | None = None
    """The standings' order in a points stage, points first and the lot last; ``None``: the scale's order
    (``bot.tournament.ranking.ranking_order``)."""


DEFAULT_VARIANT = RuleVariant()
