"""A Swiss tournament's or group stage's rows: each round's tables as paired (with their results), the byes, the groups.

Format of the JSON columns as for bracket matches (``bot.tournament.snapshot``); ``flaws`` lists the pairing rules a
table breaks (``bot.tournament.swiss.PairingFlaw``). Rebuilding the events from these rows is
``bot.services.tournament.points_stage``' business.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.ruleset.scoring import Side
from bot.tournament.matches import Match, MatchKind, MatchState
from bot.tournament.snapshot import games_json, read_games, read_reports, reports_json
from bot.tournament.teams import Team
from storage.database import Row, Tx


@dataclass(frozen=True, slots=True)
class StoredTable:
    match: Match
    group: int | None
    flaws: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StoredBye:
    round: int
    team_id: int
    group: int | None


async def write_tables(tx: Tx, tournament_id: int, tables: Iterable[StoredTable], at: datetime) -> None:
    """Store ``tables`` (new rows, or new states of stored ones: their revision grows by one)."""
    stamp = at.isoformat()
    rows = []
    for stored in tables:
        match = stored.match
        assert match.left is not None and match.right is not None and match.table is not None
        rows.append((tournament_id, match.match_id, match.round, match.table, stored.group, match.left.team_id,
                     match.right.team_id, json.dumps(list(stored.flaws)), match.state.value,
                     json.dumps(games_json(match.games), ensure_ascii=False),
                     json.dumps(reports_json(match.reports), ensure_ascii=False),
                     None if match.winner is None else match.winner.value, stamp))
    await tx.execute_many(
        "INSERT INTO event_tables (tournament_id, match_id, round, table_number, group_index, left_team, right_team,"
        " flaws, state, games, reports, winner, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (tournament_id, match_id) DO UPDATE SET round = excluded.round,"
        " table_number = excluded.table_number, group_index = excluded.group_index,"
        " left_team = excluded.left_team, right_team = excluded.right_team, flaws = excluded.flaws,"
        " state = excluded.state, games = excluded.games, reports = excluded.reports, winner = excluded.winner,"
        " revision = event_tables.revision + 1, updated_at = excluded.updated_at",
        rows,
    )


async def delete_points_stage(tx: Tx, tournament_id: int) -> None:
    """Forget a points stage whose draw is undone: its tables, byes and groups."""
    await tx.execute("DELETE FROM event_tables WHERE tournament_id = ?", (tournament_id,))
    await tx.execute("DELETE FROM event_byes WHERE tournament_id = ?", (tournament_id,))
    await tx.execute("DELETE FROM event_groups WHERE tournament_id = ?", (tournament_id,))
    await tx.execute("DELETE FROM event_pairs WHERE tournament_id = ?", (tournament_id,))


async def remove_tables_after(tx: Tx, tournament_id: int, last_match: int) -> None:
    """Drop tables numbered after ``last_match`` (a round taken back and paired with fewer tables)."""
    await tx.execute("DELETE FROM event_tables WHERE tournament_id = ? AND match_id > ?", (tournament_id, last_match))


async def write_byes(tx: Tx, tournament_id: int, rounds: Sequence[int], byes: Iterable[StoredBye]) -> None:
    """Replace the byes of ``rounds`` by ``byes``."""
    for number in rounds:
        await tx.execute("DELETE FROM event_byes WHERE tournament_id = ? AND round = ?", (tournament_id, number))
    await tx.execute_many(
        "INSERT INTO event_byes (tournament_id, round, team_id, group_index) VALUES (?, ?, ?, ?)",
        [(tournament_id, bye.round, bye.team_id, bye.group) for bye in byes],
    )


async def save_groups(tx: Tx, tournament_id: int, groups: Sequence[Sequence[Team]]) -> None:
    await tx.execute_many(
        "INSERT INTO event_groups (tournament_id, team_id, group_index, position) VALUES (?, ?, ?, ?)",
        [(tournament_id, team.team_id, index, position)
         for index, group in enumerate(groups) for position, team in enumerate(group)],
    )


async def set_lines(tx: Tx, tournament_id: int, lines: Mapping[int, int]) -> None:
    """Place pairs on the knockout's draw lines (team id → line) once the groups send them there."""
    await tx.execute_many("UPDATE teams SET line = ? WHERE tournament_id = ? AND team_id = ?",
                          [(line, tournament_id, team_id) for team_id, line in lines.items()])


def _table(row: Row, teams: Mapping[int, Team], kind: MatchKind) -> StoredTable:
    match = Match(
        row["match_id"], row["round"], row["table_number"] - 1, kind, 1, teams[row["left_team"]],
        teams[row["right_team"]], MatchState(row["state"]), row["table_number"],
        read_games(json.loads(row["games"])), read_reports(json.loads(row["reports"])),
        None if row["winner"] is None else Side(row["winner"]),
    )
    return StoredTable(match, row["group_index"], tuple(json.loads(row["flaws"])))


async def load_tables(tx: Tx, tournament_id: int, teams: Mapping[int, Team], kind: MatchKind) -> list[StoredTable]:
    rows = await tx.fetch_all("SELECT * FROM event_tables WHERE tournament_id = ? ORDER BY match_id",
                              (tournament_id,))
    return [_table(row, teams, kind) for row in rows]


async def load_byes(tx: Tx, tournament_id: int) -> list[StoredBye]:
    rows = await tx.fetch_all(
        "SELECT round, team_id, group_index FROM event_byes WHERE tournament_id = ? ORDER BY round, group_index",
        (tournament_id,))
    return [StoredBye(row["round"], row["team_id"], row["group_index"]) for row in rows]


async def load_groups(tx: Tx, tournament_id: int) -> list[list[int]]:
    """Team ids of each group in their round-robin order, group A first."""
    rows = await tx.fetch_all(
        "SELECT team_id, group_index FROM event_groups WHERE tournament_id = ? ORDER BY group_index, position",
        (tournament_id,))
    groups: list[list[int]] = []
    for row in rows:
        while len(groups) <= row["group_index"]:
            groups.append([])
        groups[row["group_index"]].append(row["team_id"])
    return groups


async def table_revision(tx: Tx, tournament_id: int, match_id: int) -> int | None:
    value = await tx.fetch_value(
        "SELECT revision FROM event_tables WHERE tournament_id = ? AND match_id = ?", (tournament_id, match_id))
    return None if value is None else int(value)


@dataclass(frozen=True, slots=True)
class PairChanges:
    """Pairs entered after the draw and pairs withdrawn.

    Entered: team id → first round paired; withdrawn: team id → first round not paired."""

    joined: Mapping[int, int]
    withdrawn: Mapping[int, int]


async def load_pair_changes(tx: Tx, tournament_id: int) -> PairChanges:
    rows = await tx.fetch_all(
        "SELECT team_id, joined_round, withdrawn_round FROM event_pairs WHERE tournament_id = ? ORDER BY team_id",
        (tournament_id,))
    return PairChanges({row["team_id"]: row["joined_round"] for row in rows if row["joined_round"] is not None},
                       {row["team_id"]: row["withdrawn_round"] for row in rows if row["withdrawn_round"] is not None})


async def set_withdrawn(tx: Tx, tournament_id: int, team_id: int, from_round: int | None) -> None:
    """Mark a pair withdrawn from ``from_round`` on, or (``None``) playing again."""
    await tx.execute(
        "INSERT INTO event_pairs (tournament_id, team_id, joined_round, withdrawn_round) VALUES (?, ?, NULL, ?)"
        " ON CONFLICT (tournament_id, team_id) DO UPDATE SET withdrawn_round = excluded.withdrawn_round",
        (tournament_id, team_id, from_round))


async def add_late_team(tx: Tx, tournament_id: int, team: Team, joined_round: int) -> None:
    """A pair entered after the draw: its team row (no draw line) and the round it joins in."""
    await tx.execute(
        "INSERT INTO teams (tournament_id, team_id, name, members, unit, line) VALUES (?, ?, ?, ?, ?, -1)",
        (tournament_id, team.team_id, team.name, json.dumps(list(team.members), ensure_ascii=False), team.unit))
    await tx.execute(
        "INSERT INTO event_pairs (tournament_id, team_id, joined_round, withdrawn_round) VALUES (?, ?, ?, NULL)",
        (tournament_id, team.team_id, joined_round))
