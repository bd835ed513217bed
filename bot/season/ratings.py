"""Player ratings from pair results (club-season notice, "Ratings"): openskill's ``PlackettLuce()`` with its defaults.

Every decided table of the group's finished or running tournaments — a win or a draw, never a walkover, a double
forfeit or a bye — is one ``model.rate([[a1, a2], [b1, b2]], ranks=[0, 1])`` with the winners first (``ranks=[0, 0]``
for a draw), for the four players' current ratings, in the order the results became final. A correction is replayed
from the start, so the same results always give the same numbers. The figure shown is ``ordinal = mu − 3·sigma``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

CHANGES_KEPT = 10
"""``/rating`` shows the last ten changes."""


@dataclass(frozen=True, slots=True)
class RatedTable:
    """One decided table: ``winners`` and ``losers`` (the left and right pair for a draw) as member keys."""

    tournament_id: int
    round: int
    table: int | None
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    draw: bool = False


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one table did to a player's displayed rating."""

    tournament_id: int
    round: int
    table: int | None
    delta: float
    won: bool | None
    """``None``: a draw."""


@dataclass(slots=True)
class PlayerRating:
    mu: float
    sigma: float
    games: int = 0
    changes: deque[RatingChange] = field(default_factory=lambda: deque(maxlen=CHANGES_KEPT))

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


def ordinal(mu: float, sigma: float) -> float:
    """The displayed rating: ``mu − 3·sigma`` (openskill's ``ordinal()`` with its defaults)."""
    return mu - 3.0 * sigma


def replay(tables: Iterable[RatedTable]) -> dict[str, PlayerRating]:
    """Every player's rating after ``tables`` in their order (players nobody rated are absent).

    A table with one player in two seats, or with an empty side, cannot be rated and is skipped."""
    model = PlackettLuce()
    start = model.rating()
    players: dict[str, PlayerRating] = {}
    for table in tables:
        everyone = (*table.winners, *table.losers)
        if not table.winners or not table.losers or len(set(everyone)) < len(everyone):
            continue
        sides = (table.winners, table.losers)
        before = [[_rating_of(players, key, start.mu, start.sigma) for key in side] for side in sides]
        teams = [[model.rating(mu=player.mu, sigma=player.sigma) for player in side] for side in before]
        rated = model.rate(teams, ranks=[0, 0] if table.draw else [0, 1])
        for side_index, new_side in enumerate(rated):
            won = None if table.draw else side_index == 0
            for player, new in zip(before[side_index], new_side, strict=True):
                delta = ordinal(new.mu, new.sigma) - player.ordinal
                player.mu, player.sigma = new.mu, new.sigma
                player.games += 1
                player.changes.append(RatingChange(table.tournament_id, table.round, table.table, delta, won))
    return players


def _rating_of(players: dict[str, PlayerRating], key: str, mu: float, sigma: float) -> PlayerRating:
    player = players.get(key)
    if player is None:
        player = players[key] = PlayerRating(mu, sigma)
    return player


TIERS = ("novice", "bronze", "silver", "gold", "diamond")
"""段位 for display only (新手 / 铜 / 银 / 金 / 钻石), never used for pairing."""


def tiers(ordinals: Sequence[tuple[str, float]]) -> dict[str, str]:
    """Each player's tier by the percentile of their rating within the club.

    The lowest fifth novice … the top fifth diamond; equal ratings share a tier."""
    ordered = sorted(ordinals, key=lambda item: item[1])
    count = len(ordered)
    found: dict[str, str] = {}
    below = 0
    for index, (key, value) in enumerate(ordered):
        if index == 0 or value != ordered[index - 1][1]:
            below = index
        found[key] = TIERS[min(len(TIERS) - 1, below * len(TIERS) // count)]
    return found
