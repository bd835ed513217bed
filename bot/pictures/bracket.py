"""The bracket as a tree of matches, rebuilt from ``matches.csv`` rows alone (no tournament engine needed).

Rounds are linked by names: a pair in round *r* comes from the round *r − 1* match it played in (or had a bye in).
Rows therefore may come in any order, and brackets with byes in later rounds draw correctly. Rounds that are not
drawn yet are projected the usual way (winners of neighbouring matches meet) so the picture always reaches the
final. The third-place match (stage ``third_place``) stands apart, below the final.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bot.errors import UsageError
from bot.ruleset.scoring import MatchLevel, Side
from bot.sheets.matches import MatchRow, MatchStatus, Stage


class NothingToDrawError(UsageError):
    key = "render.nothing_to_draw"


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a match (a one-game match has exactly one)."""

    left_level: MatchLevel | None
    right_level: MatchLevel | None
    winner: Side | None
    status: MatchStatus


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """A box of the bracket. A projected match (a round not drawn yet) has no games and unknown pairs (``None``)."""

    match_id: int
    round: int
    stage: Stage
    table: int | None
    left: str | None
    right: str | None
    games: tuple[Game, ...] = ()
    is_bye: bool = False
    feeders: tuple[int, ...] = ()

    @property
    def is_projected(self) -> bool:
        return not self.games

    @property
    def best_of_three(self) -> bool:
        return len(self.games) > 1

    @property
    def winner(self) -> Side | None:
        """The side whose result stands.

        A bye's pair, a one-game winner, or in a best of three two games won or the opponent's forfeit (which ends the
        match at once)."""
        if self.is_bye:
            return Side.LEFT
        if len(self.games) == 1:
            game = self.games[0]
            return game.winner if game.status.is_final else None
        wins = {side: 0 for side in Side}
        for game in self.games:
            if game.status is MatchStatus.FORFEIT:
                return game.winner
            if game.status.is_final and game.winner is not None:
                wins[game.winner] += 1
        return next((side for side, count in wins.items() if count >= 2), None)

    @property
    def status(self) -> MatchStatus | None:
        """The match's state: ``None`` when projected; for a best of three, the first game still open decides."""
        if not self.games:
            return None
        if self.winner is not None:
            final = [game.status for game in self.games if game.status.is_final]
            return final[-1] if final else self.games[-1].status
        disputed = [game.status for game in self.games if game.status is MatchStatus.DISPUTED]
        if disputed:
            return MatchStatus.DISPUTED
        open_games = [game.status for game in self.games if not game.status.is_final]
        return open_games[0] if open_games else self.games[-1].status

    @property
    def is_decided(self) -> bool:
        return self.winner is not None or (self.status is not None and self.status.is_final)

    def name(self, side: Side) -> str | None:
        return self.left if side is Side.LEFT else self.right

    def winner_name(self) -> str | None:
        winner = self.winner
        return None if winner is None else self.name(winner)


@dataclass(frozen=True, slots=True)
class Bracket:
    """Every match of the main bracket by round (1 … ``last_round``), plus an optional third-place match."""

    matches: tuple[BracketMatch, ...]
    rounds: tuple[int, ...]
    third_place: BracketMatch | None
    pair_count: int
    _by_id: dict[int, BracketMatch] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update((match.match_id, match) for match in self.matches)
        if self.third_place is not None:
            self._by_id[self.third_place.match_id] = self.third_place

    def match(self, match_id: int) -> BracketMatch:
        return self._by_id[match_id]

    def in_round(self, round_number: int) -> tuple[BracketMatch, ...]:
        return tuple(match for match in self.matches if match.round == round_number)

    @property
    def last_round(self) -> int:
        return self.rounds[-1]

    @property
    def final(self) -> BracketMatch | None:
        finals = self.in_round(self.last_round)
        return finals[0] if len(finals) == 1 else None

    @property
    def champion(self) -> str | None:
        final = self.final
        return None if final is None or final.is_projected else final.winner_name()

    @property
    def current_round(self) -> int | None:
        """The first round with a match still open (third place counted with the final); ``None`` when all is done."""
        contenders = [match for match in self.matches if not match.is_projected]
        if self.third_place is not None:
            contenders.append(self.third_place)
        open_rounds = [match.round for match in contenders if not match.is_decided]
        if open_rounds:
            return min(open_rounds)
        projected = [match.round for match in self.matches if match.is_projected]
        return min(projected) if projected else None

    def roots(self) -> tuple[BracketMatch, ...]:
        """Matches that feed no later match: the final, and any loose ends of inconsistent data."""
        fed = {feeder for match in self.matches for feeder in match.feeders}
        return tuple(match for match in self.matches if match.match_id not in fed)


def build_bracket(rows: Sequence[MatchRow]) -> Bracket:
    """Group games into matches, link rounds by names and project the rounds still to come."""
    main = _group_games(row for row in rows if row.stage is Stage.MAIN)
    third = _group_games(row for row in rows if row.stage is Stage.THIRD_PLACE)
    if not main:
        raise NothingToDrawError()
    next_id = 0
    by_round: dict[int, list[BracketMatch]] = defaultdict(list)
    for (round_number, table), games_rows in main:
        first = games_rows[0]
        by_round[round_number].append(
            BracketMatch(next_id, round_number, Stage.MAIN, table, first.left, first.right, _games(games_rows),
                         first.is_bye)
        )
        next_id += 1
    linked: list[BracketMatch] = []
    rounds = sorted(by_round)
    previous: list[BracketMatch] = []
    for round_number in rounds:
        current = _link(by_round[round_number], previous) if previous else by_round[round_number]
        linked.extend(current)
        previous = current
    projected_round = rounds[-1] if rounds else 0
    while len(previous) > 1:
        projected_round += 1
        upcoming: list[BracketMatch] = []
        for index in range(0, len(previous), 2):
            pair = previous[index : index + 2]
            names = [match.winner_name() for match in pair] + [None]
            upcoming.append(
                BracketMatch(next_id, projected_round, Stage.MAIN, None, names[0], names[1] if len(pair) == 2 else None,
                             feeders=tuple(match.match_id for match in pair))
            )
            next_id += 1
        linked.extend(upcoming)
        previous = upcoming
    third_place = None
    if third:
        (round_number, table), games_rows = third[0]
        first = games_rows[0]
        third_place = BracketMatch(next_id, round_number, Stage.THIRD_PLACE, table, first.left, first.right,
                                   _games(games_rows), first.is_bye)
    pairs = {name for row in rows for name in (row.left, row.right) if name and (not row.is_bye or name == row.left)}
    return Bracket(tuple(linked), tuple(sorted({match.round for match in linked})), third_place,
                   pair_count=len(pairs))


def _group_games(rows: Iterable[MatchRow]) -> list[tuple[tuple[int, int | None], list[MatchRow]]]:
    """Rows of one match (same round and table) in file order; each bye is its own match."""
    groups: dict[tuple[int, int | None, str], list[MatchRow]] = {}
    for row in rows:
        key = (row.round, row.table, row.left if row.table is None else "")
        groups.setdefault(key, []).append(row)
    return [((key[0], key[1]), games) for key, games in groups.items()]


def _games(rows: Sequence[MatchRow]) -> tuple[Game, ...]:
    return tuple(Game(row.left_level, row.right_level, row.winner, row.status) for row in rows)


def _link(current: list[BracketMatch], previous: list[BracketMatch]) -> list[BracketMatch]:
    """Give each match of a round the previous-round matches its pairs came from (each feeds one match at most)."""
    where: dict[str, BracketMatch] = {}
    for match in previous:
        for name in (match.left, match.right):
            if name:  # a walkover's missing opponent ("") links nothing
                where.setdefault(name, match)
    used: set[int] = set()
    linked: list[BracketMatch] = []
    for match in current:
        feeders: list[int] = []
        for name in (match.left, None if match.is_bye else match.right):
            source = where.get(name) if name else None
            if source is not None and source.match_id not in used:
                used.add(source.match_id)
                feeders.append(source.match_id)
        linked.append(_with_feeders(match, tuple(feeders)))
    return linked


def _with_feeders(match: BracketMatch, feeders: tuple[int, ...]) -> BracketMatch:
    return BracketMatch(match.match_id, match.round, match.stage, match.table, match.left, match.right, match.games,
                        match.is_bye, feeders)
