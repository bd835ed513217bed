"""Moving pairs through the bracket once a match is decided, and starting the next round when one is complete.

Rule (notice 000: 第一桌胜出选手与第二桌胜出选手进行比赛，以此类推 — the winners of neighbouring matches meet next;
弃权 … 则另一对直接进级 — after a forfeit the other pair advances). When both pairs of a match forfeited nobody
advances from it, and the match it feeds becomes a walkover for the pair arriving from the other side (or void if
nobody arrives there either). Byes and walkovers score no points: no game was played.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from bot.ruleset.scoring import Side
from bot.tournament.bracket import Bracket
from bot.tournament.bracket_layout import match_id, matches_in_round, next_match, third_place_id
from bot.tournament.matches import Match, MatchKind, MatchState
from bot.tournament.teams import Event, Team


def match_details(match: Match, **extra: str) -> dict[str, str]:
    """The details every match event carries: match id, round and table (empty when it has none)."""
    return {"match": str(match.match_id), "round": str(match.round),
            "table": "" if match.table is None else str(match.table), **extra}


def following_slots(bracket: Bracket, match: Match) -> list[tuple[int, Side, Team | None]]:
    """Where a decided match sends its pairs.

    ``(match id, side, pair)`` for the winner, and for a semi-final with a playoff also the loser (``None`` when nobody
    goes there)."""
    if match.kind is not MatchKind.MAIN or match.round == bracket.rounds:
        return []
    parent, side = next_match(bracket.size, match.round, match.slot)
    slots = [(parent, side, match.winning_team)]
    if match.round == bracket.rounds - 1 and bracket.has_third_place_match:
        slots.append((third_place_id(bracket.size), side, match.losing_team))
    return slots


def store_changes(bracket: Bracket, changes: Mapping[int, Match], open_change: int = 0) -> Bracket:
    """The bracket with ``changes`` (by match id) stored and ``open_change`` added to the open-match count."""
    if len(changes) == 1:
        ((ident, match),) = changes.items()
        store = bracket.store.set(ident - 1, match)
    else:
        store = bracket.store.set_many({ident - 1: match for ident, match in changes.items()})
    return bracket.evolve(store, bracket.open_matches + open_change)


def settle(bracket: Bracket, decided: Match, actor: str, at: datetime, events: list[Event]) -> Bracket:
    """Store ``decided`` and start every following round that is complete.

    Store ``decided`` (an open match of the current round, now decided) and start every following round that
    is complete. The next match needs no update: until its round starts it is read from the matches before it."""
    bracket = bracket.evolve(bracket.store.set(decided.match_id - 1, decided), bracket.open_matches - 1)
    if bracket.open_matches:
        return bracket
    return start_ready_rounds(bracket, actor, at, events)


def start_ready_rounds(bracket: Bracket, actor: str, at: datetime, events: list[Event]) -> Bracket:
    """While the current round is complete, start the next one.

    Store its matches (with the pairs the round before sent), number the real ones 1…k in bracket order and decide the
    walkovers. After the final round, record that the bracket is finished."""
    while bracket.open_matches == 0:
        if bracket.current_round == bracket.rounds:
            champion = bracket.champion
            events.append(Event(at, actor, "bracket.finished",
                                {"champion": "" if champion is None else str(champion.team_id)}))
            return bracket
        round_number = bracket.current_round + 1
        idents = [match_id(bracket.size, round_number, slot)
                  for slot in range(matches_in_round(bracket.size, round_number))]
        if round_number == bracket.rounds and bracket.has_third_place_match:
            idents.append(third_place_id(bracket.size))
        changes: dict[int, Match] = {}
        tables: list[int] = []
        walkovers: list[Event] = []
        for ident in idents:
            match = bracket.match(ident)
            if match.left is not None and match.right is not None:
                tables.append(ident)
                changes[ident] = match.started(len(tables))
                continue
            side = Side.LEFT if match.left is not None else Side.RIGHT if match.right is not None else None
            state = MatchState.VOID if side is None else MatchState.WALKOVER
            decided = match.with_games(state, (), (), side)
            changes[ident] = decided
            team = decided.winning_team
            walkovers.append(Event(at, actor, f"match.{state.value}",
                                   match_details(decided, team="" if team is None else str(team.team_id))))
        store = bracket.store.set_many({ident - 1: match for ident, match in changes.items()})
        bracket = bracket.evolve(store, len(tables), (*bracket.tables, tuple(tables)), round_number)
        events.append(Event(at, actor, "round.started", {"round": str(round_number), "tables": str(len(tables))}))
        events.extend(walkovers)
    return bracket
