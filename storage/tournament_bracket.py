"""The draw's pairs and reserves, and one row per bracket match (format: ``bot.tournament.snapshot``)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from bot.ruleset.scoring import Side
from bot.tournament.entries import Gender, Person
from bot.tournament.matches import Match, MatchKind, MatchState
from bot.tournament.snapshot import games_json, read_games, read_reports, reports_json
from bot.tournament.teams import Team
from storage.database import Row, Tx


async def save_teams(
    tx: Tx, tournament_id: int, teams: Iterable[Team], lines: Mapping[int, int], reserves: Iterable[Person]
) -> None:
    """The draw's pairs with their draw lines (team id → line), and its reserves in lot order."""
    await tx.execute_many(
        "INSERT INTO teams (tournament_id, team_id, name, members, unit, line) VALUES (?, ?, ?, ?, ?, ?)",
        [(tournament_id, team.team_id, team.name, json.dumps(list(team.members), ensure_ascii=False), team.unit,
          lines[team.team_id]) for team in teams],
    )
    await tx.execute_many(
        "INSERT INTO reserves (tournament_id, position, person_key, name, gender, unit) VALUES (?, ?, ?, ?, ?, ?)",
        [(tournament_id, position, person.key, person.name, None if person.gender is None else person.gender.value,
          person.unit) for position, person in enumerate(reserves, start=1)],
    )


async def replace_team(tx: Tx, tournament_id: int, team: Team) -> None:
    """A pair's members changed after the draw (a substitute, a claimed name); its id and line stay."""
    await tx.execute(
        "UPDATE teams SET name = ?, members = ?, unit = ? WHERE tournament_id = ? AND team_id = ?",
        (team.name, json.dumps(list(team.members), ensure_ascii=False), team.unit, tournament_id, team.team_id),
    )


async def replace_reserves(tx: Tx, tournament_id: int, reserves: Iterable[Person]) -> None:
    """The reserves as they are now, in order."""
    await tx.execute("DELETE FROM reserves WHERE tournament_id = ?", (tournament_id,))
    await tx.execute_many(
        "INSERT INTO reserves (tournament_id, position, person_key, name, gender, unit) VALUES (?, ?, ?, ?, ?, ?)",
        [(tournament_id, position, person.key, person.name, None if person.gender is None else person.gender.value,
          person.unit) for position, person in enumerate(reserves, start=1)],
    )


async def delete_draw(tx: Tx, tournament_id: int) -> None:
    """Forget a draw that is undone: its pairs, reserves and matches."""
    await tx.execute("DELETE FROM matches WHERE tournament_id = ?", (tournament_id,))
    await tx.execute("DELETE FROM reserves WHERE tournament_id = ?", (tournament_id,))
    await tx.execute("DELETE FROM teams WHERE tournament_id = ?", (tournament_id,))


async def load_teams(tx: Tx, tournament_id: int) -> tuple[tuple[Team, ...], dict[int, int]]:
    """The pairs in team id order, and their draw lines (team id → line)."""
    rows = await tx.fetch_all(
        "SELECT team_id, name, members, unit, line FROM teams WHERE tournament_id = ? ORDER BY team_id",
        (tournament_id,),
    )
    teams = tuple(Team(row["team_id"], row["name"], tuple(json.loads(row["members"])), row["unit"]) for row in rows)
    return teams, {row["team_id"]: row["line"] for row in rows}


async def load_reserves(tx: Tx, tournament_id: int) -> tuple[Person, ...]:
    rows = await tx.fetch_all(
        "SELECT person_key, name, gender, unit FROM reserves WHERE tournament_id = ? ORDER BY position",
        (tournament_id,),
    )
    return tuple(
        Person(row["person_key"], row["name"], None if row["gender"] is None else Gender(row["gender"]), row["unit"])
        for row in rows
    )


def _row(tournament_id: int, match: Match, stamp: str) -> tuple[Any, ...]:
    return (
        tournament_id, match.match_id, match.round, match.slot, match.kind.value, match.best_of,
        None if match.left is None else match.left.team_id, None if match.right is None else match.right.team_id,
        match.state.value, match.table, json.dumps(games_json(match.games), ensure_ascii=False),
        json.dumps(reports_json(match.reports), ensure_ascii=False),
        None if match.winner is None else match.winner.value, stamp,
    )


async def write_matches(tx: Tx, tournament_id: int, matches: Iterable[Match], at: datetime) -> None:
    """Store ``matches`` (new rows, or new states of stored ones: their revision grows by one)."""
    stamp = at.isoformat()
    await tx.execute_many(
        "INSERT INTO matches (tournament_id, match_id, round, slot, kind, best_of, left_team, right_team, state,"
        " table_number, games, reports, winner, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (tournament_id, match_id) DO UPDATE SET left_team = excluded.left_team,"
        " right_team = excluded.right_team, state = excluded.state, table_number = excluded.table_number,"
        " games = excluded.games, reports = excluded.reports, winner = excluded.winner,"
        " revision = matches.revision + 1, updated_at = excluded.updated_at",
        [_row(tournament_id, match, stamp) for match in matches],
    )


def _team(teams: Mapping[int, Team], team_id: int | None) -> Team | None:
    return None if team_id is None else teams[team_id]


def _match(row: Row, teams: Mapping[int, Team]) -> Match:
    return Match(
        row["match_id"], row["round"], row["slot"], MatchKind(row["kind"]), row["best_of"],
        _team(teams, row["left_team"]), _team(teams, row["right_team"]), MatchState(row["state"]),
        row["table_number"], read_games(json.loads(row["games"])), read_reports(json.loads(row["reports"])),
        None if row["winner"] is None else Side(row["winner"]),
    )


async def load_matches(tx: Tx, tournament_id: int, teams: Iterable[Team]) -> list[Match]:
    by_id = {team.team_id: team for team in teams}
    rows = await tx.fetch_all("SELECT * FROM matches WHERE tournament_id = ? ORDER BY match_id", (tournament_id,))
    return [_match(row, by_id) for row in rows]


async def match_revision(tx: Tx, tournament_id: int, match_id: int) -> int | None:
    """How many times the match row was written (for checking that a button is still current)."""
    value = await tx.fetch_value(
        "SELECT revision FROM matches WHERE tournament_id = ? AND match_id = ?", (tournament_id, match_id)
    )
    return None if value is None else int(value)
