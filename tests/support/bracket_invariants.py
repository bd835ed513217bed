"""Whole-bracket consistency checks, for tests and fuzzing: ``check_bracket(bracket)`` lists every violation.

Checked: the size and the byes (standard lines, never two together, every pair once in the draw); each match's
place, kind and format; pairs in every match are exactly what the matches before it sent there; which rounds
have started and what state their matches may be in; table numbers 1…k in bracket order over the real matches of
each started round; reports, games and winners of every match; at most one champion; the store holds exactly
the matches of started rounds other than round-1 byes (the rest is derived, see ``Bracket._implicit``).
"""

from __future__ import annotations

from collections import Counter

from bot.ruleset.scoring import Side
from bot.tournament.bracket import Bracket, FinalFormat
from bot.tournament.bracket_layout import (
    bye_lines,
    feeder_slots,
    has_third_place_slot,
    locate,
    match_id,
    matches_in_round,
    round_count,
    third_place_id,
)
from bot.tournament.matches import Match, MatchKind, MatchState
from bot.tournament.results import series_result
from bot.tournament.teams import Team


def check_bracket(bracket: Bracket) -> list[str]:
    """Every violated invariant as a sentence; an empty list means the bracket is valid."""
    problems: list[str] = []
    problems += _check_draw(bracket)
    if problems:
        return problems
    problems += _check_matches(bracket)
    problems += _check_rounds_and_tables(bracket)
    return problems


def _check_draw(bracket: Bracket) -> list[str]:
    problems: list[str] = []
    size, pairs = bracket.size, len(bracket.teams)
    if size < 2 or size & (size - 1) or not size // 2 < pairs <= size:
        return [f"size {size} is not the smallest power of two for {pairs} pairs"]
    if len(bracket.lines) != size:
        return [f"{len(bracket.lines)} draw lines for size {size}"]
    expected_byes = set(bye_lines(size, size - pairs))
    actual_byes = {line for line, team in enumerate(bracket.lines) if team is None}
    if actual_byes != expected_byes:
        problems.append(f"byes on lines {sorted(actual_byes)}, expected {sorted(expected_byes)}")
    for slot in range(size // 2):
        if bracket.lines[2 * slot] is None and bracket.lines[2 * slot + 1] is None:
            problems.append(f"two byes meet in round-1 slot {slot}")
    drawn = Counter(team.team_id for team in bracket.lines if team is not None)
    if drawn != Counter(team.team_id for team in bracket.teams):
        problems.append("the draw lines do not hold every pair exactly once")
    expected_length = size if bracket.has_third_place_match else size - 1
    if len(bracket.store) != expected_length:
        problems.append(f"{len(bracket.store)} matches stored, expected {expected_length}")
    return problems


def _expected_sides(bracket: Bracket, ident: int) -> list[tuple[bool, Team | None]]:
    """For each side of the match stored as ``ident``, whether the match feeding it is decided and the pair it
    sends (a bye line sends nobody). Positions come from the layout, never from the (checked) match fields."""
    if ident == third_place_id(bracket.size):
        feeders = [bracket.match(match_id(bracket.size, bracket.rounds - 1, slot)) for slot in (0, 1)]
        return [(feeder.state.decided, feeder.losing_team) for feeder in feeders]
    round_number, slot = locate(bracket.size, ident)
    if round_number == 1:
        return [(True, bracket.lines[2 * slot]), (True, bracket.lines[2 * slot + 1])]
    feeders = [bracket.match(match_id(bracket.size, round_number - 1, feeder)) for feeder in feeder_slots(slot)]
    return [(feeder.state.decided, feeder.winning_team) for feeder in feeders]


def _check_matches(bracket: Bracket) -> list[str]:
    problems: list[str] = []
    size, rounds = bracket.size, round_count(bracket.size)
    champions = 0
    for index, match in enumerate(bracket.matches()):
        name = f"match {match.match_id}"
        if match.match_id != index + 1:
            problems.append(f"{name} stored at position {index + 1}")
        playoff = match.kind is MatchKind.THIRD_PLACE
        if playoff and (match.match_id != third_place_id(size) or not has_third_place_slot(size)):
            problems.append(f"{name} is a misplaced third-place playoff")
        elif not playoff and match.match_id != match_id(size, match.round, match.slot):
            problems.append(f"{name} claims round {match.round} slot {match.slot}")
        three = match.round == rounds and not playoff and bracket.options.final is FinalFormat.BEST_OF_THREE
        if match.best_of != (3 if three else 1):
            problems.append(f"{name} is best of {match.best_of}")
        for side, (known, sent) in zip(Side, _expected_sides(bracket, index + 1), strict=True):
            if _ident(match.team(side)) != (_ident(sent) if known else None):
                problems.append(f"{name} holds {_ident(match.team(side))} on the {side} side, "
                                f"expected {_ident(sent) if known else None}")
        problems += _check_match_state(match)
        if not playoff and match.round == rounds and match.winning_team is not None:
            champions += 1
    if champions > 1:
        problems.append(f"{champions} champions")
    return problems


def _check_match_state(match: Match) -> list[str]:
    name = f"match {match.match_id}"
    problems: list[str] = []
    state = match.state
    present = [side for side in Side if match.team(side) is not None]
    decided, winner, after = series_result(match.best_of, match.games)
    if state is MatchState.WAITING:
        if match.games or match.reports or match.winner or match.table:
            problems.append(f"{name} is waiting but has results, a winner or a table")
    elif state in (MatchState.BYE, MatchState.WALKOVER, MatchState.VOID):
        expected_present = 0 if state is MatchState.VOID else 1
        if len(present) != expected_present or match.games or match.reports or match.table is not None:
            problems.append(f"{name} is a {state} with {len(present)} pairs, results or a table")
        elif match.winner is not (present[0] if present else None):
            problems.append(f"{name}: the {state} goes to the wrong side")
        if state is MatchState.BYE and match.round != 1:
            problems.append(f"{name}: a bye after round 1")
    else:
        if len(present) != 2 or match.table is None:
            problems.append(f"{name} is {state} without two pairs and a table")
        if state is MatchState.CONFIRMED:
            if not decided or after != len(match.games) or winner is not match.winner or match.reports:
                problems.append(f"{name} is confirmed but its games do not decide it for {match.winner}")
        else:
            if decided or match.winner is not None:
                problems.append(f"{name} is {state} but already decided")
            expected_reports = {MatchState.PENDING: (0, 0), MatchState.REPORTED: (1, 1),
                                MatchState.DISPUTED: (1, 2)}[state]
            if not expected_reports[0] <= len(match.reports) <= expected_reports[1]:
                problems.append(f"{name} is {state} with {len(match.reports)} reports")
            sides = [report.side for report in match.reports]
            if None in sides or len(set(sides)) != len(sides):
                problems.append(f"{name} keeps reports that are not one per pair")
    for number, game in enumerate(match.games, start=1):
        if game.score is not None and game.score.winner is not game.winner:
            problems.append(f"{name} game {number}: the score and the outcome name different winners")
    return problems


def _check_rounds_and_tables(bracket: Bracket) -> list[str]:
    problems: list[str] = []
    current = bracket.current_round
    if not 1 <= current <= bracket.rounds or len(bracket.tables) != current:
        return [f"current round {current} with {len(bracket.tables)} started rounds"]
    for round_number in range(1, bracket.rounds + 1):
        matches = bracket.round_matches(round_number)
        if len(matches) != matches_in_round(bracket.size, round_number) + (
            round_number == bracket.rounds and bracket.has_third_place_match
        ):
            problems.append(f"round {round_number} has {len(matches)} matches")
        if round_number > current:
            if any(match.state is not MatchState.WAITING for match in matches):
                problems.append(f"round {round_number} has not started but holds non-waiting matches")
            continue
        if any(match.state is MatchState.WAITING for match in matches):
            problems.append(f"round {round_number} has started but holds waiting matches")
        if round_number < current and not all(match.state.decided for match in matches):
            problems.append(f"round {round_number} is over but not every match is decided")
        real = tuple(match.match_id for match in matches if match.left is not None and match.right is not None)
        if bracket.tables[round_number - 1] != real:
            problems.append(f"round {round_number} tables {bracket.tables[round_number - 1]}, real matches {real}")
        for table, ident in enumerate(bracket.tables[round_number - 1], start=1):
            if bracket.match(ident).table != table:
                problems.append(f"match {ident} should be table {table} of round {round_number}")
    for index, stored in enumerate(bracket.store):
        ident = index + 1
        round_number = bracket.rounds if ident == third_place_id(bracket.size) else locate(bracket.size, ident)[0]
        bye = round_number == 1 and None in bracket.lines[2 * index : 2 * index + 2]
        if (stored is not None) != (round_number <= current and not bye):
            problems.append(f"match {ident} is {'' if stored is not None else 'not '}stored, though its round "
                            f"{'has' if round_number <= current else 'has not'} started")
    undecided = sum(1 for match in bracket.round_matches(current) if not match.state.decided)
    if undecided != bracket.open_matches:
        problems.append(f"{undecided} undecided matches in round {current}, the bracket counts {bracket.open_matches}")
    if current < bracket.rounds and undecided == 0:
        problems.append(f"round {current} is complete but the next round has not started")
    return problems


def _ident(team: Team | None) -> int | None:
    return None if team is None else team.team_id
