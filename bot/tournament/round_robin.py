"""Round-robin groups (分组单循环): seeding the pairs into groups, the schedule, results and group standings.

Rules (seed 002 篇1 Anqing: 抽签，分四组比赛 … 第一阶段采用分组单循环赛制，每组取前2名进入第二阶段 … 第二阶段采用
单淘汰赛制; 篇2: 小组赛 … 循环赛赛制 … 以积分多少确定名次):

* Seeding: the pairs in the order of the lot are dealt into ``n`` groups like a snake (A B C D D C B A A B …), so
  group sizes differ by at most one. Then pairs of one unit are spread: while some unit has two more pairs in one
  group than in another, a pair of it changes places with a pair of another unit — one of the same snake row when
  possible, so the snake's balance is kept. Each swap lowers the sum over groups and units of the squared count,
  and such a swap exists while a unit is uneven, so in the end every unit's pairs are spread as evenly as the
  groups allow (its counts in any two groups differ by at most one).
* Schedule: every group plays a complete round robin by the circle method (one place fixed, the others turn one
  step a round); a group of odd size has one bye a round. Round ``r`` of every group is played at the same time;
  its tables are numbered across the groups (group A's first). A bye scores what a walkover win scores, like a
  Swiss bye (:mod:`bot.tournament.points`); in a group every pair has the same number of byes.
* Standings per group as in a Swiss tournament (:mod:`bot.tournament.ranking`); a bye counts from its round on.
* A pair that withdraws within the group stage (:func:`withdraw_group_pair`) is placed below the pairs still
  playing in its group and never goes on; its matches not yet played are walkovers for its opponents. With
  :attr:`WithdrawnResults.VOID` (seed 002: 如有参赛队弃权，则取消在同一阶段的比赛过程中各队与弃权队比赛的成绩) every
  result against it in the group stage — played or walkover — counts for nobody; with ``KEEP`` (the default) they
  all count.
* After the last group match, each group's top ``advance`` go on to a knockout
  (:mod:`bot.tournament.group_knockout`); with ``advance`` 0 the group standings are final. Results can be
  corrected until that knockout is drawn (:class:`GroupStageClosedError` after).

Randomness: :func:`start_groups` takes ``rng`` = ``seed.stream(GROUPS_STREAM)`` of the draw's seed and draws the
lot (the last tie-break), then the order the pairs are dealt in.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bot.errors import TournamentError
from bot.ruleset.variants import RuleVariant
from bot.tournament.bracket import MIN_PAIRS, DuplicateTeamError, TooFewTeamsError, UnknownTableError
from bot.tournament.format import (
    MIN_GROUP_SIZE,
    AdvanceTooLargeError,
    GroupsTooSmallError,
    TooFewQualifiersError,
    UnknownRoundError,
)
from bot.tournament.points import TableResult
from bot.tournament.ranking import Meeting, StandingRow, draw_lot, rank_pairs
from bot.tournament.results import MatchFinishedError, NothingToCorrectError
from bot.tournament.teams import Team

GROUPS_STREAM = b"groups"


class GroupStageClosedError(TournamentError):
    """The knockout was drawn from the group standings: group results are final."""

    key = "groups.stage_closed"


class GroupsIncompleteError(TournamentError):
    key = "groups.incomplete"


class NoKnockoutError(TournamentError):
    """``advance`` is 0: the groups are the whole tournament."""

    key = "groups.no_knockout"


class WithdrawnResults(enum.StrEnum):
    """What the results against a pair that withdraws within the group stage count for (``/set withdrawn_results``)."""

    KEEP = "keep"
    VOID = "void"


def group_label(index: int) -> str:
    """``A`` … ``Z``, then ``AA``, ``AB`` … (0-based index)."""
    label = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        label = chr(ord("A") + rest) + label
    return label


@dataclass(frozen=True, slots=True)
class GroupTable:
    round: int
    table: int
    """Numbered across the groups within the round."""
    group: int
    left: Team
    right: Team
    result: TableResult | None = None


@dataclass(frozen=True, slots=True)
class GroupRound:
    number: int
    tables: tuple[GroupTable, ...]
    byes: tuple[tuple[int, Team], ...] = ()
    """``(group, pair)`` for each odd group."""

    @property
    def complete(self) -> bool:
        return all(table.result is not None for table in self.tables)

    def table(self, number: int) -> GroupTable:
        if not 1 <= number <= len(self.tables):
            raise UnknownTableError(table=number, round=self.number)
        return self.tables[number - 1]


@dataclass(frozen=True, slots=True)
class GroupStage:
    """The groups (pairs in their circle order), how many advance, the scoring, the lot and every round."""

    groups: tuple[tuple[Team, ...], ...]
    advance: int
    variant: RuleVariant
    lot: tuple[int, ...]
    rounds: tuple[GroupRound, ...]
    closed: bool = False
    """The knockout was drawn from this stage."""
    withdrawn: frozenset[int] = frozenset()
    """Team ids of the pairs that withdrew within the stage (their rows stay, below the pairs still playing)."""
    withdrawn_results: WithdrawnResults = WithdrawnResults.KEEP

    @property
    def complete(self) -> bool:
        return all(played.complete for played in self.rounds)

    @property
    def current_round(self) -> int | None:
        """The first round with a table still open; ``None`` once every group match is decided."""
        return next((played.number for played in self.rounds if not played.complete), None)

    def round(self, number: int) -> GroupRound:
        if not 1 <= number <= len(self.rounds):
            raise UnknownRoundError(round=number, rounds=len(self.rounds))
        return self.rounds[number - 1]

    def up_to(self, number: int) -> GroupStage:
        """The stage without the rounds after round ``number`` (their results do not count)."""
        return replace(self, rounds=self.rounds[:number])

    @property
    def open_tables(self) -> int:
        return sum(1 for played in self.rounds for table in played.tables if table.result is None)


def snake_groups(order: Sequence[Team], groups: int) -> tuple[tuple[Team, ...], ...]:
    """``order`` dealt into ``groups`` groups like a snake, then units spread (module docstring)."""
    members: list[list[Team]] = [[] for _ in range(groups)]
    row: dict[int, int] = {}
    for index, team in enumerate(order):
        tier, spot = divmod(index, groups)
        members[spot if tier % 2 == 0 else groups - 1 - spot].append(team)
        row[team.team_id] = tier
    while (swap := _spreading_swap(members, row)) is not None:
        (group, spot), (other, other_spot) = swap
        members[group][spot], members[other][other_spot] = members[other][other_spot], members[group][spot]
    return tuple(tuple(group) for group in members)


def _spreading_swap(members: list[list[Team]], row: Mapping[int, int]) -> tuple[tuple[int, int], ...] | None:
    """Two places whose pairs, swapped, spread a uneven unit better (the same snake row preferred)."""
    counts = [Counter(team.unit for team in group if team.unit is not None) for group in members]
    units = sorted({unit for count in counts for unit in count})
    for unit in units:
        fullest = max(range(len(members)), key=lambda group: (counts[group][unit], -group))
        emptiest = min(range(len(members)), key=lambda group: (counts[group][unit], group))
        surplus = counts[fullest][unit] - counts[emptiest][unit]
        if surplus < 2:
            continue
        best: tuple[tuple[int, int], ...] | None = None
        for spot, team in enumerate(members[fullest]):
            if team.unit != unit:
                continue
            for other_spot, other in enumerate(members[emptiest]):
                if other.unit == unit:
                    continue
                change = 2 * (1 - surplus)
                if other.unit is not None:
                    change += 2 * (counts[fullest][other.unit] - counts[emptiest][other.unit] + 1)
                if change >= 0:
                    continue
                if row[team.team_id] == row[other.team_id]:
                    return (fullest, spot), (emptiest, other_spot)
                if best is None:
                    best = ((fullest, spot), (emptiest, other_spot))
        if best is not None:
            return best
    return None


def circle_rounds(size: int) -> tuple[tuple[tuple[int | None, int | None], ...], ...]:
    """A round robin of places ``0 … size − 1`` by the circle method.

    Per round, the tables as ``(left, right)``; in an odd group one side is ``None`` (that place has the bye). Place 0
    stays put and changes sides each round; the others turn one step a round."""
    spots: list[int | None] = [*range(size), *([None] if size % 2 else [])]
    count = len(spots)
    schedule = []
    for number in range(count - 1):
        tables = []
        for index in range(count // 2):
            left, right = spots[index], spots[count - 1 - index]
            if index == 0 and number % 2:
                left, right = right, left
            tables.append((left, right))
        schedule.append(tuple(tables))
        spots = [spots[0], spots[-1], *spots[1:-1]]
    return tuple(schedule)


def start_groups(teams: Sequence[Team], groups: int, advance: int, variant: RuleVariant,
                 rng: random.Random) -> GroupStage:
    """The group stage.

    The lot, then the pairs dealt into ``groups`` groups (both drawn from ``rng``, the draw seed's
    :data:`GROUPS_STREAM`) and every group's schedule. ``teams`` in draw order (team ids)."""
    _check(teams, groups, advance)
    lot = draw_lot(teams, rng)
    order = list(teams)
    rng.shuffle(order)
    seeded = snake_groups(order, groups)
    schedules = [circle_rounds(len(group)) for group in seeded]
    rounds = []
    for number in range(1, max(len(schedule) for schedule in schedules) + 1):
        tables: list[GroupTable] = []
        byes: list[tuple[int, Team]] = []
        for index, (group, schedule) in enumerate(zip(seeded, schedules, strict=True)):
            if number > len(schedule):
                continue
            for left, right in schedule[number - 1]:
                if left is None or right is None:
                    resting = right if left is None else left
                    assert resting is not None  # a table has at most one empty side
                    byes.append((index, group[resting]))
                else:
                    tables.append(GroupTable(number, len(tables) + 1, index, group[left], group[right]))
        rounds.append(GroupRound(number, tuple(tables), tuple(byes)))
    return GroupStage(seeded, advance, variant, lot, tuple(rounds))


def _check(teams: Sequence[Team], groups: int, advance: int) -> None:
    if len(teams) < MIN_PAIRS:
        raise TooFewTeamsError(count=len(teams), minimum=MIN_PAIRS)
    if len({team.team_id for team in teams}) != len(teams):
        seen: set[int] = set()
        for team in teams:
            if team.team_id in seen:
                raise DuplicateTeamError(team=team.name)
            seen.add(team.team_id)
    if groups < 1 or len(teams) < MIN_GROUP_SIZE * groups:
        raise GroupsTooSmallError(groups=groups, pairs=len(teams), maximum=len(teams) // MIN_GROUP_SIZE,
                                  size=MIN_GROUP_SIZE)
    smallest = len(teams) // groups
    if not 0 <= advance <= smallest:
        raise AdvanceTooLargeError(advance=advance, smallest=smallest)
    if advance and groups * advance < MIN_PAIRS:
        raise TooFewQualifiersError(groups=groups, advance=advance, minimum=MIN_PAIRS)


def record_group_result(stage: GroupStage, round_number: int, table: int, result: TableResult, *,
                        replace_result: bool = False) -> GroupStage:
    """``stage`` with ``result`` at ``table`` of ``round_number``.

    A table with a result is refused (``MatchFinishedError``) unless ``replace_result`` (a correction, which needs
    a result: ``NothingToCorrectError``); once the knockout is drawn every change is refused with
    :class:`GroupStageClosedError`.
    """
    played = stage.round(round_number)
    target = played.table(table)
    if stage.closed:
        raise GroupStageClosedError(round=round_number, table=table)
    if replace_result and target.result is None:
        raise NothingToCorrectError(round=round_number, table=table, match="-")
    if not replace_result and target.result is not None:
        raise MatchFinishedError(round=round_number, table=table, match="-")
    tables = list(played.tables)
    tables[table - 1] = replace(target, result=result)
    rounds = list(stage.rounds)
    rounds[round_number - 1] = replace(played, tables=tuple(tables))
    return replace(stage, rounds=tuple(rounds))


def group_standings(stage: GroupStage) -> tuple[tuple[StandingRow, ...], ...]:
    """Each group's standings (``rank`` within the group), group A first.

    The pairs that withdrew last in their group, and with ``void`` results no table of theirs counted for anyone."""
    reached = stage.current_round or len(stage.rounds)
    void = stage.withdrawn if stage.withdrawn_results is WithdrawnResults.VOID else frozenset()
    meetings: list[list[Meeting]] = [[] for _ in stage.groups]
    byes: list[list[Team]] = [[] for _ in stage.groups]
    for played in stage.rounds:
        if played.number > reached:
            continue  # a later round's walkovers (a pair that withdrew) count once it starts, as its byes do
        for table in played.tables:
            if table.result is not None and table.left.team_id not in void and table.right.team_id not in void:
                meetings[table.group].append(Meeting(table.left, table.right, table.result))
        for group, team in played.byes:
            byes[group].append(team)
    return tuple(_withdrawn_last(rank_pairs(group, meetings[index], byes[index], stage.variant, stage.lot,
                                            group=group_label(index)), stage.withdrawn)
                 for index, group in enumerate(stage.groups))


def _withdrawn_last(rows: tuple[StandingRow, ...], withdrawn: frozenset[int]) -> tuple[StandingRow, ...]:
    """``rows`` with the pairs that withdrew moved below the others (each part in its order), ranked again."""
    if not any(row.team.team_id in withdrawn for row in rows):
        return rows
    ordered = sorted(rows, key=lambda row: row.team.team_id in withdrawn)
    return tuple(replace(row, rank=rank) for rank, row in enumerate(ordered, start=1))


class GroupStageOverError(TournamentError):
    """Withdrawing or reinstating a pair is for the group stage while it is played."""

    key = "groups.stage_over"


def withdraw_group_pair(stage: GroupStage, team_id: int, results: WithdrawnResults) -> GroupStage:
    """``stage`` with the pair marked withdrawn and the organiser's ``results`` rule in force.

    Its unplayed tables are the points stage's to decide; raise :class:`GroupStageOverError` once every group match is
    decided."""
    if stage.closed or stage.complete:
        raise GroupStageOverError()
    return replace(stage, withdrawn=stage.withdrawn | {team_id}, withdrawn_results=results)


def reinstate_group_pair(stage: GroupStage, team_id: int) -> GroupStage:
    """``stage`` with a withdrawn pair playing again (its tables of rounds not started are the caller's to clear)."""
    if stage.closed or stage.complete:
        raise GroupStageOverError()
    return replace(stage, withdrawn=stage.withdrawn - {team_id})


def clear_group_result(stage: GroupStage, round_number: int, table: int) -> GroupStage:
    """``stage`` without the result at ``table`` of ``round_number`` (a walkover taken back by a reinstatement)."""
    played = stage.round(round_number)
    tables = list(played.tables)
    tables[table - 1] = replace(played.table(table), result=None)
    rounds = list(stage.rounds)
    rounds[round_number - 1] = replace(played, tables=tuple(tables))
    return replace(stage, rounds=tuple(rounds))


def close_stage(stage: GroupStage) -> GroupStage:
    """``stage`` marked closed (the knockout is drawn); raise while a group match is open or without a knockout."""
    if stage.advance == 0:
        raise NoKnockoutError()
    if not stage.complete:
        raise GroupsIncompleteError(open=stage.open_tables)
    return replace(stage, closed=True)
