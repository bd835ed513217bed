"""How a tournament is played: a knockout, Swiss rounds (积分编排) or round-robin groups, and the numbers each needs.

Rules (from seed 002): 篇3 §3.1 and §4.1 — a fixed number of rounds paired by points (积分编排), every
pair plays every round; 篇1 (Anqing) — 分组单循环赛制，每组取前2名进入第二阶段 … 单淘汰赛制: round-robin groups
whose top two go on to a knockout; 篇2 — 小组赛 … 循环赛赛制 … 以积分多少确定名次: groups may be the whole tournament.

* Swiss: ``rounds`` in 1 … pairs − 1 (a pair cannot meet more than pairs − 1 different opponents); default
  ⌈log₂ pairs⌉, the rounds a knockout of the same field would take.
* Groups: ``groups`` groups of at least :data:`MIN_GROUP_SIZE` pairs, sizes differing by at most one; default
  groups of four or five (``pairs // 4``). ``advance`` of each group go on to a knockout (default 2); 0: the groups
  are the whole tournament. At most the smallest group's size may advance, and a knockout needs two pairs.

Organisers set these with ``/set`` before the draw (``bot.tournament.settings``), when the number of pairs is not
known yet; :func:`plan_format` checks them against the pairs drawn and raises the errors below.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.errors import TournamentError
from bot.tournament.bracket import MIN_PAIRS, TooFewTeamsError

MIN_GROUP_SIZE = 3
DEFAULT_ADVANCE = 2
DEFAULT_GROUP_SIZE = 4
MAX_ROUNDS = 99
"""What ``/set rounds`` accepts before the pairs are known; the draw then requires at most pairs − 1."""
MAX_ADVANCE = 64


class RoundsOutOfRangeError(TournamentError):
    key = "formats.rounds_out_of_range"


class GroupsTooSmallError(TournamentError):
    key = "formats.groups_too_small"


class AdvanceTooLargeError(TournamentError):
    key = "formats.advance_too_large"


class TooFewQualifiersError(TournamentError):
    """One group with ``advance 1``: a knockout of a single pair."""

    key = "formats.too_few_qualifiers"


class UnknownRoundError(TournamentError):
    """A Swiss or group round that has not been paired (or does not exist)."""

    key = "formats.unknown_round"


class TournamentFormat(enum.StrEnum):
    KNOCKOUT = "knockout"  # 单淘汰 (the bot's first format; unchanged)
    SWISS = "swiss"  # 积分编排: a fixed number of rounds paired by points
    GROUPS = "groups"  # 分组单循环, then optionally a knockout of each group's best


@dataclass(frozen=True, slots=True)
class FormatOptions:
    """What the organiser chose; ``None`` means the default for the number of pairs drawn."""

    format: TournamentFormat = TournamentFormat.KNOCKOUT
    rounds: int | None = None
    groups: int | None = None
    advance: int = DEFAULT_ADVANCE


@dataclass(frozen=True, slots=True)
class KnockoutPlan:
    pairs: int


@dataclass(frozen=True, slots=True)
class SwissPlan:
    pairs: int
    rounds: int


@dataclass(frozen=True, slots=True)
class GroupsPlan:
    pairs: int
    groups: int
    advance: int

    @property
    def smallest_group(self) -> int:
        return self.pairs // self.groups

    @property
    def qualifiers(self) -> int:
        """Pairs in the knockout after the groups (0: no knockout)."""
        return self.groups * self.advance


FormatPlan = KnockoutPlan | SwissPlan | GroupsPlan


def default_rounds(pairs: int) -> int:
    """⌈log₂ pairs⌉ (at least 1): as many rounds as a knockout of the same field."""
    return max(1, (pairs - 1).bit_length())


def default_groups(pairs: int) -> int:
    """Groups of four or five pairs (a field under eight pairs is one group)."""
    return max(1, pairs // DEFAULT_GROUP_SIZE)


def group_sizes(pairs: int, groups: int) -> tuple[int, ...]:
    """Sizes of ``groups`` groups holding ``pairs`` pairs, larger first, differing by at most one."""
    size, extra = divmod(pairs, groups)
    return tuple(size + 1 if index < extra else size for index in range(groups))


def plan_format(options: FormatOptions, pairs: int) -> FormatPlan:
    """The numbers the tournament will use for ``pairs`` pairs, defaults filled in.

    Raise the errors of this module (and ``TooFewTeamsError`` below two pairs) when the choice does not fit the field.
    """
    if pairs < MIN_PAIRS:
        raise TooFewTeamsError(count=pairs, minimum=MIN_PAIRS)
    if options.format is TournamentFormat.KNOCKOUT:
        return KnockoutPlan(pairs)
    if options.format is TournamentFormat.SWISS:
        rounds = default_rounds(pairs) if options.rounds is None else options.rounds
        if not 1 <= rounds <= pairs - 1:
            raise RoundsOutOfRangeError(rounds=rounds, pairs=pairs, maximum=pairs - 1)
        return SwissPlan(pairs, rounds)
    groups = default_groups(pairs) if options.groups is None else options.groups
    if groups < 1 or pairs < MIN_GROUP_SIZE * groups:
        raise GroupsTooSmallError(groups=groups, pairs=pairs, maximum=pairs // MIN_GROUP_SIZE,
                                  size=MIN_GROUP_SIZE)
    plan = GroupsPlan(pairs, groups, options.advance)
    if not 0 <= plan.advance <= plan.smallest_group:
        raise AdvanceTooLargeError(advance=plan.advance, smallest=plan.smallest_group)
    if plan.advance and plan.qualifiers < MIN_PAIRS:
        raise TooFewQualifiersError(groups=groups, advance=plan.advance, minimum=MIN_PAIRS)
    return plan
