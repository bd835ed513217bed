"""One row of ``matches.csv``: the exported form of a table's match, as the ``/export`` command writes it.

The header is a contract: ``round,stage,table,left,right,left_level,right_level,winner,status``, and
a last column ``group``: the group's letter (``A``, ``B`` …) of a group-stage row, empty otherwise.
``stage`` is ``main`` or ``third_place`` in a knockout, ``swiss`` for a Swiss round's table, ``group`` for a group
round's. A drawn table (equal levels, nobody named winner) has ``winner`` ``draw``. A Swiss bye is a bye row
(``right`` ``BYE``) of its round, as a knockout's round-1 bye.

Best of three (notice 000: the final is decided 三局两胜): the header has no games column, so a best-of-three match
is written as one row per game, in the order played, all with the same ``round``, ``stage``, ``table``, ``left``
and ``right``; each row carries that game's levels, winner and status. A match has one to three rows; a single
row is an ordinary one-game match. The match's winner is the side that won two games, or at once the side whose
opponent forfeited a game (notice 000: 弃权判负).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.ruleset.scoring import MatchLevel, Side

BYE = "BYE"
"""The ``right`` value of a bye row: the left pair advances without playing."""
DRAW = "draw"
"""The ``winner`` value of a drawn table."""


class Stage(enum.StrEnum):
    MAIN = "main"
    THIRD_PLACE = "third_place"
    SWISS = "swiss"
    GROUP = "group"


class MatchStatus(enum.StrEnum):
    BYE = "bye"
    PENDING = "pending"
    REPORTED = "reported"  # one pair reported; the other has not confirmed yet
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    FORFEIT = "forfeit"
    WALKOVER = "walkover"

    @property
    def is_final(self) -> bool:
        """Whether the result stands (nothing more to report or confirm)."""
        return self in _FINAL_STATUSES


_FINAL_STATUSES = frozenset({MatchStatus.BYE, MatchStatus.CONFIRMED, MatchStatus.FORFEIT, MatchStatus.WALKOVER})


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One line of ``matches.csv``.

    ``table`` is ``None`` for byes (``right`` is :data:`BYE`) and for walkovers the bot exports (a pair whose opponent's
    feeder ended in a double forfeit: ``right`` is empty)."""

    round: int
    stage: Stage
    table: int | None
    left: str
    right: str
    left_level: MatchLevel | None = None
    right_level: MatchLevel | None = None
    winner: Side | None = None
    status: MatchStatus = MatchStatus.PENDING
    group: str = ""
    """The group's letter of a group-stage row."""
    draw: bool = False
    """A drawn table: ``winner`` is written ``draw``."""
    left_points: int | None = None
    right_points: int | None = None
    """What each pair scored (a confirmed result, a bye in a points stage); ``None`` when nothing is scored yet or
    the match is scored without points (a knockout bye)."""

    @property
    def is_bye(self) -> bool:
        return self.right == BYE

    @property
    def opponent_known(self) -> bool:
        """False for a bye and for a walkover without an opponent (``right`` empty)."""
        return bool(self.right) and not self.is_bye

    @classmethod
    def bye(cls, round_number: int, name: str, stage: Stage = Stage.MAIN, group: str = "") -> MatchRow:
        return cls(round_number, stage, None, name, BYE, winner=Side.LEFT, status=MatchStatus.BYE, group=group)

    @property
    def winner_text(self) -> str:
        """The ``winner`` cell: ``left``, ``right``, ``draw`` or empty."""
        if self.draw:
            return DRAW
        return "" if self.winner is None else self.winner.value
