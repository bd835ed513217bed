"""A Swiss tournament or group stage between storage and the engine.

Rebuilding the :class:`PointsStage` from its rows (``storage.tournament_points``) and writing what a change touched.

Storage keeps each round's pairing as it was made (tables, flaws, byes) with the results, never recomputed on load,
so a later change of the pairing code never moves an old tournament. The lot (the last tie-break) is recomputed from the
revealed seed, as the draw made it (``start_swiss`` / ``start_groups`` draw it first from their stream). A group
stage is closed once the knockout after it is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from bot.tournament.format import GroupsPlan, SwissPlan, TournamentFormat, plan_format
from bot.tournament.matches import MatchKind, MatchState
from bot.tournament.points_stage import PointsCore, PointsStage, changed_tables, repaired_rounds, restore_points_stage
from bot.tournament.ranking import draw_lot
from bot.tournament.record import TournamentRecord
from bot.tournament.round_robin import GROUPS_STREAM, GroupRound, GroupStage, GroupTable
from bot.tournament.seed import DrawSeed
from bot.tournament.swiss import SWISS_STREAM, PairingFlaw, SwissRound, SwissStage, SwissTable
from bot.tournament.teams import Team
from storage import Tx
from storage import tournament_points as rows
from storage.tournament_points import StoredBye, StoredTable


def is_points_format(record: TournamentRecord) -> bool:
    return record.settings.format is not TournamentFormat.KNOCKOUT


async def load_points_stage(tx: Tx, record: TournamentRecord, teams: Sequence[Team], *,
                            closed: bool) -> PointsStage:
    """The drawn points stage of ``record`` (a Swiss or groups tournament with its seed revealed)."""
    assert record.seed is not None
    settings = record.settings
    plan = plan_format(settings.format_options(), len(teams))
    by_id = {team.team_id: team for team in teams}
    seed = DrawSeed.from_hex(record.seed)
    kind = MatchKind.SWISS if isinstance(plan, SwissPlan) else MatchKind.GROUP
    tables = await rows.load_tables(tx, record.tournament_id, by_id, kind)
    byes = await rows.load_byes(tx, record.tournament_id)
    changes = await rows.load_pair_changes(tx, record.tournament_id)
    core: PointsCore
    if isinstance(plan, SwissPlan):
        # Pairs entered after the draw change neither the rounds planned nor the lot the draw made: last in it.
        drawn = [team for team in teams if team.team_id not in changes.joined]
        plan = plan_format(settings.format_options(), len(drawn))
        assert isinstance(plan, SwissPlan)
        late = sorted(changes.joined, key=lambda ident: (changes.joined[ident], ident))
        lot = (*draw_lot(drawn, seed.stream(SWISS_STREAM)), *late)
        core = SwissStage(tuple(teams), plan.rounds, settings.variant(), lot, _swiss_rounds(tables, byes, by_id),
                          frozenset(changes.withdrawn))
    else:
        assert isinstance(plan, GroupsPlan)
        lot = draw_lot(teams, seed.stream(GROUPS_STREAM))
        groups = tuple(tuple(by_id[ident] for ident in group)
                       for group in await rows.load_groups(tx, record.tournament_id))
        core = GroupStage(groups, plan.advance, settings.variant(), lot, _group_rounds(tables, byes, by_id), closed,
                          frozenset(changes.withdrawn), settings.withdrawn_results)
    return restore_points_stage(core, (stored.match for stored in tables))


def _swiss_rounds(tables: Sequence[StoredTable], byes: Sequence[StoredBye],
                  teams: Mapping[int, Team]) -> tuple[SwissRound, ...]:
    by_round: dict[int, list[SwissTable]] = {}
    for stored in tables:
        match = stored.match
        assert match.left is not None and match.right is not None and match.table is not None
        result = match.games[-1].outcome if match.state is MatchState.CONFIRMED and match.games else None
        by_round.setdefault(match.round, []).append(SwissTable(
            match.round, match.table, match.left, match.right, tuple(PairingFlaw(flaw) for flaw in stored.flaws),
            result))
    bye_of = {bye.round: teams[bye.team_id] for bye in byes}
    return tuple(SwissRound(number, tuple(sorted(by_round[number], key=lambda table: table.table)),
                            bye_of.get(number))
                 for number in sorted(by_round))


def _group_rounds(tables: Sequence[StoredTable], byes: Sequence[StoredBye],
                  teams: Mapping[int, Team]) -> tuple[GroupRound, ...]:
    by_round: dict[int, list[GroupTable]] = {}
    for stored in tables:
        match = stored.match
        assert match.left is not None and match.right is not None and match.table is not None
        assert stored.group is not None
        result = match.games[-1].outcome if match.state is MatchState.CONFIRMED and match.games else None
        by_round.setdefault(match.round, []).append(GroupTable(
            match.round, match.table, stored.group, match.left, match.right, result))
    resting: dict[int, list[tuple[int, Team]]] = {}
    for bye in byes:
        resting.setdefault(bye.round, []).append((bye.group or 0, teams[bye.team_id]))
    numbers = sorted(set(by_round) | set(resting))
    return tuple(GroupRound(number, tuple(sorted(by_round.get(number, []), key=lambda table: table.table)),
                            tuple(resting.get(number, [])))
                 for number in numbers)


async def write_points_stage(tx: Tx, tournament_id: int, before: PointsStage | None, after: PointsStage,
                             at: datetime) -> None:
    """Store the tables ``after`` changed or added since ``before``, and the byes of rounds paired anew.

    ``before`` is ``None`` at the draw."""
    changed = changed_tables(before, after)
    if changed:
        await rows.write_tables(tx, tournament_id, [
            StoredTable(match, after.group_of(match), tuple(flaw.value for flaw in after.flaws(match)))
            for match in changed], at)
    if before is not None and len(after.store) < len(before.store):
        await rows.remove_tables_after(tx, tournament_id, len(after.store))
    rounds = repaired_rounds(before, after)
    if rounds:
        byes = []
        for number in rounds:
            if isinstance(after.core, SwissStage):
                bye = after.core.round(number).bye
                if bye is not None:
                    byes.append(StoredBye(number, bye.team_id, None))
            else:
                byes.extend(StoredBye(number, team.team_id, group) for group, team in after.core.round(number).byes)
        await rows.write_byes(tx, tournament_id, rounds, byes)
