"""The whole field of a groups → knockout tournament ranked 1…N, as the final ranking and ``standings.csv`` show it.

Rule (notice 002: 小组赛……每组前 N 名进入淘汰赛，……决出1至8名): the pairs that went on are placed by the
knockout (:mod:`bot.tournament.standings`: champion, runner-up, third places, then the round each lost in); below
them come the pairs out in the groups, first by their place in their group (every group winner who did not go on
before any runner-up …), then by group points, then by the group tie-breaks (opponents' points, level difference).
A pair that withdrew within the groups comes after every other pair out there. Pairs equal on all of these share a
rank (standard competition ranking: 9, 9, 11). A knockout pair still playing has no rank yet; the ranks below the
knockout are known from the end of the groups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.tournament.ranking import StandingRow
from bot.tournament.standings import Placing, Standings
from bot.tournament.teams import Team


@dataclass(frozen=True, slots=True)
class FieldPlace:
    """One pair's line.

    Its rank in the whole field (``None`` while it is still playing in the knockout), its group-stage row and its
    knockout placing (``None`` for a pair out in the groups)."""

    rank: int | None
    team: Team
    group_row: StandingRow
    placing: Placing | None


def whole_field(group_rows: Sequence[StandingRow], knockout: Standings,
                withdrawn: frozenset[int] = frozenset()) -> tuple[FieldPlace, ...]:
    """Every pair of the tournament in ranking order.

    The knockout's placings, then the pairs out in the groups, those that withdrew there last."""

    def _out_key(row: StandingRow) -> tuple[bool, int, int, int, int]:
        return row.team.team_id in withdrawn, row.rank, -row.points, -row.opponent_points, -row.level_difference

    by_team = {row.team.team_id: row for row in group_rows}
    field = [FieldPlace(placing.place, placing.team, by_team[placing.team.team_id], placing)
             for placing in knockout.placings if placing.team.team_id in by_team]
    went_on = {placing.team.team_id for placing in knockout.placings}
    # Group A's row before group B's at equal keys: the sort is stable on the group order.
    out = sorted((row for row in group_rows if row.team.team_id not in went_on), key=_out_key)
    first = len(field) + 1
    rank = first
    for index, row in enumerate(out):
        if index and _out_key(row) != _out_key(out[index - 1]):
            rank = first + index
        field.append(FieldPlace(rank, row.team, row, None))
    return tuple(field)
