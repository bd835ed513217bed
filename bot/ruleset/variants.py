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


class ScoringScale(enum.StrEnum):
    """How a match's final levels become match points (see ``bot.ruleset.scoring``)."""

    SCALE_26 = "26"  # winner 13 + d, loser 13 − d (the 级差积分 table of the notices)
    SCALE_28 = "28"  # winner 14 + d, loser 14 − d (28分制)
    WIN_LOSS = "winloss"  # winner 1, loser 0


class TieBreak(enum.StrEnum):
    """Who wins a match stopped by the time limit with both pairs on the same level."""

    REACHED_FIRST = "reached_first"  # the pair that reached the common level first
    LAST_DEAL_FIRST = "last_deal_first"  # the pair that took first place (上游) in the last deal


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

    # Tribute (bot.ruleset.tribute)
    max_return_rank: Rank = Rank.TEN
    """The card returned for a tribute is at most this rank (还贡 不超过10)."""

    # Scoring (bot.ruleset.scoring)
    scoring: ScoringScale = ScoringScale.SCALE_26
    walkover_points: int | None = None
    """Points of the side that wins by forfeit; ``None``: 16 (26 scale), 20 (28 scale), 1 (win/loss)."""
    tie_break: TieBreak = TieBreak.REACHED_FIRST


DEFAULT_VARIANT = RuleVariant()
