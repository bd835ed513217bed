"""A single-elimination bracket with byes, drawn at random, and the questions asked of it.

Rules: notice 000 (单轮淘汰制; 不设种子选手，比赛均抽签定位; 桌号依次为1号、2号…; the winners of table 1 and table 2
meet next, and so on; 冠亚军通过三局两胜制决出; 季军两组 or a playoff among the semi-finalists), notice 002
(first-round tables never pair two pairs of one unit).

* Size: the smallest power of two ≥ the pairs; byes = size − pairs, on the lines of the bottom seeds of the
  standard seeding order (see :mod:`bot.tournament.bracket_layout`), so no two byes meet and byes spread evenly.
* Every real match of a round gets a table number 1…k in bracket order when the round starts; a round starts
  when every match of the round before is decided. Byes, walkovers and void matches have no table.
* The last round holds the final and, with ``ThirdPlace.PLAYOFF``, the third-place playoff: the final is table 1
  and the playoff table 2 (table 1 if the final needs no table).
* A :class:`Bracket` is immutable; :mod:`bot.tournament.results` returns a new one for every change.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from bot.errors import TournamentError
from bot.ruleset.scoring import Side
from bot.tournament.bracket_layout import (
    bracket_size,
    first_match_id,
    has_third_place_slot,
    locate,
    match_id,
    matches_in_round,
    round_count,
    third_place_id,
)
from bot.tournament.matches import Match, MatchKind, MatchState
from bot.tournament.placement import place_teams
from bot.tournament.shared_vector import SharedVector
from bot.tournament.teams import Team

MIN_PAIRS = 2


class TooFewTeamsError(TournamentError):
    key = "bracket.too_few_teams"


class DuplicateTeamError(TournamentError):
    key = "bracket.duplicate_team"


class MemberInTwoTeamsError(TournamentError):
    key = "bracket.member_in_two_teams"


class UnknownTableError(TournamentError):
    key = "bracket.unknown_table"


class UnknownMatchError(TournamentError):
    key = "bracket.unknown_match"


class ThirdPlace(enum.StrEnum):
    SHARED = "shared"  # both semi-final losers are third (两组季军)
    PLAYOFF = "playoff"  # the semi-final losers play for third place


class FinalFormat(enum.StrEnum):
    SINGLE = "single"  # one match (一局决胜)
    BEST_OF_THREE = "best_of_three"  # 三局两胜: decided at two game wins


@dataclass(frozen=True, slots=True)
class BracketOptions:
    third_place: ThirdPlace = ThirdPlace.SHARED
    final: FinalFormat = FinalFormat.SINGLE


@dataclass(frozen=True, slots=True)
class MatchId:
    """Addresses a match by its id instead of by a table number of the current round."""

    number: int


@dataclass(frozen=True, slots=True)
class BracketFrame:
    """What never changes after the draw: options, pairs, size, the round-1 draw lines (``None`` = bye)."""

    options: BracketOptions
    teams: tuple[Team, ...]
    size: int
    lines: tuple[Team | None, ...]
    member_teams: Mapping[str, int] = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Bracket:
    """The whole bracket; read it through the methods, change it only through :mod:`bot.tournament.results`.

    ``store`` holds every match by id − 1; ``tables[r - 1]`` lists round ``r``'s match ids in table order and
    exists for every round that has started; ``open_matches`` counts the undecided matches of ``current_round``
    (0 once the final round is decided).
    """

    frame: BracketFrame
    store: SharedVector[Match | None]
    tables: tuple[tuple[int, ...], ...]
    current_round: int
    open_matches: int

    def evolve(self, store: SharedVector[Match | None], open_matches: int,
               tables: tuple[tuple[int, ...], ...] | None = None, current_round: int | None = None) -> Bracket:
        """A copy with new progress (for :mod:`bot.tournament.advance`; cheaper than ``dataclasses.replace``)."""
        return Bracket(self.frame, store, self.tables if tables is None else tables,
                       self.current_round if current_round is None else current_round, open_matches)

    @property
    def options(self) -> BracketOptions:
        return self.frame.options

    @property
    def teams(self) -> tuple[Team, ...]:
        return self.frame.teams

    @property
    def size(self) -> int:
        return self.frame.size

    @property
    def lines(self) -> tuple[Team | None, ...]:
        return self.frame.lines

    @property
    def rounds(self) -> int:
        return round_count(self.size)

    @property
    def byes(self) -> int:
        return self.size - len(self.teams)

    @property
    def has_third_place_match(self) -> bool:
        return self.options.third_place is ThirdPlace.PLAYOFF and has_third_place_slot(self.size)

    @property
    def finished(self) -> bool:
        return self.current_round == self.rounds and self.open_matches == 0

    def match(self, number: int) -> Match:
        if not 1 <= number <= len(self.store):
            raise UnknownMatchError(match=number)
        found = self.store[number - 1]
        return found if found is not None else self._implicit(number)

    def _implicit(self, number: int) -> Match:
        """A match the store leaves out (``None``): a round-1 bye, or a match whose round has not started.

        Both are fully known from the draw and the decided matches before them, so drawing 10,000 pairs builds only the
        real round-1 matches, and recording a result never has to touch the match that follows."""
        size, rounds = self.size, self.rounds
        if number == third_place_id(size) and self.has_third_place_match:
            semi_finals = first_match_id(size, rounds - 1)
            return Match(number, rounds, 1, MatchKind.THIRD_PLACE, 1, self._sent(semi_finals, winner=False),
                         self._sent(semi_finals + 1, winner=False))
        round_number, slot = locate(size, number)
        if round_number == 1:
            left, right = self.lines[2 * slot], self.lines[2 * slot + 1]
            side = Side.LEFT if left is not None else Side.RIGHT
            return Match(number, 1, slot, MatchKind.MAIN, 1, left, right, MatchState.BYE, winner=side)
        best_of = 3 if round_number == rounds and self.options.final is FinalFormat.BEST_OF_THREE else 1
        feeders = match_id(size, round_number - 1, 2 * slot)
        return Match(number, round_number, slot, MatchKind.MAIN, best_of, self._sent(feeders, winner=True),
                     self._sent(feeders + 1, winner=True))

    def _sent(self, number: int, *, winner: bool) -> Team | None:
        """The winner (or loser) a match has sent on, once decided; only stored matches and byes are decided."""
        found = self.store[number - 1]
        if found is None:
            if number > self.size // 2:
                return None  # its round has not started
            found = self._implicit(number)
        if not found.state.decided:
            return None
        return found.winning_team if winner else found.losing_team

    def matches(self) -> Iterator[Match]:
        return (self.match(number) for number in range(1, len(self.store) + 1))

    def round_matches(self, round_number: int) -> tuple[Match, ...]:
        """Matches of a round in bracket order (the final round: the final, then any third-place playoff)."""
        start = first_match_id(self.size, round_number)
        found = tuple(self.match(number) for number in range(start, start + matches_in_round(self.size, round_number)))
        if round_number == self.rounds and self.has_third_place_match:
            found += (self.match(third_place_id(self.size)),)
        return found

    def table_matches(self, round_number: int | None = None) -> tuple[Match, ...]:
        """A started round's real matches in table order (default: the current round)."""
        number = self.current_round if round_number is None else round_number
        if not 1 <= number <= len(self.tables):
            return ()
        return tuple(self.match(ident) for ident in self.tables[number - 1])

    def at_table(self, table: int, round_number: int | None = None) -> Match:
        """The match at ``table`` in ``round_number`` (default: the current round)."""
        number = self.current_round if round_number is None else round_number
        if not 1 <= number <= len(self.tables) or not 1 <= table <= len(self.tables[number - 1]):
            raise UnknownTableError(table=table, round=number)
        found = self.store[self.tables[number - 1][table - 1] - 1]
        assert found is not None  # every match of a started round with a table is stored
        return found

    def find(self, where: int | MatchId, round_number: int | None = None) -> Match:
        """A table number of ``round_number`` (default: the current round), or a :class:`MatchId`."""
        if isinstance(where, MatchId):
            return self.match(where.number)
        return self.at_table(where, round_number)

    def playable(self) -> tuple[Match, ...]:
        """Matches that can be played (or reported) now, in table order."""
        return tuple(match for match in self.table_matches() if match.state.open)

    def team(self, team_id: int) -> Team:
        return next(team for team in self.teams if team.team_id == team_id)

    def match_of(self, person: str) -> Match | None:
        """The current-round match at which ``person`` plays, if their pair is at a table now."""
        team_id = self.frame.member_teams.get(person)
        if team_id is None:
            return None
        for match in self.table_matches():
            if any(team is not None and team.team_id == team_id for team in (match.left, match.right)):
                return match
        return None

    @property
    def champion(self) -> Team | None:
        final = self.match(match_id(self.size, self.rounds, 0))
        return final.winning_team if final.state.decided else None


def create_bracket(teams: Sequence[Team], rng: random.Random, options: BracketOptions) -> Bracket:
    """Draw a bracket for ``teams`` with ``rng`` (see the module docstring); byes advance at once.

    ``teams`` should come in a fixed order (the draw is a function of that order and ``rng``'s state).
    """
    _check_teams(teams)
    return bracket_on_lines(teams, place_teams(teams, bracket_size(len(teams)), rng), options)


def bracket_on_lines(teams: Sequence[Team], lines: Sequence[Team | None], options: BracketOptions) -> Bracket:
    """The bracket of ``teams`` placed on the draw ``lines``.

    ``None`` = a bye line; as many lines as the bracket's size. Round 1 stored with its tables 1 … k in bracket order,
    byes implicit. A drawn bracket and a knockout seeded from groups (:mod:`bot.tournament.group_knockout`) are both
    built here."""
    size = len(lines)
    rounds = round_count(size)
    # Only the real round-1 matches are stored; byes and later rounds are implicit (see Bracket._implicit).
    playoff = options.third_place is ThirdPlace.PLAYOFF and has_third_place_slot(size)
    matches: list[Match | None] = [None] * (size if playoff else size - 1)
    tables: list[int] = []
    opening_best_of = 3 if rounds == 1 and options.final is FinalFormat.BEST_OF_THREE else 1
    for slot in range(size // 2):
        left, right = lines[2 * slot], lines[2 * slot + 1]
        if left is not None and right is not None:
            tables.append(slot + 1)
            matches[slot] = Match(slot + 1, 1, slot, MatchKind.MAIN, opening_best_of, left, right,
                                  MatchState.PENDING, len(tables))

    members = {person: team.team_id for team in teams for person in team.members}
    frame = BracketFrame(options, tuple(teams), size, tuple(lines), members)
    return Bracket(frame, SharedVector(matches), (tuple(tables),), 1, len(tables))


def _check_teams(teams: Sequence[Team]) -> None:
    if len(teams) < MIN_PAIRS:
        raise TooFewTeamsError(count=len(teams), minimum=MIN_PAIRS)
    people = [person for team in teams for person in team.members]
    if len({team.team_id for team in teams}) == len(teams) and len(set(people)) == len(people):
        return  # the usual case, checked in C; the loop below only names the culprit
    seen_ids: set[int] = set()
    owners: dict[str, Team] = {}
    for team in teams:
        if team.team_id in seen_ids:
            raise DuplicateTeamError(team=team.name)
        seen_ids.add(team.team_id)
        for person in team.members:
            if person in owners:
                raise MemberInTwoTeamsError(first=owners[person].name, second=team.name)
            owners[person] = team


def round_name(rounds: int, round_number: int) -> tuple[str, dict[str, int]]:
    """Locale key and parameters naming a round: final, semi-finals, quarter-finals, else "Round n"."""
    from_end = rounds - round_number
    named = {0: "bracket.round.final", 1: "bracket.round.semi_final", 2: "bracket.round.quarter_final"}
    if from_end in named:
        return named[from_end], {}
    return "bracket.round.numbered", {"number": round_number}
